import Dispatch
import Foundation
import QueueSync
import SmartFillSupport

/// A `SyncServer` whose records live in PostgreSQL: one user's zone (a user's devices share one zone, as
/// CloudKit's private database), on a ``PostgresConnection``.
///
/// The protocol knows no users; this type adds them: each `PostgresSyncServer(connection:user:zone:)` is the
/// server as one user's devices see it, and many of them share one database (and one connection, or a
/// connection each: the connection serializes its callers).
///
/// - Saving is one statement (`queuesync_save`): under the zone's row lock, each record is saved only when its
///   change tag is the stored one (or it is new), else the answer is a conflict carrying the stored record;
///   never a read and a write in separate round trips.
/// - The change feed cannot skip a late commit: change numbers are taken from the zone's counter under its
///   row lock, held until commit, so within a zone they commit in order, and a fetch (one statement, one
///   snapshot) that sees change *n* sees every change before it. A token is the last change number seen.
/// - Deleted records stay as rows marked deleted, so that a later save of one is answered
///   `SaveOutcome.deleted(recordID:)` and every device's fetch hears of the deletion.
/// - A failed call (connection lost, server restarting, statement timeout) throws a retryable
///   `SyncServerError`. A save whose answer was lost is safe to repeat: the repeat meets a conflict carrying
///   what the first one stored, which the engine's merge finds equal to its own.
public struct PostgresSyncServer: SyncServer {
  /// The connection the calls go through.
  public let connection: PostgresConnection
  /// The user whose records these are.
  public let user: String
  /// The user's zone (`"queues"` by default).
  public let zone: String
  /// The largest record accepted, in bytes (CloudKit's 1 MB by default).
  public let recordLimit: Int
  /// The most records one fetch returns; `FetchedChanges.moreComing` says when more wait.
  public let fetchLimit: Int
  /// How saves number their changes: the store's rule, or the naive one for the late-commit control.
  package var numbering = ChangeNumbering.zoneCounter

  /// The server of `user`'s `zone` on `connection`.
  public init(
    connection: PostgresConnection, user: String, zone: String = "queues", recordLimit: Int = SyncRecord.maximumBytes,
    fetchLimit: Int = 1_000
  ) {
    self.connection = connection
    self.user = user
    self.zone = zone
    self.recordLimit = recordLimit
    self.fetchLimit = max(1, fetchLimit)
  }

  // MARK: The protocol, off the concurrency pool

  public func fetchChanges(since token: ChangeToken?) async throws(SyncServerError) -> FetchedChanges {
    try await Self.offPool { () throws(SyncServerError) in try changes(since: token) }
  }

  public func save(_ records: [SyncRecord]) async throws(SyncServerError) -> [SaveOutcome] {
    try await Self.offPool { () throws(SyncServerError) in try apply(records) }
  }

  public func delete(_ recordIDs: [String]) async throws(SyncServerError) {
    try await Self.offPool { () throws(SyncServerError) in try remove(recordIDs) }
  }

