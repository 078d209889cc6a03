import SmartFill

/// The design's own algorithms, re-implemented faithfully from its pseudocode, as the baseline the engine
/// is measured against. Both are greedy: they can miss the window when a selection exists, and continue
/// series can overshoot the target by a whole episode.
package enum DesignBaseline {
  /// The design's fill-time loop: sort the unplayed episodes by priority (priority shows, then listening
  /// history, then oldest first); add each one while the total stays at or below `target + tolerance`; stop
  /// once the total reaches `target − tolerance`.
  ///
  /// - Returns: The chosen episodes and their total remaining seconds.
  /// - Complexity: O(*n* log *n*) for *n* episodes.
  package static func greedyFill(
    _ catalog: Catalog, targetSeconds: Int, toleranceSeconds: Int, priorityShows: [String] = [],
    excluded: Set<EpisodeID> = []
  ) -> (episodes: [EpisodeID], totalSeconds: Int) {
    var candidates: [(rank: Int, listening: Int, published: Double, show: Int32, episode: Int32, seconds: Int)] = []
    for (showIndex, show) in catalog.shows.enumerated() {
      let rank = priorityShows.firstIndex(of: show.feedURL) ?? Int.max
      for (episodeIndex, episode) in show.episodes.enumerated() where !episode.isPlayed && episode.kind != .trailer {
        guard let seconds = episode.remainingSeconds else { continue }
        if !excluded.isEmpty, excluded.contains(EpisodeID(feedURL: show.feedURL, guid: episode.guid)) { continue }
        candidates.append(
          (
            rank, show.recentListeningSeconds, episode.published.timeIntervalSince1970, Int32(showIndex),
            Int32(episodeIndex), seconds
          ))
      }
    }
    func id(_ show: Int32, _ episode: Int32) -> EpisodeID {
      let show = catalog.shows[Int(show)]
      return EpisodeID(feedURL: show.feedURL, guid: show.episodes[Int(episode)].guid)
    }
    candidates.sort { a, b in
      if a.rank != b.rank { return a.rank < b.rank }
      if a.listening != b.listening { return a.listening > b.listening }
      if a.published != b.published { return a.published < b.published }
      return id(a.show, a.episode) < id(b.show, b.episode)
    }
    var chosen: [EpisodeID] = []
    var total = 0
    for candidate in candidates {
      if total + candidate.seconds <= targetSeconds + toleranceSeconds {
        chosen.append(id(candidate.show, candidate.episode))
        total += candidate.seconds
      }
      if total >= targetSeconds - toleranceSeconds { break }
    }
    return (chosen, total)
  }

  /// The design's continue-series loop: take each show's next unplayed episode (after the latest played
  /// one, in series order), shows by priority, round after round, appending until the total reaches the
  /// target — which can overshoot by a whole episode.
  ///
  /// - Complexity: O(*n* log *n*) for *n* episodes.
  package static func continueSeries(
    _ catalog: Catalog, targetSeconds: Int, priorityShows: [String] = [], excluded: Set<EpisodeID> = []
  ) -> (episodes: [EpisodeID], totalSeconds: Int) {
    var queues: [(rank: Int, listening: Int, published: Double, feedURL: String, next: [(EpisodeID, Int)])] = []
    for show in catalog.shows {
      let order = SeriesOrder.indices(of: show).map { show.episodes[$0] }
      let latest = order.lastIndex { $0.kind == .full && $0.isPlayed } ?? -1
      var next: [(EpisodeID, Int)] = []
      for episode in order[(latest + 1)...] where episode.kind == .full && !episode.isPlayed {
        let id = EpisodeID(feedURL: show.feedURL, guid: episode.guid)
        if excluded.contains(id) { continue }
        guard let seconds = episode.remainingSeconds else { break }
        next.append((id, seconds))
      }
      guard let first = next.first,
        let head = show.episodes.first(where: { $0.guid == first.0.guid })
      else { continue }
      queues.append(
        (
          priorityShows.firstIndex(of: show.feedURL) ?? Int.max, show.recentListeningSeconds,
          head.published.timeIntervalSince1970, show.feedURL, next
        ))
    }
    queues.sort { a, b in
      if a.rank != b.rank { return a.rank < b.rank }
      if a.listening != b.listening { return a.listening > b.listening }
      if a.published != b.published { return a.published < b.published }
      return a.feedURL < b.feedURL
    }
    var chosen: [EpisodeID] = []
    var total = 0
    var round = 0
    while total < targetSeconds {
      var added = false
      for queue in queues where queue.next.count > round {
        chosen.append(queue.next[round].0)
        total += queue.next[round].1
        added = true
        if total >= targetSeconds { break }
      }
      if !added { break }
      round += 1
    }
    return (chosen, total)
  }
}
