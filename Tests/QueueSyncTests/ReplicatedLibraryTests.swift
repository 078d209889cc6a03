import Foundation
import Queues
import SmartFill
import Testing

@testable import QueueSync

@Suite("Replicated library")
struct ReplicatedLibraryTests {
  @Test("a queue deleted more than 30 days ago is set apart; a stale device's add brings it back")
  func retiredQueues() async throws {
    var phone = device("phone")
    var stale = device("stale")
    try phone.createQueue(named: "🚴 Bike", id: QueueID("bike"), now: at(0))
    exchange(&phone, &stale)
    try phone.delete(QueueID("bike"), now: at(10))
    var engine = SyncEngine(replica: ReplicaID("phone"), deviceName: "phone", now: at(0))
    engine.state.merge(phone)
    // The first edit of a day 31 days later sets it apart.
    try engine.edit(now: at(31 * 86_400)) { (library) throws(SyncError) in
      try library.playLast([reference("a")], in: .upNext, now: at(31 * 86_400))
    }
    #expect(engine.state.queues[QueueID("bike")] == nil && engine.state.retired[QueueID("bike")] != nil)
    #expect(engine.state.hasSameState(as: engine.state))
    var unretired = engine.state
    unretired.merge(phone)
    #expect(unretired.hasSameState(as: engine.state) == engine.state.hasSameState(as: unretired))
    // The stale device, which never heard of the deletion, adds to it: merged, the queue is back.
    try stale.playLast([reference("b")], in: QueueID("bike"), now: at(32 * 86_400))
    var merged = engine.state
    merged.merge(stale)
    #expect(merged.visibleQueueIDs.contains(QueueID("bike")) && merged.retired[QueueID("bike")] == nil)
    #expect(guids(merged, QueueID("bike")) == ["b"])
    var other = stale
    other.merge(engine.state)
    #expect(other.hasSameState(as: merged))
  }

  @Test("two devices offline each at the queue limit merge into a library that reads and saves (issue 49, item 5)")
  func queueLimitAfterMerge() throws {
    // Each device's queues up to the limit, built directly (creating 2,000 queues one by one takes minutes).
    func filled(_ name: String) -> ReplicatedLibrary {
      var state = device(name)
      let replica = ReplicaID(name)
      for index in 1...(ReplicatedLibrary.maximumQueues - 4) {
        let dot = Dot(replica, index)
        var queue = ReplicatedQueue(
          id: QueueID("\(name)-\(index)"), title: Register("\(name) \(index)", stamp: .genesis),
          emoji: Register(nil, stamp: .genesis), rules: Register(.array([]), stamp: .genesis),
          smartFill: Register(.null, stamp: .genesis),
          listPosition: Register(
            Position([.init(index: 10 + index, replica: replica, counter: index)]), stamp: .genesis),
          createdAt: at(0))
        queue.alive = [dot]
        queue.context.insert(dot)
        state.queues[queue.id] = queue
      }
      state.counter = ReplicatedLibrary.maximumQueues
      return state
    }
    var phone = filled("phone")
    var tablet = filled("tablet")
    exchange(&phone, &tablet)
    #expect(phone.visibleQueueIDs.count == 2 * ReplicatedLibrary.maximumQueues - 4)
    let library = try phone.library()
    #expect(library.queues.count == ReplicatedLibrary.maximumQueues)
    #expect(library.queues.first?.id == .upNext)
    var engine = SyncEngine(replica: ReplicaID("phone"), deviceName: "phone", now: at(0))
    engine.state = phone
    #expect(try SyncStore.bytes(of: engine).count > 0)
    // Nothing is lost: deleting a listed queue brings the first one past the limit into the list.
    let hidden = phone.visibleQueueIDs[ReplicatedLibrary.maximumQueues]
    #expect(!library.queues.contains { $0.id == hidden })
    try phone.delete(try #require(library.queues.last?.id), now: at(5_000))
    #expect(try phone.library().queues.contains { $0.id == hidden })
  }

  @Test(
    "a finished episode added again does not show a position recorded before the finish (issue 49, item 12)",
    arguments: [false, true])
  func reAddAfterFinish(staleArrivesLate: Bool) throws {
    var a = device("a")
    var b = device("b")
    try a.playLast([reference("x"), reference("y")], in: .upNext, now: at(1))
    exchange(&a, &b)
    try b.recordPosition(900, in: .upNext, now: at(2))
    a.markFinished(episode("x"), now: at(3))
    if !staleArrivesLate { exchange(&a, &b) }
    try a.playLast([reference("x")], in: .upNext, now: at(4))
    exchange(&a, &b)
    for library in [try a.library(), try b.library()] {
      #expect(library.upNext.episodes.map(\.episodeGUID) == ["y", "x"])
      #expect(library.upNext.episodes.map(\.playbackPositionSeconds) == [0, 0])
    }
  }

  @Test("which of two same-named queues shows as \"Bike 2\" does not change when the list is reordered (item 12)")
  func clashingNamesAreStable() throws {
    var a = device("a")
    var b = device("b")
    try a.createQueue(named: "🚴 Bike", id: QueueID("bike-a"), now: at(1))
    try b.createQueue(named: "🚴 Bike", id: QueueID("bike-b"), now: at(2))
    exchange(&a, &b)
    func names(_ library: ReplicatedLibrary) throws -> [QueueID: String] {
      Dictionary(uniqueKeysWithValues: try library.library().queues.map { ($0.id, $0.name) })
    }
    let before = try names(a)
    #expect(before[QueueID("bike-a")] == "🚴 Bike" && before[QueueID("bike-b")] == "🚴 Bike 2")
    let listed = a.visibleQueueIDs
    let first = try #require(listed.firstIndex(of: QueueID("bike-a")))
    let second = try #require(listed.firstIndex(of: QueueID("bike-b")))
    // The later-created queue moves before the other.
    try a.moveQueue(QueueID("bike-b"), toOffset: min(first, second), now: at(3))
    exchange(&a, &b)
    #expect(a.visibleQueueIDs.firstIndex(of: QueueID("bike-b"))! < a.visibleQueueIDs.firstIndex(of: QueueID("bike-a"))!)
    #expect(try names(a) == before)
    #expect(try names(b) == before)
  }
}