  /// Runs a blocking call on a dispatch thread, so that waiting on the database never holds one of the
  /// concurrency pool's few threads.
  static func offPool<Value: Sendable>(_ body: @escaping @Sendable () throws(SyncServerError) -> Value)
    async throws(SyncServerError) -> Value
  {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Value, SyncServerError>, Never>) in
      DispatchQueue.global().async {
        continuation.resume(returning: Result { () throws(SyncServerError) in try body() })
      }
    }
    return try result.get()
  }

  // MARK: Blocking calls

  /// The records saved and deleted after `token`, oldest change first, at most ``fetchLimit`` of them.
  ///
  /// - Throws: `SyncServerError.changeTokenExpired(_:)` for a token this store did not make (or one from a
  ///   database since restored to an earlier point), or the connection's failure.
  /// - Complexity: One statement: O(*c* log *r*) in the changes returned and the zone's records (the
  ///   `(user_id, zone, sequence)` index).
  public func changes(since token: ChangeToken?) throws(SyncServerError) -> FetchedChanges {
    var since = 0
    if let token {
      guard let number = Int(token.rawValue), number >= 0 else { throw .changeTokenExpired(token) }
      since = number
    }
    // One statement, so one snapshot: the zone's counter and the changes after the token agree.
    let counterQuery =
      switch numbering {
      case .zoneCounter: "SELECT z.counter FROM queuesync_zones z WHERE z.user_id = $1 AND z.zone = $2"
      case .naiveSequence: "SELECT max(r.sequence) FROM queuesync_records r WHERE r.user_id = $1 AND r.zone = $2"
      }
    let rows = try connection.query(
      """
      SELECT 'zone', NULL, NULL, NULL, NULL, c.counter::text FROM (\(counterQuery)) AS c(counter)
        WHERE c.counter IS NOT NULL
      UNION ALL
      (SELECT CASE WHEN r.deleted THEN 'deleted' ELSE 'record' END, r.record_id, r.record_type, r.change_tag,
              r.fields::text, r.sequence::text
         FROM queuesync_records r
         WHERE r.user_id = $1 AND r.zone = $2 AND r.sequence > $3::bigint
         ORDER BY r.sequence LIMIT $4::bigint)
      """, [user, zone, String(since), String(fetchLimit)])
    var counter = 0
    var changed: [SyncRecord] = []
    var deleted: [String] = []
    var last = since
    for row in rows {
      guard row.count == 6, let kind = row[0], let number = row[5].flatMap({ Int($0) }) else {
        throw .refused("queuesync: a change feed row of an unexpected shape: \(row)")
      }
      switch kind {
      case "zone":
        counter = number
      case "deleted":
        deleted.append(row[1] ?? "")
        last = number
      default:
        let id = row[1] ?? ""
        changed.append(
          SyncRecord(
            id: id, type: row[2] ?? "", changeTag: row[3],
            fields: try SyncRecord.fields(of: id, fromStoreJSON: row[4] ?? "{}")))
        last = number
      }
    }
    if let token, since > counter { throw .changeTokenExpired(token) }
    let moreComing = changed.count + deleted.count == fetchLimit && last < counter
    return FetchedChanges(
      changed: changed, deleted: deleted, token: ChangeToken(rawValue: String(moreComing ? last : counter)),
      moreComing: moreComing)
  }

  /// Saves each record whose change tag is the stored one, or that is new; all in one statement.
  ///
  /// - Throws: The connection's failure; then nothing, or everything, was saved.
  /// - Complexity: One statement: O(*n* log *r*) in the records sent and the zone's records, plus their sizes.
  public func apply(_ records: [SyncRecord]) throws(SyncServerError) -> [SaveOutcome] {
    guard !records.isEmpty else { return [] }
    var batch = JSONWriter(style: .compact)
    batch.array { json in
      for record in records {
        json.element()
        json.object { json in
          json.member("id", record.id)
          json.member("type", record.type)
          json.member("changeTag")
          if let tag = record.changeTag { json.string(tag) } else { json.null() }
          json.member("tooLarge", record.byteCount > recordLimit)
          json.member("fields")
          SyncRecord.writeFields(record.fields, to: &json)
        }
      }
    }
    let saveFunction = numbering == .zoneCounter ? "queuesync_save" : "queuesync_save_naive"
    let rows = try connection.query(
      "SELECT o_outcome, o_id, o_type, o_tag, o_fields FROM \(saveFunction)($1, $2, $3::jsonb)",
      [user, zone, batch.text])
    guard rows.count == records.count else {
      throw .refused("queuesync_save answered \(rows.count) outcomes for \(records.count) records")
    }
    var outcomes: [SaveOutcome] = []
    for (record, row) in zip(records, rows) {
      switch row[0] {
      case "saved":
        var saved = record
        saved.changeTag = row[3]
        outcomes.append(.saved(saved))
      case "conflict":
        let stored = SyncRecord(
          id: record.id, type: row[2] ?? "", changeTag: row[3],
          fields: try SyncRecord.fields(of: record.id, fromStoreJSON: row[4] ?? "{}"))
        outcomes.append(.conflict(serverRecord: stored))
      case "deleted":
        outcomes.append(.deleted(recordID: record.id))
      case "tooLarge":
        outcomes.append(.tooLarge(recordID: record.id, bytes: record.byteCount, limit: recordLimit))
      default:
        throw .refused("queuesync_save answered \"\(row[0] ?? "NULL")\" for record \"\(record.id)\"")
      }
    }
    return outcomes
  }

  /// Deletes records for good (a record deleted already stays as it is); one statement.
  ///
  /// - Complexity: One statement: O(*n* log *r*).
  public func remove(_ recordIDs: [String]) throws(SyncServerError) {
    guard !recordIDs.isEmpty else { return }
    var ids = JSONWriter(style: .compact)
    ids.strings(recordIDs)
    try connection.query("SELECT queuesync_delete($1, $2, $3::jsonb)", [user, zone, ids.text])
  }

  /// The record `id` as stored (`nil` when absent or deleted).
  public func record(_ id: String) throws(SyncServerError) -> SyncRecord? {
    let rows = try connection.query(
      """
      SELECT record_type, change_tag, fields::text FROM queuesync_records
        WHERE user_id = $1 AND zone = $2 AND record_id = $3 AND NOT deleted
      """, [user, zone, id])
    guard let row = rows.first else { return nil }
    return SyncRecord(
      id: id, type: row[0] ?? "", changeTag: row[1],
      fields: try SyncRecord.fields(of: id, fromStoreJSON: row[2] ?? "{}"))
  }
}
