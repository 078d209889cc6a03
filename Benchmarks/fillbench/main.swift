import BenchmarkSupport
import Foundation
import SmartFill
import SmartFillSupport
import SyntheticCatalogs

#if canImport(Glibc)
  import Glibc
#endif

func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

let options = ProgramStart(
  Array(CommandLine.arguments.dropFirst()), program: "fillbench", usage: Options.usage, help: Options.help + "\n",
  parse: Options.parse
).optionsOrExit()

if let directory = options.writeDatasets {
  do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for dataset in GeneratedDataset.all {
      let path = URL(fileURLWithPath: directory).appendingPathComponent(dataset.fileName)
      try Data(dataset.jsonText().utf8).write(to: path, options: .atomic)
      printError("wrote \(path.path)")
    }
    exit(ExitStatus.success)
  } catch {
    printError("Error: cannot write the datasets to \(directory): \(error.localizedDescription)")
    exit(ExitStatus.failure)
  }
}

#if DEBUG
  printError("note: this is a debug build; its timings are not representative. Run `swift run -c release fillbench`.")
#endif

let started = Measurement.now()
let progress: (String) -> Void = { message in
  let elapsed = Double(Measurement.now() - started) / 1e9
  printError(String(format: "[%6.1f s] ", elapsed) + message)
}

var datasets: [String] = []
let datasetDirectory = "Datasets"
if let names = try? FileManager.default.contentsOfDirectory(atPath: datasetDirectory) {
  datasets = names.filter { $0.hasSuffix(".json") }.sorted().map { "\(datasetDirectory)/\($0)" }
} else {
  printError("note: no Datasets/ folder here (run from the package root to include the checked-in datasets)")
}

// Check every given catalog before measuring anything.
for path in options.catalogs {
  do {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    _ = try Catalog(json: data)
  } catch let error as CatalogError {
    printError("Error: \(path): \(error)")
    exit(ExitStatus.failure)
  } catch {
    printError("Error: \(path): cannot read the file: \(error.localizedDescription)")
    exit(ExitStatus.failure)
  }
}

let suite = Suite(options: options, progress: progress)
var results: [CaseResult] = []
var peaks: [(String, Int?)] = []
for source in suite.sources(datasets: datasets) where !options.pipelineOnly {
  do {
    let caseResults = try suite.run(source)
    results += caseResults
    peaks.append((source.name, caseResults.first?.peakResidentBytes))
  } catch {
    printError("Error: catalog \(source.name): \(error)")
    exit(ExitStatus.failure)
  }
}

// The gate: correctness, the p99 budget, the committed thresholds (the verdict below decides the exit status).
var problems: [String] = []
for result in results where !result.failures.isEmpty {
  for failure in result.failures.prefix(5) { printError("FAIL \(result.name): \(failure)") }
  problems += result.failures.map { "\(result.name): \($0)" }
}
for result in results where result.subscriptions == 100 {
  if Double(result.times.p99) > options.budgetMilliseconds * 1e6 {
    printError(
      "OVER BUDGET \(result.name): p99 \(Report.duration(result.times.p99)) > \(options.budgetMilliseconds) ms")
  }
}
var exceeded: [String]?
if options.checkThresholds {
  exceeded = []
  do {
    let thresholds = try Thresholds.load(options.thresholdsPath)
    for (index, result) in results.enumerated() where !thresholds.allows(result.name, p50: result.times.p50) {
      // Shared machines are noisy: measure once more before failing.
      progress("re-running \(result.name): p50 \(Report.duration(result.times.p50)) over its threshold")
      let source = suite.sources(datasets: datasets).first { $0.name == result.catalog }!
      let again = try suite.run(source).first { $0.name == result.name }!
      results[index].times = again.times
      if !thresholds.allows(result.name, p50: again.times.p50) {
        let problem =
          "\(result.name): p50 \(Report.duration(again.times.p50)) exceeds "
          + "\(Report.number(Thresholds.factor))× the committed \(Report.duration(UInt64(thresholds.p50[result.name]!)))"
        printError("THRESHOLD " + problem)
        exceeded?.append(problem)
      }
    }
  } catch let error as ThresholdError {
    printError("Error: \(error.message)")
    exit(ExitStatus.failure)
  } catch {
    printError("Error: cannot read the thresholds \(options.thresholdsPath): \(error.localizedDescription)")
    exit(ExitStatus.failure)
  }
}
if options.updateThresholds {
  var thresholds = (try? Thresholds.load(options.thresholdsPath)) ?? Thresholds(p50: [:])
  for result in results { thresholds.p50[result.name] = Int(result.times.p50) }
  do {
    try thresholds.write(options.thresholdsPath)
    printError("wrote \(options.thresholdsPath)")
  } catch {
    printError("Error: cannot write \(options.thresholdsPath): \(error.localizedDescription)")
    exit(ExitStatus.failure)
  }
}
let pipeline = PipelineSuite(options: options, progress: progress).run(datasets: datasets)
for failure in pipeline.failures {
  printError("FAIL pipeline: \(failure)")
  problems.append("pipeline: \(failure)")
}
// One change in place plus the next fill.
var changes: [ChangeSuite.Row] = []
if !options.pipelineOnly {
  progress("changes: mark played + fill")
  do {
    changes = try ChangeSuite(quick: options.quick).run()
  } catch {
    printError("FAIL changes: \(error)")
    problems.append("changes: \(error)")
  }
  for row in changes where !row.matchesRebuild {
    let problem = "changes: \(row.name): the fill after the change differs from a rebuilt engine's"
    printError("FAIL " + problem)
    problems.append(problem)
  }
}
let verdict = Verdict(
  correctness: Verdict.correctness(
    cases: results.count, plainRuleChecks: results.map(\.plainRuleChecks).reduce(0, +),
    catalogsReadBack: pipeline.rows.count, changes: changes.count, problems: problems),
  budget: Verdict.budget(results, milliseconds: options.budgetMilliseconds),
  thresholds: Verdict.thresholds(
    exceeded: exceeded, path: options.thresholdsPath, updated: options.updateThresholds),
  goals: PipelineReport.goals(pipeline.rows))

if options.json {
  print(
    Report.json(
      results, pipeline: PipelineReport.json(pipeline.rows), changes: ChangeSuite.json(changes),
      verdict: verdict.json),
    terminator: "")
} else {
  print(
    Report.document(
      format: options.format, wide: options.wide, context: RunContext.current(program: "fillbench"), results: results,
      pipeline: pipeline.rows, notes: pipeline.notes, changes: changes, verdict: verdict),
    terminator: "")
}
progress("done: \(results.count) cases; verdict: \(verdict.headline)")
exit(verdict.exitStatus)
