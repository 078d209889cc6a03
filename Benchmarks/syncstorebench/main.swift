import BenchmarkSupport
import Foundation
import PostgresTestCluster
import QueueSync
import QueueSyncPostgres
import SmartFillSupport

// syncstorebench: QueueSyncPostgres's record store under load (see Options.help, and docs/benchmarks.md).
//
//   swift run -c release syncstorebench [--quick] [--clients 32] [--users 1000] [--seconds 20] [--format markdown]
//
// A warm-up (every client's connection opened, 20 operations each) runs before the timed phase; every answer,
// timed or not, is checked against the model (Workload.swift). Exit 0, 1 on a lost update, a wrong answer or a
// failed call, 64 on a usage error.

let options = ProgramStart(
  Array(CommandLine.arguments.dropFirst()), program: "syncstorebench", usage: Options.usage, help: Options.help + "\n",
  parse: Options.parse
).optionsOrExit()

/// A point all client threads reach before any goes on.
final class Barrier: @unchecked Sendable {
  private let condition = NSCondition()
  private var waiting: Int

  init(parties: Int) { waiting = parties }

  func arriveAndWait() {
    condition.lock()
    waiting -= 1
    if waiting == 0 { condition.broadcast() }
    while waiting > 0 { condition.wait() }
    condition.unlock()
  }
}

/// The timed phase's budget: a deadline, or a count of operations shared by the clients.
final class Budget: @unchecked Sendable {
  private let lock = NSLock()
  private var left: Int?
  private(set) var deadline: UInt64 = 0
  private let seconds: Double

  init(operations: Int?, seconds: Double) {
    left = operations
    self.seconds = seconds
  }

  func begin() { lock.withLock { if deadline == 0 { deadline = Measurement.now() + UInt64(seconds * 1e9) } } }

  /// Whether one more operation may run.
  func take() -> Bool {
    lock.withLock {
      guard var remaining = left else { return Measurement.now() < deadline }
      guard remaining > 0 else { return false }
      remaining -= 1
      left = remaining
      return true
    }
  }
}

var cluster: ThrowawayCluster?
let connectionString: String
if let given = options.connection {
  connectionString = given
} else {
  FileHandle.standardError.write(Data("syncstorebench: starting a throwaway PostgreSQL cluster…\n".utf8))
  do { cluster = try ThrowawayCluster(durable: options.durable) } catch {
    FileHandle.standardError.write(Data("syncstorebench: \(error)\n".utf8))
    exit(ExitStatus.failure)
  }
  connectionString = cluster!.connectionString
}

let model = StoreModel(count: options.users * options.recordsPerUser)
let barrier = Barrier(parties: options.clients + 1)
let finished = DispatchGroup()
let budget = Budget(operations: options.operations, seconds: options.seconds)
final class Results: @unchecked Sendable {
  let lock = NSLock()
  var tally = ClientTally()
  var operations = 0
}
let results = Results()
var serverVersion = "unknown"
var fsyncSetting = "unknown"
do {
  let probe = PostgresConnection(connectionString)
  serverVersion = try probe.query("SHOW server_version").first?.first.flatMap { $0 } ?? serverVersion
  fsyncSetting = try probe.query("SHOW fsync").first?.first.flatMap { $0 } ?? fsyncSetting
} catch {
  FileHandle.standardError.write(Data("syncstorebench: cannot reach the server: \(error)\n".utf8))
  exit(ExitStatus.failure)
}

FileHandle.standardError.write(
  Data("syncstorebench: \(options.clients) clients × \(options.users) users, warming up…\n".utf8))
for number in 0..<options.clients {
  finished.enter()
  let thread = Thread {
    var client = Client(number: number, options: options, connectionString: connectionString, model: model)
    for _ in 0..<20 { client.step(timed: false) }
    barrier.arriveAndWait()
    budget.begin()
    var done = 0
    while budget.take() {
      client.step(timed: true)
      done += 1
    }
    results.lock.withLock {
      results.tally.merge(client.tally)
      results.operations += done
    }
    finished.leave()
  }
  thread.stackSize = 1 << 20
  thread.start()
}
barrier.arriveAndWait()
budget.begin()
let began = Measurement.now()
finished.wait()
let elapsed = Double(Measurement.now() - began) / 1e9
FileHandle.standardError.write(Data("syncstorebench: checking every record against the model…\n".utf8))
let mismatches = finalCheck(options: options, connectionString: connectionString, model: model)
let tally = results.tally
let saves = Percentiles(tally.saveNanoseconds)
let fetches = Percentiles(tally.fetchNanoseconds)
let lostUpdates = tally.wrongAnswers.filter { $0.hasPrefix("lost update") }.count + mismatches.count
let isClean = tally.wrongAnswers.isEmpty && mismatches.isEmpty && tally.failures.isEmpty

