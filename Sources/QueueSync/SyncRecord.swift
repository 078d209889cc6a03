import Foundation

/// A record as the server keeps it, shaped like CloudKit's `CKRecord`: an identifier, a type, the server's
/// change tag and named fields.
///
/// Sync writes two types: one `Queue` record per queue, with the design's fields (`queueID`, `name`,
/// `episodes`, `currentIndex`, `autoSwitchRules`, `smartFillSettings`, `lastModified`, `deviceID`) plus
/// `isAutoSwitchEnabled`, `deviceName`, `isDeleted` and `state`, the replicated state that merging reads; one
/// `Library` record, whose `state` holds the answers about audio devices; and up to 64 `Finished` records
/// (`finished.00` … `finished.3f`), each holding the finished episodes whose GUID hashes to it. The design's
/// fields are for other readers (a web view, a CloudKit dashboard); merging reads only `state`.
///
/// A queue whose record would pass 700 KB (`QueueParts`) travels as a head and parts: the head is its `Queue`
/// record without `state` (its `episodes` capped at 1,000, with `episodeCount`), naming its parts (`parts`),
/// the state's length (`stateBytes`), checksum (`stateChecksum`) and `headClock`; each `QueuePart` record
/// (`part.<16 hex digits>.<index>`, immutable) holds a slice of the state's bytes in `data`, with `queueID`,
/// `index` and `deviceID`. The queue is merged once all its parts are there.
public struct SyncRecord: Sendable, Hashable {
  /// A field's value.
  public enum Field: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case date(Date)
    case bool(Bool)
    /// JSON text (a list of episodes, the rules), as CloudKit would hold it in a string or asset field.
    case json([UInt8])

    /// The field's size as the server counts it, in bytes.
    var byteCount: Int {
      switch self {
      case .string(let text): return text.utf8.count
      case .integer, .date: return 8
      case .bool: return 1
      case .json(let bytes): return bytes.count
      }
    }
  }

  /// CloudKit's record size limit: 1 MB.
  public static let maximumBytes = 1_000_000

  /// The record's identifier: `queue.<queue id>`, `library`, `finished.<shard, two hex digits>` or
  /// `part.<16 hex digits>.<index>`.
  public var id: String
  /// The record's type: `Queue`, `Library`, `Finished` or `QueuePart`.
  public var type: String
  /// The server's change tag of the version this record was read from; `nil` for a record not yet saved.
  public var changeTag: String?
  /// The fields, by name.
  public var fields: [String: Field]

  /// Creates a record.
  public init(id: String, type: String, changeTag: String? = nil, fields: [String: Field] = [:]) {
    self.id = id
    self.type = type
    self.changeTag = changeTag
    self.fields = fields
  }

  /// The record's size as the server counts it: the fields' names and values, in bytes.
  public var byteCount: Int {
    fields.reduce(id.utf8.count + type.utf8.count) { $0 + $1.key.utf8.count + $1.value.byteCount }
  }
}
