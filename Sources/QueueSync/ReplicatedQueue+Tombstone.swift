import Foundation
import Queues
import SmartFillSupport

extension ReplicatedQueue {
  /// Whether the queue holds no more than a tombstone: no entries, shown or hidden, and its rules, smart fill
  /// settings and playhead at their empty values.
  var isTombstone: Bool {
    entries.isEmpty && !hasHidden && rules.value == .array([]) && smartFill.value == .null && playhead.value == .start
  }
}

extension ReplicatedLibrary {
  /// Compacts retired queue `id` (deleted and unchanged for ``retirementDays`` days) to a tombstone, as this
  /// device's edit: its entries (only ones hidden by a finish can remain in a queue not shown) and the entries and
  /// creation dots its deletion hid are removed as observed (it can no longer be restored from them), and its
  /// rules, smart fill settings and playhead are written empty. What stays is what keeps a stale device's copy
  /// from bringing the queue back (its context: every dot that copy holds is in it, so merging drops them) and
  /// the small registers a concurrent add would bring it back with (title, emoji, place in the list,
  /// auto-switching). Being an edit (new stamps, the record sent), it converges like any other:
  /// the empty writes beat the older ones everywhere; a queue brought back by a stale device's add comes back
  /// without rules, settings or playhead. Its last change is not moved, so that other devices retire it too.
  ///
  /// A tombstone takes a few hundred bytes whatever the queue held. A queue already a tombstone is left as it
  /// is, so that each device compacts a queue at most once and only when another's compaction did not reach it.
  ///
  /// - Complexity: O(1) (the entries are dropped whole).
  mutating func entomb(_ id: QueueID, now: Date) {
    guard var queue = retired[id], !queue.isTombstone else { return }
    let stamp = clock.tick(now: now)
    queue.entries = [:]
    queue.forgetHidden()
    queue.rules.write(.array([]), stamp: stamp)
    queue.smartFill.write(.null, stamp: stamp)
    queue.playhead.write(.start, stamp: stamp)
    retired[id] = queue
    edited.queues.insert(id)
  }
}
