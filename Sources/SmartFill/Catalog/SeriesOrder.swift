/// The order in which a show's episodes are meant to be heard: one definition, used by every mode.
///
/// - Serial shows: by season, then episode number, then published date, then GUID. An episode without a
///   season comes after every numbered season; an episode without a number comes after the numbered ones of
///   its season. Repeated numbers fall back to the date, then the GUID.
/// - Episodic shows: by published date (oldest first), then GUID.
///
/// GUIDs are unique within a show, so the order is total and deterministic.
///
/// A serial show's *chain* is its unplayed full episodes after the latest played full episode, in series
/// order (from the first when none is played), leaving out excluded episodes without breaking the chain, and
/// stopping before the first episode whose duration is unknown. Every mode takes only a prefix of a serial
/// show's chain, so no season and no episode is skipped. Bonus episodes of a serial show are not part of
/// its chain: they are heard whenever, so fill time and variety treat them like episodes of an episodic show,
/// and continue series leaves them out.
package enum SeriesOrder {
  /// Whether `lhs` comes before `rhs` in series order for a show with `ordering`.
  ///
  /// - Complexity: O(1), plus the comparison of GUIDs when everything else is equal.
  package static func precedes(_ lhs: Episode, _ rhs: Episode, ordering: Show.Ordering) -> Bool {
    if ordering == .serial {
      let lhsSeason = lhs.season ?? Int.max
      let rhsSeason = rhs.season ?? Int.max
      if lhsSeason != rhsSeason { return lhsSeason < rhsSeason }
      let lhsNumber = lhs.episode ?? Int.max
      let rhsNumber = rhs.episode ?? Int.max
      if lhsNumber != rhsNumber { return lhsNumber < rhsNumber }
    }
    if lhs.published != rhs.published { return lhs.published < rhs.published }
    return lhs.guid < rhs.guid
  }

  /// The show's episodes' indices in series order.
  ///
  /// - Complexity: O(*n* log *n*) for *n* episodes.
  package static func indices(of show: Show) -> [Int] {
    // Compare extracted keys rather than episodes, which would be copied (and retained) per comparison.
    let isSerial = show.ordering == .serial
    let keys = show.episodes.map { episode in
      (
        season: isSerial ? episode.season ?? Int.max : 0, number: isSerial ? episode.episode ?? Int.max : 0,
        published: episode.published.timeIntervalSince1970
      )
    }
    // Feeds list their episodes newest first (or oldest first): when the keys already run strictly one way,
    // that is the order, without a sort (strictly, so that no tie needs the GUIDs).
    func before(_ a: (season: Int, number: Int, published: Double), _ b: (season: Int, number: Int, published: Double))
      -> Bool
    { (a.season, a.number, a.published) < (b.season, b.number, b.published) }
    let (rising, falling) = keys.withUnsafeBufferPointer { keys in
      var rising = true
      var falling = true
      for position in keys.indices.dropFirst() {
        rising = rising && before(keys[position - 1], keys[position])
        falling = falling && before(keys[position], keys[position - 1])
        if !rising && !falling { break }
      }
      return (rising, falling)
    }
    if falling { return Array(keys.indices.reversed()) }
    if rising { return Array(keys.indices) }
    // Otherwise nearly so (a serial feed's trailers, without a number, come after their season's episodes): the
    // sort starts from the direction the feed runs in, which leaves it long runs to merge rather than short ones
    // to insert. The order is total (GUIDs are unique in a show), so the start changes no result.
    let start =
      keys.count > 1 && before(keys[keys.count - 1], keys[0]) ? Array(keys.indices.reversed()) : Array(keys.indices)
    return start.sorted { lhs, rhs in
      let a = keys[lhs]
      let b = keys[rhs]
      if a.season != b.season { return a.season < b.season }
      if a.number != b.number { return a.number < b.number }
      if a.published != b.published { return a.published < b.published }
      return show.episodes[lhs].guid < show.episodes[rhs].guid
    }
  }
}
