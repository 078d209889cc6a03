// A device process for the PostgreSQL multi-process fault test (Tests/QueueSyncPostgresTests/
// MultiProcessFaultTests.swift): sync-device-process's edits (SyncDeviceSupport's DeviceEdits), syncing
// through a PostgreSQL cluster instead of a file.
//
//   postgres-device-process run <state file> <connection string> <user> <device> <seed> <edits>
//     Loads the device's engine (a new one, replica <device>, when the file is missing), then makes <edits>
//     edits, syncing after every third, printing "E …" before each edit and "C" once it is saved (see
//     DeviceEdits.run). Added episodes are named "<device>k<counter>-<n>", unique across devices. A sync
//     that fails (the server restarting, the connection terminated) leaves its records pending for the next.
//   postgres-device-process settle <state file> <connection string> <user> <device>
//     Syncs until nothing is pending, then prints the device's queues, one line each.

import Foundation
import QueueSync
import QueueSyncPostgres
import SyncDeviceSupport

let arguments = CommandLine.arguments
guard arguments.count >= 6 else {
  fail("usage: postgres-device-process run|settle <state> <connection string> <user> <device> [<seed> <edits>]")
}
let store = SyncStore(path: arguments[2])
let server = PostgresSyncServer(connection: PostgresConnection(arguments[3]), user: arguments[4])
let device = arguments[5]

/// One sync through the server's blocking calls; the engine is saved after each answer.
func sync(_ engine: inout SyncEngine, at time: Date) {
  _ = engine.syncNow(
    now: time,
    fetch: { token in Result { () throws(SyncServerError) in try server.changes(since: token) } },
    save: { records in Result { () throws(SyncServerError) in try server.apply(records) } },
    delete: { ids in Result { () throws(SyncServerError) in try server.remove(ids) } },
    after: { engine in
      do { try store.save(engine) } catch { fail("\(error)") }
    })
}

var engine: SyncEngine
do {
  engine = try store.load() ?? SyncEngine(replica: ReplicaID(device), deviceName: device, now: DeviceEdits.start)
} catch {
  fail("\(error)")
}

switch arguments[1] {
case "run":
  guard arguments.count == 8, let seed = UInt64(arguments[6]), let edits = Int(arguments[7]) else {
    fail("usage: postgres-device-process run <state> <connection string> <user> <device> <seed> <edits>")
  }
  DeviceEdits.run(&engine, store: store, seed: seed, edits: edits, guidPrefix: device + "k") { engine, time in
    sync(&engine, at: time)
  }
case "settle":
  DeviceEdits.settle(&engine) { engine, time in sync(&engine, at: time) }
default:
  fail("unknown mode \(arguments[1]); expected run or settle")
}
