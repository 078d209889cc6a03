import BenchmarkSupport
import Foundation
import Queues
import SmartFill
import SmartFillSupport

// queuebench: the queue model and store at the size the issue names, 20 queues × 1,000 episodes.
//
//   swift run -c release queuebench [--iterations N] [--episodes N] [--seconds S] [--format table|markdown] [--json]
//
// Times add (play last), move (drag three episodes), switch (active queue, saving the position), finish
// (an episode leaves every queue), encode, save (lock, re-read, check, write, fsync, rename), load
// (read, parse, check) and one auto-switch decision with 5 rules per queue (`AutoSwitchDecisions.swift`).
// Inputs are built before the timed region; every result goes through a black hole.
// Prints p50, p90, p99 and max per operation; exit 0, or 1 when an operation fails.

struct Options {
  enum Format: String { case table, markdown }

  var iterations = 200
  var episodesPerQueue = 1000
  var secondsPerOperation = 10.0
  var format = Format.table
  var json = false

  static let usage =
    "queuebench [--iterations <n>] [--episodes <n>] [--seconds <s>] [--format <table|markdown>] [--json]"

  static let help = """
    OVERVIEW: Times the queue model and store with 20 queues × 1,000 episodes.

    USAGE: \(usage)

    OPTIONS:
      --iterations <n>        Timed repetitions per operation (default: 200).
      --episodes <n>          Episodes per queue (default: 1000).
      --seconds <s>           Stop an operation's repetitions after this many seconds (default: 10).
      --format <format>       Output format: table or markdown (with the run's context: Swift version,
                              configuration, cores, revision, command). (default: table)
      --json                  Print the figures as JSON on standard output.
      -h, --help              Show help information.

    """

  static let parser = CommandLineParser(options: [
    .init("--iterations", value: "<n>"), .init("--episodes", value: "<n>"), .init("--seconds", value: "<s>"),
    .init("--format", value: "<format>"), .init("--json"),
  ])

  /// The options `arguments` give, or `nil` when they ask for help.
  static func parse(_ arguments: [String]) throws(CommandLineError) -> Options? {
    let parsed = try parser.parse(arguments)
    if parsed.wantsHelp { return nil }
    try parsed.noArguments()
    var options = Options()
    if let text = parsed.value("--iterations") {
      guard let value = Int(text), value > 0 else {
        throw .invalidValue(text, for: "--iterations <n>", "use a positive whole number")
      }
      options.iterations = value
    }
    if let text = parsed.value("--episodes") {
      guard let value = Int(text), (10...100_000).contains(value) else {
        throw .invalidValue(text, for: "--episodes <n>", "use a whole number from 10 to 100000")
      }
      options.episodesPerQueue = value
    }
    if let text = parsed.value("--seconds") {
      guard let value = Double(text), value > 0, value.isFinite else {
        throw .invalidValue(text, for: "--seconds <s>", "use a positive number")
      }
      options.secondsPerOperation = value
    }
    if let text = parsed.value("--format") {
      guard let format = Format(rawValue: text) else {
        throw .invalidValue(text, for: "--format <format>", "use table or markdown")
      }
      options.format = format
    }
    options.json = parsed.isSet("--json")
    return options
  }
}

let options = ProgramStart(
  Array(CommandLine.arguments.dropFirst()), program: "queuebench", usage: Options.usage, help: Options.help,
  parse: Options.parse
).optionsOrExit()
let queueCount = 20
let episodesPerQueue = options.episodesPerQueue
let start = Date(timeIntervalSince1970: 1_800_000_000)

func reference(_ guid: String, show: Int) -> EpisodeReference {
  EpisodeReference(
    episodeGUID: guid, feedURL: "https://example.com/show-\(show).xml", title: "Episode \(guid) of show \(show)",
    showTitle: "Show \(show)", durationSeconds: 900 + (show * 131 + guid.utf8.count * 17) % 3600, addedAt: start)
}

func makeLibrary() throws(QueueError) -> QueueLibrary {
  var library = try QueueLibrary(now: start, queueLimit: queueCount)
  while library.count < queueCount { try library.createQueue(named: "🎧 Queue \(library.count)", now: start) }
  for (offset, queue) in library.queues.enumerated() {
    // Every fifth episode is in every queue, as real queues overlap; finishing one leaves them all.
    let episodes = (0..<episodesPerQueue).map { index in
      index % 5 == 0
        ? reference("shared-\(index / 5)", show: 0) : reference("q\(offset)-\(index)", show: 1 + index % 40)
    }
    try library.modify(queue.id, now: start) { (queue) throws(QueueError) in try queue.playLast(episodes) }
  }
  return library
}

struct Result {
  var name: String
  var count: Int
  var percentiles: Percentiles
}

/// Runs `body` `warmup` times untimed, then timed until `iterations` runs or `options.secondsPerOperation`
/// seconds, whichever comes first (at least 5 runs).
func measure(_ name: String, warmup: Int = 10, iterations: Int = options.iterations, _ body: (Int) throws -> Void)
  rethrows -> Result
{
  for index in 0..<warmup { try body(-1 - index) }
  var samples: [UInt64] = []
  samples.reserveCapacity(iterations)
  let deadline = Measurement.now() + UInt64(options.secondsPerOperation * 1e9)
  for index in 0..<iterations {
    let before = Measurement.now()
    try body(index)
    let after = Measurement.now()
    samples.append(after - before)
    if after > deadline && samples.count >= 5 { break }
  }
  return Result(name: name, count: samples.count, percentiles: Percentiles(samples))
}

