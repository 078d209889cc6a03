import BenchmarkSupport
import Foundation
import QueueSync
import QueueSyncSimulation
import Queues
import SmartFill
import SmartFillSupport

// syncbench: sync's figures.
//
//   swift run -c release syncbench [--seeds N] [--steps N] [--operations N] [--iterations N]
//                                  [--history-edits N] [--part all|basics|scale|simulation]
//                                  [--scale CASE,...] [--scale-iterations N] [--format table|markdown] [--json]
//
// - merge: two 1,000-episode states of one queue that diverged by 100 edits each, merged (p50, p90, p99, max);
// - encode and decode of a 1,000-episode queue's record;
// - record size of a 1,000-episode queue, fresh and after --operations edits on two devices (20,000), and
//   the replicated metadata per entry (everything in the state but the episodes' own text);
// - the simulation over --seeds seeds (10,000) × --steps steps (400), 2 to 5 devices, under the CRDT and the
//   two controls: runs failing a check, episodes lost and resurrected, per 1,000 runs;
// - at scale (`Scale.swift`): records, merges and syncs of a queue of 1,000 and 10,000 episodes and of a
//   library of 10,000 and 100,000 finished episodes, and a history of --history-edits edits (100,000) on
//   three devices: edits and syncs at its start and end, the state file, the records.
// --part runs one part alone; --scale runs only the named scale cases (queue-1000, queue-10000,
// finishes-10000, finishes-100000, history), --scale-iterations sets their syncs and merges (20).
// --format markdown prints a Markdown page: the run's context (Swift version, configuration, cores, git
// revision, date, command), then each part's table under a heading, for docs/benchmarks.md and CI summaries.
// Inputs are built before the timed regions; results go through a black hole. Exit 0, or 1 when a CRDT run
// fails a check.

struct Options {
  var seeds = 10_000
  var steps = 400
  var operations = 20_000
  var iterations = 200
  var historyEdits = 100_000
  var part = "all"
  var scaleCases = ScaleCase.allCases
  var scaleIterations = 20
  var markdown = false
  var json = false

  static let parts = ["all", "basics", "scale", "simulation"]
  static let usage =
    "syncbench [--seeds <n>] [--steps <n>] [--operations <n>] [--iterations <n>] [--history-edits <n>] "
    + "[--part all|basics|scale|simulation] [--scale <case,...>] [--scale-iterations <n>] "
    + "[--format table|markdown] [--json]"
  static let parser = CommandLineParser(options: [
    .init("--seeds", value: "<n>"), .init("--steps", value: "<n>"), .init("--operations", value: "<n>"),
    .init("--iterations", value: "<n>"), .init("--history-edits", value: "<n>"), .init("--part", value: "<part>"),
    .init("--scale", value: "<case,...>"), .init("--scale-iterations", value: "<n>"),
    .init("--format", value: "<format>"), .init("--json"),
  ])

  static func parse(_ arguments: [String]) throws(CommandLineError) -> Options? {
    let parsed = try parser.parse(arguments)
    if parsed.wantsHelp { return nil }
    try parsed.noArguments()
    var options = Options()
    for (key, path) in [
      ("--seeds", \Options.seeds), ("--steps", \Options.steps), ("--operations", \Options.operations),
      ("--iterations", \Options.iterations), ("--history-edits", \Options.historyEdits),
      ("--scale-iterations", \Options.scaleIterations),
    ] {
      guard let text = parsed.value(key) else { continue }
      guard let value = Int(text), (1...10_000_000).contains(value) else {
        throw .invalidValue(text, for: "\(key) <n>", "use a whole number from 1 to 10000000")
      }
      options[keyPath: path] = value
    }
    if let part = parsed.value("--part") {
      guard parts.contains(part) else {
        throw .invalidValue(part, for: "--part <part>", "use one of \(parts.joined(separator: ", "))")
      }
      options.part = part
    }
    if let list = parsed.value("--scale") {
      options.scaleCases = []
      for name in list.split(separator: ",") {
        guard let scaleCase = ScaleCase(rawValue: String(name)) else {
          throw .invalidValue(
            list, for: "--scale <case,...>",
            "use cases of \(ScaleCase.allCases.map(\.rawValue).joined(separator: ", ")), separated by commas")
        }
        options.scaleCases.append(scaleCase)
      }
    }
    if let format = parsed.value("--format") {
      guard format == "table" || format == "markdown" else {
        throw .invalidValue(format, for: "--format <format>", "use table or markdown")
      }
      options.markdown = format == "markdown"
    }
    options.json = parsed.isSet("--json")
    return options
  }
}

