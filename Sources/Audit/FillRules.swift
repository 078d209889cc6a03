import SmartFill

/// The rules every fill must keep, checked without the engine: each chosen episode is in the catalog,
/// unplayed, not a trailer, chosen once and counted at its remaining time; what is taken of a serial show (of
/// every show, in continue series) is a prefix of its chain, so nothing is skipped; variety never plays one
/// show three times in a row; nothing goes over the window.
struct FillRules {
  /// What a result broke.
  struct Violations: Sendable, Hashable {
    var invalid: [String] = []
    var skipped: [String] = []
    var threeInARow: String?
    /// The total over the window's top, if it is.
    var overfilledSeconds: Int?
  }

  let catalog: Catalog
  private let shows: [String: Show]

  init(catalog: Catalog) {
    self.catalog = catalog
    shows = Dictionary(catalog.shows.map { ($0.feedURL, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// A show's chain: its unplayed full episodes after the latest played full one, in series order, leaving
  /// out excluded ones. With `includingUnknown` (continue series without a target, which needs no lengths)
  /// every such episode; otherwise a serial show's up to the first of unknown duration (a story is never
  /// skipped), an episodic show's passing over those (as continue series does with a target).
  ///
  /// - Complexity: O(*e* log *e*) in the show's episodes.
  static func chain(of show: Show, excluding excluded: Set<EpisodeID>, includingUnknown: Bool = false) -> [String] {
    let order = SeriesOrder.indices(of: show).map { show.episodes[$0] }
    let latest = order.lastIndex { $0.kind == .full && $0.isPlayed } ?? -1
    var chain: [String] = []
    for episode in order[(latest + 1)...] where episode.kind == .full && !episode.isPlayed {
      if excluded.contains(EpisodeID(feedURL: show.feedURL, guid: episode.guid)) { continue }
      guard episode.remainingSeconds != nil || includingUnknown else {
        if show.ordering == .serial { break }
        continue
      }
      chain.append(episode.guid)
    }
    return chain
  }

  /// What `result` of `request` broke.
  ///
  /// - Complexity: O(*n* + *s* · *e* log *e*) in the result's entries and its shows' episodes.
  func violations(of result: FillResult, for request: FillRequest) -> Violations {
    var violations = Violations()
    var seen: Set<EpisodeID> = []
    var taken: [String: [String]] = [:]
    var total = 0
    for entry in result.entries {
      if !seen.insert(entry.id).inserted { violations.invalid.append("\(entry.id) chosen twice") }
      if request.excluded.contains(entry.id) { violations.invalid.append("\(entry.id) was excluded") }
      guard let show = shows[entry.id.feedURL], let episode = show.episodes.first(where: { $0.guid == entry.id.guid })
      else {
        violations.invalid.append("\(entry.id) is not in the catalog")
        continue
      }
      if episode.isPlayed { violations.invalid.append("\(entry.id) is played") }
      if episode.kind == .trailer { violations.invalid.append("\(entry.id) is a trailer") }
      if entry.seconds != episode.remainingSeconds { violations.invalid.append("\(entry.id) counts the wrong time") }
      total += entry.seconds ?? 0
      if episode.kind == .full, show.ordering == .serial || request.mode == .continueSeries {
        taken[show.feedURL, default: []].append(episode.guid)
      }
    }
    if total != result.totalSeconds {
      violations.invalid.append("total \(result.totalSeconds) is not the sum \(total)")
    }
    for (feedURL, guids) in taken.sorted(by: { $0.key < $1.key }) {
      let chain = Self.chain(
        of: shows[feedURL]!, excluding: request.excluded,
        includingUnknown: request.mode == .continueSeries && request.targetSeconds == nil)
      if Set(chain.prefix(guids.count)) != Set(guids) { violations.skipped.append(feedURL) }
    }
    if request.mode == .variety {
      let feeds = result.entries.map(\.id.feedURL)
      if let index = feeds.indices.dropFirst(2).first(where: {
        feeds[$0] == feeds[$0 - 1] && feeds[$0] == feeds[$0 - 2]
      }) {
        violations.threeInARow = feeds[index]
      }
    }
    if let window = request.window, total > window.upperBound { violations.overfilledSeconds = total }
    return violations
  }
}
