import Foundation
import SmartFill

// Adding, removing and moving episodes. Every operation keeps the current episode current and keeps each
// episode at most once; the library stamps `lastModified` when it applies them.

extension Queue {
  /// Inserts episodes at `index`, in the order given; episodes the queue already holds are moved there
  /// (keeping their playback position and the date they were first added), and a repeated episode in
  /// `newEpisodes` counts once, at its first place.
  ///
  /// - Parameters:
  ///   - newEpisodes: The episodes to insert.
  ///   - index: A position from 0 to `count`, counted before the episodes are taken out of their old places.
  /// - Throws: ``QueueError/indexOutOfRange(index:validRange:queueName:)``, or the reference's
  ///   ``EpisodeReference/validate()`` error; the queue is unchanged when it throws.
  /// - Complexity: O(*n* + *m*), where *n* is the number of episodes and *m* the number inserted.
  public mutating func insert(_ newEpisodes: [EpisodeReference], at index: Int) throws(QueueError) {
    guard (0...episodes.count).contains(index) else {
      throw .indexOutOfRange(index: index, validRange: 0...episodes.count, queueName: name)
    }
    var incoming: [EpisodeReference] = []
    var incomingIDs: Set<EpisodeID> = []
    for episode in newEpisodes where incomingIDs.insert(episode.id).inserted {
      try episode.validate()
      incoming.append(episode)
    }
    guard !incoming.isEmpty else { return }
    let old = episodes
    var kept: [EpisodeReference] = []
    kept.reserveCapacity(episodes.count + incoming.count)
    var existing: [EpisodeID: EpisodeReference] = [:]
    var target = index
    for (offset, episode) in episodes.enumerated() {
      if incomingIDs.contains(episode.id) {
        existing[episode.id] = episode
        if offset < index { target -= 1 }
      } else {
        kept.append(episode)
      }
    }
    let inserted = incoming.map { episode in
      guard let old = existing[episode.id] else { return episode }
      var merged = episode
      merged.playbackPositionSeconds = old.playbackPositionSeconds
      merged.addedAt = old.addedAt
      merged.unknownFields = old.unknownFields.merging(episode.unknownFields)
      if merged.durationSeconds.map({ old.playbackPositionSeconds > $0 }) == true { merged.playbackPositionSeconds = 0 }
      return merged
    }
    kept.insert(contentsOf: inserted, at: target)
    episodes = kept
    currentIndex = Self.currentIndex(
      after: old.lazy.map(\.id), current: currentIndex, becoming: kept.lazy.map(\.id), added: incomingIDs)
  }

  /// Inserts episodes right after the current one (or as the current one when the queue is at its end).
  ///
  /// - Complexity: O(*n* + *m*), where *n* is the number of episodes and *m* the number inserted.
  public mutating func playNext(_ newEpisodes: [EpisodeReference]) throws(QueueError) {
    try insert(newEpisodes, at: current == nil ? episodes.count : currentIndex + 1)
  }

  /// Appends episodes at the end of the queue.
  ///
  /// - Complexity: O(*n* + *m*), where *n* is the number of episodes and *m* the number appended.
  public mutating func playLast(_ newEpisodes: [EpisodeReference]) throws(QueueError) {
    try insert(newEpisodes, at: episodes.count)
  }

  /// Removes the episodes at `offsets`; when the current episode is removed, the one after it becomes
  /// current.
  ///
  /// - Throws: ``QueueError/indexOutOfRange(index:validRange:queueName:)``; the queue is unchanged.
  /// - Complexity: O(*n*) in the number of episodes.
  public mutating func remove(atOffsets offsets: IndexSet) throws(QueueError) {
    try checkOffsets(offsets)
    let old = episodes
    var kept: [EpisodeReference] = []
    kept.reserveCapacity(episodes.count - offsets.count)
    for (offset, episode) in episodes.enumerated() where !offsets.contains(offset) {
      kept.append(episode)
    }
    episodes = kept
    currentIndex = Self.currentIndex(
      after: old.lazy.map(\.id), current: currentIndex, becoming: kept.lazy.map(\.id), added: [])
  }

