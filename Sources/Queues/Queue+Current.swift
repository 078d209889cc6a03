import Foundation
import SmartFill

// The one definition of the current episode after an edit: `Queue`'s operations follow it, and so does a
// synced copy of a queue (QueueSync), so that both agree on every device.

extension Queue {
  /// The index of the current episode after an edit took the queue's episodes from `old` to `new`.
  ///
  /// - The current episode stays current while the queue holds it, wherever it moved.
  /// - When it left the queue, the first episode that followed it and is still there becomes current (the
  ///   end when none is).
  /// - When the queue had been played through (`current` is `old.count`), episodes added at its end become
  ///   current: the first of `added` when every episode after it was added by the edit; otherwise the queue
  ///   stays at its end.
  ///
  /// - Parameters:
  ///   - old: The episodes before the edit, in order.
  ///   - current: The index of the current episode in `old`, `old.count` at the end.
  ///   - new: The episodes after the edit, in order.
  ///   - added: The episodes the edit added or put in place again (an insert of an episode the queue held).
  /// - Returns: An index from 0 to `new.count`.
  /// - Complexity: O(*n* + *m*) in the two lists; no hashing while the current episode stays (the lists may be
  ///   lazy maps of a queue's episodes, so that an edit copies nothing).
  package static func currentIndex<Old: RandomAccessCollection<EpisodeID>, New: RandomAccessCollection<EpisodeID>>(
    after old: Old, current: Int, becoming new: New, added: Set<EpisodeID>
  ) -> Int where Old.Index == Int, New.Index == Int {
    if current < old.count {
      // The usual case, the current episode still there, needs no hashing: a scan finds it.
      if let index = new.firstIndex(of: old[old.startIndex + current]) { return index - new.startIndex }
      let remaining = Set(new)
      guard let next = old.dropFirst(current + 1).first(where: remaining.contains) else { return new.count }
      return new.firstIndex(of: next)! - new.startIndex
    }
    guard let first = new.firstIndex(where: added.contains) else { return new.count }
    return new[first...].allSatisfy(added.contains) ? first - new.startIndex : new.count
  }
}
