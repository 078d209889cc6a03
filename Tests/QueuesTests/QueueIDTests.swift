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

  @Test("an identifier encodes as a plain string")
  func codable() throws {
    let data = try JSONEncoder().encode([QueueID.upNext])
    #expect(String(decoding: data, as: UTF8.self) == #"["up-next"]"#)
    #expect(try JSONDecoder().decode([QueueID].self, from: data) == [.upNext])
  }
}
