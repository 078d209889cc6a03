import Foundation
import QueueSync
import QueueSyncPostgres
import Testing

/// The hazard of sequence-numbered change feeds: a writer takes number *n*, another takes *n* + 1 and commits
/// first, a reader's fetch sees *n* + 1 and moves its token past *n*, which then commits and is never fetched.
@Suite("The change feed never skips a late commit", needsPostgres)
struct LateCommitTests {
  @Test("a save held open in its transaction: a later writer waits for it, so the reader misses neither")
  func heldTransaction() async throws {
    let early = try SharedCluster.server()
    let late = PostgresSyncServer(connection: PostgresConnection(early.connection.connectionString), user: early.user)
    let reader = PostgresSyncServer(connection: PostgresConnection(early.connection.connectionString), user: early.user)
    _ = try reader.apply([record("queue.seed", "v")])
    var token = try reader.changes(since: nil).token
    var seen: Set<String> = []
    try early.connection.query("BEGIN")
    _ = try early.apply([record("queue.early", "v")])  // numbered, not committed
    let lateSave = Task { try await late.save([record("queue.late", "v")]) }
    try await Task.sleep(nanoseconds: 300_000_000)
    let during = try reader.changes(since: token)
    seen.formUnion(during.changed.map(\.id))
    token = during.token
    try early.connection.query("COMMIT")
    _ = try await lateSave.value
    seen.formUnion(try reader.changes(since: token).changed.map(\.id))
    #expect(seen == ["queue.early", "queue.late"], "a change committed late was skipped: saw \(seen.sorted())")
  }

  @Test("8 concurrent writers and a reader following its tokens: the reader sees every record saved")
  func concurrentWriters() async throws {
    let first = try SharedCluster.server()
    let connection = first.connection.connectionString
    let writers = (0..<8).map { _ in PostgresSyncServer(connection: PostgresConnection(connection), user: first.user) }
    let reader = PostgresSyncServer(connection: PostgresConnection(connection), user: first.user, fetchLimit: 7)
    let done = ManagedFlag()
    let readerTask = Task { () throws -> Set<String> in
      var token: ChangeToken?
      var seen: Set<String> = []
      while true {
        let finished = done.isSet
        let page = try await reader.fetchChanges(since: token)
        seen.formUnion(page.changed.map(\.id))
        token = page.token
        if finished && !page.moreComing { return seen }
      }
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, writer) in writers.enumerated() {
        group.addTask {
          for step in 0..<60 { _ = try await writer.save([record("queue.w\(index)-\(step)", "v")]) }
        }
      }
      try await group.waitForAll()
    }
    done.set()
    let seen = try await readerTask.value
    let expected = Set((0..<8).flatMap { index in (0..<60).map { "queue.w\(index)-\($0)" } })
    #expect(seen == expected, "skipped: \(expected.subtracting(seen).sorted().prefix(10))")
  }
}

/// A flag set once, read from any thread.
final class ManagedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
