import Foundation
import QueueSync
import QueueSyncPostgres
import Testing

@Suite("PostgreSQL connection faults", needsPostgres)
struct PostgresConnectionTests {
  @Test("a statement stuck behind a lock past statement_timeout is timedOut, and was not applied")
  func statementTimeout() throws {
    let holder = try SharedCluster.server()
    _ = try holder.apply([record("queue.a", "one")])
    let impatient = PostgresSyncServer(
      connection: PostgresConnection(holder.connection.connectionString, statementTimeoutMilliseconds: 300),
      user: holder.user)
    try holder.connection.query("BEGIN")
    _ = try holder.apply([record("queue.b", "held")])
    #expect(throws: SyncServerError.timedOut) { try impatient.apply([record("queue.c", "late")]) }
    try holder.connection.query("ROLLBACK")
    #expect(try impatient.record("queue.c") == nil, "the timed-out save was rolled back")
    #expect(SyncServerError.timedOut.isRetryable)
  }

  @Test("a connection cut by pg_terminate_backend is connectionLost (retryable); the next call reconnects")
  func terminatedBackend() throws {
    let victim = try SharedCluster.server()
    _ = try victim.apply([record("queue.a", "one")])
    let pid = try victim.connection.backendProcessID()
    let admin = PostgresConnection(victim.connection.connectionString)
    try admin.query("SELECT pg_terminate_backend($1::integer)", [String(pid)])
    Thread.sleep(forTimeInterval: 0.2)
    #expect(throws: SyncServerError.connectionLost) { try victim.changes(since: nil) }
    #expect(try victim.changes(since: nil).changed.map(\.id) == ["queue.a"], "reconnected")
  }

  @Test("a server that does not answer is unavailable (retryable)")
  func unreachable() throws {
    let nowhere = PostgresSyncServer(
      connection: PostgresConnection("host=/tmp/sfpg-nowhere port=5432 user=postgres connect_timeout=2"), user: "u")
    #expect(throws: SyncServerError.unavailable(retryAfterSeconds: 1)) { try nowhere.changes(since: nil) }
  }

  @Test("the store migrates a new database to the latest schema version")
  func schemaVersion() throws {
    let server = try SharedCluster.server()
    #expect(try PostgresSchema.version(of: server.connection) == PostgresSchema.latestVersion)
  }

  @Test("the server's notices are kept on the connection (the latest 32), not printed")
  func notices() throws {
    let connection = PostgresConnection(try SharedCluster.cluster().connectionString)
    try connection.query(
      "DO $$ BEGIN FOR i IN 1..40 LOOP RAISE NOTICE 'notice number %', i; END LOOP; END $$")
    let kept = connection.notices
    #expect(kept.count == PostgresConnection.noticeLimit)
    #expect(kept.first == "NOTICE:  notice number 9" && kept.last == "NOTICE:  notice number 40", "\(kept)")
  }
}