  /// Removes `episode`.
  ///
  /// - Throws: ``QueueError/episodeNotInQueue(_:queueName:)``.
  /// - Complexity: O(*n*) in the number of episodes.
  public mutating func remove(_ episode: EpisodeID) throws(QueueError) {
    guard let offset = index(of: episode) else { throw .episodeNotInQueue(episode, queueName: name) }
    try remove(atOffsets: IndexSet(integer: offset))
  }

  /// Moves the episodes at `offsets` to `destination`, keeping their relative order, as a drag and drop
  /// does (the same convention as SwiftUI's `onMove`).
  ///
  /// - Parameters:
  ///   - offsets: The positions of the episodes to move.
  ///   - destination: A position from 0 to `count` in the queue *before* the move; the moved episodes end up
  ///     just before the episode that was at `destination` (at the end when it is `count`).
  /// - Throws: ``QueueError/indexOutOfRange(index:validRange:queueName:)``; the queue is unchanged.
  /// - Complexity: O(*n*) in the number of episodes.
  public mutating func move(fromOffsets offsets: IndexSet, toOffset destination: Int) throws(QueueError) {
    try checkOffsets(offsets)
    guard (0...episodes.count).contains(destination) else {
      throw .indexOutOfRange(index: destination, validRange: 0...episodes.count, queueName: name)
    }
    let old = episodes
    var moved: [EpisodeReference] = []
    var kept: [EpisodeReference] = []
    moved.reserveCapacity(offsets.count)
    kept.reserveCapacity(episodes.count)
    for (offset, episode) in episodes.enumerated() {
      if offsets.contains(offset) { moved.append(episode) } else { kept.append(episode) }
    }
    let target = destination - offsets.count(in: 0..<destination)
    kept.insert(contentsOf: moved, at: target)
    episodes = kept
    currentIndex = Self.currentIndex(
      after: old.lazy.map(\.id), current: currentIndex, becoming: kept.lazy.map(\.id), added: [])
  }

  /// Makes the episode at `index` the current one (the listener tapped it), or moves the playhead to the
  /// end when `index` is `count`.
  ///
  /// - Throws: ``QueueError/indexOutOfRange(index:validRange:queueName:)``.
  public mutating func makeCurrent(at index: Int) throws(QueueError) {
    guard (0...episodes.count).contains(index) else {
      throw .indexOutOfRange(index: index, validRange: 0...episodes.count, queueName: name)
    }
    currentIndex = index
  }

  /// Records where playback of the current episode stopped.
  ///
  /// - Throws: ``QueueError/invalidPosition(seconds:episode:durationSeconds:)`` when the position is negative
  ///   or past the duration; nothing happens when the queue has no current episode.
  public mutating func recordPosition(_ seconds: Int) throws(QueueError) {
    guard let current else { return }
    try EpisodeReference.validate(position: seconds, of: current.id, durationSeconds: current.durationSeconds)
    episodes[currentIndex].playbackPositionSeconds = seconds
  }

  /// Replaces the auto-switch rules; a rule that stays keeps the fields a newer version wrote in it.
  ///
  /// - Throws: The first rule's ``AutoSwitchRule/validate()`` error; the rules are unchanged.
  public mutating func replaceAutoSwitchRules(with rules: [AutoSwitchRule]) throws(QueueError) {
    for rule in rules { try rule.validate() }
    autoSwitchRules = rules
    if !unknownRuleFields.isEmpty { unknownRuleFields = unknownRuleFields.filter { rules.contains($0.key) } }
  }

  private func checkOffsets(_ offsets: IndexSet) throws(QueueError) {
    if let last = offsets.last, last >= episodes.count {
      throw .indexOutOfRange(index: last, validRange: 0...max(0, episodes.count - 1), queueName: name)
    }
    if let first = offsets.first, first < 0 {
      throw .indexOutOfRange(index: first, validRange: 0...max(0, episodes.count - 1), queueName: name)
    }
  }
}
