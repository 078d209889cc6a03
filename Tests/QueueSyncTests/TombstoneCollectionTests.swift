import Foundation
import Queues
import SmartFill
import SmartFillSupport
import Testing

@testable import QueueSync

@Suite("Collecting tombstones once every device holds them (issue 49, item 4)")
struct TombstoneCollectionTests {
  /// Three devices that synced once; device 0 holds one episode in Up Next, so the server holds a queue record.
  func registeredFleet() throws -> TombstoneFleet {
    var fleet = TombstoneFleet(count: 3)
    try fleet.edit(0, day: 0) { (library) throws(SyncError) in
      try library.playLast([reference("up")], in: .upNext, now: TombstoneFleet.day(0))
    }
    fleet.syncAll(day: 0)
    return fleet
  }

  /// Device 0 creates `count` queues with two episodes each on `day`; every device syncs.
  func createQueues(_ count: Int, in fleet: inout TombstoneFleet, day: Double) throws -> [QueueID] {
    let ids = (0..<count).map { QueueID("q\($0)") }
    for (offset, id) in ids.enumerated() {
      try fleet.edit(0, day: day) { (library) throws(SyncError) in
        try library.createQueue(named: "Queue \(offset)", id: id, now: TombstoneFleet.day(day))
        try library.playLast(
          [reference("\(id)-a"), reference("\(id)-b")], in: id, now: TombstoneFleet.day(day))
      }
    }
    fleet.syncAll(day: day)
    return ids
  }

  /// The file's sync state without what a sync moves on anyway (clock, counter, token, change tags, the daily
  /// snapshots of the queues shown).
  func stableParts(_ engine: SyncEngine) -> [String] {
    let state = engine.state
    return [state.queues.keys, state.retired.keys].joined().sorted { $0.rawValue < $1.rawValue }.map {
      String(decoding: StateWriter.encode(state.queueState($0)!), as: UTF8.self)
    } + engine.deletedOnServer.sorted() + engine.pending.sorted()
  }

  @Test("three devices: deleted queues' tombstones leave every device and the server once all hold them")
  func collected() throws {
    var fleet = try registeredFleet()
    let before = fleet.devices.map(stableParts)
    let beforeBytes = try fleet.devices.map { try SyncStore.bytes(of: $0).count }
    let beforeServer = fleet.serverQueueRecords
    let ids = try createQueues(3, in: &fleet, day: 1)
    for id in ids {
      try fleet.edit(1, day: 2) { (library) throws(SyncError) in try library.delete(id, now: TombstoneFleet.day(2)) }
    }
    fleet.syncAll(day: 2)
    #expect(fleet.serverQueueRecords.count == beforeServer.count + 3)
    // 30 days after the deletes each device compacts the queues to tombstones, then lists them, then one deletes.
    fleet.syncAll(day: 33, rounds: 4)
    for (index, device) in fleet.devices.enumerated() {
      #expect(fleet.heldQueues(index).isDisjoint(with: ids), "device \(index) still holds a tombstone")
      #expect(device.registry.devices.count == 3)
      #expect(device.registry.devices.values.allSatisfy { $0.retired.isEmpty })
      #expect(stableParts(device) == before[index], "device \(index)'s state is not as before the queues")
      #expect(!device.snapshots.contains { ids.contains($0.queueID) })
      // The file gains only the registry (three devices, each under 120 bytes) and digits of counters.
      let grown = try SyncStore.bytes(of: device).count - beforeBytes[index]
      #expect(grown < 3 * 120 + 60, "device \(index)'s file grew by \(grown) bytes")
    }
    #expect(fleet.serverQueueRecords == beforeServer)
    #expect(fleet.server.allRecords.count == beforeServer.count + 3, "the queue records and three Device records")
  }

