import SmartFill

extension Rules {
  /// Whether `lhs` comes before `rhs` in series order for a show with `ordering`: a serial show's by season,
  /// then episode number, then published date, then GUID (an episode without a season after every numbered
  /// season, one without a number after the numbered ones of its season); an episodic show's by published date,
  /// then GUID.
  package static func precedes(_ lhs: Episode, _ rhs: Episode, ordering: Show.Ordering) -> Bool {
    if ordering == .serial {
      let seasons = (lhs.season ?? Int.max, rhs.season ?? Int.max)
      if seasons.0 != seasons.1 { return seasons.0 < seasons.1 }
      let numbers = (lhs.episode ?? Int.max, rhs.episode ?? Int.max)
      if numbers.0 != numbers.1 { return numbers.0 < numbers.1 }
    }
    if lhs.published != rhs.published { return lhs.published < rhs.published }
    return lhs.guid < rhs.guid
  }

  /// `show`'s episodes in series order (see ``precedes(_:_:ordering:)``).
  ///
  /// - Complexity: O(*e* log *e*) for the show's *e* episodes.
  package static func seriesOrder(of show: Show) -> [Episode] {
    show.episodes.sorted { precedes($0, $1, ordering: show.ordering) }
  }
}
