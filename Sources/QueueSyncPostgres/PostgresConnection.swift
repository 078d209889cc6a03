import CLibPQ
import Foundation
import QueueSync

/// One connection to a PostgreSQL server through libpq, used by one caller at a time (a lock serializes the
/// calls), reconnecting on the next call after the connection dropped.
///
/// Every statement goes out in libpq's text format with its parameters apart from the SQL (`PQexecParams`),
/// so that no value is ever spliced into SQL text. Failures come back as `SyncServerError`s, which the sync
/// engine knows how to retry (see `SyncServerError.init(sqlState:message:)`):
/// - the server cannot be reached or is starting up: `SyncServerError.unavailable(retryAfterSeconds:)`;
/// - the connection dropped (a restart, `pg_terminate_backend`, a network cut), or libpq reports an error of
///   its own (one without a SQLSTATE: "server closed the connection unexpectedly"):
///   `SyncServerError.connectionLost`, and the next call connects again;
/// - the statement ran past `statement_timeout`: `SyncServerError.timedOut` (PostgreSQL rolled it back).
///
/// The server's notices (`NOTICE:  relation "queuesync_schema_version" already exists, skipping`, and any a
/// statement raises) are not printed, as libpq's default does to standard error: the last
/// ``noticeLimit`` of them are kept in ``notices``, for whoever wants to look.
///
/// The calls block their thread while the server answers; ``PostgresSyncServer``'s `async` calls run them off
/// the concurrency pool's threads.
public final class PostgresConnection: @unchecked Sendable {
  /// The libpq connection string (`host=/tmp/pg dbname=sync user=app`).
  public let connectionString: String
  /// The statement timeout set on each new connection, in milliseconds (0 for none).
  public let statementTimeoutMilliseconds: Int

  /// The schema version this connection migrates to.
  let schemaVersion: Int
  private let lock = NSLock()
  /// The open connection, or `nil` before the first call and after one dropped.
  private var connection: OpaquePointer?
  /// Whether this connection migrates the schema (all but some tests' connections).
  private let migrates: Bool
  /// Whether this connection checked the schema since it connected.
  private var schemaChecked: Bool
  /// The notices kept, oldest first (their own lock: libpq reports them while `lock` is held).
  private let noticeLock = NSLock()
  private var keptNotices: [String] = []

  /// How many of the server's latest notices ``notices`` keeps: 32.
  public static let noticeLimit = 32

  /// A connection to the server `connectionString` names; nothing is sent until the first call.
  ///
  /// - Parameters:
  ///   - connectionString: libpq's connection string (`host=/run/postgresql dbname=sync user=sync`).
  ///   - statementTimeoutMilliseconds: Set as `statement_timeout` on each new connection: 5 s by default, so
  ///     that a statement stuck behind a lock comes back as `SyncServerError.timedOut`.
  public convenience init(_ connectionString: String, statementTimeoutMilliseconds: Int = 5_000) {
    self.init(connectionString, statementTimeoutMilliseconds: statementTimeoutMilliseconds, schemaVersion: nil)
  }

  /// A connection that migrates the schema only up to `schemaVersion` (the latest when `nil`), or not at all
  /// (`migrates: false`), for the migration tests.
  package init(
    _ connectionString: String, statementTimeoutMilliseconds: Int = 5_000, schemaVersion: Int?, migrates: Bool = true
  ) {
    self.connectionString = connectionString
    self.statementTimeoutMilliseconds = statementTimeoutMilliseconds
    self.schemaVersion = schemaVersion ?? PostgresSchema.latestVersion
    schemaChecked = !migrates
    self.migrates = migrates
  }

  deinit {
    if let connection { PQfinish(connection) }
  }

  /// Rows of text values (`nil` for SQL NULL), as a statement returned them.
  public typealias Rows = [[String?]]

  /// Runs one statement with `parameters` (`$1`, `$2`, …, in text form) and returns its rows.
  ///
  /// - Throws: The `SyncServerError` the failure maps to.
  /// - Complexity: One round trip to the server, plus the rows' size.
  @discardableResult
  public func query(_ sql: String, _ parameters: [String?] = []) throws(SyncServerError) -> Rows {
    try withConnection { (connection) throws(SyncServerError) in try Self.run(sql, parameters, on: connection) }
  }

