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
import SyncDeviceSupport

let arguments = CommandLine.arguments
guard arguments.count >= 4 else { fail("usage: sync-device-process run|settle <state> <server> [<seed> <edits>]") }
let store = SyncStore(path: arguments[2])
let serverPath = arguments[3]
let now = DeviceEdits.start

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
    delete: { ids in
      let server = loadServer()
      server.remove(ids)
      saveServer(server)
      return .success(())
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
  DeviceEdits.run(&engine, store: store, seed: seed, edits: edits) { engine, time in sync(&engine, at: time) }
case "settle":
  DeviceEdits.settle(&engine) { engine, time in sync(&engine, at: time) }
default:
  fail("unknown mode \(arguments[1]); expected run or settle")
}
