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

/// The trait of every test that needs PostgreSQL: skipped, with the message the cluster prints, when the
/// server binaries are absent (unless `SMARTFILL_REQUIRE_POSTGRES=1`, which makes the tests run and fail).
let needsPostgres = ConditionTrait.enabled(
  if: ThrowawayCluster.shouldRun, "PostgreSQL server binaries not installed (set SMARTFILL_REQUIRE_POSTGRES=1 to fail)")

/// The two stores every semantic test runs against.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case inMemory
  case postgres

  var testDescription: String { rawValue }

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
