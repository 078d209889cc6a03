import Foundation
import SmartFill

extension QueueLibrary {
  /// Makes another queue the active one: saves where the active queue was (its current episode keeps
  /// `position`), and returns where the other one resumes.
  ///
  /// ```swift
  /// // Playing Up Next at 12:34; the car connects.
  /// let resume = try library.switchTo(.commute, savingPosition: 754)
  /// // resume?.playbackPositionSeconds is where Commute stopped last time.
  /// ```
  ///
  /// - Parameters:
  ///   - id: The queue to make active.
  ///   - position: Where playback of the active queue's current episode stopped, in seconds; `nil` when the
  ///     player has nothing to report.
  ///   - now: The time of the switch, kept as the queues' modification time.
  /// - Returns: The episode to play in the new active queue, with its saved ``EpisodeReference/playbackPositionSeconds``,
  ///   or `nil` when that queue is at its end.
  /// - Throws: ``QueueError/unknownQueue(_:)``, ``QueueError/invalidPosition(seconds:episode:durationSeconds:)``;
  ///   nothing changes when it throws.
  @discardableResult
  public mutating func switchTo(_ id: QueueID, savingPosition position: Int? = nil, now: Date = Date())
    throws(QueueError) -> EpisodeReference?
  {
    _ = try queue(id)
    if let position {
      try modify(activeQueueID, now: now) { (queue) throws(QueueError) in try queue.recordPosition(position) }
    }
    activeQueueID = id
    return activeQueue.current
  }

  /// Records where playback of the active queue's current episode stopped.
  ///
  /// - Throws: ``QueueError/invalidPosition(seconds:episode:durationSeconds:)``.
  public mutating func recordPosition(_ seconds: Int, now: Date = Date()) throws(QueueError) {
    try modify(activeQueueID, now: now) { (queue) throws(QueueError) in try queue.recordPosition(seconds) }
  }

  /// Marks the active queue's current episode finished: it leaves every queue, and the active queue
  /// advances to the episode after it.
  ///
  /// - Returns: The active queue's new current episode, or `nil` when it is at its end.
  /// - Complexity: O(*n*) in the total number of episodes.
  @discardableResult
  public mutating func finishCurrentEpisode(now: Date = Date()) -> EpisodeReference? {
    if let current = activeQueue.current { markFinished(current.id, now: now) }
    return activeQueue.current
  }

  /// Marks an episode finished wherever it was played: it leaves every queue that holds it (in each, the
  /// episode after it becomes current if it was current), and no refresh adds it to a queue again (see
  /// ``EpisodeHistory/exclusions``).
  ///
  /// - Returns: The identifiers of the queues it left.
  /// - Complexity: O(*n*) in the total number of episodes.
  @discardableResult
  public mutating func markFinished(_ episode: EpisodeID, now: Date = Date()) -> [QueueID] {
    var left: [QueueID] = []
    for index in queues.indices {
      guard let offset = queues[index].index(of: episode) else { continue }
      try! queues[index].remove(atOffsets: IndexSet(integer: offset))
      queues[index].lastModified = now.wholeSeconds
      left.append(queues[index].id)
    }
    episodeHistory.exclude(EpisodeHistory.Exclusion(episode: episode, reason: .finished, date: now))
    return left
  }
}
