import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// Deleting a queue on one device while another edits it, and restoring it, through sync (issue 49, items 6–8).
@Suite("Deleted queues through sync")
struct SyncEngineDeletionTests {
  /// The kept-queue case: after `prepare` on the phone, both sync; the tablet deletes Commute and syncs; the
  /// phone, which had not seen the deletion, inserts episode 1 (which keeps the queue), syncs, removes 1, and
  /// both sync again.
  static func keptQueue(
    _ prepare: (inout ReplicatedLibrary) throws(SyncError) -> Void
  ) async throws -> (server: InMemorySyncServer, phone: SyncEngine, tablet: SyncEngine) {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    var tablet = engine("tablet")
    try phone.edit(now: at(0), prepare)
    _ = await phone.sync(with: server, now: at(20))
    _ = await tablet.sync(with: server, now: at(30))
    try tablet.edit(now: at(40)) { (library) throws(SyncError) in try library.delete(.commute, now: at(40)) }
    _ = await tablet.sync(with: server, now: at(60))
    try phone.edit(now: at(70)) { (library) throws(SyncError) in
      try library.insert([reference("1")], into: .commute, at: 0, now: at(70))
    }
    _ = await phone.sync(with: server, now: at(90))
    try phone.edit(now: at(100)) { (library) throws(SyncError) in
      try library.remove(episode("1"), from: .commute, now: at(100))
    }
    _ = await phone.sync(with: server, now: at(120))
    _ = await tablet.sync(with: server, now: at(130))
    return (server, phone, tablet)
  }

