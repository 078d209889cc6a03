import Foundation
import Queues
import Testing

@Suite("Deleting, restoring and clearing queues")
struct QueueLibraryDeletionTests {
  func library() throws -> QueueLibrary {
    var library = QueueLibrary(now: testDate)
    try library.modify(.commute, now: testDate) { (queue) throws(QueueError) in
      try queue.playLast([reference("1"), reference("2")])
    }
    return library
  }

  @Test("Checklist: deletion with confirmation shows what will be deleted, then deletes it")
  func deletionWithConfirmation() throws {
    var library = try library()
    let deletion = try library.deletion(of: .commute)
    #expect(deletion.name == "🚗 Commute")
    #expect(deletion.episodeCount == 2)
    #expect(
      deletion.confirmationMessage
        == "Delete \u{201C}🚗 Commute\u{201D} and its 2 episodes? You can restore it for 30 days.")
    #expect(library[.commute] != nil, "asking does not delete")
    try library.delete(deletion, now: later(60))
    #expect(library[.commute] == nil)
    #expect(library.deletedQueues.map(\.queue.id) == [.commute])
    #expect(library.deletedQueues.first?.deletedAt == later(60))
  }

  @Test("a deletion is restorable for 30 days to the second, and not offered after")
  func restorableDeletions() throws {
    var library = try library()
    try library.delete(try library.deletion(of: .commute), now: later(0))
    let window = QueueLibrary.restorableDays * 86_400
    #expect(library.restorableDeletedQueues(now: later(window)).map(\.queue.id) == [.commute])
    #expect(library.restorableDeletedQueues(now: later(window + 1)).isEmpty)
    #expect(throws: QueueError.self) { try library.restore(.commute, now: later(window + 1)) }
  }

  @Test("a confirmation goes stale when the queue changes before the deletion")
  func staleConfirmation() throws {
    var library = try library()
    let deletion = try library.deletion(of: .commute)
    try library.modify(.commute, now: later(1)) { (queue) throws(QueueError) in try queue.playLast([reference("3")]) }
    #expect(throws: QueueError.deletionOutdated(queueName: "🚗 Commute")) { try library.delete(deletion) }
    #expect(library[.commute]?.count == 3)
  }

  @Test("Up Next cannot be deleted")
  func upNextStays() {
    let library = QueueLibrary(now: testDate)
    #expect(throws: QueueError.upNextIsPermanent(operation: "deleted")) { try library.deletion(of: .upNext) }
  }

  @Test("deleting the active queue makes Up Next active, and the confirmation says so")
  func deletingActive() throws {
    var library = try library()
    try library.switchTo(.commute)
    let deletion = try library.deletion(of: .commute)
    #expect(deletion.isActive)
    #expect(deletion.confirmationMessage.hasSuffix("Up Next will play instead."))
    try library.delete(deletion)
    #expect(library.activeQueueID == .upNext)
  }

  @Test("a deleted queue is restored within 30 days with its episodes, at its former place")
  func restoring() throws {
    var library = try library()
    let before = try library.queue(.commute)
    try library.delete(try library.deletion(of: .commute), now: testDate)
    try library.restore(.commute, now: later(29 * 86_400))
    let restored = try library.queue(.commute)
    #expect(restored.episodes == before.episodes)
    #expect(restored.name == "🚗 Commute")
    #expect(library.queues.map(\.id) == [.upNext, .commute, .workout, .sleep])
    #expect(library.deletedQueues.isEmpty)
    #expect(throws: QueueError.notDeleted(.commute)) { try library.restore(.commute) }
  }

  @Test("after 30 days a deleted queue can no longer be restored, and is purged")
  func expiry() throws {
    var library = try library()
    try library.delete(try library.deletion(of: .commute), now: testDate)
    let late = later(30 * 86_400 + 1)
    #expect(throws: QueueError.restoreExpired(queueName: "🚗 Commute", deletedAt: testDate)) {
      try library.restore(.commute, now: late)
    }
    library.purgeExpiredDeletions(now: later(30 * 86_400))
    #expect(library.deletedQueues.count == 1, "exactly 30 days is still restorable")
    library.purgeExpiredDeletions(now: late)
    #expect(library.deletedQueues.isEmpty)
  }

  @Test("a restored queue whose name was taken meanwhile gets a unique name")
  func restoreNameClash() throws {
    var library = try library()
    try library.delete(try library.deletion(of: .commute))
    try library.createQueue(named: "🚗 commute")
    try library.restore(.commute)
    #expect(library[.commute]?.name == "🚗 Commute restored")
  }

  @Test("clearing a queue can be undone, keeping episodes added since")
  func clearAndUndo() throws {
    var library = try library()
    try library.modify(.commute) { (queue) throws(QueueError) in try queue.makeCurrent(at: 1) }
    let before = try library.queue(.commute)
    let cleared = try library.clear(.commute, now: later(5))
    #expect(library[.commute]?.isEmpty == true)
    try library.undoClear(cleared, now: later(6))
    #expect(library[.commute]?.episodes == before.episodes)
    #expect(library[.commute]?.currentIndex == 1)

    let again = try library.clear(.commute)
    try library.modify(.commute) { (queue) throws(QueueError) in try queue.playLast([reference("new"), reference("2")])
    }
    try library.undoClear(again)
    #expect(library[.commute]?.guids == ["1", "new", "2"])
    #expect(library[.commute]?.current?.episodeGUID == "2")
  }

  @Test("a clear cannot be undone once the queue is deleted")
  func undoAfterDeletion() throws {
    var library = try library()
    let cleared = try library.clear(.commute)
    try library.delete(try library.deletion(of: .commute))
    #expect(throws: QueueError.undoUnavailable(queueName: "🚗 Commute")) { try library.undoClear(cleared) }
  }
}
