import Foundation
import SmartFill

extension QueueLibrary {
  /// Removes episodes from a queue as the listener does by hand: besides leaving the queue, each is recorded
  /// in ``EpisodeHistory/exclusions``, so that no refresh adds it to a queue again (see
  /// ``routeNewEpisodes(in:after:now:)``). When the current episode goes, the one after it becomes current.
  ///
  /// `Queue.remove(_:)` through ``modify(_:now:_:)`` removes without recording: for changes the listener did not
  /// make (a sync, an undo).
  ///
  /// - Parameters:
  ///   - episodes: The episodes to remove, each held by the queue (one given twice counts once).
  ///   - id: The queue.
  ///   - now: The time of the removal, kept with each episode so that a refresh does not bring it back.
  /// - Throws: ``QueueError/unknownQueue(_:)``, ``QueueError/episodeNotInQueue(_:queueName:)``; the library is
  ///   unchanged when it throws.
  /// - Complexity: O(*n* · *m* + *x*) in the queue's episodes, those removed and the exclusions.
  public mutating func remove(_ episodes: [EpisodeID], from id: QueueID, now: Date = Date()) throws(QueueError) {
    var seen: Set<EpisodeID> = []
    let unique = episodes.filter { seen.insert($0).inserted }
    try modify(id, now: now) { (queue) throws(QueueError) in
      for episode in unique { try queue.remove(episode) }
    }
    recordRemovalByHand(of: unique, from: id, now: now)
  }

  /// Records that the listener removed `episodes` from queue `id` by hand (already removed, by an editor
  /// that saves a whole draft, say), so that no refresh adds them to a queue again.
  ///
  /// - Complexity: O(*m* · *x*) in the episodes and the exclusions.
  package mutating func recordRemovalByHand(of episodes: [EpisodeID], from id: QueueID, now: Date) {
    for episode in episodes {
      episodeHistory.exclude(EpisodeHistory.Exclusion(episode: episode, reason: .removed, queueID: id, date: now))
    }
  }
}
