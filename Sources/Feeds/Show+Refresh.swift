import SmartFill

extension Show {
  /// This show updated from a newer snapshot of its feed, keeping episode identity and the listener's state.
  ///
  /// Episodes are matched by GUID. An episode in both keeps its GUID and the listener's progress
  /// (`playedSeconds`, `isPlayed`) and takes the newer snapshot's title, date, numbers and kind; its duration
  /// too, unless the newer one is unknown or shorter than the progress. Episodes that only the newer snapshot
  /// has are added; episodes that it no longer lists are kept, as podcast apps keep them. The feed URL and
  /// ``recentListeningSeconds`` stay this show's; the title, ordering and categories come from `newer` (the
  /// title only when `newer` has one).
  ///
  /// - Complexity: O(*n* + *m*) for shows of *n* and *m* episodes.
  public func refreshed(with newer: Show) -> Show {
    var result = self
    if !newer.title.isEmpty { result.title = newer.title }
    result.ordering = newer.ordering
    if !newer.categories.isEmpty { result.categories = newer.categories }
    var oldIndex: [String: Int] = [:]
    for (index, episode) in episodes.enumerated() { oldIndex[episode.guid] = index }
    var matched = Set<String>()
    var merged: [Episode] = []
    merged.reserveCapacity(max(episodes.count, newer.episodes.count))
    for var episode in newer.episodes {
      if let index = oldIndex[episode.guid], matched.insert(episode.guid).inserted {
        let old = episodes[index]
        if let duration = episode.durationSeconds, duration > old.playedSeconds {
          episode.durationSeconds = duration
        } else {
          episode.durationSeconds = old.durationSeconds
        }
        episode.playedSeconds = old.playedSeconds
        episode.isPlayed = old.isPlayed
      }
      merged.append(episode)
    }
    let added = Set(newer.episodes.map(\.guid))
    for episode in episodes where !added.contains(episode.guid) { merged.append(episode) }
    result.episodes = merged
    return result
  }
}
