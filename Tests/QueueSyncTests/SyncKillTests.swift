import Foundation
import SmartFillSupport
import SmartFillTestSupport
import SyncDeviceSupport
import Testing

@testable import QueueSync

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Sync kill test")
struct SyncKillTests {
  @Test("a device killed at random moments during edits and syncs, hundreds of times, loses and duplicates nothing")
  func killedDevice() throws {
    let program = try #require(BuiltProgram("sync-device-process"), "build sync-device-process first (swift build)")
    // 200 kills in the long run, 20 by default.
    let runs = TestScale.count(200, minimum: 20)
    for var trial in SeededCases(seed: 0xC111, count: 1, minimum: 1) {
      try Self.killRuns(program: program, runs: runs, trial: &trial)
    }
  }

  static func killRuns(program: BuiltProgram, runs: Int, trial: inout SeededCase) throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let state = folder.path + "/device.json"
    let server = folder.path + "/server.json"
    var ledger = EditLedger()
    for run in 0..<runs {
      let (process, output) = try program.start(["run", state, server, String(trial.seed), "24"])
      var received = Data()
      if run.isMultiple(of: 2) {
        usleep(UInt32(trial.random.integer(in: 2_000...80_000)))
      } else {
        let lines = trial.random.integer(in: 1...12)
        while received.split(separator: UInt8(ascii: "\n")).count < lines {
          let chunk = output.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          received.append(chunk)
        }
        usleep(UInt32(trial.random.integer(in: 0...3_000)))
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      received.append(output.fileHandleForReading.readDataToEndOfFile())
      ledger.take(run: String(decoding: received, as: UTF8.self))
    }
    let settled = try program.run(["settle", state, server])
    #expect(settled.status == 0, "\(trial): settling failed: \(settled.err)")
    let observer = try program.run(["settle", folder.path + "/observer.json", server])
    #expect(observer.status == 0, "\(trial): the observer failed: \(observer.err)")
    #expect(observer.out == settled.out, "\(trial): a fresh device synced from the server sees something else")
    for problem in ledger.violations(listing: settled.out) { Issue.record("\(trial): \(problem)") }
    #expect(
      ledger.committedAdds.count > runs / 4,
      "\(trial): only \(ledger.committedAdds.count) adds were saved; the test checked little")
    // The device's store removes the temporary files of killed writers before each save, and settling saved:
    // none of its own is left. (The server file is this test's fixture, written without that cleanup, so its
    // leftovers, one per kill inside a server write, are not counted.)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix("device.json.tmp-")
    }
    #expect(leftovers.isEmpty, "\(trial): stale temporary files are cleaned up by the next write: \(leftovers)")
    print(
      "sync kill test: \(trial), \(runs) kills, \(ledger.committedAdds.count) adds and "
        + "\(ledger.committedRemoves.count) removes saved, \(ledger.killedInsideEdit) kills inside an edit")
  }
}