do {
  var library = try makeLibrary()
  let ids = library.queues.map(\.id)
  var random = SystemRandomNumberGenerator()
  // Inputs built outside the timed regions.
  let newEpisodes = (0..<(options.iterations + 10)).map { reference("new-\($0)", show: $0 % 40) }
  let moves = (0..<(options.iterations + 10)).map { _ in
    (
      IndexSet((0..<3).map { _ in Int.random(in: 0..<episodesPerQueue, using: &random) }),
      Int.random(in: 0...episodesPerQueue, using: &random)
    )
  }
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("queuebench-\(getpid())")
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let store = QueueStore(url: directory.appendingPathComponent("queues.json"))
  library = try store.save(library)

  var results: [Result] = []
  results.append(
    try measure("add (play last)") { index in
      let slot = index < 0 ? -index : index + 10
      try library.modify(ids[slot % ids.count], now: start) { (queue) throws(QueueError) in
        try queue.playLast([newEpisodes[slot]])
      }
      Measurement.blackHole(library.queues.count)
    })
  results.append(
    try measure("move (3 episodes)") { index in
      let (offsets, destination) = moves[index < 0 ? -index : index + 10]
      try library.modify(ids[abs(index) % ids.count], now: start) { (queue) throws(QueueError) in
        try queue.move(fromOffsets: offsets, toOffset: destination)
      }
      Measurement.blackHole(library.queues.count)
    })
  results.append(
    try measure("switch active queue") { index in
      Measurement.blackHole(try library.switchTo(ids[(abs(index) + 1) % ids.count], savingPosition: 60, now: start))
    })
  results.append(measure("encode JSON", warmup: 3) { _ in Measurement.blackHole(library.jsonBytes()) })
  let encoded = library.jsonBytes()
  results.append(
    try measure("decode JSON (parse, check)", warmup: 3) { _ in
      Measurement.blackHole(try QueueLibrary(json: encoded, now: start))
    })
  results.append(
    try measure("  of which JSONValue.parse", warmup: 3) { _ in Measurement.blackHole(try JSONValue.parse(encoded)) })
  results.append(
    try measure("save (lock, re-read, write, fsync, rename)", warmup: 3) { _ in
      library = try store.save(library)
      Measurement.blackHole(library.revision)
    })
  results.append(try measure("load (read, parse, check)", warmup: 3) { _ in Measurement.blackHole(try store.load()) })
  let episodeCount = library.queues.reduce(0) { $0 + $1.count }
  var nextShared = 0
  results.append(
    measure(
      "finish (leaves all 20 queues)", warmup: 1, iterations: min(options.iterations, episodesPerQueue / 5 - 1)
    ) {
      _ in
      // A different shared episode each time: each is in every queue once.
      let shared = EpisodeID(feedURL: "https://example.com/show-0.xml", guid: "shared-\(nextShared)")
      nextShared += 1
      Measurement.blackHole(library.markFinished(shared, now: start))
    })

  results.append(contentsOf: try autoSwitchDecisions(on: library))

  let fileBytes = (try? FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int) ?? 0
  let run = RunContext.current(program: "queuebench")
  let size =
    "\(queueCount) queues, \(episodeCount) episodes, file \(fileBytes / 1024) KiB, up to \(options.iterations) "
    + "iterations or \(Int(options.secondsPerOperation)) s per operation"
  let context =
    "\(run.swiftVersion), \(run.configuration), \(run.cores) cores, git "
    + (run.gitRevision.map { String($0.prefix(12)) } ?? "unknown") + ", " + size
  if options.json {
    var lines: [String] = []
    for result in results {
      let p = result.percentiles
      lines.append(
        "    {\"operation\": \"\(result.name.trimmingCharacters(in: .whitespaces))\", \"samples\": \(result.count), \"p50Nanoseconds\": \(p.p50), \"p90Nanoseconds\": \(p.p90), "
          + "\"p99Nanoseconds\": \(p.p99), \"maxNanoseconds\": \(p.max)}")
    }
    print("{\n  \"context\": \"\(context)\",\n  \"results\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}")
  } else if options.format == .markdown {
    print((["## queuebench results", ""] + run.markdownLines + ["- size: \(size)", ""]).joined(separator: "\n"))
    let rows = results.map { result in
      let p = result.percentiles
      return [
        result.name.trimmingCharacters(in: .whitespaces), String(result.count), Percentiles.text(p.p50),
        Percentiles.text(p.p90), Percentiles.text(p.p99), Percentiles.text(p.max),
      ]
    }
    print(RunContext.markdownTable([["operation", "runs", "p50", "p90", "p99", "max"]] + rows).joined(separator: "\n"))
  } else {
    print(context)
    let width = results.map(\.name.count).max() ?? 0
    func pad(_ text: String, _ count: Int) -> String {
      text + String(repeating: " ", count: max(0, count - text.count))
    }
    func left(_ text: String, _ count: Int) -> String {
      String(repeating: " ", count: max(0, count - text.count)) + text
    }
    print(
      pad("operation", width) + left("runs", 6) + left("p50", 12) + left("p90", 12) + left("p99", 12) + left("max", 12))
    for result in results {
      let p = result.percentiles
      print(
        pad(result.name, width) + left(String(result.count), 6) + left(Percentiles.text(p.p50), 12)
          + left(Percentiles.text(p.p90), 12)
          + left(Percentiles.text(p.p99), 12) + left(Percentiles.text(p.max), 12))
    }
  }
} catch let error as QueueError {
  FileHandle.standardError.write(Data("queuebench: \(error)\n".utf8))
  exit(ExitStatus.failure)
} catch {
  FileHandle.standardError.write(Data("queuebench: \(error)\n".utf8))
  exit(ExitStatus.failure)
}
