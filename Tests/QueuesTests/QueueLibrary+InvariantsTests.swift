import Foundation
import Queues
import Testing

@Suite("Library invariants")
struct QueueLibraryInvariantsTests {
  let upNext = Queue(id: .upNext, name: "📋 Up Next", createdAt: testDate)

  @Test("a library needs Up Next")
  func needsUpNext() {
    #expect(throws: QueueError.malformedLibrary(location: "queues", reason: "Up Next (id \"up-next\") is missing")) {
      try QueueLibrary(queues: [Queue(id: .commute, name: "C", createdAt: testDate)], activeQueueID: .commute)
    }
  }

  @Test("the active queue must exist")
  func activeExists() {
    #expect(throws: QueueError.malformedLibrary(location: "activeQueueID", reason: "no queue has the id \"gone\"")) {
      try QueueLibrary(queues: [upNext], activeQueueID: QueueID("gone"))
    }
  }

  @Test("names must be unique and identifiers too")
  func uniqueness() {
    let clash = Queue(id: QueueID("b"), name: "📋 up next", createdAt: testDate)
    #expect(
      throws: QueueError.malformedLibrary(
        location: "queues[1].name", reason: "\"📋 up next\" clashes with the queue named \"📋 Up Next\"")
    ) {
      try QueueLibrary(queues: [upNext, clash], activeQueueID: .upNext)
    }
    #expect(throws: QueueError.self) { try QueueLibrary(queues: [upNext, upNext], activeQueueID: .upNext) }
  }

  @Test("an episode appears at most once and the playhead stays in range")
  func episodes() {
    let twice = Queue(
      id: QueueID("t"), name: "T", episodes: [reference("1"), reference("1")], createdAt: testDate)
    #expect(
      throws: QueueError.malformedLibrary(
        location: "queues[1].episodes[1]", reason: "episode https://example.com/a.xml#1 appears more than once")
    ) {
      try QueueLibrary(queues: [upNext, twice], activeQueueID: .upNext)
    }
    let far = Queue(id: QueueID("t"), name: "T", episodes: [reference("1")], currentIndex: 2, createdAt: testDate)
    #expect(throws: QueueError.malformedLibrary(location: "queues[1].currentIndex", reason: "must be in 0...1, got 2"))
    {
      try QueueLibrary(queues: [upNext, far], activeQueueID: .upNext)
    }
  }

  @Test("more queues than the limit is refused")
  func limit() {
    let other = Queue(id: QueueID("t"), name: "T", createdAt: testDate)
    #expect(throws: QueueError.self) {
      try QueueLibrary(queues: [upNext, other], activeQueueID: .upNext, queueLimit: 1)
    }
  }

  @Test("a library built by the methods always passes")
  func methodsKeepInvariants() throws {
    var library = QueueLibrary(now: testDate)
    let id = try library.duplicate(.commute)
    try library.modify(id) { (queue) throws(QueueError) in try queue.playLast([reference("1"), reference("2")]) }
    try library.delete(try library.deletion(of: .sleep))
    try library.checkInvariants()
  }
}
