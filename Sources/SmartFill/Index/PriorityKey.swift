/// The order in which the engine considers candidates, as the design gives it: the caller's priority shows
/// first (in the order named), then shows the listener listens to more (`recentListeningSeconds`, larger
/// first), then the oldest unplayed first.
///
/// Candidates are grouped: every free episode (any unplayed, non-trailer episode of an episodic show, and a
/// serial show's bonus episodes) is a group of its own, and a serial show's chain is one group whose
/// episodes stay together in series order. Groups are ordered by the key
///
///     (priority rank, −recentListeningSeconds, published date of the group's first episode, feed URL,
///      position of that episode in series order)
///
/// where the priority rank is the show's position in the request's priority list, or after all of them for
/// other shows. The feed URL and series position are unique, so ties are broken deterministically.
///
/// Continue series orders shows by `(priority rank, −recentListeningSeconds, published date of the show's
/// next episode, feed URL)`.
struct PriorityKey: Sendable, Hashable, Comparable {
  /// The show's position in the caller's priority list; `Int.max` for other shows.
  var rank: Int
  /// The show's recent listening, in seconds.
  var listening: Int
  /// The published date of the group's first episode, in seconds since 1970.
  var published: Double
  /// The show's position among the catalog's shows sorted by feed URL.
  var feedRank: Int
  /// The group's first episode's position in its show's series order.
  var position: Int

  /// Creates a key.
  init(rank: Int, listening: Int, published: Double, feedRank: Int, position: Int) {
    self.rank = rank
    self.listening = listening
    self.published = published
    self.feedRank = feedRank
    self.position = position
  }

  static func < (lhs: PriorityKey, rhs: PriorityKey) -> Bool {
    precedes(
      rank: (lhs.rank, rhs.rank), listening: (lhs.listening, rhs.listening), published: (lhs.published, rhs.published),
      feedRank: (lhs.feedRank, rhs.feedRank), position: (lhs.position, rhs.position))
  }

  /// Whether the group whose key has the first of each pair comes before the one with the second: the priority
  /// order, the one place the engine writes it (keys, the index's free candidates and its shows' order all
  /// compare through it).
  ///
  /// The feed ranks are read only when everything before them ties, so that the index, which keeps a show's
  /// number rather than its rank, looks its ranks up only then.
  @inline(__always)
  static func precedes(
    rank: (Int, Int), listening: (Int, Int), published: (Double, Double), feedRank: @autoclosure () -> (Int, Int),
    position: (Int, Int)
  ) -> Bool {
    if rank.0 != rank.1 { return rank.0 < rank.1 }
    if listening.0 != listening.1 { return listening.0 > listening.1 }
    if published.0 != published.1 { return published.0 < published.1 }
    let feedRank = feedRank()
    if feedRank.0 != feedRank.1 { return feedRank.0 < feedRank.1 }
    return position.0 < position.1
  }
}
