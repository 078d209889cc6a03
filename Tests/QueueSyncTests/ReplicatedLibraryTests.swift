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
}
