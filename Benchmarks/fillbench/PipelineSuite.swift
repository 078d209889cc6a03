import BenchmarkSupport
import Foundation
import SmartFill
import SyntheticCatalogs

#if canImport(Glibc)
  import Glibc
#endif

/// "From bytes to queue": what a caller pays before the first fill, per catalog file. The fill suite times
/// `engine.fill(_:)` with a hot engine; this times the steps before it — reading the catalog's bytes
/// (`Catalog(json:)`), reading it from its file a chunk at a time (`Catalog(contentsOfFile:)`), building the
/// engine (`FillEngine(catalog:)`) — and the whole `smartfill fill` process, spawned from the binary built next
/// to fillbench, with its peak resident memory.
///
/// Catalogs: every dataset file, and (except with `--quick`) a generated 10,000-subscription catalog, written to
/// a temporary file for the process. Each catalog read is also checked: a dataset that `GeneratedDataset` makes
/// must read back equal to the generator's catalog, and the generated one equal to itself.
struct PipelineSuite {
  let options: Options
  let progress: (String) -> Void

  /// The figures of the whole process on one catalog.
  struct ProcessFigures {
    var wall: Percentiles
    /// User and system CPU time per run: what the process costs on a shared machine, where its wall time also
    /// counts waiting for a core.
    var cpu: Percentiles
    var runs: Int
    /// The largest peak resident set size of a run, in bytes.
    var peakResidentBytes: Int
    /// This program's resident memory when it forked the runs: a child's peak is at least this much (the pages
    /// it was forked with), so a peak no larger is only a bound.
    var parentResidentBytes: Int
  }

  /// One catalog's row.
  struct Row {
    var name: String
    var bytes: Int
    var subscriptions: Int
    var episodes: Int
    var parse: Percentiles
    /// The CPU time of the same parses: on a shared machine, the wall time also counts waiting for a core.
    var parseCPU: Percentiles
    /// Reading the catalog from its file a chunk at a time (`Catalog(contentsOfFile:)`, as `smartfill` does).
    var fileRead: Percentiles
    var build: Percentiles
    var process: ProcessFigures?

    /// Bytes read per second at the median, in MB/s (10⁶ bytes).
    var parseMegabytesPerSecond: Double { Double(bytes) / Double(max(1, parse.p50)) * 1e3 }
    /// Bytes read per second of CPU time at the median, in MB/s.
    var parseCPUMegabytesPerSecond: Double { Double(bytes) / Double(max(1, parseCPU.p50)) * 1e3 }
  }

  /// The subscriptions of the generated catalog.
  static let generatedSubscriptions = 10_000
  /// The arguments of the timed `smartfill fill`, before the catalog's path.
  static let fillArguments = ["fill", "--mode", "fill-time", "--minutes", "45"]

  /// The goals of issue 10, reported beside the table.
  static let parseGoalMegabytesPerSecond = 250.0
  static let processGoalNanoseconds: UInt64 = 15_000_000
  static let peakGoalBytes = 150_000_000

  var repetitions: Int { options.quick ? 10 : 30 }
  var timeLimit: UInt64 { options.quick ? 300_000_000 : 1_500_000_000 }

  /// The `smartfill` binary next to this program's, or `nil` when it was not built.
  static func smartfillBinary() -> String? {
    guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
      return nil
    }
    let path = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("smartfill").path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// Runs every catalog; `failures` are catalogs that read back wrong or processes that failed.
  func run(datasets: [String]) -> (rows: [Row], notes: [String], failures: [String]) {
    var rows: [Row] = []
    var notes: [String] = []
    var failures: [String] = []
    let binary = Self.smartfillBinary()
    if binary == nil {
      notes.append(
        "smartfill was not found next to fillbench, so the process columns are empty: build it with "
          + "`swift build -c release --product smartfill`")
    }
    var files: [(name: String, path: String, expected: () -> Catalog?)] = datasets.map { path in
      let dataset = GeneratedDataset.all.first { $0.fileName == URL(fileURLWithPath: path).lastPathComponent }
      return (
        URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, path,
        { dataset.map { CatalogGenerator(subscriptions: $0.subscriptions, seed: $0.seed).catalog() } }
      )
    }
    var generatedPath: String?
    defer { if let generatedPath { try? FileManager.default.removeItem(atPath: generatedPath) } }
    if !options.quick {
      let subscriptions = Self.generatedSubscriptions
      let name = "gen-\(subscriptions)-s1"
      progress("pipeline \(name): generating")
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("fillbench-\(getpid())-\(name).json")
        .path
      generatedPath = path
      // Written from a catalog that is gone before the processes run (see `runProcesses`).
      do {
        try Data(CatalogGenerator(subscriptions: subscriptions, seed: 1).catalog().jsonBytes()).write(
          to: URL(fileURLWithPath: path))
      } catch {
        failures.append("\(path): cannot write the generated catalog: \(error.localizedDescription)")
      }
      files.append((name, path, { CatalogGenerator(subscriptions: subscriptions, seed: 1).catalog() }))
    }
    let processes = binary.map { runProcesses($0, paths: files.map(\.path), failures: &failures) }
    for (index, file) in files.enumerated() {
      measure(
        name: file.name, path: file.path, expected: file.expected, process: processes?[index], rows: &rows,
        failures: &failures)
    }
    return (rows, notes, failures)
  }

