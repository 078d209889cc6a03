// A device process for sync's kill test (Tests/QueueSyncTests/SyncKillTests.swift).
//
//   sync-device-process run <state file> <server file> <seed> <edits>
//     Loads the device's engine (a new one when the file is missing), then makes <edits> edits, syncing after
//     every third. Before an edit it prints "E add <queue> <guid> ..." or "E remove <queue> <guid>", and
//     after the edit is saved "C"; each line goes straight to standard output, so that a parent that kills
//     the process at any moment knows which edits were saved for certain. The server is kept in
//     <server file>, read and written atomically around each request.
//   sync-device-process settle <state file> <server file>
//     Syncs until nothing is pending, then prints the device's queues, one line each:
//     "<queue id> <guid> <guid> ...".

import Foundation
import QueueSync
import Queues
import SmartFill
import SmartFillSupport

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("sync-device-process: \(message)\n".utf8))
  exit(1)
}

func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else { fail("usage: sync-device-process run|settle <state> <server> [<seed> <edits>]") }
let store = SyncStore(path: arguments[2])
let serverPath = arguments[3]
let queues: [QueueID] = [.upNext, .commute, .workout]
let now = Date(timeIntervalSince1970: 1_767_225_600)

/// The server, read from its file (empty when there is none).
func loadServer() -> InMemorySyncServer {
  guard let bytes = try? BoundedFile.read(serverPath, maximumBytes: 256 << 20) else { return InMemorySyncServer() }
  do { return try InMemorySyncServer(json: bytes) } catch { fail("server file: \(error)") }
}

func saveServer(_ server: InMemorySyncServer) {
  do { try AtomicFile.replace(serverPath, with: server.jsonBytes(), tag: "syncserver") } catch {
    fail("cannot write the server: \(error.reason)")
  }
}

/// One sync through the file server; the engine is saved after each answer.
func sync(_ engine: inout SyncEngine, at time: Date) {
  _ = engine.syncNow(
    now: time,
    fetch: { token in
      Result { () throws(SyncServerError) in try loadServer().changes(since: token) }
    },
    save: { records in
      let server = loadServer()
      let outcomes = server.apply(records)
      saveServer(server)
      return .success(outcomes)
    },
    after: { engine in
      do { try store.save(engine) } catch { fail("\(error)") }
    })
}

var engine: SyncEngine
do {
  engine = try store.load() ?? SyncEngine(replica: ReplicaID("killed-device"), deviceName: "Killed", now: now)
} catch {
  fail("\(error)")
}

switch arguments[1] {
case "run":
  guard arguments.count == 6, let seed = UInt64(arguments[4]), let edits = Int(arguments[5]) else {
    fail("usage: sync-device-process run <state> <server> <seed> <edits>")
  }
  for index in 0..<edits {
    let counter = engine.state.counter
    var random = SplitMix64(seed: seed ^ UInt64(counter) &* 0x9E37_79B9_7F4A_7C15)
    let time = now.addingTimeInterval(Double(counter) * 20)
    let queue = random.element(of: queues)
    let present = engine.state.episodes(in: queue)
    if present.isEmpty || random.chance(7, in: 10) {
      let guids = (0..<random.integer(in: 1...3)).map { "k\(counter)-\($0)" }
      say("E add \(queue) " + guids.joined(separator: " "))
      do {
        try engine.edit(now: time) { (library) throws(SyncError) in
          try library.playNext(
            guids.map {
              EpisodeReference(
                episodeGUID: $0, feedURL: "https://example.com/k.xml", durationSeconds: 600, addedAt: time)
            }, in: queue, now: time)
        }
      } catch { fail("\(error)") }
    } else {
      let victim = random.element(of: present)
      say("E remove \(queue) \(victim.guid)")
      do {
        try engine.edit(now: time) { (library) throws(SyncError) in try library.remove(victim, from: queue, now: time) }
      } catch { fail("\(error)") }
    }
    do { try store.save(engine) } catch { fail("\(error)") }
    say("C")
    if index % 3 == 2 { sync(&engine, at: time.addingTimeInterval(11)) }
  }
case "settle":
  for round in 0..<4 {
    sync(&engine, at: now.addingTimeInterval(Double(engine.state.counter) * 20 + 11 + Double(round)))
  }
  guard engine.pending.isEmpty else { fail("records still pending after settling: \(engine.pending.sorted())") }
  let library: QueueLibrary
  do { library = try engine.library() } catch { fail("\(error)") }
  for queue in library.queues {
    say(([queue.id.rawValue] + queue.episodes.map(\.episodeGUID)).joined(separator: " "))
  }
default:
  fail("unknown mode \(arguments[1]); expected run or settle")
}
