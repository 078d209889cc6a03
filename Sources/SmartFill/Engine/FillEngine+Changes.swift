/// Changes to the engine's catalog, applied in place: an app marks an episode played, records progress,
/// receives new episodes or subscribes to a show without building a new engine.
///
/// Each change is checked as ``FillEngine/init(catalog:)`` checks a catalog, and either applies entirely or
/// throws and leaves the engine as it was. A change to a show's episodes or listening re-indexes only that
/// show, in O(*e* log *e*) for its *e* episodes, and patches the catalog-wide structures in place (see
/// `CatalogIndex+Changes.swift`): nothing more when no free candidate comes or goes (a story's episode played,
/// for example), and otherwise one copy of the order of the *n* free candidates and a table of moved offsets
/// (O(*n*) word moves, no comparison per entry and no sort). Adding or removing a show rebuilds the derived
/// order in O(*n* + *s* log *s*). The next fill sees the change.
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
  /// - Complexity: O(*e* log *e* + log *n*) for the touched show's *e* episodes when no free candidate comes or
  ///   goes, O(*e* log *n* + *n*) word moves for the *n* free candidates of the catalog when some do, and
  ///   O(*n* + *s* log *s*) to add or remove one of *s* shows.
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
    // Only this episode changes (its GUID too stays), and the show was valid: its own values are all there is
    // to check, and the first problem is the one a check of the whole show would report.
    var changed = catalog.shows[show].episodes[episode]
    body(&changed)
    var location = CatalogLocation(showIndex: show, feedURL: id.feedURL)
    location.episodeIndex = episode
    location.guid = changed.guid
    if let problem = changed.problems(at: location).first { throw .invalid(problem) }
    // In place: no copy of the show's other episodes when the catalog is not shared.
    catalog.shows[show].episodes[episode] = changed
    index.replaceShow(at: show, with: catalog.shows[show])
  }

  private mutating func replace(_ show: Int, with value: Show) throws(ChangeError) {
    try check(value, at: show)
    catalog.shows[show] = value
    index.replaceShow(at: show, with: value)
  }
}
