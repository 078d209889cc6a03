import Foundation
import Queues
import SmartFill
import SmartFillTestSupport
import Testing

@testable import QueueSync

@Suite("A device's identity after a restored backup")
struct ReplicatedLibraryIdentityTests {
  /// Adds the episodes at the end of Commute.
  static func add(_ guids: [String], _ engine: inout SyncEngine, at time: Double) throws {
    try engine.edit(now: at(time)) { (library) throws(SyncError) in
      try library.playLast(guids.map { reference($0) }, in: .commute, now: at(time))
    }
  }

  @Test("a device restored from a backup loses nothing it or others did since (issue 49, item 2)")
  func restoredBackup() async throws {
    let server = InMemorySyncServer()
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = SyncStore(path: folder.path + "/sync.json")
    var phone = engine("phone")
    var tablet = engine("tablet")
    try Self.add(["1", "2"], &phone, at: 0)
    _ = await phone.sync(with: server, now: at(20))
    try store.save(phone)
    let backup = try Data(contentsOf: URL(fileURLWithPath: store.path))
    try Self.add(["3", "4"], &phone, at: 30)
    try phone.edit(now: at(31)) { (library) throws(SyncError) in
      try library.remove(episode("1"), from: .commute, now: at(31))
    }
    _ = await phone.sync(with: server, now: at(50))
    try store.save(phone)
    // The backup comes back; the listener adds before the first sync.
    try backup.write(to: URL(fileURLWithPath: store.path))
    phone = try #require(try store.load())
    try Self.add(["7", "8"], &phone, at: 60)
    _ = await phone.sync(with: server, now: at(80))
    _ = await phone.sync(with: server, now: at(100))
    _ = await tablet.sync(with: server, now: at(110))
    // The two appends after 2 were concurrent: either comes first, neither splits the other.
    let either: Set<[String]> = [["2", "3", "4", "7", "8"], ["2", "7", "8", "3", "4"]]
    #expect(either.contains(guids(tablet.state, .commute)), "\(guids(tablet.state, .commute))")
    #expect(guids(phone.state, .commute) == guids(tablet.state, .commute))
    #expect(phone.pending.isEmpty && phone.state.hasSameState(as: tablet.state))
    #expect(phone.state.replica != ReplicaID("phone"), "the restored device took a new identity")
  }

  @Test("a state read back with nothing used elsewhere keeps its identity, and edits wait for the fetch")
  func keptIdentity() async throws {
    let server = InMemorySyncServer()
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = SyncStore(path: folder.path + "/sync.json")
    var phone = engine("phone")
    try Self.add(["1"], &phone, at: 0)
    _ = await phone.sync(with: server, now: at(20))
    try store.save(phone)
    phone = try #require(try store.load())
    try Self.add(["2"], &phone, at: 30)
    #expect(saveRequest(&phone, at: at(50)) == nil, "no save before a fetch since the state was read")
    _ = await phone.sync(with: server, now: at(50))
    #expect(phone.state.replica == ReplicaID("phone") && phone.pending.isEmpty)
    var tablet = engine("tablet")
    _ = await tablet.sync(with: server, now: at(60))
    #expect(guids(tablet.state, .commute) == ["1", "2"])
  }

  @Test("a backup taken before the first fetch after a restore loses nothing when it comes back (issue 49, item 2)")
  func backupOfRestoredState() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    try Self.add(["1"], &phone, at: 0)
    _ = await phone.sync(with: server, now: at(20))
    let first = try SyncStore.bytes(of: phone)
    try Self.add(["2"], &phone, at: 30)
    _ = await phone.sync(with: server, now: at(50))
    // The first backup comes back; the listener adds 3, and a second backup is taken before any sync.
    phone = try SyncStore.engine(bytes: first, path: "backup")
    try Self.add(["3"], &phone, at: 60)
    let second = try SyncStore.bytes(of: phone)
    _ = await phone.sync(with: server, now: at(80))
    // The second backup comes back: its 3 shares a counter with the 2 the server holds.
    phone = try SyncStore.engine(bytes: second, path: "backup")
    _ = await phone.sync(with: server, now: at(100))
    _ = await phone.sync(with: server, now: at(120))
    var tablet = engine("tablet")
    _ = await tablet.sync(with: server, now: at(130))
    #expect(Set(guids(tablet.state, .commute)) == ["1", "2", "3"], "\(guids(tablet.state, .commute))")
    #expect(phone.pending.isEmpty && phone.state.hasSameState(as: tablet.state))
  }

  @Test("a backup taken before a fetch that then confirmed its edits keeps them: a remove after restoring sticks")
  func backupConfirmedLater() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    try Self.add(["1"], &phone, at: 0)
    _ = await phone.sync(with: server, now: at(20))
    phone = try SyncStore.engine(bytes: try SyncStore.bytes(of: phone), path: "restart")
    try Self.add(["3"], &phone, at: 30)
    let backup = try SyncStore.bytes(of: phone)
    _ = await phone.sync(with: server, now: at(50))
    try Self.add(["5"], &phone, at: 60)
    _ = await phone.sync(with: server, now: at(80))
    // The backup comes back; its 3 is the one the server holds: removing it removes it everywhere.
    phone = try SyncStore.engine(bytes: backup, path: "backup")
    try phone.edit(now: at(90)) { (library) throws(SyncError) in
      try library.remove(episode("3"), from: .commute, now: at(90))
    }
    _ = await phone.sync(with: server, now: at(110))
    _ = await phone.sync(with: server, now: at(130))
    var tablet = engine("tablet")
    _ = await tablet.sync(with: server, now: at(140))
    #expect(guids(tablet.state, .commute) == ["1", "5"])
    #expect(phone.pending.isEmpty && phone.state.hasSameState(as: tablet.state))
  }

  @Test("a state file whose unconfirmed counter is past its counter is refused, naming the place")
  func badUnconfirmedCounter() throws {
    var phone = engine("phone")
    try Self.add(["1"], &phone, at: 0)
    phone = try SyncStore.engine(bytes: try SyncStore.bytes(of: phone), path: "backup")
    var root = try #require(
      try JSONSerialization.jsonObject(with: Data(try SyncStore.bytes(of: phone))) as? [String: Any])
    var sync = try #require(root["sync"] as? [String: Any])
    var unconfirmed = try #require(sync["unconfirmed"] as? [String: Any], "a state read back is unconfirmed")
    unconfirmed["counter"] = phone.state.counter + 1
    sync["unconfirmed"] = unconfirmed
    root["sync"] = sync
    let broken = try JSONSerialization.data(withJSONObject: root)
    #expect {
      _ = try SyncStore.engine(bytes: Array(broken), path: "state.json")
    } throws: { error in
      guard case SyncError.invalidStateFile(let path, let location, _) = error else { return false }
      return path == "state.json" && location.contains("unconfirmed")
    }
  }
}
