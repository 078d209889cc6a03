import Foundation
import Testing

@testable import QueueSync

@Suite("In-memory server")
struct InMemorySyncServerTests {
  static func record(_ id: String, tag: String? = nil, _ value: String) -> SyncRecord {
    SyncRecord(id: id, type: "Queue", changeTag: tag, fields: ["name": .string(value)])
  }

  @Test("a fetch since a token gives each record changed since in its latest version, and the deletions")
  func changesSinceAToken() throws {
    let server = InMemorySyncServer()
    _ = server.apply([Self.record("queue.a", "1"), Self.record("queue.b", "1"), Self.record("queue.c", "1")])
    let token = try server.changes(since: nil).token
    #expect(token.rawValue == "3")
    let b = try #require(server.record("queue.b"))
    _ = server.apply([Self.record("queue.b", tag: b.changeTag, "2")])
    let b2 = try #require(server.record("queue.b"))
    _ = server.apply([Self.record("queue.b", tag: b2.changeTag, "3"), Self.record("queue.d", "1")])
    server.remove(["queue.a"])
    let changes = try server.changes(since: token)
    #expect(Set(changes.changed.map(\.id)) == ["queue.b", "queue.d"])
    #expect(changes.changed.first { $0.id == "queue.b" }?.fields["name"] == .string("3"))
    #expect(changes.deleted == ["queue.a"])
    #expect(try server.changes(since: changes.token).changed.isEmpty)
    #expect(Set(try server.changes(since: nil).changed.map(\.id)) == ["queue.b", "queue.c", "queue.d"])
  }

  @Test("a server read back from its JSON answers fetches as the original did")
  func roundTrip() throws {
    let server = InMemorySyncServer()
    _ = server.apply([Self.record("queue.a", "1"), Self.record("queue.b", "1")])
    let a = try #require(server.record("queue.a"))
    _ = server.apply([Self.record("queue.a", tag: a.changeTag, "2")])
    server.remove(["queue.b"])
    let copy = try InMemorySyncServer(json: server.jsonBytes())
    for token in [nil, ChangeToken(rawValue: "1"), ChangeToken(rawValue: "3")] {
      #expect(try copy.changes(since: token) == server.changes(since: token), "since \(String(describing: token))")
    }
  }
}
