import Foundation
import QueueSync
import QueueSyncPostgres
import Testing

/// The schema's migrations on databases that hold records, each test on a database of its own.
@Suite("PostgreSQL schema migrations", needsPostgres)
struct PostgresSchemaTests {
  /// The versions recorded in `queuesync_schema_version`, and whether `queuesync_records.created_at` exists,
  /// read without migrating anything.
  func layout(_ database: String) throws -> (versions: [Int], hasCreatedAt: Bool) {
    let raw = PostgresConnection(database, schemaVersion: nil, migrates: false)
    let versions = try raw.query("SELECT version FROM queuesync_schema_version ORDER BY version").map {
      Int($0[0] ?? "") ?? -1
    }
    let columns = try raw.query(
      """
      SELECT count(*) FROM information_schema.columns
        WHERE table_name = 'queuesync_records' AND column_name = 'created_at'
      """)
    return (versions, columns.first?.first == "1")
  }

  @Test("a version 1 database with records is migrated to the latest: records, tokens and tags intact")
  func migratesExistingRecords() throws {
    let database = try SharedCluster.database()
    let old = PostgresSyncServer(connection: PostgresConnection(database, schemaVersion: 1), user: "u")
    var saved: [String: SyncRecord] = [:]
    for index in 0..<30 {
      if case .saved(let record) = try old.apply([record("queue.\(index)", "v\(index)")])[0] {
        saved[record.id] = record
      }
    }
    try old.remove(["queue.7", "queue.gone"])
    let before = try old.changes(since: nil)
    let beforeLayout = try layout(database)
    #expect(beforeLayout.versions == [1] && !beforeLayout.hasCreatedAt, "the database is at version 1: \(beforeLayout)")

    let new = PostgresSyncServer(connection: PostgresConnection(database), user: "u")
    let after = try new.changes(since: nil)
    let afterLayout = try layout(database)
    #expect(afterLayout.versions == Array(1...PostgresSchema.latestVersion) && afterLayout.hasCreatedAt)
    #expect(try PostgresSchema.version(of: new.connection) == PostgresSchema.latestVersion)
    #expect(Set(after.changed) == Set(before.changed) && after.changed.count == 29, "records intact")
    #expect(Set(after.changed) == Set(saved.values.filter { $0.id != "queue.7" }))
    #expect(Set(after.deleted) == ["queue.7", "queue.gone"] && after.token == before.token)
    #expect(try new.changes(since: before.token).changed.isEmpty, "a token from before the migration still works")
    let edit = try new.apply([record("queue.1", tag: saved["queue.1"]?.changeTag, "edited")])
    #expect(edit.first.map(isSaved) == true, "a change tag from before the migration is still current: \(edit)")
    #expect(try new.apply([record("queue.7", "again")]) == [.deleted(recordID: "queue.7")], "deleted stays deleted")
    let missing = try new.connection.query("SELECT count(*) FROM queuesync_records WHERE created_at IS NULL")
    #expect(missing.first?.first == "0", "every old row has a created_at")
  }

  @Test("six servers opening a version 1 database at once (the first held up by a reader) migrate it once")
  func concurrentMigrations() throws {
    let database = try SharedCluster.database()
    _ = try PostgresSyncServer(connection: PostgresConnection(database, schemaVersion: 1), user: "u").apply([
      record("queue.a", "v")
    ])
    // A reader holding the records table keeps the first migration waiting, so that the others arrive meanwhile.
    let reader = PostgresConnection(database, schemaVersion: nil, migrates: false)
    try reader.query("BEGIN")
    try reader.query("LOCK TABLE queuesync_records IN ACCESS SHARE MODE")
    let migrations = (0..<6).map { _ in
      Background { () throws(SyncServerError) in
        let connection = PostgresConnection(database, statementTimeoutMilliseconds: 120_000)
        return try PostgresSyncServer(connection: connection, user: "u").changes(since: nil).changed.count
      }
    }
    // All six wait: the first on the table, the others on the migration lock.
    let name = database.split(separator: " ").first { $0.hasPrefix("dbname=") }.map { String($0.dropFirst(7)) }
    let waiting = try waitUntil { try lockWaiters(database: name, on: database) == 6 }
    #expect(waiting, "the six migrations did not all wait")
    try reader.query("COMMIT")
    let counts = try migrations.map { try $0.value() }
    #expect(counts == Array(repeating: 1, count: 6))
    #expect(try layout(database).versions == Array(1...PostgresSchema.latestVersion), "each version applied once")
  }

  @Test("a database migrated by a newer store is refused, naming both versions, and left as it is")
  func newerVersionRefused() throws {
    let database = try SharedCluster.database()
    let server = PostgresSyncServer(connection: PostgresConnection(database), user: "u")
    _ = try server.apply([record("queue.a", "v")])
    let newer = PostgresSchema.latestVersion + 1
    try PostgresConnection(database, schemaVersion: nil, migrates: false).query(
      "INSERT INTO queuesync_schema_version (version) VALUES ($1::integer)", [String(newer)])
    let later = PostgresSyncServer(connection: PostgresConnection(database), user: "u")
    let expected = SyncServerError.refused(
      "the database's sync schema is version \(newer), newer than this store's \(PostgresSchema.latestVersion); "
        + "update the server, or point it at another database")
    #expect(throws: expected) { try later.changes(since: nil) }
    #expect(throws: expected) { try later.apply([record("queue.b", "v")]) }
    #expect(!expected.isRetryable)
    #expect(try layout(database).versions == Array(1...PostgresSchema.latestVersion) + [newer])
    let rows = try PostgresConnection(database, schemaVersion: nil, migrates: false).query(
      "SELECT record_id FROM queuesync_records")
    #expect(rows == [["queue.a"]], "nothing written")
  }
}
