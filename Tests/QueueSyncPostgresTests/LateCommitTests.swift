import Foundation
import QueueSync
import QueueSyncPostgres
import Testing

/// The hazard of sequence-numbered change feeds: a writer takes number *n*, another takes *n* + 1 and commits
/// first, a reader's fetch sees *n* + 1 and moves its token past *n*, which then commits and is never fetched.
@Suite("The change feed never skips a late commit", needsPostgres)
struct LateCommitTests {
  /// Three servers of one user, on connections of their own, numbering changes by `numbering` (the naive
  /// rule on a database of its own, where its save is installed).
  func servers(_ numbering: ChangeNumbering) throws -> [PostgresSyncServer] {
    var database = try SharedCluster.cluster().connectionString
    if numbering == .naiveSequence {
      database = try SharedCluster.database()
      try PostgresSchema.installNaiveNumbering(on: PostgresConnection(database))
    }
    let user = "user-" + UUID().uuidString
    return (0..<3).map { _ in
      // A long statement timeout: the late save may wait on the early one's lock as long as the test needs.
      let connection = PostgresConnection(database, statementTimeoutMilliseconds: 120_000)
      var server = PostgresSyncServer(connection: connection, user: user)
      server.numbering = numbering
      return server
    }
  }

  /// The store's rule must see both records; the naive rule, run as a control in the same steps, must skip
  /// the early one (else this test could not tell the rules apart).
  @Test(
    "a save held open in its transaction while a later one commits: the store's rule misses neither, the naive one skips",
    arguments: ChangeNumbering.allCases)
  func heldTransaction(numbering: ChangeNumbering) throws {
    let servers = try servers(numbering)
    let (early, late, reader) = (servers[0], servers[1], servers[2])
    _ = try reader.apply([record("queue.seed", "v")])
    var token = try reader.changes(since: nil).token
    var seen: Set<String> = []
    try early.connection.query("BEGIN")
    _ = try early.apply([record("queue.early", "v")])  // numbered, not committed
    let latePID = try late.connection.backendProcessID()
    let lateSave = Background { () throws(SyncServerError) in try late.apply([record("queue.late", "v")]) }
    // The late save has committed, or waits on the zone's lock.
    let settled = try waitUntil {
      try lateSave.isDone || lockWaiters(pid: latePID, on: late.connection.connectionString) == 1
    }
    #expect(settled, "the late save neither committed nor waited on a lock")
    let during = try reader.changes(since: token)
    seen.formUnion(during.changed.map(\.id))
    token = during.token
    try early.connection.query("COMMIT")
    _ = try lateSave.value()
    seen.formUnion(try reader.changes(since: token).changed.map(\.id))
    switch numbering {
    case .zoneCounter:
      #expect(seen == ["queue.early", "queue.late"], "a change committed late was skipped: saw \(seen.sorted())")
    case .naiveSequence:
      #expect(seen == ["queue.late"], "the naive rule's control did not skip the late commit: \(seen.sorted())")
    }
    let all = Set(try reader.changes(since: nil).changed.map(\.id))
    #expect(all == ["queue.seed", "queue.early", "queue.late"], "\(numbering): both saves committed")
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
