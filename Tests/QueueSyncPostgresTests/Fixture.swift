import Foundation
import PostgresTestCluster
import QueueSync
import QueueSyncPostgres
import Queues
import SmartFill
import Testing

/// The PostgreSQL tests' shared cluster, started once per test process at the first test that needs it.
enum SharedCluster {
  static let started: Result<ThrowawayCluster, ThrowawayCluster.Failure> = Result {
    () throws(ThrowawayCluster.Failure) in
    do { return try ThrowawayCluster() } catch let failure as ThrowawayCluster.Failure { throw failure } catch {
      throw ThrowawayCluster.Failure(description: "\(error)")
    }
  }

  /// The shared cluster, or the reason it could not start (a test failure, not a skip).
  static func cluster() throws -> ThrowawayCluster { try started.get() }

  /// The connection string of a new, empty database on the shared cluster, for tests of the schema itself.
  static func database() throws -> String {
    let name = "db_" + UUID().uuidString.prefix(8).lowercased()
    let admin = PostgresConnection(try cluster().connectionString, schemaVersion: nil, migrates: false)
    try admin.query("CREATE DATABASE \(name)")  // a fresh hex name: nothing of a caller's is spliced in
    return try cluster().connectionString.replacingOccurrences(of: "dbname=postgres", with: "dbname=\(name)")
  }

  /// A server for a user of its own on the shared cluster: tests running at once never see each other.
  static func server(fetchLimit: Int = 1_000, recordLimit: Int = SyncRecord.maximumBytes) throws -> PostgresSyncServer {
    PostgresSyncServer(
      connection: PostgresConnection(try cluster().connectionString), user: "user-" + UUID().uuidString,
      recordLimit: recordLimit, fetchLimit: fetchLimit)
  }
}

/// Waits until `condition` holds, checking every 20 ms, for at most 60 s (a loaded machine is slow, never
/// that slow); whether it came to hold.
@discardableResult
func waitUntil(_ condition: () throws -> Bool) rethrows -> Bool {
  let deadline = Date().addingTimeInterval(60)
  while Date() < deadline {
    if try condition() { return true }
    Thread.sleep(forTimeInterval: 0.02)
  }
  return false
}

/// How many backends of database `name` on the shared cluster wait on a lock (a row, a table or an advisory
/// lock), or only backend `pid` when given.
func lockWaiters(database name: String? = nil, pid: Int32? = nil, on connectionString: String) throws -> Int {
  let rows = try PostgresConnection(connectionString, schemaVersion: nil, migrates: false).query(
    """
    SELECT count(*) FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND ($1::text IS NULL OR datname = $1) AND ($2::integer IS NULL OR pid = $2)
    """, [name, pid.map { String($0) }])
  return Int(rows.first?.first.flatMap { $0 } ?? "") ?? 0
}

/// Runs blocking `body` on a dispatch thread, so that a test waiting on a process or the database never
/// holds one of the concurrency pool's few threads (which other tests' tasks need meanwhile).
func offPool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
  }
}

/// A blocking call running on a thread of its own (a dispatch thread, never the concurrency pool's, which
/// the other tests' CPU-bound work may hold for minutes): the other side of a lock a test arranges.
final class Background<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var result: Result<Value, SyncServerError>?
  private let finished = DispatchGroup()

  /// Starts `body` at once.
  init(_ body: @escaping @Sendable () throws(SyncServerError) -> Value) {
    finished.enter()
    DispatchQueue.global().async {
      let outcome = Result { () throws(SyncServerError) in try body() }
      self.lock.withLock { self.result = outcome }
      self.finished.leave()
    }
  }

  /// Whether the call has returned.
  var isDone: Bool { lock.withLock { result != nil } }

  /// The call's result, blocking until it returns: a test that holds a lock waits this way, never with an
  /// `await` (a suspended test may not get a thread back for minutes while other suites run, and the other
  /// side's statement timeout would end first).
  func outcome() -> Result<Value, SyncServerError> {
    finished.wait()
    return lock.withLock { result! }
  }

  /// The call's value, or its error, blocking until it returns.
  func value() throws(SyncServerError) -> Value { try outcome().get() }
}

/// The trait of every test that needs PostgreSQL: skipped, with the message the cluster prints, when the
/// server binaries are absent (unless `SMARTFILL_REQUIRE_POSTGRES=1`, which makes the tests run and fail).
let needsPostgres = ConditionTrait.enabled(
  if: ThrowawayCluster.shouldRun, "PostgreSQL server binaries not installed (set SMARTFILL_REQUIRE_POSTGRES=1 to fail)")

/// The two stores every semantic test runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case inMemory
  case postgres

  var testDescription: String { rawValue }

  /// The stores this machine can run: both, or the in-memory one where PostgreSQL is not installed.
  static var available: [StoreKind] { ThrowawayCluster.shouldRun ? allCases : [.inMemory] }

  /// A fresh, empty server of this kind.
  func makeServer(recordLimit: Int = SyncRecord.maximumBytes) throws -> any SyncServer {
    switch self {
    case .inMemory: return InMemorySyncServer(recordLimit: recordLimit)
    case .postgres: return try SharedCluster.server(recordLimit: recordLimit)
    }
  }
}

/// The start of the tests' clock.
let start = Date(timeIntervalSince1970: 1_767_225_600)

/// `seconds` after ``start``.
func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

/// A reference to episode `guid`.
func reference(_ guid: String) -> EpisodeReference {
  EpisodeReference(
    episodeGUID: guid, feedURL: "https://example.com/show.xml", title: "Episode \(guid)", showTitle: "Show",
    durationSeconds: 1_800, addedAt: start)
}

/// The identifier of episode `guid`.
func episode(_ guid: String) -> EpisodeID { EpisodeID(feedURL: "https://example.com/show.xml", guid: guid) }

/// The GUIDs of queue `id`'s episodes, in order.
func guids(_ engine: SyncEngine, _ id: QueueID) -> [String] { engine.state.episodes(in: id).map(\.guid) }

/// A new device's engine named `name`.
func device(_ name: String) -> SyncEngine { SyncEngine(replica: ReplicaID(name), deviceName: name, now: start) }

/// A record with one string field.
func record(_ id: String, tag: String? = nil, _ value: String) -> SyncRecord {
  SyncRecord(id: id, type: "Queue", changeTag: tag, fields: ["name": .string(value)])
}
