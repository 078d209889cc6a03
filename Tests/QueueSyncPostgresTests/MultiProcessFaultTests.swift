import Foundation
import PostgresTestCluster
import QueueSync
import QueueSyncPostgres
import SmartFillSupport
import SmartFillTestSupport
import SyncDeviceSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Counters shared by the device threads and the fault thread.
final class FaultCounters: @unchecked Sendable {
  private let lock = NSLock()
  private var finishedRuns = 0
  private var terminated = 0
  private var restarts = 0
  private var stopped = false

  var runs: Int { lock.withLock { finishedRuns } }
  var terminations: Int { lock.withLock { terminated } }
  var restartCount: Int { lock.withLock { restarts } }
  var isStopped: Bool { lock.withLock { stopped } }
  func finishRun() { lock.withLock { finishedRuns += 1 } }
  func terminated(_ count: Int) { lock.withLock { terminated += count } }
  func restarted() { lock.withLock { restarts += 1 } }
  func stop() { lock.withLock { stopped = true } }
}

/// Several devices, each a real process running the sync engine with its own state file, editing and syncing
/// through one cluster while everything fails around them; checked against SyncDeviceSupport's EditLedger,
/// the model of the sync kill test.
@Suite("Device processes through one cluster under faults", needsPostgres)
struct MultiProcessFaultTests {
  @Test(
    "4 device processes killed at random, the server restarted (immediate) twice, connections terminated: all end the same, nothing lost, resurrected or duplicated"
  )
  func devicesUnderFaults() async throws {
    let program = try #require(
      BuiltProgram("postgres-device-process"), "build postgres-device-process first (swift build)")
    // 60 runs per device in the long run, 12 by default.
    let runs = TestScale.count(60, minimum: 12)
    for trial in SeededCases(seed: 0x96_C111, count: 1, minimum: 1) {
      try await Self.devicesUnderFaults(program: program, runs: runs, trial: trial)
    }
  }

  static func devicesUnderFaults(program: BuiltProgram, runs: Int, trial: SeededCase) async throws {
    let seed = trial.seed
    let devices = 4
    print("postgres kill test: \(trial), \(devices) devices × \(runs) runs")
    let cluster = try await offPool { try ThrowawayCluster() }
    defer { cluster.stop() }
    let folder = try TemporaryDirectory(prefix: "queuesync-postgres-kill")
    defer { folder.cleanUp() }
    let user = "account"
    let counters = FaultCounters()

    // The faults: every 50 to 300 ms every client connection is terminated; at a third and two thirds of the
    // runs the server restarts with an immediate shutdown.
    let faults = Background { () throws(SyncServerError) in
      do {
        var random = SplitMix64(seed: seed ^ 0xFA17)
        let admin = PostgresConnection(cluster.connectionString)
        while !counters.isStopped {
          Thread.sleep(forTimeInterval: Double(random.integer(in: 50...300)) / 1_000)
          if counters.restartCount < 2 && counters.runs >= (counters.restartCount + 1) * devices * runs / 3 {
            try cluster.restartImmediately()
            counters.restarted()
          } else {
            // Fails while the server restarts; the next round tries again.
            let rows = try? admin.query(
              """
              SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()
              """)
            counters.terminated(Int(rows?.first?.first.flatMap { $0 } ?? "") ?? 0)
          }
        }
      } catch {
        throw .refused("the fault thread: \(error)")
      }
    }

    let ledgers = try await withThrowingTaskGroup(of: (EditLedger, [String]).self) { group in
      for device in 0..<devices {
        group.addTask {
          try await offPool {
            try Self.runDevice(
              device, program: program, seed: seed, runs: runs, folder: folder, cluster: cluster, user: user,
              counters: counters)
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    counters.stop()
    try await offPool { try faults.value() }
    var ledger = EditLedger()
    for (part, problems) in ledgers {
      ledger.merge(part)
      for problem in problems { Issue.record("\(trial): \(problem)") }
    }

    // Settle every device twice over (the second round brings each the others' last changes), then a fresh one.
    var listings: [String] = []
    for round in 0..<2 {
      for device in 0..<devices {
        let settled = try program.run([
          "settle", folder.file("d\(device).json"), cluster.connectionString, user, "d\(device)",
        ])
        #expect(settled.status == 0, "\(trial): device d\(device) did not settle: \(settled.err)")
        if round == 1 { listings.append(settled.out) }
      }
    }
    let observer = try program.run(["settle", folder.file("observer.json"), cluster.connectionString, user, "observer"])
    #expect(observer.status == 0, "\(trial): the observer failed: \(observer.err)")
    for (device, listing) in listings.enumerated() {
      #expect(listing == observer.out, "\(trial): device d\(device) differs from a fresh device")
    }
    for problem in ledger.violations(listing: observer.out) { Issue.record("\(trial): \(problem)") }
    #expect(
      ledger.editsStarted >= devices * runs * 6,
      "\(trial): only \(ledger.editsStarted) edits; the test checked little")
    #expect(counters.restartCount == 2 && counters.terminations > 0, "\(trial): the faults did not happen")
    print(
      "postgres kill test: \(trial), \(ledger.editsStarted) edits started, \(ledger.committedAdds.count) adds and "
        + "\(ledger.committedRemoves.count) removes saved, \(ledger.killedInsideEdit) kills inside an edit, "
        + "\(counters.restartCount) restarts, \(counters.terminations) connections terminated, "
        + "\(observer.out.split(separator: " ").count - observer.out.split(separator: "\n").count) episodes at the end")
  }

  /// Runs device `device`'s processes one after another, each killed at a random moment (after a random
  /// time, or after a random number of output lines) or left to finish; returns its ledger and what went
  /// wrong besides.
  static func runDevice(
    _ device: Int, program: BuiltProgram, seed: UInt64, runs: Int, folder: TemporaryDirectory,
    cluster: ThrowawayCluster, user: String, counters: FaultCounters
  ) throws -> (EditLedger, [String]) {
    var random = SplitMix64(seed: seed &+ UInt64(device) &* 0x9E37_79B9_7F4A_7C15)
    var ledger = EditLedger()
    var problems: [String] = []
    let arguments = [
      "run", folder.file("d\(device).json"), cluster.connectionString, user, "d\(device)",
      String(seed &+ UInt64(device)), "24",
    ]
    for run in 0..<runs {
      let (process, output) = try program.start(arguments)
      var received = Data()
      switch random.integer(in: 0...4) {
      case 0, 1:
        usleep(UInt32(random.integer(in: 5_000...150_000)))
        kill(process.processIdentifier, SIGKILL)
      case 2, 3:
        let lines = random.integer(in: 1...40)
        while received.split(separator: UInt8(ascii: "\n")).count < lines {
          let chunk = output.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          received.append(chunk)
        }
        usleep(UInt32(random.integer(in: 0...3_000)))
        kill(process.processIdentifier, SIGKILL)
      default:
        break  // runs to its end
      }
      received.append(output.fileHandleForReading.readDataToEndOfFile())
      process.waitUntilExit()
      if process.terminationReason == .exit && process.terminationStatus != 0 {
        problems.append("device d\(device), run \(run) failed with status \(process.terminationStatus)")
      }
      ledger.take(run: String(decoding: received, as: UTF8.self))
      counters.finishRun()
    }
    return (ledger, problems)
  }
}
