import Foundation
import Queues
import SmartFill
import SmartFillSupport

@testable import QueueSync

/// Devices syncing through one in-memory server, on days of the tests' clock, for the tests of collecting
/// tombstones (`DeviceRegistry`).
struct TombstoneFleet {
  let server = InMemorySyncServer()
  var devices: [SyncEngine]

  /// `count` new devices, named `d0`, `d1`, ….
  init(count: Int) {
    devices = (0..<count).map { engine("d\($0)") }
  }

  /// `day` days (and `seconds`) after the tests' start.
  static func day(_ day: Double, _ seconds: Double = 0) -> Date { at(day * 86_400 + seconds) }

  /// Device `index` syncs on `day`, a minute after `seconds` so that its edits are due.
  @discardableResult
  mutating func sync(_ index: Int, day: Double, seconds: Double = 60) -> SyncReport {
    let server = server
    return devices[index].syncNow(
      now: Self.day(day, seconds),
      fetch: { token in Result { () throws(SyncServerError) in try server.changes(since: token) } },
      save: { .success(server.apply($0)) },
      delete: { ids in
        server.remove(ids)
        return .success(())
      })
  }

  /// Every device in `indices` syncs `rounds` times on `day`.
  mutating func syncAll(_ indices: [Int]? = nil, day: Double, rounds: Int = 3) {
    for round in 0..<rounds {
      for index in indices ?? Array(devices.indices) { sync(index, day: day, seconds: Double(60 + round * 20)) }
    }
  }

  /// Device `index` edits on `day`.
  mutating func edit(_ index: Int, day: Double, _ body: (inout ReplicatedLibrary) throws(SyncError) -> Void) throws {
    try devices[index].edit(now: Self.day(day)) { (library) throws(SyncError) in try body(&library) }
  }

  /// The queues (shown, deleted or tombstones) device `index` holds a state of.
  func heldQueues(_ index: Int) -> Set<QueueID> {
    Set(devices[index].state.queues.keys).union(devices[index].state.retired.keys)
  }

  /// The server's queue records.
  var serverQueueRecords: [SyncRecord] { server.allRecords.filter { $0.id.hasPrefix("queue.") } }
}
