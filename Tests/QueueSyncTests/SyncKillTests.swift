import Foundation
import SmartFillSupport
import SmartFillTestSupport
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
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["QUEUESYNC_KILL_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0..<1_000_000)
    let runs = environment["QUEUESYNC_KILL_RUNS"].flatMap { Int($0) } ?? 200
    print("sync kill test: seed \(seed), \(runs) kills (replay with QUEUESYNC_KILL_SEED=\(seed))")
    var random = SplitMix64(seed: seed)
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let state = folder.path + "/device.json"
    let server = folder.path + "/server.json"
    var committedAdds: Set<String> = []
    var uncertainAdds: Set<String> = []
    var committedRemoves: Set<String> = []
    var uncertainRemoves: Set<String> = []
    var addedTo: [String: String] = [:]
    var killedBeforeCommit = 0
    for run in 0..<runs {
      let (process, output) = try program.start(["run", state, server, String(seed), "24"])
      var received = Data()
      if run.isMultiple(of: 2) {
        usleep(UInt32(random.integer(in: 2_000...80_000)))
      } else {
        let lines = random.integer(in: 1...12)
        while received.split(separator: UInt8(ascii: "\n")).count < lines {
          let chunk = output.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          received.append(chunk)
        }
        usleep(UInt32(random.integer(in: 0...3_000)))
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      received.append(output.fileHandleForReading.readDataToEndOfFile())
      var open: (kind: Substring, items: [String])?
      for line in String(decoding: received, as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: " ")
        if fields.first == "E", fields.count >= 4 {
          open = (fields[1], fields[2...].dropFirst().map { String(fields[2]) + " " + $0 })
          for item in open!.items { if fields[1] == "add" { addedTo[item] = String(fields[2]) } }
        } else if fields.first == "C", let done = open {
          if done.kind == "add" { committedAdds.formUnion(done.items) } else { committedRemoves.formUnion(done.items) }
          open = nil
        }
      }
      if let unfinished = open {
        killedBeforeCommit += 1
        if unfinished.kind == "add" {
          uncertainAdds.formUnion(unfinished.items)
        } else {
          uncertainRemoves.formUnion(unfinished.items)
        }
      }
    }
    uncertainAdds.subtract(committedAdds)
    uncertainRemoves.subtract(committedRemoves)
    let settled = try program.run(["settle", state, server])
    #expect(settled.status == 0, "seed \(seed): settling failed: \(settled.err)")
    let observer = try program.run(["settle", folder.path + "/observer.json", server])
    #expect(observer.status == 0, "seed \(seed): the observer failed: \(observer.err)")
    #expect(observer.out == settled.out, "seed \(seed): a fresh device synced from the server sees something else")
    var shown: [String: Int] = [:]
    for line in settled.out.split(separator: "\n") {
      let fields = line.split(separator: " ")
      for guid in fields.dropFirst() { shown[String(fields[0]) + " " + guid, default: 0] += 1 }
    }
    for item in committedAdds where !committedRemoves.contains(item) && !uncertainRemoves.contains(item) {
      #expect(shown[item] == 1, "seed \(seed): \(item), added and saved, is shown \(shown[item] ?? 0) times")
    }
    for item in committedRemoves {
      #expect(shown[item] == nil, "seed \(seed): \(item) was removed and saved, yet it is shown")
    }
    for (item, count) in shown {
      #expect(count == 1, "seed \(seed): \(item) is shown \(count) times")
      #expect(
        committedAdds.contains(item) || uncertainAdds.contains(item),
        "seed \(seed): \(item) is shown but was never added")
    }
    #expect(
      committedAdds.count > 50, "seed \(seed): only \(committedAdds.count) adds were saved; the test checked little")
    // The device's store removes the temporary files of killed writers before each save, and settling saved:
    // none of its own is left. (The server file is this test's fixture, written without that cleanup, so its
    // leftovers, one per kill inside a server write, are not counted.)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix("device.json.tmp-")
    }
    #expect(leftovers.isEmpty, "seed \(seed): stale temporary files are cleaned up by the next write: \(leftovers)")
    print(
      "sync kill test: seed \(seed), \(runs) kills, \(committedAdds.count) adds and \(committedRemoves.count) removes "
        + "saved, \(killedBeforeCommit) kills inside an edit, \(shown.count) episodes at the end")
  }
}
