import Foundation
import Queues

/// What `smartfill queues undo` can put back: the episodes of the last `clear` (or `fill --replace`), kept
/// between two runs of the tool in `<store>.undo` (see `QueuesCommandUndo+JSON.swift`).
struct QueuesCommandUndo: Hashable {
  /// The command undone: "clear" or "fill --replace".
  var command: String
  /// The queue it emptied.
  var queueID: QueueID
  /// The library just before.
  var before: QueueLibrary

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
