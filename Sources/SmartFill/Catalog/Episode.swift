import Foundation

/// One episode of a show, as the catalog describes it.
///
/// An episode counts in a fill for its remaining time, ``remainingSeconds``: its duration less what has been
/// played of it. An episode whose duration is unknown (`durationSeconds == nil`, as real feeds often have it)
/// stays in the catalog but is never chosen by a time-based fill, and a serial show's chain stops before it.
public struct Episode: Sendable, Hashable {
  /// What kind of episode this is, as `itunes:episodeType` gives it.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A regular episode.
    case full
    /// A preview of a show or season; never queued.
    case trailer
    /// Extra material; never part of a serial show's chain (see `SeriesOrder`).
    case bonus
  }

  /// The episode's identifier, unique within its show.
  public var guid: String
  /// The episode's title; empty when the feed gives none.
  public var title: String
  /// When the episode was published.
  public var published: Date
  /// The whole duration in seconds (> 0), or `nil` when unknown.
  public var durationSeconds: Int?
  /// The season number (≥ 0), when the feed gives one.
  public var season: Int?
  /// The episode number (≥ 0), when the feed gives one. Real feeds repeat them.
  public var episode: Int?
  /// Full, trailer or bonus.
  public var kind: Kind
  /// How much of the episode has been played, in seconds (0 ≤ `playedSeconds` < `durationSeconds`).
  public var playedSeconds: Int
  /// Whether the listener has finished (or marked as played) this episode.
  public var isPlayed: Bool

  /// Creates an episode.
  public init(
    guid: String,
    title: String = "",
    published: Date,
    durationSeconds: Int?,
    season: Int? = nil,
    episode: Int? = nil,
    kind: Kind = .full,
    playedSeconds: Int = 0,
    isPlayed: Bool = false
  ) {
    self.guid = guid
    self.title = title
    self.published = published
    self.durationSeconds = durationSeconds
    self.season = season
    self.episode = episode
    self.kind = kind
    self.playedSeconds = playedSeconds
    self.isPlayed = isPlayed
  }

  /// The time this episode adds to a queue: its duration less the part already played, or `nil` when the
  /// duration is unknown.
  public var remainingSeconds: Int? {
    guard let durationSeconds else { return nil }
    return durationSeconds - playedSeconds
  }
}
