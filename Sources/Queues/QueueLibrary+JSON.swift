import Foundation
import SmartFill
import SmartFillSupport

// The store's format, the library's one encoding: JSON written with the package's `JSONWriter` (keys in a
// fixed order, two-space indentation, a final newline) so that it is pinned byte for byte, and read through
// `JSONReader` so that every problem names its place (`queues[1].episodes[3].feedURL`). Version 3 is
// written; version 2 (the same library with `targetDurationSeconds` for a smart fill's target) and version 1
// (a single Up Next list) are migrated on reading. Each value's part of the format sits beside its type:
// `Queue+JSON.swift`, `EpisodeReference+JSON.swift`, `SmartFillSettings+JSON.swift`,
// `AutoSwitchRule+JSON.swift`.

extension QueueLibrary {
  /// The library as JSON text (the store's format, version 3), two-space indented, keys in the documented
  /// order, with a final newline. Absent optional fields (`smartFillSettings`, `durationSeconds`,
  /// `targetSeconds`) are left out.
  ///
  /// - Complexity: O(*n*) in the total number of episodes.
  public func jsonText() -> String {
    String(decoding: jsonBytes(), as: UTF8.self)
  }

  /// The library as UTF-8 JSON data; see ``jsonText()``.
  public func jsonData() -> Data { Data(jsonBytes()) }

  /// The library as UTF-8 JSON bytes; see ``jsonText()``.
  ///
  /// - Complexity: O(*n*) in the total number of episodes.
  public func jsonBytes() -> [UInt8] {
    let episodes = queues.reduce(0) { $0 + $1.count } + deletedQueues.reduce(0) { $0 + $1.queue.count }
    var json = JSONWriter(capacity: 4096 + episodes * 320)
    json.object { json in
      json.member("version", QueueLibrary.formatVersion)
      json.member("revision", revision)
      json.member("queueLimit", queueLimit)
      json.member("activeQueueID", activeQueueID.rawValue)
      json.member("queues")
      json.array { json in
        for queue in queues {
          json.element()
          queue.write(to: &json)
        }
      }
      json.member("deletedQueues")
      json.array { json in
        for deleted in deletedQueues {
          json.element()
          json.object { json in
            json.member("deletedAt", deleted.deletedAt)
            json.member("formerIndex", deleted.formerIndex)
            json.member("queue")
            deleted.queue.write(to: &json)
          }
        }
      }
    }
    json.append("\n")
    return json.bytes
  }

  /// Reads a library from JSON text: version 3, or an older version migrated (version 2 renames one key;
  /// version 1, a single Up Next list, becomes a new library whose built-in queues are created at `now`).
  ///
  /// - Throws: ``QueueError/malformedLibrary(location:reason:)`` for malformed JSON, a missing or mistyped
  ///   field or a broken invariant; ``QueueError/unsupportedVersion(_:)`` for a newer version.
  /// - Complexity: O(*n*) in the size of the text.
  public init(json: some Collection<UInt8>, now: Date = Date()) throws(QueueError) {
    let root: JSONValue
    do {
      root = try JSONValue.parse(json)
    } catch {
      throw .malformedLibrary(
        location: "line \(error.line), column \(error.column)", reason: "malformed JSON: \(error.problem)")
    }
    do {
      self = try QueueLibrary(reading: JSONReader(root), now: now)
    } catch let error as QueueError {
      throw error
    } catch let error as JSONReadError {
      throw QueueError(error)
    } catch {
      preconditionFailure("unexpected error \(error)")
    }
  }

  /// Reads the library at `reader`; JSON problems throw ``JSONReadError``, broken invariants ``QueueError``.
  private init(reading reader: JSONReader, now: Date) throws {
    let version = try reader.integer("version")
    switch version {
    case 1:
      var library = QueueLibrary(now: now)
      let episodes = try reader.array("episodes").map { (node) throws(JSONReadError) in
        try EpisodeReference(reading: node)
      }
      library.queues[0].episodes = episodes
      library.queues[0].currentIndex = try reader.optionalInteger("currentIndex") ?? 0
      try library.checkInvariants()
      self = library
    case 2, QueueLibrary.formatVersion:
      let queues = try reader.array("queues").map { (node) throws(JSONReadError) in
        try Queue(reading: node, version: version)
      }
      let deleted = try reader.array("deletedQueues").map { (node) throws(JSONReadError) in
        DeletedQueue(
          queue: try Queue(reading: try node.field("queue"), version: version), deletedAt: try node.date("deletedAt"),
          formerIndex: try node.integer("formerIndex"))
      }
      self = try QueueLibrary(
        queues: queues, activeQueueID: QueueID(try reader.string("activeQueueID")), deletedQueues: deleted,
        queueLimit: try reader.integer("queueLimit"), revision: try reader.integer("revision"))
    default:
      if version > QueueLibrary.formatVersion { throw QueueError.unsupportedVersion(version) }
      throw QueueError.malformedLibrary(
        location: "version", reason: "must be 1 to \(QueueLibrary.formatVersion), got \(version)")
    }
  }
}

extension QueueError {
  /// The store's error for a problem in its JSON: the path and the reason.
  init(_ error: JSONReadError) {
    self = .malformedLibrary(location: error.path.description, reason: error.reason)
  }
}
