import SmartFill

extension Rules {
  /// Whether episodes of shows with these counts can be ordered without three in a row from one show: the show
  /// with the most, *m*, has *m* ≤ 2 · (the others + 1).
  package static func isArrangeable(counts: some Collection<Int>) -> Bool {
    let most = counts.max() ?? 0
    return most <= 2 * (counts.reduce(0, +) - most + 1)
  }

  /// Whether `episodes` can be ordered without three in a row from one show (see ``isArrangeable(counts:)``).
  package static func isArrangeable(_ episodes: some Sequence<EpisodeID>) -> Bool {
    var counts: [String: Int] = [:]
    for id in episodes { counts[id.feedURL, default: 0] += 1 }
    return isArrangeable(counts: counts.values)
  }

  /// The show that plays three times in a row in `episodes`, in this order, if one does.
  package static func threeInARow(_ episodes: [EpisodeID]) -> String? {
    let feeds = episodes.map(\.feedURL)
    return feeds.indices.dropFirst(2).first { feeds[$0] == feeds[$0 - 1] && feeds[$0] == feeds[$0 - 2] }
      .map { feeds[$0] }
  }
}