  @Test("a queue kept by a concurrent add stays, with its name and rules, when emptied (issue 49, item 7)")
  func keptQueueEmptied() async throws {
    let (_, phone, tablet) = try await Self.keptQueue { (library) throws(SyncError) in
      try library.rename(.commute, to: "🚗 Drive", now: at(0))
    }
    // `QueueLibrary` keeps an emptied queue, with its name and rules: so does every device.
    var model = QueueLibrary(now: start)
    try model.rename(.commute, to: "🚗 Drive")
    let expected = try #require(model[.commute])
    for device in [phone, tablet] {
      let queue = try #require(try device.library()[.commute], "the queue is gone")
      #expect(queue.name == expected.name)
      #expect(
        queue.autoSwitchRules == expected.autoSwitchRules && queue.smartFillSettings == expected.smartFillSettings)
      #expect(queue.episodes.isEmpty)
    }
  }

  @Test("a queue created and deleted on one day is listed as deleted on every device and restores (item 8)")
  func deletedQueuesListed() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    var tablet = engine("tablet")
    let bike = QueueID("bike")
    // The day's first edit comes before the queue exists, so no daily snapshot holds it.
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast([reference("0")], in: .upNext, now: at(0))
    }
    try phone.edit(now: at(100)) { (library) throws(SyncError) in
      try library.createQueue(named: "🚴 Bike", id: bike, now: at(100))
      try library.playLast([reference("1"), reference("2")], in: bike, now: at(100))
    }
    _ = await phone.sync(with: server, now: at(130))
    _ = await tablet.sync(with: server, now: at(140))
    try phone.edit(now: at(200)) { (library) throws(SyncError) in try library.delete(bike, now: at(200)) }
    _ = await phone.sync(with: server, now: at(220))
    _ = await tablet.sync(with: server, now: at(240))
    // `QueueLibrary` lists the deleted queue with its episodes, for 30 days.
    var model = QueueLibrary(now: start)
    try model.createQueue(named: "🚴 Bike", id: bike, now: at(100))
    try model.modify(bike) { queue throws(QueueError) in try queue.playLast([reference("1"), reference("2")]) }
    try model.delete(model.deletion(of: bike), now: at(200))
    let expected = try #require(model.restorableDeletedQueues(now: at(300)).first)
    for device in [phone, tablet] {
      var library = try device.library()
      let deleted = library.restorableDeletedQueues(now: at(300))
      #expect(deleted.map(\.queue.id) == [bike], "\(device.deviceName) lists \(deleted.map(\.queue.name))")
      #expect(deleted.first?.queue.name == expected.queue.name)
      #expect(deleted.first?.queue.episodes.map(\.episodeGUID) == expected.queue.episodes.map(\.episodeGUID))
      // The library read is a `QueueLibrary` like any other: its restore works on the copy.
      _ = try library.restore(bike, now: at(300))
      #expect(library[bike]?.episodes.count == 2)
    }
    try tablet.restore(bike, now: at(300))
    _ = await tablet.sync(with: server, now: at(320))
    _ = await phone.sync(with: server, now: at(330))
    for device in [phone, tablet] {
      let library = try device.library()
      #expect(library[bike]?.name == "🚴 Bike" && guids(device.state, bike) == ["1", "2"])
      #expect(library.deletedQueues.isEmpty)
    }
  }

  @Test("the deleting device restores a queue kept meanwhile by another device's add (item 8)")
  func restoreAfterKeptQueue() async throws {
    var (server, phone, tablet) = try await Self.keptQueue { (library) throws(SyncError) in
      try library.playLast([reference("5")], in: .commute, now: at(0))
    }
    let snapshot = try #require(tablet.snapshots(of: .commute).first)
    try tablet.restore(snapshot, now: at(140))
    _ = await tablet.sync(with: server, now: at(160))
    _ = await phone.sync(with: server, now: at(170))
    for device in [phone, tablet] {
      #expect(try device.library()[.commute]?.name == "🚗 Commute")
      #expect(guids(device.state, .commute) == ["5"])
    }
  }

  @Test("a rename and new rules made while another device deletes the queue come back with it (item 6)")
  func concurrentSettingsKept() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    var tablet = engine("tablet")
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast([reference("5"), reference("6")], in: .commute, now: at(0))
    }
    _ = await phone.sync(with: server, now: at(20))
    _ = await tablet.sync(with: server, now: at(30))
    try tablet.edit(now: at(40)) { (library) throws(SyncError) in try library.delete(.commute, now: at(40)) }
    try phone.edit(now: at(45)) { (library) throws(SyncError) in
      try library.rename(.commute, to: "🚙 Drive", now: at(45))
      try library.replaceAutoSwitchRules(of: .commute, with: [], now: at(45))
    }
    _ = await tablet.sync(with: server, now: at(60))
    _ = await phone.sync(with: server, now: at(70))
    _ = await tablet.sync(with: server, now: at(80))
    try tablet.restore(.commute, now: at(90))
    _ = await tablet.sync(with: server, now: at(110))
    _ = await phone.sync(with: server, now: at(120))
    // In `QueueLibrary`, the same edits one after the other, then the deletion and the restore.
    var model = QueueLibrary(now: start)
    try model.rename(.commute, to: "🚙 Drive")
    try model.modify(.commute) { queue throws(QueueError) in try queue.replaceAutoSwitchRules(with: []) }
    let expected = try #require(model[.commute])
    try model.delete(model.deletion(of: .commute))
    _ = try model.restore(.commute)
    for device in [phone, tablet] {
      #expect(try device.library().queues.map(\.id) == model.queues.map(\.id), "back at its place in the list")
      let queue = try #require(try device.library()[.commute], "\(device.deviceName) has no Commute")
      #expect(queue.name == expected.name && queue.autoSwitchRules == expected.autoSwitchRules)
      #expect(guids(device.state, .commute) == ["5", "6"])
    }
  }

  /// An edit of Commute's episodes that one device makes while another deletes the queue, with the same edit on
  /// the model, `QueueLibrary`.
  enum EpisodeEdit: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case remove, clear, move, finish, play

    var testDescription: String { rawValue }

    func apply(to library: inout ReplicatedLibrary, now: Date) throws(SyncError) {
      switch self {
      case .remove: try library.remove(episode("2"), from: .commute, now: now)
      case .clear: try library.clear(.commute, now: now)
      case .move: try library.move(fromOffsets: [3], toOffset: 0, in: .commute, now: now)
      case .finish: library.markFinished(episode("3"), now: now)
      case .play:
        try library.makeCurrent(at: 2, in: .commute, now: now)
        try library.recordPosition(600, in: .commute, now: now)
      }
    }

    func apply(to model: inout QueueLibrary) throws {
      switch self {
      case .remove: try model.modify(.commute) { queue throws(QueueError) in try queue.remove(episode("2")) }
      case .clear: _ = try model.clear(.commute)
      case .move:
        try model.modify(.commute) { queue throws(QueueError) in try queue.move(fromOffsets: [3], toOffset: 0) }
      case .finish: model.markFinished(episode("3"))
      case .play:
        try model.modify(.commute) { queue throws(QueueError) in
          try queue.makeCurrent(at: 2)
          try queue.recordPosition(600)
        }
      }
    }
  }

  @Test(
    "an episode edit made while another device deletes the queue is kept by the restore, on either (item 6)",
    arguments: EpisodeEdit.allCases, ["tablet", "phone"])
  func concurrentEpisodeEditKept(edit: EpisodeEdit, restorer: String) async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    var tablet = engine("tablet")
    let episodes = ["1", "2", "3", "4"].map { reference($0) }
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast(episodes, in: .commute, now: at(0))
    }
    _ = await phone.sync(with: server, now: at(20))
    _ = await tablet.sync(with: server, now: at(30))
    // The tablet deletes Commute while the phone, not yet synced, edits its episodes.
    try tablet.edit(now: at(40)) { (library) throws(SyncError) in try library.delete(.commute, now: at(40)) }
    try phone.edit(now: at(45)) { (library) throws(SyncError) in try edit.apply(to: &library, now: at(45)) }
    _ = await tablet.sync(with: server, now: at(60))
    _ = await phone.sync(with: server, now: at(70))
    _ = await tablet.sync(with: server, now: at(80))
    if restorer == "tablet" {
      try tablet.restore(.commute, now: at(90))
      _ = await tablet.sync(with: server, now: at(110))
      _ = await phone.sync(with: server, now: at(120))
    } else {
      try phone.restore(.commute, now: at(90))
      _ = await phone.sync(with: server, now: at(110))
      _ = await tablet.sync(with: server, now: at(120))
    }
    // In `QueueLibrary`, the phone's edit, then the deletion and the restore.
    var model = QueueLibrary(now: start)
    try model.modify(.commute) { queue throws(QueueError) in try queue.playLast(episodes) }
    try edit.apply(to: &model)
    try model.delete(model.deletion(of: .commute))
    _ = try model.restore(.commute)
    let expected = try #require(model[.commute]).episodes.map { "\($0.episodeGUID)@\($0.playbackPositionSeconds)" }
    for device in [phone, tablet] {
      let queue = try #require(try device.library()[.commute], "\(device.deviceName) has no Commute")
      let shown = queue.episodes.map { "\($0.episodeGUID)@\($0.playbackPositionSeconds)" }
      #expect(shown == expected, "\(edit), restored on the \(restorer): \(device.deviceName) shows \(shown)")
    }
  }

  @Test("a device that never showed a deleted queue lists it and restores it from the synced state (item 6)")
  func restoredWhereNeverShown() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    var car = engine("car")
    let bike = QueueID("bike")
    try phone.edit(now: at(100)) { (library) throws(SyncError) in
      try library.createQueue(named: "🚴 Bike", id: bike, now: at(100))
      try library.playLast([reference("1"), reference("2"), reference("3")], in: bike, now: at(100))
      try library.move(fromOffsets: [2], toOffset: 0, in: bike, now: at(110))
      try library.delete(bike, now: at(120))
    }
    _ = await phone.sync(with: server, now: at(140))
    _ = await car.sync(with: server, now: at(150))
    #expect(car.snapshots(of: bike).isEmpty, "the car never showed Bike: no snapshot to restore from")
    let listed = try car.library().restorableDeletedQueues(now: at(160))
    #expect(listed.map(\.queue.id) == [bike])
    #expect(listed.first?.queue.episodes.map(\.episodeGUID) == ["3", "1", "2"])
    try car.restore(bike, now: at(160))
    _ = await car.sync(with: server, now: at(180))
    _ = await phone.sync(with: server, now: at(190))
    for device in [phone, car] {
      #expect(try device.library()[bike]?.name == "🚴 Bike", "\(device.deviceName)")
      #expect(guids(device.state, bike) == ["3", "1", "2"], "\(device.deviceName)")
      #expect(try device.library().deletedQueues.isEmpty, "\(device.deviceName)")
    }
  }
}
