import Foundation
import SmartFill

/// What a library remembers of episodes for routing new ones (see ``QueueLibrary/routeNewEpisodes(in:after:now:)``):
/// the episodes it has seen of each show, so that a refresh knows what is new, and the episodes the listener
/// removed from a queue by hand or finished, so that no refresh adds them back.
///
/// Both are bounded, so that a store does not grow with every refresh:
///
/// - Of each show, the GUIDs of its newest ``maximumKnownEpisodesPerShow`` episodes (by publication date, then
///   GUID) as the last refresh listed them, and ``KnownEpisodes/knownThrough``, the date of the newest episode
///   left out: an episode published then or earlier counts as seen. At most ``maximumShows`` shows are
///   remembered.
/// - The last ``maximumExclusions`` episodes removed by hand or finished; the oldest is forgotten first (an
///   episode a refresh has seen already is not new again in any case).
public struct EpisodeHistory: Sendable, Hashable {
  /// The most episodes remembered of a show: 100.
  public static let maximumKnownEpisodesPerShow = 100
  /// The most shows remembered: 20,000, as many as `smartfill generate` makes.
  public static let maximumShows = 20_000
  /// The most exclusions remembered: 10,000.
  public static let maximumExclusions = 10_000

  /// The episodes a library has seen of one show.
  public struct KnownEpisodes: Sendable, Hashable {
    /// The GUIDs of the newest episodes seen, at most ``EpisodeHistory/maximumKnownEpisodesPerShow``.
    public internal(set) var guids: Set<String>
    /// The publication date of the newest episode seen but not kept in ``guids``; an episode published then or
    /// earlier counts as seen. `nil` when none was left out.
    public internal(set) var knownThrough: Date?
    /// The members of the store's object that this version does not know, written back as read.
    var unknownFields: UnknownFields = [:]

    /// Creates a record of the episodes seen.
    public init(guids: Set<String>, knownThrough: Date? = nil) {
      self.guids = guids
      self.knownThrough = knownThrough?.wholeSeconds
    }

    /// The record after seeing `show`'s episodes as listed now: the newest of them, and the date of the newest
    /// one left out (or the date kept from `prior`, when later).
    ///
    /// Episodes `prior` knew that `show` no longer lists are forgotten (a catalog built by `Show.refreshed(with:)`
    /// keeps them listed).
    ///
    /// - Complexity: O(*e* log *e*) in the show's episodes.
    init(seeing show: Show, after prior: KnownEpisodes?) {
      let newestFirst = show.episodes.sorted { ($0.published, $0.guid) > ($1.published, $1.guid) }
      let kept = newestFirst.prefix(EpisodeHistory.maximumKnownEpisodesPerShow)
      var through = prior?.knownThrough
      if newestFirst.count > kept.count {
        let dropped = newestFirst[kept.count].published.wholeSeconds
        through = max(through ?? dropped, dropped)
      }
      self.init(guids: Set(kept.map(\.guid)), knownThrough: through)
      unknownFields = prior?.unknownFields ?? [:]
    }

    /// Whether `episode` was seen: its GUID is kept, or it was published no later than ``knownThrough``.
    public func contains(_ episode: Episode) -> Bool {
      guids.contains(episode.guid) || knownThrough.map { episode.published <= $0 } == true
    }
  }

  /// An episode that a refresh never adds to a queue: the listener removed it from a queue by hand, or
  /// finished it.
  public struct Exclusion: Sendable, Hashable {
    /// Why the episode is left out.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
      /// The listener removed it from a queue.
      case removed
      /// The listener finished it.
      case finished
    }

    /// The episode.
    public var episode: EpisodeID
    /// Why.
    public var reason: Reason
    /// The queue it was removed from (`nil` for a finish).
    public var queueID: QueueID?
    /// When (kept to the second).
    public var date: Date
    /// The members of the store's object that this version does not know, written back as read.
    var unknownFields: UnknownFields = [:]

    /// Creates an exclusion.
    public init(episode: EpisodeID, reason: Reason, queueID: QueueID? = nil, date: Date) {
      self.episode = episode
      self.reason = reason
      self.queueID = queueID
      self.date = date.wholeSeconds
    }
  }

  /// The episodes seen, by the show's feed URL.
  public internal(set) var knownEpisodes: [String: KnownEpisodes]
  /// The exclusions, the oldest first, each episode at most once.
  public internal(set) var exclusions: [Exclusion]
  /// The members of the store's object that this version does not know, written back as read.
  var unknownFields: UnknownFields = [:]

  /// A history that has seen nothing.
  public init(knownEpisodes: [String: KnownEpisodes] = [:], exclusions: [Exclusion] = []) {
    self.knownEpisodes = knownEpisodes
    self.exclusions = exclusions
  }

  /// Whether nothing is remembered.
  public var isEmpty: Bool { knownEpisodes.isEmpty && exclusions.isEmpty }

  /// The exclusion of `episode`, or `nil`.
  ///
  /// - Complexity: O(*x*) in the number of exclusions.
  public func exclusion(of episode: EpisodeID) -> Exclusion? {
    exclusions.last { $0.episode == episode }
  }

  /// The exclusions by episode.
  ///
  /// - Complexity: O(*x*) in the number of exclusions.
  var exclusionsByEpisode: [EpisodeID: Exclusion] {
    Dictionary(exclusions.map { ($0.episode, $0) }, uniquingKeysWith: { _, last in last })
  }

  /// Records that `episode` is never to be added back, replacing an earlier exclusion of it, and forgets the
  /// oldest beyond ``maximumExclusions``.
  ///
  /// - Complexity: O(*x*) in the number of exclusions.
  mutating func exclude(_ exclusion: Exclusion) {
    exclusions.removeAll { $0.episode == exclusion.episode }
    exclusions.append(exclusion)
    if exclusions.count > Self.maximumExclusions { exclusions.removeFirst(exclusions.count - Self.maximumExclusions) }
  }

  /// Records that the shows of `catalog` were seen as listed there; shows not in `catalog` are kept, but when
  /// more than ``maximumShows`` are remembered, those not in `catalog` are forgotten first (by feed URL), then
  /// those of `catalog` beyond the first ``maximumShows``.
  ///
  /// - Complexity: O(*e* log *e*) in the catalog's episodes, plus O(*s* log *s*) in the shows when over the
  ///   bound.
  mutating func see(_ catalog: Catalog) {
    var listed: [String] = []
    var listedSet: Set<String> = []
    for show in catalog.shows where listedSet.insert(show.feedURL).inserted {
      knownEpisodes[show.feedURL] = KnownEpisodes(seeing: show, after: knownEpisodes[show.feedURL])
      listed.append(show.feedURL)
    }
    guard knownEpisodes.count > Self.maximumShows else { return }
    var others = knownEpisodes.keys.filter { !listedSet.contains($0) }.sorted()
    while knownEpisodes.count > Self.maximumShows, let last = others.popLast() { knownEpisodes[last] = nil }
    if knownEpisodes.count > Self.maximumShows {
      let kept = Set(listed.prefix(Self.maximumShows))
      knownEpisodes = knownEpisodes.filter { kept.contains($0.key) }
    }
  }
}
