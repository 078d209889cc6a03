/// Changes to the engine's catalog, applied in place: an app marks an episode played, records progress,
/// receives new episodes or subscribes to a show without building a new engine.
///
/// Each change is checked as ``FillEngine/init(catalog:)`` checks a catalog, and either applies entirely or
/// throws and leaves the engine as it was. A change re-indexes only the show it touches, in
/// O(*e* log *e*) for its *e* episodes, and then patches the catalog-wide order of free candidates with one
/// linear merge (O(*n*) element moves for *n* free candidates, no sort); the next fill sees the change.
///
/// ```swift
/// var engine = try FillEngine(catalog: catalog)
/// try engine.apply(.markPlayed(EpisodeID(feedURL: show.feedURL, guid: "ep-41")))
/// let next = try engine.fill(FillRequest(mode: .continueSeries, targetSeconds: 45 * 60))
/// ```
extension FillEngine {
  /// One change to the catalog.
  public enum Change: Sendable, Hashable {
    /// The episode was played to the end.
    case markPlayed(EpisodeID)
    /// The episode is to be heard again, from the start (its progress goes back to 0).
    case markUnplayed(EpisodeID)
    /// The listener has heard this many seconds of the episode.
    case setProgress(EpisodeID, playedSeconds: Int)
    /// A new episode of a show already in the catalog.
    case addEpisode(Episode, feedURL: String)
    /// The episode is gone from its feed.
    case removeEpisode(EpisodeID)
    /// A new subscription.
    case addShow(Show)
    /// An unsubscribed show.
    case removeShow(feedURL: String)
    /// The show's recent listening changed.
    case setRecentListening(feedURL: String, seconds: Int)
  }

  /// Why a change was refused.
  public enum ChangeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No show in the catalog has this feed URL.
    case unknownShow(feedURL: String)
    /// The show has no episode with this GUID.
    case unknownEpisode(EpisodeID)
    /// The changed show or episode breaks a rule of the catalog format (a value out of range, a GUID or feed
    /// URL already in use).
    case invalid(CatalogError)

    public var description: String {
      switch self {
      case .unknownShow(let feedURL): return "no show with feed URL \(feedURL) in the catalog"
      case .unknownEpisode(let id): return "no episode with GUID \(id.guid) in show \(id.feedURL)"
      case .invalid(let error): return error.description
      }
    }
  }

  /// Applies `change`, or throws and changes nothing.
  ///
  /// - Complexity: O(*e* log *e* + *n*) for the touched show's *e* episodes and the *n* free candidates of
  ///   the catalog (a linear patch, no sort).
  public mutating func apply(_ change: Change) throws(ChangeError) {
    switch change {
    case .markPlayed(let id):
      try updateEpisode(id) { $0.isPlayed = true }
    case .markUnplayed(let id):
      try updateEpisode(id) {
        $0.isPlayed = false
        $0.playedSeconds = 0
      }
    case .setProgress(let id, let seconds):
      try updateEpisode(id) { $0.playedSeconds = seconds }
    case .addEpisode(let episode, let feedURL):
      try updateShow(feedURL) { $0.episodes.append(episode) }
    case .removeEpisode(let id):
      let show = try showIndex(id.feedURL)
      guard let episode = index.episode(withGUID: id.guid, inShow: show, of: catalog) else {
        throw .unknownEpisode(id)
      }
      var value = catalog.shows[show]
      value.episodes.remove(at: episode)
      try replace(show, with: value)
    case .addShow(let show):
      if let existing = index.showIndexByURL[show.feedURL] {
        throw .invalid(.duplicateFeedURL(show.feedURL, firstIndex: existing, secondIndex: catalog.shows.count))
      }
      try check(show, at: catalog.shows.count)
      catalog.shows.append(show)
      index.appendShow(show)
    case .removeShow(let feedURL):
      let show = try showIndex(feedURL)
      catalog.shows.remove(at: show)
      index.removeShow(at: show)
    case .setRecentListening(let feedURL, let seconds):
      try updateShow(feedURL) { $0.recentListeningSeconds = seconds }
    }
  }

  private func showIndex(_ feedURL: String) throws(ChangeError) -> Int {
    guard let show = index.showIndexByURL[feedURL] else { throw .unknownShow(feedURL: feedURL) }
    return show
  }

  private func check(_ show: Show, at position: Int) throws(ChangeError) {
    if let problem = show.problems(at: CatalogLocation(showIndex: position, feedURL: show.feedURL)).first {
      throw .invalid(problem)
    }
  }

  private mutating func updateShow(_ feedURL: String, _ body: (inout Show) -> Void) throws(ChangeError) {
    let show = try showIndex(feedURL)
    var value = catalog.shows[show]
    body(&value)
    try replace(show, with: value)
  }

  private mutating func updateEpisode(_ id: EpisodeID, _ body: (inout Episode) -> Void) throws(ChangeError) {
    let show = try showIndex(id.feedURL)
    guard let episode = index.episode(withGUID: id.guid, inShow: show, of: catalog) else {
      throw .unknownEpisode(id)
    }
    var value = catalog.shows[show]
    body(&value.episodes[episode])
    try replace(show, with: value)
  }

  private mutating func replace(_ show: Int, with value: Show) throws(ChangeError) {
    try check(value, at: show)
    catalog.shows[show] = value
    index.replaceShow(at: show, with: value)
  }
}

