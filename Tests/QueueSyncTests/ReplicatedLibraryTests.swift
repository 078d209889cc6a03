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
}