let options = ProgramStart(
  Array(CommandLine.arguments.dropFirst()), program: "syncbench", usage: Options.usage,
  help: "USAGE: \(Options.usage)\n",
  parse: Options.parse
).optionsOrExit()

/// `body`'s durations over `options.iterations` runs after 5 untimed ones.
func measure(_ body: () throws -> Void) rethrows -> Percentiles {
  for _ in 0..<5 { try body() }
  var samples: [UInt64] = []
  for _ in 0..<options.iterations {
    let before = Measurement.now()
    try body()
    samples.append(Measurement.now() - before)
  }
  return Percentiles(samples)
}

/// A blank line, then in Markdown a heading: `### title`.
func heading(_ title: String) {
  print("")
  if options.markdown { print("### \(title)\n") }
}

func text(_ nanoseconds: UInt64) -> String {
  nanoseconds >= 10_000_000
    ? String(format: "%.1f ms", Double(nanoseconds) / 1e6) : String(format: "%.1f µs", Double(nanoseconds) / 1e3)
}

/// The basic figures: merge, encode and decode of a 1,000-episode queue, its record's size fresh and after churn.
struct Basics {
  var merge: Percentiles
  var encode: Percentiles
  var decode: Percentiles
  var freshRecordBytes: Int
  var freshMetadataPerEntry: Int
  var churnedRecordBytes: Int
  var churnedEpisodes: Int
  var churnedMetadataPerEntry: Int
  var churnSeconds: Double
}

func basics() throws -> Basics {
  let start = Date(timeIntervalSince1970: 1_767_225_600)
  // Two 1,000-episode states that diverged by 100 edits each.
  var base = ReplicatedLibrary(replica: ReplicaID("5f1c0a52-3b7e-4d5c-9a61-2f0b7e3c9d18"), now: start)
  try base.playLast((0..<1_000).map(SyncWorkload.reference), in: .commute, now: start)
  var other = ReplicatedLibrary(replica: ReplicaID("a93e61d4-0c2b-4f87-b5d3-7e14c6a2f950"), now: start)
  other.merge(base)
  for edit in 0..<100 {
    let now = start.addingTimeInterval(Double(edit + 1))
    try base.move(fromOffsets: [edit * 7 % 1_000], toOffset: edit * 13 % 1_000, in: .commute, now: now)
    try other.remove(other.episodes(in: .commute)[edit * 5 % 900], from: .commute, now: now)
    try other.playLast([SyncWorkload.reference(2_000 + edit)], in: .commute, now: now)
  }
  let left = base.queues[.commute]!
  let right = other.queues[.commute]!
  let merge = measure { Measurement.blackHole(left.merged(with: right)) }
  let record = base.record("queue.commute", deviceName: "iPhone", changeTag: nil)!
  let encode = measure { Measurement.blackHole(base.record("queue.commute", deviceName: "iPhone", changeTag: nil)) }
  let decode = try measure { Measurement.blackHole(try ReplicatedLibrary.state(of: record)) }

  // Sizes: fresh, and after the churn.
  var fresh = ReplicatedLibrary(replica: ReplicaID("5f1c0a52-3b7e-4d5c-9a61-2f0b7e3c9d18"), now: start)
  try fresh.playLast((0..<1_000).map(SyncWorkload.reference), in: .commute, now: start)
  let freshRecord = fresh.record("queue.commute", deviceName: "iPhone", changeTag: nil)!
  let churnStart = Measurement.now()
  var (churned, _) = try SyncWorkload.churn(episodes: 1_000, operations: options.operations, seed: 20_000)
  try churned.makeCurrent(at: 0, in: .commute, now: start.addingTimeInterval(1e6))
  let churnSeconds = Double(Measurement.now() - churnStart) / 1e9
  let churnedRecord = churned.record("queue.commute", deviceName: "iPhone", changeTag: nil)!
  func stateBytes(_ record: SyncRecord) -> Int {
    if case .json(let bytes)? = record.fields["state"] { return bytes.count }
    return 0
  }
  func metadataPerEntry(_ library: ReplicatedLibrary, _ record: SyncRecord) -> Int {
    let entries = SyncWorkload.entries(of: .commute, in: library)
    return (stateBytes(record) - entries.ownTextBytes) / max(1, entries.count)
  }
  return Basics(
    merge: merge, encode: encode, decode: decode, freshRecordBytes: freshRecord.byteCount,
    freshMetadataPerEntry: metadataPerEntry(fresh, freshRecord), churnedRecordBytes: churnedRecord.byteCount,
    churnedEpisodes: churned.episodes(in: .commute).count,
    churnedMetadataPerEntry: metadataPerEntry(churned, churnedRecord), churnSeconds: churnSeconds)
}

