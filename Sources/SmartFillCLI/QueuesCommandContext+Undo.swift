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
      throw .failure("\(DisplayText.escaped(path)): cannot keep the undo: \(error.reason); nothing was changed")
    }
  }

  /// Applies `body` to the stored library as ``update(_:)`` does, and, when `body` says the change can be
  /// undone, keeps the undo of `command` on queue `id` *before* the store is written: a failure to keep it
  /// (a full disk) leaves the store as it was, and a failed write of the store puts the previous undo back.
  ///
  /// - Returns: The library as saved and, when an undo was kept, the library before the change.
  func updateUndoably(
    _ command: String, of id: QueueID, _ body: (inout QueueLibrary) throws(QueueError) -> Bool
  ) throws(CommandError) -> (library: QueueLibrary, before: QueueLibrary?) {
    let path = try undoPath()
    let previous = try? BoundedFile.read(path, maximumBytes: SmartFillCommand.maximumCatalogBytes)
    var kept: QueueLibrary?
    var undoFailure: CommandError?
    do {
      let library = try update { (library) throws(QueueError) in
        let before = library
        guard try body(&library) else { return }
        do throws(CommandError) {
          try saveUndo(QueuesCommandUndo(command: command, queueID: id, before: before))
          kept = before
        } catch {
          undoFailure = error
          throw .storeWriteFailed(path: path, reason: error.description)
        }
      }
      return (library, kept)
    } catch {
      if let undoFailure { throw undoFailure }
      if kept != nil {
        // The store was not written: the undo kept for it would undo nothing, so the one before comes back.
        if let previous {
          try? AtomicFile.replace(path, with: previous)
        } else {
          try? FileManager.default.removeItem(atPath: path)
        }
      }
      throw error
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