  /// The rounds the `smartfill fill` runs of every file are spread over (see ``runProcesses(_:paths:failures:)``).
  static let processRounds = 3

  /// Runs `smartfill fill` on each file: 30 runs (10 with `--quick`; 3 for a file over 20 MB, which take a while
  /// and give their peak memory and a rough time), in ``processRounds`` rounds, each round a file's share of its
  /// runs, file after file, so that a slow stretch of this shared machine falls on one round of a file rather
  /// than all its runs (as the fill suite's rounds do, see ``Suite/timeInRounds(_:limit:_:)``). The first run of
  /// each file warms the file cache and is not counted.
  ///
  /// The processes run while this program holds no catalog, after it has returned freed memory to the system: a
  /// child's peak resident memory (`ru_maxrss`) counts the memory it was forked with (see ``ChildProcess``).
  ///
  /// - Returns: per file, its figures, or `nil` when a run failed (and `failures` says why).
  func runProcesses(_ binary: String, paths: [String], failures: inout [String]) -> [ProcessFigures?] {
    let runs = paths.map { path in
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      return size > 20_000_000 ? 3 : repetitions
    }
    ChildProcess.returnFreedMemory()
    let ownResident = ChildProcess.residentBytes()
    var samples = [[UInt64]](repeating: [], count: paths.count)
    var cpuSamples = samples
    var peaks = [Int](repeating: 0, count: paths.count)
    var failed = [Bool](repeating: false, count: paths.count)
    for round in 0..<Self.processRounds {
      progress("pipeline: smartfill fill, round \(round + 1) of \(Self.processRounds)")
      for (index, path) in paths.enumerated() where !failed[index] {
        let share = runs[index] / Self.processRounds + (round < runs[index] % Self.processRounds ? 1 : 0)
        for run in (round == 0 ? -1 : 0)..<share {
          let arguments = Self.fillArguments + [path]
          guard let figures = ChildProcess.run(binary, arguments: arguments) else {
            failures.append("\(binary): cannot start the process")
            failed[index] = true
            break
          }
          guard figures.exitStatus == 0 else {
            failures.append("\(([binary] + arguments).joined(separator: " ")): exit status \(figures.exitStatus)")
            failed[index] = true
            break
          }
          guard run >= 0 else { continue }
          samples[index].append(figures.wallNanoseconds)
          cpuSamples[index].append(figures.cpuNanoseconds)
          peaks[index] = max(peaks[index], figures.peakResidentBytes)
        }
      }
    }
    return paths.indices.map { index in
      guard !failed[index] else { return nil }
      return ProcessFigures(
        wall: Percentiles(samples[index]), cpu: Percentiles(cpuSamples[index]), runs: samples[index].count,
        peakResidentBytes: peaks[index], parentResidentBytes: ownResident)
    }
  }

  /// Measures one catalog file and appends its row, with the figures of its processes; `expected` makes the
  /// catalog it must read as.
  func measure(
    name: String, path: String, expected: () -> Catalog?, process: ProcessFigures?, rows: inout [Row],
    failures: inout [String]
  ) {
    progress("pipeline \(name): reading")
    guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) else {
      failures.append("\(path): cannot read the file")
      return
    }
    let catalog: Catalog
    do {
      catalog = try Catalog(json: bytes)
    } catch {
      failures.append("\(name): \(error)")
      return
    }
    if let expected = expected(), catalog != expected {
      failures.append("\(name): the catalog read differs from the generator's")
    }
    let (parse, parseCPU) = time { try? Catalog(json: bytes) }
    let fileRead = time { try? Catalog(contentsOfFile: path, maximumBytes: 1 << 30) }.wall
    progress("pipeline \(name): building the engine")
    let build = time { try? FillEngine(catalog: catalog) }.wall
    rows.append(
      Row(
        name: name, bytes: bytes.count, subscriptions: catalog.shows.count, episodes: catalog.episodeCount,
        parse: parse, parseCPU: parseCPU, fileRead: fileRead, build: build, process: process))
  }

  /// Warms up, then times `body` until the repetition count or the time limit (at least three runs). Each result
  /// is released after its run's clock stops, so that the time is making it, not freeing it too.
  func time<Result>(_ body: () -> Result) -> (wall: Percentiles, cpu: Percentiles) {
    Measurement.blackHole(body())
    var samples: [UInt64] = []
    var cpuSamples: [UInt64] = []
    let started = Measurement.now()
    while samples.count < repetitions && (samples.count < 3 || Measurement.now() - started < timeLimit) {
      let before = Measurement.now()
      let cpuBefore = Measurement.cpuTime()
      let result = body()
      cpuSamples.append(Measurement.cpuTime() - cpuBefore)
      samples.append(Measurement.now() - before)
      Measurement.blackHole(result)
    }
    return (Percentiles(samples), Percentiles(cpuSamples))
  }

}