  @Test("a registered device that has not synced blocks collection for 90 days, then no longer")
  func blockedUntilExpiry() throws {
    var fleet = try registeredFleet()
    let ids = try createQueues(1, in: &fleet, day: 1)
    try fleet.edit(1, day: 2) { (library) throws(SyncError) in try library.delete(ids[0], now: TombstoneFleet.day(2)) }
    // Device 2 last synced on day 1, with the queue shown.
    fleet.syncAll([0, 1], day: 2)
    fleet.syncAll([0, 1], day: 40, rounds: 4)
    fleet.syncAll([0, 1], day: 90, rounds: 4)
    #expect(fleet.server.record("queue.q0") != nil, "collected while device 2 (synced on day 1) lacks the tombstone")
    #expect(fleet.devices[0].state.retired[ids[0]]?.isTombstone == true)
    fleet.syncAll([0, 1], day: 91.5, rounds: 4)
    #expect(fleet.server.record("queue.q0") == nil, "device 2, silent for 90 days, still blocks")
    #expect(!fleet.heldQueues(0).contains(ids[0]) && !fleet.heldQueues(1).contains(ids[0]))
  }

  @Test("an expired device's offline add to a collected queue is kept under a new identifier; all converge")
  func expiredDeviceAdds() throws {
    var fleet = try registeredFleet()
    let ids = try createQueues(1, in: &fleet, day: 1)
    try fleet.edit(1, day: 2) { (library) throws(SyncError) in try library.delete(ids[0], now: TombstoneFleet.day(2)) }
    fleet.syncAll([0, 1], day: 2)
    fleet.syncAll([0, 1], day: 95, rounds: 4)
    #expect(fleet.server.record("queue.q0") == nil)
    try fleet.edit(2, day: 100) { (library) throws(SyncError) in
      try library.playLast([reference("offline")], in: ids[0], now: TombstoneFleet.day(100))
    }
    let report = fleet.sync(2, day: 100)
    let kept = QueueID("q0-kept")
    #expect(report.summaries.contains { $0.change == .keptAfterCollection(newID: kept) })
    fleet.syncAll(day: 100)
    for (index, device) in fleet.devices.enumerated() {
      #expect(guids(device.state, kept) == ["q0-a", "q0-b", "offline"], "device \(index)")
      #expect(try device.library().queues.first { $0.id == kept }?.name == "Queue 0")
      #expect(device.state.queueState(ids[0]) == nil)
      #expect(device.pending.isEmpty)
      #expect(device.state.hasSameState(as: fleet.devices[0].state))
    }
  }

  @Test("two expired devices keeping the same collected queue end with one queue holding both adds")
  func twoDevicesKeep() throws {
    var fleet = try registeredFleet()
    let ids = try createQueues(1, in: &fleet, day: 1)
    try fleet.edit(0, day: 2) { (library) throws(SyncError) in try library.delete(ids[0], now: TombstoneFleet.day(2)) }
    fleet.syncAll([0], day: 2)
    fleet.syncAll([0], day: 95, rounds: 4)
    #expect(fleet.server.record("queue.q0") == nil)
    for (index, guid) in [(1, "one"), (2, "two")] {
      try fleet.edit(index, day: 100) { (library) throws(SyncError) in
        try library.playLast([reference(guid)], in: ids[0], now: TombstoneFleet.day(100))
      }
    }
    fleet.sync(1, day: 100)
    fleet.sync(1, day: 100, seconds: 120)
    let report = fleet.sync(2, day: 100, seconds: 180)
    #expect(report.summaries.contains { $0.change == .keptAfterCollection(newID: QueueID("q0-kept")) })
    fleet.syncAll(day: 101)
    for (index, device) in fleet.devices.enumerated() {
      let shown = try device.library().queues.filter { $0.id.rawValue.hasPrefix("q0") }
      #expect(shown.map(\.id) == [QueueID("q0-kept")], "device \(index)")
      #expect(Set(guids(device.state, QueueID("q0-kept"))) == ["q0-a", "q0-b", "one", "two"], "device \(index)")
      #expect(device.state.hasSameState(as: fleet.devices[0].state))
    }
  }

