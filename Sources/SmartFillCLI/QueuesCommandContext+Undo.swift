import Foundation
import Queues
import SmartFillSupport

// `undo`: puts back the episodes of the last `clear` (or `fill --replace`). The library's undo token lives in
// memory; between two runs of the tool it is kept beside the store, in `<store>.undo`
// (`QueuesCommandUndo+JSON.swift`).

extension QueuesCommandContext {
  /// `<store>.undo`.
  func undoPath() throws(CommandError) -> String { try store().path + ".undo" }

  /// Keeps `record` for `undo`, replacing the one before.
  func saveUndo(_ record: QueuesCommandUndo) throws(CommandError) {
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
    let record = try QueuesCommandUndo(json: bytes, now: now)
    guard let old = record.before[record.queueID] else { throw .failure("the undo file is not valid: no queue") }
    var restoredCount = 0
    let library = try update { (library) throws(QueueError) in
      guard library[record.queueID] != nil else { throw .undoUnavailable(queueName: old.name) }
      try library.modify(record.queueID, now: now) { (queue) throws(QueueError) in
        restoredCount = try QueuesCommandUndo.putBack(old, into: &queue)
      }
    }
    try? FileManager.default.removeItem(atPath: path)
    let queue = try library.found(record.queueID).value
    say("Undid \(record.command): put back \(QueuesCommand.plural(restoredCount, "episode")) in \(queue.name).")
    json(QueuesCommand.node(command: "undo", queue, in: library, extra: [("restoredCount", .integer(restoredCount))]))
  }
}
