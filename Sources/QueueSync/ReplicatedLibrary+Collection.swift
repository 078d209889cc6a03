import Foundation
import Queues
import SmartFillSupport

// What a device does with a queue whose record the server deleted for good: a tombstone collected once every
// device held it (see `DeviceRegistry`) leaves; a queue still shown here comes back under a new identifier.

extension ReplicatedLibrary {
  /// Forgets queue `id`'s state, active or retired (its record was deleted on the server).
  ///
  /// - Complexity: O(1).
  mutating func forgetQueue(_ id: QueueID) {
    queues[id] = nil
    retired[id] = nil
  }

  /// The identifier a shown queue whose record the server deleted comes back under: its own followed by
  /// `-kept` (as many times as needed to find one this device does not know), so that two devices bringing
  /// the same queue back usually make one queue, merged as any concurrent creation.
  ///
  /// - Complexity: O(*k*) in the identifiers tried.
  func keptIdentifier(for id: QueueID) -> QueueID {
    var candidate = QueueID(id.rawValue + "-kept")
    while queueState(candidate) != nil { candidate = QueueID(candidate.rawValue + "-kept") }
    return candidate
  }

  /// Brings shown queue `id` back under a new identifier, as ``duplicate(_:newID:showTies:now:)`` makes a copy
  /// (its episodes in order, with their progress, the playhead, rules, settings and show ties, just after it
  /// in the list), under its own name, then forgets `id`: its record was deleted on the server, which refuses
  /// every later save of it, and nothing the listener saw in it may be lost.
  ///
  /// When another device kept the queue first (this device merged its `<id>-kept`), the episodes this copy shows
  /// that that one lacks are added to it instead, so that the two devices end with one queue.
  ///
  /// - Returns: The new identifier, or `nil` when no copy could be made (the library is at its queue limit);
  ///   the queue then stays as it is, unsynced.
  /// - Complexity: O(*n* log *n*) in the queue's entries.
  mutating func keepCollected(_ id: QueueID, now: Date) -> QueueID? {
    guard let original = queues[id] else { return nil }
    let name = original.name
    let first = QueueID(id.rawValue + "-kept")
    if let kept = queues[first], kept.isVisible(finished: finished) {
      // Another device kept it first: the episodes this copy shows that that one lacks join it, at its end.
      let have = Set(episodes(in: first))
      let missing = original.order(finished: finished).compactMap { item in
        have.contains(item.episode)
          ? nil
          : original.entries[item.episode]?.info?.reference(
            playedSeconds: original.entries[item.episode]!.playedSeconds)
      }
      do {
        if !missing.isEmpty { try playLast(missing, in: first, now: now) }
        forgetQueue(id)
        return first
      } catch {
        // Past a limit of the queue: a copy of its own keeps them instead.
      }
    }
    let newID: QueueID
    do { newID = try duplicate(id, newID: keptIdentifier(for: id), now: now) } catch { return nil }
    forgetQueue(id)
    // The copy's name says "copy" only when another shown queue now has the original name.
    try? rename(newID, to: name, now: now)
    return newID
  }
}