  /// Runs `body` with the open connection, holding the lock: several statements in a row from one caller.
  func withConnection<Result>(_ body: (OpaquePointer) throws(SyncServerError) -> Result) throws(SyncServerError)
    -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    let open = try opened()
    do {
      if !schemaChecked {
        try PostgresSchema.migrate(on: open, upTo: schemaVersion)
        schemaChecked = true
      }
      return try body(open)
    } catch {
      if error == .connectionLost || PQstatus(open) != CONNECTION_OK { drop() }
      throw error
    }
  }

  /// Closes the connection now; the next call connects again.
  public func close() {
    lock.withLock { drop() }
  }

  /// The backend's process id, for tests that cut this connection (`pg_terminate_backend`).
  public func backendProcessID() throws(SyncServerError) -> Int32 {
    try withConnection { connection in PQbackendPID(connection) }
  }

  /// The server's latest notices on this connection (at most ``noticeLimit``), oldest first, each without
  /// its line break: `NOTICE:  relation "queuesync_schema_version" already exists, skipping`.
  public var notices: [String] { noticeLock.withLock { keptNotices } }

  /// Keeps one notice, dropping the oldest past ``noticeLimit``.
  private func keep(notice: String) {
    noticeLock.withLock {
      keptNotices.append(notice.trimmingCharacters(in: .whitespacesAndNewlines))
      if keptNotices.count > Self.noticeLimit { keptNotices.removeFirst(keptNotices.count - Self.noticeLimit) }
    }
  }

  private func drop() {
    if let connection { PQfinish(connection) }
    connection = nil
    schemaChecked = !migrates
  }

  /// The open connection, connecting when there is none (or it dropped).
  private func opened() throws(SyncServerError) -> OpaquePointer {
    if let connection, PQstatus(connection) == CONNECTION_OK { return connection }
    drop()
    guard let fresh = PQconnectdb(connectionString) else { throw .unavailable(retryAfterSeconds: 1) }
    guard PQstatus(fresh) == CONNECTION_OK else {
      let message = String(cString: PQerrorMessage(fresh))
      PQfinish(fresh)
      // Refused, starting up, shutting down, too many clients: all pass; a bad password or database does not.
      if message.contains("does not exist") || message.contains("authentication failed") {
        throw .refused("cannot connect: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
      }
      throw .unavailable(retryAfterSeconds: 1)
    }
    connection = fresh
    // Notices come to `keep(notice:)` instead of standard error; `self` outlives the connection (deinit
    // finishes it).
    PQsetNoticeProcessor(
      fresh,
      { context, message in
        guard let context, let message else { return }
        Unmanaged<PostgresConnection>.fromOpaque(context).takeUnretainedValue().keep(notice: String(cString: message))
      }, Unmanaged.passUnretained(self).toOpaque())
    do {
      _ = try Self.run(
        "SELECT set_config('statement_timeout', $1, false)", [String(statementTimeoutMilliseconds)], on: fresh)
    } catch {
      drop()
      throw error
    }
    return fresh
  }

  /// Runs one statement on `connection`.
  static func run(_ sql: String, _ parameters: [String?], on connection: OpaquePointer) throws(SyncServerError)
    -> Rows
  {
    let copies = parameters.map { $0.map { strdup($0) } ?? nil }
    defer { for copy in copies { free(copy) } }
    let result = copies.withUnsafeBufferPointer { values in
      values.withMemoryRebound(to: UnsafePointer<CChar>?.self) { values in
        PQexecParams(connection, sql, Int32(parameters.count), nil, values.baseAddress, nil, nil, 0)
      }
    }
    defer { PQclear(result) }
    switch PQresultStatus(result) {
    case PGRES_TUPLES_OK, PGRES_COMMAND_OK:
      let rowCount = Int(PQntuples(result))
      let columnCount = Int(PQnfields(result))
      return (0..<rowCount).map { row in
        (0..<columnCount).map { column in
          PQgetisnull(result, Int32(row), Int32(column)) == 1
            ? nil : String(cString: PQgetvalue(result, Int32(row), Int32(column)))
        }
      }
    default:
      // An error without a SQLSTATE is libpq's own, not the server's: the server closed the connection (a
      // restart, a crash), though libpq may not have marked the connection bad yet.
      guard let result, PQstatus(connection) == CONNECTION_OK,
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map({ String(cString: $0) })
      else { throw .connectionLost }
      let message = String(cString: PQresultErrorMessage(result)).trimmingCharacters(in: .whitespacesAndNewlines)
      throw SyncServerError(sqlState: state, message: message)
    }
  }
}
