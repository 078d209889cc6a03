import SmartFill

extension Rules {
  /// What a show's chain does at an episode of unknown length.
  package enum UnknownLength: Sendable, Hashable {
    /// The chain stops before it: a story episode is never skipped.
    case stop
    /// The chain passes over it: an episodic show's episodes are no story.
    case passOver
    /// The chain holds it: continue series without a target needs no lengths.
    case include
  }

  /// How `show`'s chain treats an episode of unknown length for a request in `mode`, with or without a target:
  /// continue series without a target holds it; otherwise a serial show's chain stops before it and an
  /// episodic show's passes over it (fill time and variety take chains of serial shows only).
  package static func unknownLength(of show: Show, mode: FillRequest.Mode, hasTarget: Bool) -> UnknownLength {
    if mode == .continueSeries && !hasTarget { return .include }
    return show.ordering == .serial ? .stop : .passOver
  }

  /// `show`'s chain: its unplayed full episodes after its latest played full episode, in series order (from the
  /// first when none is played), leaving out `excluded` ones without breaking the chain, and treating an episode
  /// of unknown length as `unknownLength` says.
  ///
  /// - Complexity: O(*e* log *e*) for the show's *e* episodes.
  package static func chain(
    of show: Show, excluding excluded: Set<EpisodeID>, unknownLength: UnknownLength
  ) -> [Episode] {
    let order = seriesOrder(of: show)
    let latestPlayed = order.lastIndex { $0.kind == .full && $0.isPlayed } ?? -1
    var chain: [Episode] = []
    for episode in order[(latestPlayed + 1)...] where episode.kind == .full && !episode.isPlayed {
      if excluded.contains(EpisodeID(feedURL: show.feedURL, guid: episode.guid)) { continue }
      if episode.remainingSeconds == nil {
        if unknownLength == .stop { break }
        if unknownLength == .passOver { continue }
      }
      chain.append(episode)
    }
    return chain
  }

  /// `show`'s chain for `request` (see ``unknownLength(of:mode:hasTarget:)``).
  package static func chain(of show: Show, for request: FillRequest) -> [Episode] {
    chain(
      of: show, excluding: request.excluded,
      unknownLength: unknownLength(of: show, mode: request.mode, hasTarget: request.targetSeconds != nil))
  }

  /// Whether `episode` of `show` is a free candidate of fill time and variety, a group of its own: unplayed, of
  /// known length, not excluded, and any episode but a trailer of an episodic show, or a serial show's bonus
  /// episode (a serial show's full episodes are its chain's; continue series has no free candidates).
  package static func isFree(_ episode: Episode, of show: Show, excluding excluded: Set<EpisodeID>) -> Bool {
    guard !episode.isPlayed, episode.remainingSeconds != nil else { return false }
    guard show.ordering == .serial ? episode.kind == .bonus : episode.kind != .trailer else { return false }
    return !excluded.contains(EpisodeID(feedURL: show.feedURL, guid: episode.guid))
  }
}