  @Test("a device whose clock is 200 days ahead counts the others by when it heard from them, not their clocks")
  func fastClock() throws {
    var fleet = TombstoneFleet(count: 3)
    // Device 0's clock is 200 days ahead, from the start.
    let skew = 200.0
    func syncAll(_ fleet: inout TombstoneFleet, day: Double) {
      for round in 0..<3 {
        for index in 0..<3 { fleet.sync(index, day: day + (index == 0 ? skew : 0), seconds: Double(60 + round * 20)) }
      }
    }
    syncAll(&fleet, day: 0)
    let id = QueueID("q0")
    try fleet.edit(1, day: 1) { (library) throws(SyncError) in
      try library.createQueue(named: "Queue 0", id: id, now: TombstoneFleet.day(1))
      try library.playLast([reference("a")], in: id, now: TombstoneFleet.day(1))
    }
    syncAll(&fleet, day: 1)
    try fleet.edit(1, day: 2) { (library) throws(SyncError) in try library.delete(id, now: TombstoneFleet.day(2)) }
    // Device 2 adds to the queue before it hears of the delete: the add keeps the queue, under its own identifier.
    try fleet.edit(2, day: 2) { (library) throws(SyncError) in
      try library.playLast([reference("b")], in: id, now: TombstoneFleet.day(2))
    }
    fleet.sync(1, day: 2)
    // Device 0 holds the delete as a 200-day-old tombstone from its next day on; the others do not.
    for day in [2, 3, 3.5] {
      fleet.sync(0, day: day + skew)
      fleet.sync(0, day: day + skew, seconds: 120)
    }
    #expect(fleet.devices[0].state.retired[id]?.isTombstone == true)
    #expect(fleet.server.record("queue.q0") != nil, "collected while devices 1 and 2 synced today")
    syncAll(&fleet, day: 3)
    for (index, device) in fleet.devices.enumerated() {
      #expect(guids(device.state, id) == ["b"], "device \(index)")
      #expect(device.state.queueState(QueueID("q0-kept")) == nil, "device \(index)")
    }
  }

  @Test("a deleted built-in queue is never collected: a device that never synced holds it from its start")
  func builtInKept() throws {
    var fleet = TombstoneFleet(count: 2)
    fleet.sync(0, day: 0)
    try fleet.edit(0, day: 1) { (library) throws(SyncError) in try library.delete(.commute, now: TombstoneFleet.day(1))
    }
    fleet.syncAll([0], day: 1)
    fleet.syncAll([0], day: 40)
    #expect(fleet.devices[0].state.retired[.commute]?.isTombstone == true)
    #expect(fleet.server.record("queue.commute") != nil, "a built-in queue's tombstone was collected")
    // Device 1 never synced: its add to the Commute it has from its start keeps the queue, as any concurrent add.
    try fleet.edit(1, day: 41) { (library) throws(SyncError) in
      try library.playLast([reference("late")], in: .commute, now: TombstoneFleet.day(41))
    }
    fleet.syncAll(day: 41)
    for (index, device) in fleet.devices.enumerated() {
      #expect(guids(device.state, .commute) == ["late"], "device \(index)")
      #expect(device.state.queueState(QueueID("commute-kept")) == nil, "device \(index)")
    }
  }

  @Test("a lone device collects its tombstones once they are 30 days old")
  func loneDevice() throws {
    var fleet = TombstoneFleet(count: 1)
    let ids = try createQueues(1, in: &fleet, day: 0)
    try fleet.edit(0, day: 1) { (library) throws(SyncError) in try library.delete(ids[0], now: TombstoneFleet.day(1)) }
    fleet.syncAll(day: 1)
    fleet.syncAll(day: 32)
    #expect(fleet.serverQueueRecords.isEmpty)
    #expect(!fleet.heldQueues(0).contains(ids[0]))
  }

