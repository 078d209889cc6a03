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
    for path in datasets {
      let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
      guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) else {
        failures.append("\(path): cannot read the file")
        continue
      }
      let expected = GeneratedDataset.all.first { $0.fileName == URL(fileURLWithPath: path).lastPathComponent }
        .map { CatalogGenerator(subscriptions: $0.subscriptions, seed: $0.seed).catalog() }
      measure(
        name: name, bytes: bytes, expected: expected, path: path, binary: binary, rows: &rows, failures: &failures)
    }
    if !options.quick {
      let subscriptions = Self.generatedSubscriptions
      let name = "gen-\(subscriptions)-s1"
      progress("pipeline \(name): generating")
      let catalog = CatalogGenerator(subscriptions: subscriptions, seed: 1).catalog()
      let bytes = catalog.jsonBytes()
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("fillbench-\(getpid())-\(name).json")
        .path
      defer { try? FileManager.default.removeItem(atPath: path) }
      do {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
      } catch {
        failures.append("\(path): cannot write the generated catalog: \(error.localizedDescription)")
      }
      measure(
        name: name, bytes: bytes, expected: catalog, path: path, binary: binary, rows: &rows, failures: &failures)
    }
    return (rows, notes, failures)
  }

  /// Measures one catalog and appends its row.
  func measure(
    name: String, bytes: [UInt8], expected: Catalog?, path: String, binary: String?, rows: inout [Row],
    failures: inout [String]
  ) {
    progress("pipeline \(name): reading")
    let catalog: Catalog
    do {
      catalog = try Catalog(json: bytes)
    } catch {
      failures.append("\(name): \(error)")
      return
    }
    if let expected, catalog != expected {
      failures.append("\(name): the catalog read differs from the generator's")
    }
    let (parse, parseCPU) = time { try? Catalog(json: bytes) }
    let fileRead = time { try? Catalog(contentsOfFile: path, maximumBytes: 1 << 30) }.wall
    progress("pipeline \(name): building the engine")
    let build = time { try? FillEngine(catalog: catalog) }.wall
    var process: ProcessFigures?
    if let binary {
      progress("pipeline \(name): smartfill fill")
      // Large catalogs take a while per process; a few runs give their peak memory and a rough time.
      let runs = bytes.count > 20_000_000 ? 3 : repetitions
      process = runProcess(binary, arguments: Self.fillArguments + [path], runs: runs, failures: &failures)
    }
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

  /// Spawns `binary` `runs` times (after one run to warm the file cache), output discarded, and measures each
  /// run's wall time from spawn to exit and its peak resident memory.
  func runProcess(_ binary: String, arguments: [String], runs: Int, failures: inout [String]) -> ProcessFigures? {
    var samples: [UInt64] = []
    var cpuSamples: [UInt64] = []
    var peak = 0
    for run in 0...runs {
      guard let figures = ChildProcess.run(binary, arguments: arguments) else {
        failures.append("\(binary): cannot start the process")
        return nil
      }
      guard figures.exitStatus == 0 else {
        failures.append("\(([binary] + arguments).joined(separator: " ")): exit status \(figures.exitStatus)")
        return nil
      }
      if run > 0 {
        samples.append(figures.wallNanoseconds)
        cpuSamples.append(figures.cpuNanoseconds)
        peak = max(peak, figures.peakResidentBytes)
      }
    }
    return ProcessFigures(
      wall: Percentiles(samples), cpu: Percentiles(cpuSamples), runs: samples.count, peakResidentBytes: peak)
  }
}

/// One run of a child process, its output discarded: `posix_spawn` and `wait4`, so that the time measured is the
/// process's own, not Foundation's `Process` machinery.
enum ChildProcess {
  struct Figures {
    var exitStatus: Int32
    var wallNanoseconds: UInt64
    /// `ru_utime` plus `ru_stime`, in nanoseconds.
    var cpuNanoseconds: UInt64
    /// `ru_maxrss`, in bytes.
    var peakResidentBytes: Int
  }

  /// Runs `executable` with `arguments`, standard output and error to `/dev/null`; `nil` when it cannot start.
  static func run(_ executable: String, arguments: [String]) -> Figures? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let started = Measurement.now()
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { return nil }
    }
    let wall = Measurement.now() - started
    // Exited normally: the low seven bits are 0 and the status is the next eight; otherwise a signal.
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    func nanoseconds(_ time: timeval) -> UInt64 { UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1_000 }
    return Figures(
      exitStatus: exitStatus, wallNanoseconds: wall,
      cpuNanoseconds: nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime),
      peakResidentBytes: Int(usage.ru_maxrss) * 1024)
  }
}
