import Foundation
import Queues
import SmartFillSupport

// `undo`: puts back the episodes of the last `clear` (or `fill --replace`). The library's undo token lives in
// memory; between two runs of the tool it is kept beside the store, in `<store>.undo`:
//
//   {"version": 1, "command": "clear", "queueID": "commute", "queueName": "🚗 Commute",
//    "savedAt": "2024-01-01T00:00:00Z", "library": "<the store's JSON before the change, as a string>"}
//
// The library before the change is kept in the store's own format (its one encoding), as a string.

/// What `undo` can put back.
struct UndoRecord: Hashable {
  /// The format version of the undo file.
  static let formatVersion = 1

  /// The command undone: "clear" or "fill --replace".
  var command: String
  /// The queue it emptied.
  var queueID: QueueID
  /// The library just before.
  var before: QueueLibrary

  /// The undo file's text.
  func jsonText(now: Date) -> String {
    var json = JSONWriter()
    json.object { json in
      json.member("version", Self.formatVersion)
      json.member("command", command)
      json.member("queueID", queueID.rawValue)
      json.member("queueName", before[queueID]?.name ?? "")
      json.member("savedAt", now)
      json.member("library", before.jsonText())
    }
    json.append("\n")
    return json.text
  }

  /// Reads an undo file.
  init(json bytes: [UInt8], now: Date) throws(CommandError) {
    do throws(JSONReadError) {
      let reader = try JSONReader(parsing: bytes)
      let version = try reader.integer("version")
      guard version == Self.formatVersion else {
        throw reader.error("version \(version) is not supported (this version reads 1)", at: "version")
      }
      command = try reader.string("command")
      queueID = QueueID(try reader.string("queueID"))
      let text = try reader.string("library")
      do throws(QueueError) {
        before = try QueueLibrary(json: Array(text.utf8), now: now)
      } catch {
        throw reader.error("\(error)", at: "library")
      }
    } catch {
      throw .failure("the undo file is not valid: \(error)")
    }
  }

  /// Puts `old`'s episodes back into `queue` as ``QueueLibrary/undoClear(_:now:)`` does, on the public API:
  /// before the episodes added since (which stay), with `old`'s current episode current again, or, when `old`
  /// was at its end, the playhead after the episodes put back.
  ///
  /// - Returns: How many episodes were put back.
  /// - Complexity: O(*n*) in the episodes.
  static func putBack(_ old: Queue, into queue: inout Queue) throws(QueueError) -> Int {
    let held = Set(queue.episodes.map(\.id))
    let restored = old.episodes.filter { !held.contains($0.id) }
    let playhead = queue.currentIndex
    try queue.insert(restored, at: 0)
    // `old`'s current episode is always there again: put back, or added since.
    if let current = old.current?.id, let index = queue.index(of: current) {
      try queue.makeCurrent(at: index)
    } else if old.current == nil {
      try queue.makeCurrent(at: min(queue.count, restored.count + playhead))
    }
    return restored.count
  }

  init(command: String, queueID: QueueID, before: QueueLibrary) {
    self.command = command
    self.queueID = queueID
    self.before = before
  }
}

extension QueuesCommandContext {
  /// `<store>.undo`.
  func undoPath() throws(CommandError) -> String { try store().path + ".undo" }

  /// Keeps `record` for `undo`, replacing the one before.
  func saveUndo(_ record: UndoRecord) throws(CommandError) {
    let path = try undoPath()
    do {
      try AtomicFile.replace(path, with: Array(record.jsonText(now: now).utf8))
    } catch {
      throw .failure("\(DisplayText.escaped(path)): cannot keep the undo: \(error.reason)")
    }
  }

  /// `undo`: the episodes of the last clear back before the ones added since, with the playhead where it
  /// was.
  mutating func undo() throws(CommandError) {
    _ = try arguments()
    let path = try undoPath()
    guard FilePath.exists(path) else { throw .failure("there is nothing to undo") }
    let bytes = try SmartFillCommand.read(path)
    let record = try UndoRecord(json: bytes, now: now)
    guard let old = record.before[record.queueID] else { throw .failure("the undo file is not valid: no queue") }
    var restoredCount = 0
    let library = try update { (library) throws(QueueError) in
      guard library[record.queueID] != nil else { throw .undoUnavailable(queueName: old.name) }
      try library.modify(record.queueID, now: now) { (queue) throws(QueueError) in
        restoredCount = try UndoRecord.putBack(old, into: &queue)
      }
    }
    try? FileManager.default.removeItem(atPath: path)
    let queue = try library.found(record.queueID).value
    say("Undid \(record.command): put back \(QueuesCommand.plural(restoredCount, "episode")) in \(queue.name).")
    json(QueuesCommand.node(command: "undo", queue, in: library, extra: [("restoredCount", .integer(restoredCount))]))
  }
}
