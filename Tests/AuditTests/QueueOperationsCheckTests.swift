import Foundation
import Queues
import Testing

@testable import Audit

@Suite("Queue operations check")
struct QueueOperationsCheckTests {
  @Test("the real operations are ✓ All Working, on a copy: the store's library is unchanged")
  func real() {
    let library = fixtureLibrary()
    let check = QueueOperationsCheck(components: testComponents(), now: fixtureNow).run(on: library, subject: nil)
    #expect(check.status == .working, "\(check.findings.map(\.text))")
    #expect(check.figure("operationsPassed")?.integer == 7)
    #expect(check.figure("queuesCreatedToLimit")?.integer == 14, "20 − 5 queues − the scratch queue")
    #expect(library == fixtureLibrary())
  }

  @Test("on one queue of the store, its own settings are duplicated, and it is deleted and restored")
  func oneQueue() {
    let check = QueueOperationsCheck(components: testComponents(), now: fixtureNow).run(
      on: fixtureLibrary(), subject: .commute)
    #expect(check.status == .working, "\(check.findings.map(\.text))")
    #expect(check.figure("queuesCreatedToLimit")?.integer == 14)
  }

  @Test("a duplicate that drops the smart fill settings is ✗ Critical Failure")
  func brokenDuplicate() {
    var components = testComponents()
    components.duplicate = { (library, id, newID, now) throws(QueueError) in
      let copy = try library.duplicate(id, newID: newID, now: now)
      try library.modify(copy, now: now) { (queue) throws(QueueError) in queue.smartFillSettings = nil }
      return copy
    }
    let check = QueueOperationsCheck(components: components, now: fixtureNow).run(
      on: fixtureLibrary(), subject: .commute)
    #expect(check.status == .broken)
    #expect(AuditArea.queueOperations.words(for: check.status) == "Critical Failure")
    #expect(
      check.findings.map(\.text)
        == ["queue operation duplication failed: the copy of 🚗 Commute lacks its smart fill settings"])
  }

  @Test("a library already at its limit still checks creation: on the copy the limit is raised by two")
  func atTheLimit() throws {
    var library = try QueueLibrary(now: fixtureNow, queueLimit: 6)
    try library.createQueue(named: "Extra", now: fixtureNow)
    try library.createQueue(named: "Extra 2", now: fixtureNow)
    let check = QueueOperationsCheck(components: testComponents(), now: fixtureNow).run(on: library, subject: nil)
    #expect(check.status == .working, "\(check.findings.map(\.text))")
    #expect(check.figure("queuesCreatedToLimit")?.integer == 1, "the limit is raised to 8 on the scratch copy")
  }
}