/// The simulation's totals under one rule.
struct Totals {
  var runs = 0
  var failed = 0
  var lost = 0
  var resurrected = 0
  var duplicated = 0
  var interleaved = 0
  var notConverged = 0
  var edits = 0
  var syncs = 0
  var lostAnswers = 0
  var conflicts = 0
  var seconds = 0.0

  mutating func add(_ other: Totals) {
    runs += other.runs
    failed += other.failed
    notConverged += other.notConverged
    lost += other.lost
    resurrected += other.resurrected
    duplicated += other.duplicated
    interleaved += other.interleaved
    edits += other.edits
    syncs += other.syncs
    lostAnswers += other.lostAnswers
    conflicts += other.conflicts
  }
}

/// The simulation over the seeds, under each rule, on every core.
func simulation() -> [SyncSimulation.Rule: Totals] {
  final class Box: @unchecked Sendable {
    let lock = NSLock()
    var total = Totals()
  }
  var totals: [SyncSimulation.Rule: Totals] = [:]
  for rule in SyncSimulation.Rule.allCases {
    let box = Box()
    let began = Measurement.now()
    let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      var mine = Totals()
      for seed in stride(from: worker, to: options.seeds, by: workers) {
        let outcome = SyncSimulation.run(
          .init(devices: 2 + seed % 4, steps: options.steps, seed: UInt64(seed), rule: rule))
        mine.runs += 1
        if !outcome.isClean { mine.failed += 1 }
        if !outcome.converged { mine.notConverged += 1 }
        mine.lost += outcome.lost
        mine.resurrected += outcome.resurrected
        mine.duplicated += outcome.duplicated
        mine.interleaved += outcome.interleavedBatches
        mine.edits += outcome.edits
        mine.syncs += outcome.syncs
        mine.lostAnswers += outcome.lostAnswers
        mine.conflicts += outcome.conflicts
      }
      box.lock.withLock { box.total.add(mine) }
    }
    var total = box.total
    total.seconds = Double(Measurement.now() - began) / 1e9
    totals[rule] = total
  }
  return totals
}