extension CatalogIndex {
  /// Re-indexes show `show` as `value` (same feed URL).
  ///
  /// - Complexity: O(*e* log *e* + *n*): the show's part, then one linear merge into ``freeOrder``.
  mutating func replaceShow(at show: Int, with value: Show) {
    let part = ShowPart(value, index: show)
    listening[show] = value.recentListeningSeconds
    store(part, at: show)
    let marker = Int32(show)
    freeOrder.removeAll { $0.show == marker }
    mergeFree(part.free)
  }

  /// Indexes a show added at the end of the catalog.
  ///
  /// - Complexity: O(*e* log *e* + *n* + *s* log *s*) for *s* shows (their feed ranks change).
  mutating func appendShow(_ value: Show) {
    let show = listening.count
    let part = ShowPart(value, index: show)
    showIndexByURL[value.feedURL] = show
    listening.append(value.recentListeningSeconds)
    store(part, at: show)
    feedURLs.append(value.feedURL)
    refreshFeedRanks()
    mergeFree(part.free)
  }

  /// Forgets show `show`; the later shows move down by one.
  ///
  /// - Complexity: O(*n* + *s* log *s*).
  mutating func removeShow(at show: Int) {
    showIndexByURL.removeValue(forKey: feedURLs[show])
    for (url, index) in showIndexByURL where index > show { showIndexByURL[url] = index - 1 }
    listening.remove(at: show)
    series.remove(at: show)
    latestPlayed.remove(at: show)
    chainCandidates.remove(at: show)
    unknownChainCount.remove(at: show)
    guidHashes.remove(at: show)
    seriesPublished.remove(at: show)
    feedURLs.remove(at: show)
    let marker = Int32(show)
    freeOrder.removeAll { $0.show == marker }
    for offset in freeOrder.indices where freeOrder[offset].show > marker { freeOrder[offset].show -= 1 }
    refreshFeedRanks()
    indexFreeByShow()
  }

  private mutating func refreshFeedRanks() {
    var ranks = Array(repeating: 0, count: feedURLs.count)
    for (rank, index) in feedURLs.indices.sorted(by: { feedURLs[$0] < feedURLs[$1] }).enumerated() {
      ranks[index] = rank
    }
    feedRank = ranks
  }

  /// Merges one show's free candidates (in their own order) into ``freeOrder`` and re-indexes by show.
  private mutating func mergeFree(_ free: [Free]) {
    let rank = feedRank
    var merged: [Free] = []
    merged.reserveCapacity(freeOrder.count + free.count)
    var next = 0
    for entry in freeOrder {
      while next < free.count, Self.precedes(free[next], entry, feedRank: rank) {
        merged.append(free[next])
        next += 1
      }
      merged.append(entry)
    }
    merged.append(contentsOf: free[next...])
    freeOrder = merged
    indexFreeByShow()
  }
}
