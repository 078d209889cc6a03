import BenchmarkSupport
import Foundation
import QueueSync
import Queues
import SmartFill
import SmartFillSupport

// syncbench: sync's figures.
//
//   swift run -c release syncbench [--seeds N] [--steps N] [--operations N] [--iterations N] [--json]
//
// - merge: two 1,000-episode states of one queue that diverged by 100 edits each, merged (p50, p90, p99, max);
// - encode and decode of a 1,000-episode queue's record;
// - record size of a 1,000-episode queue, fresh and after --operations edits on two devices (20,000), and
//   the replicated metadata per entry (everything in the state but the episodes' own text);
// - the simulation over --seeds seeds (10,000) × --steps steps (400), 2 to 5 devices, under the CRDT and the
//   two controls: runs failing a check, episodes lost and resurrected, per 1,000 runs.
// Inputs are built before the timed regions; results go through a black hole. Exit 0, or 1 when a CRDT run
// fails a check.

struct Options {
  var seeds = 10_000
  var steps = 400
  var operations = 20_000
  var iterations = 200
  var json = false

  static let usage = "syncbench [--seeds <n>] [--steps <n>] [--operations <n>] [--iterations <n>] [--json]"
  static let parser = CommandLineParser(options: [
    .init("--seeds", value: "<n>"), .init("--steps", value: "<n>"), .init("--operations", value: "<n>"),
    .init("--iterations", value: "<n>"), .init("--json"),
  ])

  static func parse(_ arguments: [String]) throws(CommandLineError) -> Options? {
    let parsed = try parser.parse(arguments)
    if parsed.wantsHelp { return nil }
    try parsed.noArguments()
    var options = Options()
    for (key, path) in [
      ("--seeds", \Options.seeds), ("--steps", \Options.steps), ("--operations", \Options.operations),
      ("--iterations", \Options.iterations),
    ] {
      guard let text = parsed.value(key) else { continue }
      guard let value = Int(text), (1...10_000_000).contains(value) else {
        throw .invalidValue(text, for: "\(key) <n>", "use a whole number from 1 to 10000000")
      }
      options[keyPath: path] = value
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

func text(_ nanoseconds: UInt64) -> String {
  nanoseconds >= 10_000_000
    ? String(format: "%.1f ms", Double(nanoseconds) / 1e6) : String(format: "%.1f µs", Double(nanoseconds) / 1e3)
}

do {
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

  // The simulation.
  final class Box: @unchecked Sendable {
    let lock = NSLock()
    var total = Totals()
  }
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
      box.lock.withLock {
        box.total.runs += mine.runs
        box.total.failed += mine.failed
        box.total.notConverged += mine.notConverged
        box.total.lost += mine.lost
        box.total.resurrected += mine.resurrected
        box.total.duplicated += mine.duplicated
        box.total.interleaved += mine.interleaved
        box.total.edits += mine.edits
        box.total.syncs += mine.syncs
        box.total.lostAnswers += mine.lostAnswers
        box.total.conflicts += mine.conflicts
      }
    }
    var total = box.total
    total.seconds = Double(Measurement.now() - began) / 1e9
    totals[rule] = total
  }

  let context = "Swift \(swiftVersion), release, \(ProcessInfo.processInfo.activeProcessorCount) cores"
  if options.json {
    var members: [(String, JSONWriter.Node)] = [
      ("context", .string(context)),
      ("mergeNanoseconds", percentiles(merge)),
      ("encodeRecordNanoseconds", percentiles(encode)),
      ("decodeRecordNanoseconds", percentiles(decode)),
      ("freshRecordBytes", .integer(freshRecord.byteCount)),
      ("churnOperations", .integer(options.operations)),
      ("churnedRecordBytes", .integer(churnedRecord.byteCount)),
      ("churnedEpisodes", .integer(churned.episodes(in: .commute).count)),
      ("freshMetadataBytesPerEntry", .integer(metadataPerEntry(fresh, freshRecord))),
      ("churnedMetadataBytesPerEntry", .integer(metadataPerEntry(churned, churnedRecord))),
    ]
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
    print(JSONWriter.text(.object(members)))
  } else {
    print("syncbench — \(context)")
    print("")
    print("| figure | p50 | p90 | p99 | max |")
    print("|---|---|---|---|---|")
    for (name, value) in [
      ("merge two 1,000-episode queue states (100 edits apart each)", merge),
      ("encode a 1,000-episode queue's record", encode), ("decode and check it", decode),
    ] {
      print("| \(name) | \(text(value.p50)) | \(text(value.p90)) | \(text(value.p99)) | \(text(value.max)) |")
    }
    print("")
    print("| record of a 1,000-episode queue | bytes | metadata per entry |")
    print("|---|---|---|")
    print("| fresh | \(freshRecord.byteCount) | \(metadataPerEntry(fresh, freshRecord)) B |")
    print(
      "| after \(options.operations) operations on two devices (\(churned.episodes(in: .commute).count) episodes, "
        + String(format: "%.1f s", churnSeconds) + ") | \(churnedRecord.byteCount) | "
        + "\(metadataPerEntry(churned, churnedRecord)) B |")
    print("")
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
  exit(totals[.crdt]!.failed == 0 ? ExitStatus.success : ExitStatus.failure)
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
