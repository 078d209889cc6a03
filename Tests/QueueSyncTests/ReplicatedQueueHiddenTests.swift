import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// What a delete hides, its merge and its format (issue 49, item 6).
@Suite("A deleted queue's hidden entries")
struct ReplicatedQueueHiddenTests {
  /// Devices a and b with Commute holding episodes 1 to 4, in sync.
  static func synced() throws -> (a: ReplicatedLibrary, b: ReplicatedLibrary) {
    var a = device("a")
    var b = device("b")
    try a.playLast(["1", "2", "3", "4"].map { reference($0) }, in: .commute, now: at(0))
    exchange(&a, &b)
    return (a, b)
  }

  @Test("an add one state hid and the other still shows stays hidden; a move made meanwhile places it")
  func hiddenBeatsShown() throws {
    var (a, b) = try Self.synced()
    try a.delete(.commute, now: at(10))
    try b.move(fromOffsets: [3], toOffset: 0, in: .commute, now: at(11))
    let (deleted, moved) = (try #require(a.queues[.commute]), try #require(b.queues[.commute]))
    for merged in [deleted.merged(with: moved), moved.merged(with: deleted)] {
      #expect(merged.alive.isEmpty && !merged.hiddenAlive.isEmpty, "the queue stays deleted")
      #expect(Set(merged.hidden.keys.map(\.guid)) == ["1", "2", "3", "4"], "every add stays, hidden")
      #expect(merged.hidden.values.allSatisfy { $0.adds.count == 1 })
      #expect(merged.entries.values.allSatisfy { $0.adds.isEmpty }, "nothing shows")
      #expect(merged.restorableEpisodes(finished: a.finished).map(\.episodeGUID) == ["4", "1", "2", "3"])
    }
  }

  @Test("a restore adds new dots, so that a device holding the hidden ones takes it")
  func restoreUsesNewDots() throws {
    var (a, b) = try Self.synced()
    try a.delete(.commute, now: at(10))
    exchange(&a, &b)
    try a.restore(.commute, snapshot: nil, now: at(20))
    let hiddenDots = Set(try #require(b.queues[.commute]).hidden.values.flatMap(\.adds.keys))
    let restored = try #require(a.queues[.commute])
    #expect(!restored.hasHidden)
    #expect(Set(restored.entries.values.flatMap(\.adds.keys)).isDisjoint(with: hiddenDots))
    b.merge(a)
    #expect(guids(b, .commute) == ["1", "2", "3", "4"])
  }

  @Test("a second delete hides only what the queue then showed; the restore brings back that")
  func secondDelete() throws {
    var (a, b) = try Self.synced()
    try a.delete(.commute, now: at(10))
    // b had not seen the delete: its add keeps the queue, with that episode only.
    try b.playLast([reference("5")], in: .commute, now: at(11))
    exchange(&a, &b)
    #expect(guids(a, .commute) == ["5"])
    try a.delete(.commute, now: at(20))
    try b.delete(.commute, now: at(21))
    exchange(&a, &b)
    try b.restore(.commute, snapshot: nil, now: at(30))
    exchange(&a, &b)
    #expect(guids(a, .commute) == ["5"] && guids(b, .commute) == ["5"])
    #expect(a.hasSameState(as: b))
  }

  @Test("a restore concurrent with a remove on a device that had not seen the delete: the re-add wins")
  func restoreConcurrentWithRemove() throws {
    var (a, b) = try Self.synced()
    var c = b
    try a.delete(.commute, now: at(10))
    exchange(&a, &b)
    try b.restore(.commute, snapshot: nil, now: at(20))
    // c saw neither: its remove of 2 is concurrent with the restore's re-add of 2, which wins as an add does.
    try c.remove(episode("2"), from: .commute, now: at(21))
    try c.move(fromOffsets: [0], toOffset: 3, in: .commute, now: at(22))
    for _ in 0..<2 {
      exchange(&a, &b)
      exchange(&b, &c)
    }
    #expect(a.hasSameState(as: b) && b.hasSameState(as: c))
    #expect(Set(guids(a, .commute)) == ["1", "2", "3", "4"])
    #expect(guids(a, .commute) == guids(c, .commute))
  }

  @Test("a device that takes a new identity moves its hidden dots too")
  func identityMoveCarriesHidden() throws {
    var (a, _) = try Self.synced()
    let loaded = a
    try a.playLast([reference("5")], in: .commute, now: at(5))
    try a.delete(.commute, now: at(10))
    a.moveEvents(since: loaded, to: ReplicaID("a2"))
    let queue = try #require(a.queues[.commute])
    let dots = queue.hiddenAlive.union(queue.hidden.values.flatMap { Array($0.adds.keys) + Array($0.moves.keys) })
    #expect(!dots.contains { $0.replica == ReplicaID("a") && $0.counter > loaded.counter }, "\(dots.sorted())")
    #expect(queue.hidden[episode("5")]?.adds.keys.allSatisfy { $0.replica == ReplicaID("a2") } == true)
    #expect(dots.allSatisfy(queue.context.contains))
    try a.restore(.commute, snapshot: nil, now: at(20))
    #expect(guids(a, .commute) == ["1", "2", "3", "4", "5"])
  }

  @Test("a deleted queue's state costs what the shown queue's did, no more")
  func deletedStateSize() throws {
    var a = device("a")
    try a.playLast((0..<1_000).map { reference("\($0)") }, in: .commute, now: at(0))
    let shown = StateWriter.encode(try #require(a.queues[.commute])).count
    try a.delete(.commute, now: at(10))
    let deleted = StateWriter.encode(try #require(a.queues[.commute])).count
    #expect(deleted <= shown + 64, "shown \(shown) B, deleted \(deleted) B")
  }

  @Test("an older engine's copy drops what the delete hid: the restore falls back to the snapshot")
  func olderEngineCopy() throws {
    var (a, b) = try Self.synced()
    let snapshot = a.snapshot(of: try #require(a.queues[.commute]), at: at(5))
    try a.delete(.commute, now: at(10))
    // An older reader skips the members it does not know: its copy is the state without them.
    var older = try #require(a.queues[.commute])
    older.forgetHidden()
    #expect(!String(decoding: StateWriter.encode(older), as: UTF8.self).contains("hidden"))
    b.merge(a)
    b.merge(older)
    #expect(b.queues[.commute]?.hasHidden == false)
    #expect(throws: SyncError.queue(.notDeleted(.commute))) { try b.restore(.commute, snapshot: nil, now: at(20)) }
    try b.restore(.commute, snapshot: snapshot, now: at(20))
    #expect(guids(b, .commute) == ["1", "2", "3", "4"])
  }

  @Test("a tombstone drops what the delete hid and stays under 1 KB")
  func tombstoneDropsHidden() throws {
    var (a, _) = try Self.synced()
    try a.playLast((10..<200).map { reference("\($0)") }, in: .commute, now: at(1))
    try a.delete(.commute, now: at(10))
    #expect(a.queues[.commute]?.hidden.count == 194)
    a.retireDeletedQueues(now: at(10 + Double(ReplicatedLibrary.retirementDays + 1) * 86_400))
    let tombstone = try #require(a.retired[.commute])
    #expect(tombstone.isTombstone && !tombstone.hasHidden)
    #expect(StateWriter.encode(tombstone).count < 1_024)
  }

  @Test("most random histories hold hidden entries, so the merge laws see them")
  func lawsSeeHiddenEntries() {
    let count = SeededCases(seed: 0x41DE, count: 200).filter { trial in
      randomHistory(seed: trial.seed).contains { $0.queues.values.contains { !$0.hidden.isEmpty } }
    }.count
    #expect(count * 2 > SeededCases(seed: 0x41DE, count: 200).count, "only \(count) histories hide entries")
  }

  // MARK: The format

  /// Device a's Bike (see `StateFormatTests.bike()`) deleted two seconds after its creation.
  static let deletedBike: String = {
    let stamp = "[1767225600000,0,0]"
    let later = "[1767225601000,0,0]"
    return #"{"format":1,"replicas":["a",""],"feeds":["https://example.com/show-1.xml"],"queueID":"bike","#
      + #""context":[0,4],"alive":[],"title":["Bike",\#(stamp)],"emoji":[null,\#(stamp)],"#
      + #""rules":[[],\#(stamp)],"smartFill":[null,\#(stamp)],"autoSwitch":[true,[0,0,1]],"#
      + #""playhead":[null,null,\#(stamp)],"#
      + #""listPosition":[[5,1,1,1,0,1],\#(stamp)],"createdAt":"2026-01-01T00:00:00Z","#
      + #""lastModified":"2026-01-01T00:00:02Z","entries":[],"hiddenAlive":[0,4],"hidden":[[0,"x","#
      + #"[[0,2,[],\#(later),"Episode x","Show 1",1800,1767225600]],[[0,3,[1,0,2],\#(later)]],[]]]}"#
  }()

  @Test("a deleted queue's state is pinned byte for byte, and reads back")
  func pinned() throws {
    var library = try StateFormatTests.bike()
    try library.delete(QueueID("bike"), now: at(2))
    let queue = try #require(library.queues[QueueID("bike")])
    #expect(String(decoding: StateWriter.encode(queue), as: UTF8.self) == Self.deletedBike)
    #expect(try StateReader(Array(Self.deletedBike.utf8)).queue() == queue)
  }

  @Test(
    "bad hidden entries are refused with their place",
    arguments: [
      (#""hidden":[[0,"x","#, #""hidden":[[0,"x",[],"#, "state.hidden[0]", "expected 5 elements, found 6"),
      (#""hiddenAlive":[0,4]"#, #""hiddenAlive":[0,9]"#, "state.hiddenAlive", "holds the dot a:9, which"),
      (#""alive":[]"#, #""alive":[0,4]"#, "state.hiddenAlive", "holds the dot a:4, which `alive`"),
      (
        #""entries":[]"#, #""entries":[[0,"x",[],[[0,3,[1,0,2],[1767225601000,0,0]]],[]]]"#, "state.hidden[0]",
        "holds the dot a:3, which `entries`"
      ),
    ])
  func badHiddenEntries(original: String, replacement: String, location: String, reason: String) throws {
    #expect(Self.deletedBike.contains(original))
    let text = Self.deletedBike.replacingOccurrences(of: original, with: replacement)
    let record = SyncRecord(id: "queue.bike", type: "Queue", fields: ["state": .json(Array(text.utf8))])
    do {
      _ = try ReplicatedLibrary.state(of: record)
      Issue.record("\(location): the bad state was read")
    } catch {
      guard case .invalidRecord(let recordID, let place, let message) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(recordID == "queue.bike" && place == location, "\(place): \(message)")
      #expect(message.hasPrefix(reason), "\(message)")
    }
  }
}
