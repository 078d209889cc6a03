import SmartFill

/// The rules every fill must keep, checked on its result against the catalog alone: each chosen episode is in
/// the catalog, unplayed, not a trailer, chosen once and counted at its remaining time, and the total is their
/// sum; what is taken of a serial show (of every show, in continue series) is a prefix of its chain, so nothing
/// is skipped; variety never plays one show three times in a row; nothing goes over the window.
package struct ResultCheck: Sendable {
  /// What a result broke.
  package struct Violations: Sendable, Hashable, CustomStringConvertible {
    /// Entries that cannot be chosen at all, and a total that is not their sum, each as a sentence.
    package var invalid: [String] = []
    /// The feed URLs of the shows whose taken episodes are not a prefix of their chain.
    package var skipped: [String] = []
    /// The feed URL of a show played three times in a row, in variety.
    package var threeInARow: String?
    /// The total, when it is over the window's top.
    package var overfilledSeconds: Int?

    package init() {}

    /// Whether the result broke nothing.
    package var isEmpty: Bool { self == Violations() }

    /// Every violation as a sentence.
    package var sentences: [String] {
      invalid + skipped.map { "\($0): not a prefix of its chain" }
        + (threeInARow.map { ["three in a row from \($0)"] } ?? [])
        + (overfilledSeconds.map { ["total \($0) overfills the window"] } ?? [])
    }

    package var description: String { sentences.joined(separator: "; ") }
  }

  /// The catalog the results were filled from.
  package let catalog: Catalog
  private let shows: [String: Show]

  /// A check of results filled from `catalog`.
  package init(catalog: Catalog) {
    self.catalog = catalog
    shows = Dictionary(catalog.shows.map { ($0.feedURL, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// What `result` of `request` broke.
  ///
  /// - Complexity: O(*n* + *s* · *e* log *e*) in the result's entries and its shows' episodes.
  package func violations(of result: FillResult, for request: FillRequest) -> Violations {
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
      let chain = Rules.chain(of: shows[feedURL]!, for: request).map(\.guid)
      if Set(chain.prefix(guids.count)) != Set(guids) { violations.skipped.append(feedURL) }
    }
    if request.mode == .variety { violations.threeInARow = Rules.threeInARow(result.entries.map(\.id)) }
    if let window = request.window, total > window.upperBound { violations.overfilledSeconds = total }
    return violations
  }
}
