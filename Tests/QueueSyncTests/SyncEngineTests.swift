import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// An engine for device `name`.
func engine(_ name: String) -> SyncEngine {
  SyncEngine(replica: ReplicaID(name), deviceName: name, now: start)
}

/// The records `engine` would save at `now` without fetching first (the sans-I/O calls a sync makes), or
/// `nil` when it has none.
func saveRequest(_ engine: inout SyncEngine, at now: Date) -> [SyncRecord]? {
  engine.beginSync()
  engine.needsFetch = false
  guard case .save(let records)? = engine.nextRequest(now: now) else { return nil }
  return records
}

@Suite("Sync engine")
struct SyncEngineTests {
  @Test("a local change goes out within 10 seconds: not before, on the injected clock")
  func debounce() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast([reference("a")], in: .commute, now: at(0))
    }
    try phone.edit(now: at(4)) { (library) throws(SyncError) in
      try library.playLast([reference("b")], in: .commute, now: at(4))
    }
    #expect(phone.nextSaveDate == at(10), "10 seconds after the first change, however many follow")
    _ = await phone.sync(with: server, now: at(9))
    #expect(server.record("queue.commute") == nil, "nothing went out before the 10 seconds")
    #expect(phone.pending == ["queue.commute"])
    _ = await phone.sync(with: server, now: at(10))
    #expect(server.record("queue.commute") != nil)
    #expect(phone.pending.isEmpty && phone.nextSaveDate == nil)
  }

  @Test("a clock set 171 days ahead and corrected delays nothing: the edits go out, across a restart too")
  func correctedClock() async throws {
    let server = InMemorySyncServer()
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = SyncStore(path: folder.path + "/sync.json")
    var phone = engine("phone")
    let ahead = at(171 * 86_400)
    try phone.edit(now: ahead) { (library) throws(SyncError) in
      try library.playLast([reference("a")], in: .commute, now: ahead)
    }
    // The clock is corrected; the app restarts.
    try store.save(phone)
    phone = try #require(try store.load())
    _ = await phone.sync(with: server, now: at(100))
    try phone.edit(now: at(105)) { (library) throws(SyncError) in
      try library.playLast([reference("b")], in: .commute, now: at(105))
    }
    _ = await phone.sync(with: server, now: at(111))
    #expect(phone.pending.isEmpty, "pending since \(String(describing: phone.pendingSince))")
    var tablet = engine("tablet")
    _ = await tablet.sync(with: server, now: at(120))
    #expect(guids(tablet.state, .commute) == ["a", "b"])
  }

  @Test("a conflict is merged and saved again, and both devices end the same")
  func conflict() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    var tablet = engine("tablet")
    _ = await phone.sync(with: server, now: at(0))
    _ = await tablet.sync(with: server, now: at(0))
    try phone.edit(now: at(1)) { (library) throws(SyncError) in
      try library.playLast([reference("p")], in: .upNext, now: at(1))
    }
    try tablet.edit(now: at(1)) { (library) throws(SyncError) in
      try library.playLast([reference("t")], in: .upNext, now: at(1))
    }
    _ = await phone.sync(with: server, now: at(20))
    // The tablet saves with the change tag it last saw: a conflict carrying the phone's record.
    let records = try #require(saveRequest(&tablet, at: at(20)), "the tablet has nothing to save")
    let outcomes = server.apply(records)
    #expect(outcomes.contains { if case .conflict = $0 { return true } else { return false } })
    _ = tablet.handleSave(outcomes, now: at(20))
    #expect(tablet.pending.contains("queue.up-next"), "the merged record waits to be saved again")
    _ = await tablet.sync(with: server, now: at(21))
    _ = await phone.sync(with: server, now: at(22))
    #expect(Set(guids(phone.state, .upNext)) == ["p", "t"])
    #expect(phone.state.hasSameState(as: tablet.state))
  }

  @Test("save order does not matter: the winner saving first or last gives the same state")
  func saveOrder() async throws {
    func run(winnerFirst: Bool) async throws -> ReplicatedLibrary {
      let server = InMemorySyncServer()
      var phone = engine("phone")
      var tablet = engine("tablet")
      try phone.edit(now: at(0)) { (library) throws(SyncError) in
        try library.playLast(["a", "b", "c"].map { reference($0) }, in: .upNext, now: at(0))
      }
      _ = await phone.sync(with: server, now: at(10))
      _ = await tablet.sync(with: server, now: at(10))
      // The same conflict: both rename and reorder; the tablet's later stamps win the registers.
      try phone.edit(now: at(20)) { (library) throws(SyncError) in
        try library.move(fromOffsets: [0], toOffset: 3, in: .upNext, now: at(20))
        try library.changeEmoji(of: .upNext, to: "🎧", now: at(20))
      }
      try tablet.edit(now: at(30)) { (library) throws(SyncError) in
        try library.move(fromOffsets: [0], toOffset: 2, in: .upNext, now: at(30))
        try library.changeEmoji(of: .upNext, to: "📻", now: at(30))
        try library.remove(episode("c"), from: .upNext, now: at(30))
      }
      if winnerFirst {
        _ = await tablet.sync(with: server, now: at(60))
        _ = await phone.sync(with: server, now: at(60))
      } else {
        _ = await phone.sync(with: server, now: at(60))
        _ = await tablet.sync(with: server, now: at(60))
      }
      _ = await phone.sync(with: server, now: at(70))
      _ = await tablet.sync(with: server, now: at(70))
      #expect(phone.state.hasSameState(as: tablet.state))
      return phone.state
    }
    let first = try await run(winnerFirst: true)
    let last = try await run(winnerFirst: false)
    #expect(first.hasSameState(as: last))
    #expect(try first.library().upNext.name == "📻 Up Next")
    #expect(guids(first, .upNext) == ["b", "a"])
  }

  @Test("a record the server deleted stays deleted: a stale device's add comes back under a new identifier")
  func deletedStaysDeleted() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.createQueue(named: "🚴 Bike", id: QueueID("bike"), now: at(0))
    }
    _ = await phone.sync(with: server, now: at(10))
    var stale = engine("stale")
    _ = await stale.sync(with: server, now: at(10))
    server.remove(["queue.bike"])
    try stale.edit(now: at(20)) { (library) throws(SyncError) in
      try library.playLast([reference("a")], in: QueueID("bike"), now: at(20))
    }
    let records = try #require(saveRequest(&stale, at: at(40)), "nothing to save")
    let outcomes = server.apply(records)
    #expect(outcomes.contains(.deleted(recordID: "queue.bike")))
    let report = stale.handleSave(outcomes, now: at(40))
    // The add is the listener's: the queue shown here comes back as a new queue, with it (issue 49, item 4).
    let kept = QueueID("bike-kept")
    #expect(report.summaries.map(\.change) == [.keptAfterCollection(newID: kept)])
    #expect(!stale.state.visibleQueueIDs.contains(QueueID("bike")))
    #expect(stale.state.queueState(QueueID("bike")) == nil)
    #expect(guids(stale.state, kept) == ["a"])
    #expect(try stale.library().queues.first { $0.id == kept }?.name == "🚴 Bike")
    _ = await stale.sync(with: server, now: at(50))
    #expect(server.record("queue.bike") == nil)
    _ = await phone.sync(with: server, now: at(60))
    #expect(!phone.state.visibleQueueIDs.contains(QueueID("bike")))
    #expect(guids(phone.state, kept) == ["a"])
  }

  @Test("a record that cannot be read is reported with its place and not merged")
  func badRecord() async throws {
    var phone = engine("phone")
    var record = try #require(phone.state.record("queue.commute", deviceName: "x", changeTag: "1"))
    record.fields["state"] = .json(Array(#"{"format":1,"replicas":[],"feeds":[],"queueID":"commute"}"#.utf8))
    let report = phone.handleFetch(FetchedChanges(changed: [record], token: ChangeToken(rawValue: "1")), now: at(0))
    #expect(
      report.problems == [
        .invalidRecord(recordID: "queue.commute", location: "state.title", reason: "the field is missing")
      ])
    #expect(report.problems.first?.description.hasPrefix("record \"queue.commute\", state.title:") == true)
  }

  @Test("a snapshot restores a queue as it was, as an edit that syncs")
  func snapshotRestore() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast(["a", "b"].map { reference($0) }, in: .sleep, now: at(0))
    }
    // The next day the queue is cleared; the snapshot of the day before the clear keeps it.
    try phone.edit(now: at(86_400)) { (library) throws(SyncError) in try library.clear(.sleep, now: at(86_400)) }
    let snapshot = try #require(phone.snapshots(of: .sleep).first)
    #expect(snapshot.episodes.map(\.id.guid) == ["a", "b"])
    try phone.restore(snapshot, now: at(86_500))
    #expect(guids(phone.state, .sleep) == ["a", "b"])
    _ = await phone.sync(with: server, now: at(86_600))
    var tablet = engine("tablet")
    _ = await tablet.sync(with: server, now: at(86_700))
    #expect(guids(tablet.state, .sleep) == ["a", "b"])
    // Older than 14 days, a snapshot is forgotten unless it is a queue's newest.
    try phone.edit(now: at(20 * 86_400)) { (library) throws(SyncError) in
      try library.playLast([reference("c")], in: .sleep, now: at(20 * 86_400))
    }
    #expect(
      phone.snapshots.allSatisfy {
        at(20 * 86_400).timeIntervalSince($0.takenAt) <= 14 * 86_400 || phone.snapshots(of: $0.queueID).first == $0
      })
  }
}
