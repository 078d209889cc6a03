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

// Gates.
var exitStatus = ExitStatus.success
for result in results where !result.failures.isEmpty {
  exitStatus = ExitStatus.failure
  for failure in result.failures.prefix(5) { printError("FAIL \(result.name): \(failure)") }
}
var overBudget = false
for result in results where result.subscriptions == 100 {
  if Double(result.times.p99) > options.budgetMilliseconds * 1e6 {
    overBudget = true
    printError(
      "OVER BUDGET \(result.name): p99 \(Report.duration(result.times.p99)) > \(options.budgetMilliseconds) ms")
  }
}
if options.checkThresholds {
  do {
    let thresholds = try Thresholds.load(options.thresholdsPath)
    for (index, result) in results.enumerated() where !thresholds.allows(result.name, p50: result.times.p50) {
      // Shared machines are noisy: measure once more before failing.
      progress("re-running \(result.name): p50 \(Report.duration(result.times.p50)) over its threshold")
      let source = suite.sources(datasets: datasets).first { $0.name == result.catalog }!
      let again = try suite.run(source).first { $0.name == result.name }!
      results[index].times = again.times
      if !thresholds.allows(result.name, p50: again.times.p50) {
        overBudget = true
        printError(
          "THRESHOLD \(result.name): p50 \(Report.duration(again.times.p50)) exceeds "
            + "\(Thresholds.factor)× the committed \(Report.duration(UInt64(thresholds.p50[result.name]!)))")
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
  exitStatus = ExitStatus.failure
  printError("FAIL pipeline: \(failure)")
}
// One change in place plus the next fill.
var changes: [ChangeSuite.Row] = []
if !options.pipelineOnly {
  progress("changes: mark played + fill")
  do {
    changes = try ChangeSuite(quick: options.quick).run()
  } catch {
    exitStatus = ExitStatus.failure
    printError("FAIL changes: \(error)")
  }
  for row in changes where !row.matchesRebuild {
    exitStatus = ExitStatus.failure
    printError("FAIL changes: \(row.name): the fill after the change differs from a rebuilt engine's")
  }
}
if exitStatus == ExitStatus.success && overBudget { exitStatus = ExitStatus.thresholdExceeded }

if options.json {
  print(
    Report.json(results, pipeline: PipelineReport.json(pipeline.rows), changes: ChangeSuite.json(changes)),
    terminator: "")
} else if options.format == .markdown {
  if !options.pipelineOnly { print(Report.markdown(results, peaks: peaks) + "\n") }
  print(PipelineReport.markdown(pipeline.rows, notes: pipeline.notes))
  if !changes.isEmpty { print("\n" + ChangeSuite.table(changes, markdown: true)) }
} else {
  if !options.pipelineOnly { print(Report.table(results, peaks: peaks) + "\n") }
  print(PipelineReport.table(pipeline.rows, notes: pipeline.notes))
  if !changes.isEmpty { print("\n" + ChangeSuite.table(changes, markdown: false)) }
}
progress(
  exitStatus == ExitStatus.success
    ? "done: \(results.count) cases, all correct and within budget"
    : "done: \(results.count) cases, exit status \(exitStatus)")
exit(exitStatus)
