/// A server's change token: where a device's fetch stopped, to fetch what changed since.
public struct ChangeToken: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The token's text, which only the server that made it understands.
  public var rawValue: String

  /// Creates a token from its text.
  public init(rawValue: String) { self.rawValue = rawValue }

  public var description: String { rawValue }
}

/// What changed on the server since a token: records in any order (as CloudKit gives no order), the
/// identifiers of records deleted, and the token to fetch from next.
public struct FetchedChanges: Sendable, Hashable {
  /// The records changed, in no particular order; a record may appear more than once.
  public var changed: [SyncRecord]
  /// The records deleted.
  public var deleted: [String]
  /// The token to pass to the next fetch.
  public var token: ChangeToken
  /// Whether more changes wait; fetch again with ``token``.
  public var moreComing: Bool

  /// Creates a batch of changes.
  public init(changed: [SyncRecord], deleted: [String] = [], token: ChangeToken, moreComing: Bool = false) {
    self.changed = changed
    self.deleted = deleted
    self.token = token
    self.moreComing = moreComing
  }
}

/// What became of one record of a save.
public enum SaveOutcome: Sendable, Hashable {
  /// Saved; the record as the server holds it now, with its new change tag.
  case saved(SyncRecord)
  /// Not saved: the server's record changed since the change tag sent (CloudKit's `serverRecordChanged`);
  /// here is the server's record, to merge and save again.
  case conflict(serverRecord: SyncRecord)
  /// Not saved: the record was deleted, and deleted records stay deleted.
  case deleted(recordID: String)
  /// Not saved: the record is larger than the server accepts.
  case tooLarge(recordID: String, bytes: Int, limit: Int)
}

/// A server failure, typed so that a sync engine knows which are worth retrying.
public enum SyncServerError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The connection dropped before an answer came; whatever was sent may or may not have been applied.
  case connectionLost
  /// No answer in time; whatever was sent may or may not have been applied.
  case timedOut
  /// The server is busy or down; try again after `retryAfterSeconds`.
  case unavailable(retryAfterSeconds: Int)
  /// The change token is not one this server made, or has expired: fetch everything again (`nil` token).
  case changeTokenExpired(ChangeToken)
  /// The account's storage is full; retrying does not help until the user makes room.
  case quotaExceeded
  /// The request was refused for another reason the server names.
  case refused(String)

  /// Whether trying again later may succeed.
  public var isRetryable: Bool {
    switch self {
    case .connectionLost, .timedOut, .unavailable, .changeTokenExpired: return true
    case .quotaExceeded, .refused: return false
    }
  }

  public var description: String {
    switch self {
    case .connectionLost: return "the connection was lost (retryable)"
    case .timedOut: return "the request timed out (retryable)"
    case .unavailable(let seconds): return "the server is unavailable; retry after \(seconds) s"
    case .changeTokenExpired(let token): return "the change token \"\(token)\" expired; fetching everything again"
    case .quotaExceeded: return "the account's storage is full; make room, then sync again"
    case .refused(let reason): return "the request was refused: \(reason)"
    }
  }
}

/// A server shaped like CloudKit's database, which the sync engine talks to: fetch the changes since a token,
/// save records only when their change tag is the server's (else a conflict carrying the server's record),
/// delete records for good.
///
/// The calls are `async` so that a network or database implementation suspends instead of blocking; an
/// implementation that answers at once (``InMemorySyncServer``) just returns. A call that throws a retryable
/// error may or may not have been applied; the engine's merges make applying twice harmless.
public protocol SyncServer: Sendable {
  /// The changes since `token` (everything when `nil`).
  func fetchChanges(since token: ChangeToken?) async throws(SyncServerError) -> FetchedChanges
  /// Saves each record whose change tag is the server's (or that is new, with a `nil` tag), each on its own.
  func save(_ records: [SyncRecord]) async throws(SyncServerError) -> [SaveOutcome]
  /// Deletes records; a deleted record stays deleted (a later save of it is answered ``SaveOutcome/deleted(recordID:)``).
  func delete(_ recordIDs: [String]) async throws(SyncServerError)
}