let run = RunContext.current(program: "syncstorebench")
let server =
  "PostgreSQL \(serverVersion) (fsync \(fsyncSetting)"
  + "\(options.connection == nil ? ", throwaway cluster on a Unix socket" : ""))"
let context =
  "\(run.configuration) build, \(run.cores) cores, \(server), \(run.swiftVersion), revision "
  + (run.gitRevision.map { String($0.prefix(12)) } ?? "unknown")
func milliseconds(_ nanoseconds: UInt64) -> String { String(format: "%.2f ms", Double(nanoseconds) / 1e6) }
func perSecond(_ count: Int) -> String { String(format: "%.0f", Double(count) / elapsed) }

switch options.format {
case .json:
  func latency(_ value: Percentiles) -> JSONWriter.Node {
    .object([
      ("p50Nanoseconds", .integer(Int(value.p50))), ("p90Nanoseconds", .integer(Int(value.p90))),
      ("p99Nanoseconds", .integer(Int(value.p99))), ("maxNanoseconds", .integer(Int(value.max))),
    ])
  }
  print(
    JSONWriter.text(
      .object([
        ("context", .string(context)), ("clients", .integer(options.clients)), ("users", .integer(options.users)),
        ("recordsPerUser", .integer(options.recordsPerUser)), ("recordBytes", .integer(options.recordBytes)),
        ("savePercent", .integer(options.savePercent)), ("seconds", .number(elapsed)),
        ("saves", .integer(tally.saveNanoseconds.count)),
        ("savesPerSecond", .number(Double(tally.saveNanoseconds.count) / elapsed)),
        ("fetches", .integer(tally.fetchNanoseconds.count)),
        ("fetchesPerSecond", .number(Double(tally.fetchNanoseconds.count) / elapsed)),
        ("saveLatency", latency(saves)), ("fetchLatency", latency(fetches)),
        ("appliedSaves", .integer(tally.applied)), ("expectedConflicts", .integer(tally.expectedConflicts)),
        ("detectedConflicts", .integer(tally.detectedConflicts)), ("lostUpdates", .integer(lostUpdates)),
        ("wrongAnswers", .integer(tally.wrongAnswers.count)), ("failedCalls", .integer(tally.failures.count)),
        ("finalMismatches", .integer(mismatches.count)),
      ])))
case .markdown:
  print((["## syncstorebench results", ""] + run.markdownLines + ["- server: \(server)"]).joined(separator: "\n"))
  print("")
  print(
    "\(options.clients) clients × \(options.users) users × \(options.recordsPerUser) records of "
      + "\(options.recordBytes) B, \(options.savePercent) % saves, "
      + String(format: "%.1f s", elapsed) + " timed after a warm-up")
  print("")
  print("| operation | count | per second | p50 | p90 | p99 | max |")
  print("|---|---|---|---|---|---|---|")
  for (name, samples, value) in [
    ("save (one record, conditional)", tally.saveNanoseconds.count, saves),
    ("fetch changes since the client's token", tally.fetchNanoseconds.count, fetches),
  ] {
    print(
      "| \(name) | \(samples) | \(perSecond(samples)) | \(milliseconds(value.p50)) | \(milliseconds(value.p90)) | "
        + "\(milliseconds(value.p99)) | \(milliseconds(value.max)) |")
  }
  print("")
  print(
    "| saves applied | conflicts expected (model) | conflicts detected | lost updates | wrong answers | failed calls |")
  print("|---|---|---|---|---|---|")
  print(
    "| \(tally.applied) | \(tally.expectedConflicts) | \(tally.detectedConflicts) | \(lostUpdates) | "
      + "\(tally.wrongAnswers.count) | \(tally.failures.count) |")
}
for problem in (tally.wrongAnswers + tally.failures + mismatches).prefix(20) {
  FileHandle.standardError.write(Data("syncstorebench: \(problem)\n".utf8))
}
cluster?.stop()
exit(isClean ? ExitStatus.success : ExitStatus.failure)
