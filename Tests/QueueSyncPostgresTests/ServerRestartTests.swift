import Foundation
import PostgresTestCluster
import QueueSync
import QueueSyncPostgres
import Testing

/// The server restarted under the store (`pg_ctl -m immediate restart`: a crash, recovery replaying the log),
/// each test on a cluster of its own so that the other tests' shared cluster never goes down.
@Suite("A server restart (pg_ctl -m immediate restart)", needsPostgres)
struct ServerRestartTests {
  @Test("between operations: the next call is connectionLost, the one after succeeds, nothing committed is lost")
  func betweenOperations() async throws {
    let cluster = try await offPool { try ThrowawayCluster() }
    defer { cluster.stop() }
    let server = PostgresSyncServer(connection: PostgresConnection(cluster.connectionString), user: "u")
    var saved: [SyncRecord] = []
    for index in 0..<20 {
      guard case .saved(let record) = try server.apply([record("queue.\(index)", "v\(index)")])[0] else {
        Issue.record("record \(index) was not saved")
        return
      }
      saved.append(record)
    }
    try server.remove(["queue.3"])
    let token = try server.changes(since: nil).token
    try await offPool { try cluster.restartImmediately() }
    #expect(throws: SyncServerError.connectionLost) { try server.changes(since: token) }
    #expect(SyncServerError.connectionLost.isRetryable)
    let all = try server.changes(since: nil)
    #expect(Set(all.changed) == Set(saved.filter { $0.id != "queue.3" }), "every committed save survived")
    #expect(all.deleted == ["queue.3"] && all.token == token, "the deletion and the token survived")
    #expect(try server.changes(since: token).changed.isEmpty, "a token from before the restart still works")
    let next = try server.apply([record("queue.0", tag: saved[0].changeTag, "after")])
    #expect(next.first.map(isSaved) == true, "a change tag from before the restart is still current: \(next)")
  }

  @Test("within an operation: a save waiting on a lock is connectionLost, its repeat succeeds; the open one is gone")
  func withinAnOperation() throws {
    let cluster = try ThrowawayCluster()
    defer { cluster.stop() }
    let holder = PostgresSyncServer(connection: PostgresConnection(cluster.connectionString), user: "u")
    let waiter = PostgresSyncServer(
      connection: PostgresConnection(cluster.connectionString, statementTimeoutMilliseconds: 120_000), user: "u")
    let waiterPID = try waiter.connection.backendProcessID()
    _ = try holder.apply([record("queue.committed", "v")])
    try holder.connection.query("BEGIN")
    _ = try holder.apply([record("queue.uncommitted", "v")])
    let blocked = Background { () throws(SyncServerError) in try waiter.apply([record("queue.waiting", "v")]) }
    let waiting = try waitUntil { try lockWaiters(pid: waiterPID, on: cluster.connectionString) == 1 }
    #expect(waiting, "the waiter never waited on the zone's lock")
    try cluster.restartImmediately()
    let during = blocked.outcome()
    #expect(during == .failure(.connectionLost), "the save cut by the restart: \(during)")
    #expect(throws: SyncServerError.connectionLost) { try holder.connection.query("COMMIT") }
    let repeated = try waiter.apply([record("queue.waiting", "v")])
    #expect(repeated.first.map(isSaved) == true, "the repeat of the cut save: \(repeated)")
    let ids = Set(try holder.changes(since: nil).changed.map(\.id))
    #expect(ids == ["queue.committed", "queue.waiting"], "the open transaction's record is gone, the rest stays")
  }

  @Test("the engine through a restart: the sync that meets it fails retryably, the next one delivers everything")
  func engineThroughRestart() async throws {
    let cluster = try await offPool { try ThrowawayCluster() }
    defer { cluster.stop() }
    let server = PostgresSyncServer(connection: PostgresConnection(cluster.connectionString), user: "u")
    var phone = device("phone")
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast([reference("a"), reference("b")], in: .commute, now: at(0))
    }
    #expect(await phone.sync(with: server, now: at(20)).failure == nil)
    try phone.edit(now: at(30)) { (library) throws(SyncError) in
      try library.playLast([reference("c")], in: .commute, now: at(30))
    }
    try await offPool { try cluster.restartImmediately() }
    let failed = await phone.sync(with: server, now: at(50))
    #expect(failed.failure == .connectionLost && phone.pending.contains("queue.commute"), "\(failed)")
    #expect(await phone.sync(with: server, now: at(60)).failure == nil && phone.pending.isEmpty)
    var tablet = device("tablet")
    _ = await tablet.sync(with: server, now: at(70))
    #expect(guids(tablet, .commute) == ["a", "b", "c"])
  }
}
