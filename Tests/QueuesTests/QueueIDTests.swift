import Foundation
import Queues
import Testing

@Suite("Queue identifiers")
struct QueueIDTests {
  @Test("random identifiers are lowercase UUIDs and differ")
  func random() throws {
    let first = QueueID.random()
    let second = QueueID.random()
    #expect(first != second)
    #expect(first.rawValue == first.rawValue.lowercased())
    #expect(UUID(uuidString: first.rawValue) != nil)
  }
}
