import Foundation
import SmartFillSupport

/// A ``SyncServer`` in memory, for tests and for the tests of apps that embed sync: CloudKit's rules (change
/// tags, conflicts carrying the server's record, deleted records staying deleted, the 1 MB record limit)
/// without a network.
///
/// It answers at once, so besides the `async` protocol it offers the same calls synchronously
/// (``changes(since:)``, ``apply(_:)``, ``remove(_:)``) for simulations that drive many devices in one thread.
/// Fetched changes come in an order of the server's own (a hash of the record and its version), never the
/// order of the saves. Thread-safe.
public final class InMemorySyncServer: SyncServer, @unchecked Sendable {
  /// A record and the change sequence number of its last save.
  struct Stored: Sendable, Hashable {
    var record: SyncRecord
    var sequence: Int
  }

  private let lock = NSLock()
  /// The records by identifier.
  private var records: [String: Stored] = [:]
  /// The deleted records' identifiers, with the sequence number of the deletion.
  private var deletions: [String: Int] = [:]
  /// The last change's sequence number.
  private var sequence = 0
  /// The record saved or deleted at each sequence number still current (a later save of a record replaces
  /// its number), so that a fetch reads the changes since its token, not every record.
  private var changed: [Int: String] = [:]
  /// The largest record accepted, in bytes.
  public let recordLimit: Int

  /// An empty server accepting records of at most `recordLimit` bytes (CloudKit's 1 MB by default).
  public init(recordLimit: Int = SyncRecord.maximumBytes) {
    self.recordLimit = recordLimit
  }

  /// A server holding the given records and deletions (read back from ``jsonBytes()``).
  init(records: [String: Stored], deletions: [String: Int], sequence: Int, recordLimit: Int) {
    self.records = records
    self.deletions = deletions
    self.sequence = sequence
    self.recordLimit = recordLimit
    for (id, stored) in records { changed[stored.sequence] = id }
    for (id, number) in deletions { changed[number] = id }
  }

  /// The state, for ``jsonBytes()``.
  var contents: (records: [String: Stored], deletions: [String: Int], sequence: Int) {
    lock.withLock { (records, deletions, sequence) }
  }

  // MARK: The protocol

  public func fetchChanges(since token: ChangeToken?) async throws(SyncServerError) -> FetchedChanges {
    try changes(since: token)
  }

  public func save(_ records: [SyncRecord]) async throws(SyncServerError) -> [SaveOutcome] {
    apply(records)
  }

  public func delete(_ recordIDs: [String]) async throws(SyncServerError) {
    remove(recordIDs)
  }

  // MARK: At once

  /// The records saved and deleted after `token`, each record in its latest version.
  ///
  /// - Throws: ``SyncServerError/changeTokenExpired(_:)`` for a token this server did not make.
  /// - Complexity: O(*c* + *r* log *r*), where *c* is the number of changes since the token and *r* the
  ///   records changed.
  public func changes(since token: ChangeToken?) throws(SyncServerError) -> FetchedChanges {
    let since: Int
    if let token {
      guard let number = Int(token.rawValue), number >= 0 else { throw .changeTokenExpired(token) }
      since = number
    } else {
      since = 0
    }
    lock.lock()
    defer { lock.unlock() }
    if since > sequence, let token { throw .changeTokenExpired(token) }
    var saved: [Stored] = []
    var deleted: [String] = []
    if since < sequence {
      for number in (since + 1)...sequence {
        guard let id = changed[number] else { continue }
        if let stored = records[id] { saved.append(stored) } else { deleted.append(id) }
      }
    }
    return FetchedChanges(
      changed: saved.sorted { Self.scramble($0) < Self.scramble($1) }.map(\.record), deleted: deleted.sorted(),
      token: ChangeToken(rawValue: String(sequence)))
  }

  /// Saves each record whose change tag is the server's, or that is new.
  ///
  /// - Complexity: O(*n*) in the number of records, plus their sizes.
  public func apply(_ saves: [SyncRecord]) -> [SaveOutcome] {
    lock.withLock {
      saves.map { record in
        if deletions[record.id] != nil { return .deleted(recordID: record.id) }
        let bytes = record.byteCount
        if bytes > recordLimit { return .tooLarge(recordID: record.id, bytes: bytes, limit: recordLimit) }
        if let current = records[record.id], current.record.changeTag != record.changeTag {
          return .conflict(serverRecord: current.record)
        }
        sequence += 1
        var saved = record
        saved.changeTag = String(sequence)
        if let old = records[record.id] { changed[old.sequence] = nil }
        records[record.id] = Stored(record: saved, sequence: sequence)
        changed[sequence] = record.id
        return .saved(saved)
      }
    }
  }

  /// Deletes records for good.
  public func remove(_ recordIDs: [String]) {
    lock.withLock {
      for id in recordIDs where deletions[id] == nil {
        sequence += 1
        if let old = records[id] { changed[old.sequence] = nil }
        records[id] = nil
        deletions[id] = sequence
        changed[sequence] = id
      }
    }
  }

  /// The record `id` as the server holds it, or `nil`.
  public func record(_ id: String) -> SyncRecord? {
    lock.withLock { records[id]?.record }
  }

  /// Every record the server holds, by identifier.
  public var allRecords: [SyncRecord] {
    lock.withLock { records.keys.sorted().map { records[$0]!.record } }
  }

  /// An order of the server's own, unrelated to the order of the saves.
  private static func scramble(_ stored: Stored) -> UInt64 {
    StableHash.fnv1a64(stored.record.id + "#" + String(stored.sequence))
  }
}