do {
  let context = "Swift \(swiftVersion), release, \(ProcessInfo.processInfo.activeProcessorCount) cores"
  let runsBasics = options.part == "all" || options.part == "basics"
  let runsScale = options.part == "all" || options.part == "scale"
  let runsSimulation = options.part == "all" || options.part == "simulation"
  var members: [(String, JSONWriter.Node)] = [("context", .string(context))]
  if options.json {
  } else if options.markdown {
    print(
      (["## syncbench results", ""] + RunContext.current(program: "syncbench").markdownLines).joined(separator: "\n"))
  } else {
    print("syncbench — \(context)")
  }
  if runsBasics {
    let figures = try basics()
    if options.json {
      members += [
        ("mergeNanoseconds", percentiles(figures.merge)),
        ("encodeRecordNanoseconds", percentiles(figures.encode)),
        ("decodeRecordNanoseconds", percentiles(figures.decode)),
        ("freshRecordBytes", .integer(figures.freshRecordBytes)),
        ("churnOperations", .integer(options.operations)),
        ("churnedRecordBytes", .integer(figures.churnedRecordBytes)),
        ("churnedEpisodes", .integer(figures.churnedEpisodes)),
        ("freshMetadataBytesPerEntry", .integer(figures.freshMetadataPerEntry)),
        ("churnedMetadataBytesPerEntry", .integer(figures.churnedMetadataPerEntry)),
      ]
    } else {
      heading("Merge, encode and decode of a 1,000-episode queue")
      print("| figure | p50 | p90 | p99 | max |")
      print("|---|---|---|---|---|")
      for (name, value) in [
        ("merge two 1,000-episode queue states (100 edits apart each)", figures.merge),
        ("encode a 1,000-episode queue's record", figures.encode), ("decode and check it", figures.decode),
      ] {
        print("| \(name) | \(text(value.p50)) | \(text(value.p90)) | \(text(value.p99)) | \(text(value.max)) |")
      }
      heading("Record size of a 1,000-episode queue")
      print("| record of a 1,000-episode queue | bytes | metadata per entry |")
      print("|---|---|---|")
      print("| fresh | \(figures.freshRecordBytes) | \(figures.freshMetadataPerEntry) B |")
      print(
        "| after \(options.operations) operations on two devices (\(figures.churnedEpisodes) episodes, "
          + String(format: "%.1f s", figures.churnSeconds) + ") | \(figures.churnedRecordBytes) | "
          + "\(figures.churnedMetadataPerEntry) B |")
    }
  }
  if runsScale {
    members += try scaleFigures(
      cases: options.scaleCases, historyEdits: options.historyEdits, iterations: options.scaleIterations,
      json: options.json)
  }
  var crdtFailed = 0
  if runsSimulation {
    let totals = simulation()
    crdtFailed = totals[.crdt]!.failed
    if options.json {
      for rule in SyncSimulation.Rule.allCases {
        let total = totals[rule]!
        members.append(
          (
            "simulation." + rule.rawValue,
            .object([
              ("runs", .integer(total.runs)), ("failedRuns", .integer(total.failed)),
              ("notConverged", .integer(total.notConverged)), ("lost", .integer(total.lost)),
              ("resurrected", .integer(total.resurrected)), ("duplicated", .integer(total.duplicated)),
              ("interleavedBatches", .integer(total.interleaved)), ("edits", .integer(total.edits)),
              ("syncs", .integer(total.syncs)), ("lostAnswers", .integer(total.lostAnswers)),
              ("conflicts", .integer(total.conflicts)), ("seconds", .number(total.seconds)),
            ])
          ))
      }
    } else {
      heading("The simulation")
      print(
        "| rule (\(options.seeds) seeds × \(options.steps) steps) | runs failing a check | lost | lost per 1,000 runs "
          + "| resurrected | interleaved batches | not converged |")
      print("|---|---|---|---|---|---|---|")
      for rule in SyncSimulation.Rule.allCases {
        let total = totals[rule]!
        print(
          "| \(rule.rawValue) | \(total.failed) | \(total.lost) | \(total.lost * 1000 / max(1, total.runs)) | "
            + "\(total.resurrected) | \(total.interleaved) | \(total.notConverged) |")
      }
      let crdt = totals[.crdt]!
      print("")
      print(
        "crdt: \(crdt.edits) edits, \(crdt.syncs) syncs, \(crdt.lostAnswers) lost answers, \(crdt.conflicts) conflicts, "
          + String(format: "%.0f s", crdt.seconds))
    }
  }
  if options.json { print(JSONWriter.text(.object(members))) }
  exit(crdtFailed == 0 ? ExitStatus.success : ExitStatus.failure)
} catch {
  FileHandle.standardError.write(Data("syncbench: \(error)\n".utf8))
  exit(ExitStatus.failure)
}

func percentiles(_ value: Percentiles) -> JSONWriter.Node {
  .object([
    ("p50", .integer(Int(value.p50))), ("p90", .integer(Int(value.p90))), ("p99", .integer(Int(value.p99))),
    ("max", .integer(Int(value.max))),
  ])
}

var swiftVersion: String {
  #if swift(>=6.3)
    return "6.3"
  #elseif swift(>=6.2)
    return "6.2"
  #else
    return "6.x"
  #endif
}