  @Test("the registry is kept in the state file, left out when empty, and a file without it reads as before")
  func stateFile() throws {
    var fleet = try registeredFleet()
    let bytes = try SyncStore.bytes(of: fleet.devices[0])
    #expect(String(decoding: bytes, as: UTF8.self).contains(#""devices":"#))
    let read = try SyncStore.engine(bytes: bytes, path: "d0.json")
    #expect(read.registry == fleet.devices[0].registry)
    let fresh = try SyncStore.bytes(of: engine("new"))
    #expect(!String(decoding: fresh, as: UTF8.self).contains(#""devices""#))
    #expect(try SyncStore.engine(bytes: fresh, path: "new.json").registry.devices.isEmpty)
    // A restart does not rewrite the record: the registry says what was written.
    fleet.devices[0] = read
    fleet.sync(0, day: 0, seconds: 600)
    #expect(read.registry.devices["d0"]?.revision == fleet.devices[0].registry.devices["d0"]?.revision)
  }

  @Test("an older engine's reading of a Device record reports it and merges nothing")
  func olderEngine() throws {
    let fleet = try registeredFleet()
    let record = try #require(fleet.server.record("device.d1"))
    #expect(record.type == "Device")
    #expect(throws: SyncError.self) { try ReplicatedLibrary.state(of: record) }
    // A bad Device record is reported with its field, and the registry keeps what it had.
    var device = fleet.devices[0]
    var bad = record
    bad.fields["retired"] = .json(Array(#"[["q0","not hex"]]"#.utf8))
    bad.changeTag = "999"
    let report = device.handleFetch(FetchedChanges(changed: [bad], token: ChangeToken(rawValue: "999")), now: at(0))
    #expect(
      report.problems == [
        .invalidRecord(
          recordID: "device.d1", location: "retired[0][1]", reason: #"expected up to 16 hex digits, found "not hex""#)
      ])
    #expect(device.registry == fleet.devices[0].registry)
  }
  /// The registered fleet where device 2, backed up on day 0, goes on to sync an edit on day 1, is restored
  /// from the backup and edits again on day 2: its events move to a new identity. Returns the copy that went
  /// on (the device before the restore, or an old phone still running) too.
  func restoredFleet() throws -> (fleet: TombstoneFleet, copy: SyncEngine) {
    var fleet = try registeredFleet()
    let backup = try SyncStore.bytes(of: fleet.devices[2])
    try fleet.edit(2, day: 1) { (library) throws(SyncError) in
      try library.playLast([reference("before-restore")], in: .upNext, now: TombstoneFleet.day(1))
    }
    fleet.syncAll(day: 1)
    let copy = fleet.devices[2]
    fleet.devices[2] = try SyncStore.engine(bytes: backup, path: "backup.json")
    try fleet.edit(2, day: 2) { (library) throws(SyncError) in
      try library.playLast([reference("after-restore")], in: .upNext, now: TombstoneFleet.day(2))
    }
    fleet.syncAll(day: 2)
    return (fleet, copy)
  }

  @Test("a device restored from a backup names its old identity replaced: that one holds nothing back")
  func restoredBackup() throws {
    var (fleet, _) = try restoredFleet()
    let renamed = fleet.devices[2].state.replica.rawValue
    #expect(renamed.hasPrefix("d2~"), "the restored device's events moved to a new identity: \(renamed)")
    let entry = try #require(fleet.devices[0].registry.devices[renamed])
    #expect(entry.replaces == ["d2": try #require(fleet.devices[0].registry.devices["d2"]).revision])
    let ids = try createQueues(1, in: &fleet, day: 3)
    try fleet.edit(1, day: 4) { (library) throws(SyncError) in try library.delete(ids[0], now: TombstoneFleet.day(4)) }
    fleet.syncAll(day: 4)
    fleet.syncAll(day: 36, rounds: 4)
    #expect(fleet.server.record("queue.q0") == nil, "the old identity d2 (last synced on day 1) held it back")
    for index in fleet.devices.indices {
      #expect(!fleet.heldQueues(index).contains(ids[0]), "device \(index)")
      #expect(guids(fleet.devices[index].state, .upNext) == ["up", "before-restore", "after-restore"])
      #expect(fleet.devices[index].pending.isEmpty)
    }
    // The replacement is kept in the state file and read back.
    let read = try SyncStore.engine(bytes: try SyncStore.bytes(of: fleet.devices[0]), path: "d0.json")
    #expect(read.registry == fleet.devices[0].registry)
  }

  @Test("an old identity that writes again after it was taken over (a copy still running) holds back again")
  func copyStillRunning() throws {
    var (fleet, copy) = try restoredFleet()
    fleet.devices.append(copy)
    // The copy syncs once more, a day after its last record: a later revision than the one taken over.
    fleet.syncAll([3], day: 3)
    let ids = try createQueues(1, in: &fleet, day: 3)
    try fleet.edit(1, day: 4) { (library) throws(SyncError) in try library.delete(ids[0], now: TombstoneFleet.day(4)) }
    fleet.syncAll([0, 1, 2], day: 4)
    fleet.syncAll([0, 1, 2], day: 36, rounds: 4)
    #expect(fleet.server.record("queue.q0") != nil, "collected while the copy, heard from on day 3, lacks it")
    fleet.syncAll([0, 1, 2], day: 94, rounds: 4)
    #expect(fleet.server.record("queue.q0") == nil, "the copy, silent for 90 days, still holds it back")
  }

  @Test("a Device record's replaces field: written only when not empty, read back, bad values named")
  func replacesField() throws {
    let plain = DeviceRegistry.Entry(name: "iPad", lastSync: at(0), revision: 3, retired: [:])
    #expect(plain.record(of: ReplicaID("d1"), changeTag: nil).fields["replaces"] == nil)
    let entry = DeviceRegistry.Entry(name: "iPad", lastSync: at(0), revision: 3, retired: [:], replaces: ["d1": 7])
    let record = entry.record(of: ReplicaID("d1~9"), changeTag: nil)
    #expect(record.fields["replaces"] == .json(Array(#"[["d1",7]]"#.utf8)))
    #expect(try DeviceRegistry.Entry.read(record).entry == entry)
    for (text, location) in [
      (#"[["d1",-1]]"#, "replaces[0][1]"), (#"[["",1]]"#, "replaces[0][0]"), (#"[["d1"]]"#, "replaces[0]"),
      (#"{"d1":1}"#, "replaces"),
    ] {
      var bad = record
      bad.fields["replaces"] = .json(Array(text.utf8))
      #expect(throws: SyncError.self, "\(text)") { try DeviceRegistry.Entry.read(bad) }
      do {
        _ = try DeviceRegistry.Entry.read(bad)
      } catch {
        guard case .invalidRecord(_, let found, _) = error else { throw error }
        #expect(found == location, "\(text)")
      }
    }
    var tooMany = record
    let list = (0...DeviceRegistry.replacedLimit).map { #"["d\#($0)",1]"# }.joined(separator: ",")
    tooMany.fields["replaces"] = .json(Array("[\(list)]".utf8))
    #expect(throws: SyncError.self) { try DeviceRegistry.Entry.read(tooMany) }
  }
  @Test("a new identity names at most 16 identities replaced, those still registered first, at the server's revision")
  func replacedLimit() {
    var device = engine("d0~b")
    let older = Dictionary(uniqueKeysWithValues: (0..<20).map { ("d0~\($0)", $0) })
    device.registry.devices["d0"] = .init(name: "d0", lastSync: at(0), revision: 5, retired: [:], replaces: older)
    for index in [7, 9] {
      device.registry.devices["d0~\(index)"] = .init(name: "d0", lastSync: at(0), revision: 1, retired: [:])
    }
    var pendingOwn = device
    device.replacedIdentity = ReplicaID("d0")
    let names = device.takeOverReplacedIdentity()
    #expect(names.count == DeviceRegistry.replacedLimit && device.replacedIdentity == nil)
    #expect(names["d0"] == 5 && names["d0~7"] == 7 && names["d0~9"] == 9, "\(names.sorted { $0.key < $1.key })")
    // The old identity's record was pending (a revision it never wrote): the server holds the one before.
    pendingOwn.pending.insert("device.d0")
    pendingOwn.replacedIdentity = ReplicaID("d0")
    #expect(pendingOwn.takeOverReplacedIdentity()["d0"] == 4)
    #expect(pendingOwn.registry.devices["d0"]?.revision == 4 && !pendingOwn.pending.contains("device.d0"))
  }
}
