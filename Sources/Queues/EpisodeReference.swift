import Foundation
import SmartFill

/// An episode in a queue: which episode it is, when it was added and where playback stopped, with what an
/// app needs to show the queue without another lookup (titles and duration).
///
/// A queue holds an episode at most once, so a reference is identified by its episode: ``id`` is the
/// episode's feed URL and GUID.
///
/// A reference read from a store keeps the fields a newer version wrote that this one does not know, and
/// writes them back; two references are equal (and hash alike) when all their fields, these included, are
/// equal, so that equal references are written the same.
public struct EpisodeReference: Identifiable, Sendable, Hashable {
  /// The longest duration (and playback position) a reference may have, in seconds: 365 days. The store's
  /// format refuses more, so that sums of durations cannot overflow.
  public static let maximumDurationSeconds = 365 * 86_400

  /// The episode's GUID within its show.
  public var episodeGUID: String
  /// The feed URL of the episode's show.
  public var feedURL: String
  /// The episode's title; empty when unknown.
  public var title: String
  /// The show's title; empty when unknown.
  public var showTitle: String
  /// The whole duration in seconds (> 0), or `nil` when unknown.
  public var durationSeconds: Int?
  /// Where playback stopped, in seconds from the start (0 ≤ position ≤ duration).
  public var playbackPositionSeconds: Int
  /// When the episode was added to the queue (kept to the second).
  public var addedAt: Date
  /// The members of the store's episode object that this version does not know, written back as read.
  var unknownFields: UnknownFields = [:]

  /// Creates a reference.
  public init(
    episodeGUID: String,
    feedURL: String,
    title: String = "",
    showTitle: String = "",
    durationSeconds: Int?,
    playbackPositionSeconds: Int = 0,
    addedAt: Date
  ) {
    self.episodeGUID = episodeGUID
    self.feedURL = feedURL
    self.title = title
    self.showTitle = showTitle
    self.durationSeconds = durationSeconds
    self.playbackPositionSeconds = playbackPositionSeconds
    self.addedAt = addedAt.wholeSeconds
  }

  /// Creates a reference to a catalog episode: its titles, duration and progress come from the catalog.
  public init(_ episode: Episode, of show: Show, addedAt: Date) {
    self.init(
      episodeGUID: episode.guid, feedURL: show.feedURL, title: episode.title, showTitle: show.title,
      durationSeconds: episode.durationSeconds, playbackPositionSeconds: episode.playedSeconds, addedAt: addedAt)
  }

  /// The episode: its show's feed URL and its GUID.
  public var id: EpisodeID { EpisodeID(feedURL: feedURL, guid: episodeGUID) }

  /// The time left to play, in seconds, or `nil` when the duration is unknown.
  public var remainingSeconds: Int? {
    durationSeconds.map { max(0, $0 - playbackPositionSeconds) }
  }

  /// Checks the fields: a non-empty GUID and feed URL, a positive duration of at most
  /// ``maximumDurationSeconds`` when known, and a playback position between 0 and the duration (or
  /// ``maximumDurationSeconds`` when the duration is unknown).
  ///
  /// - Throws: ``QueueError/invalidEpisode(_:field:value:reason:)`` or
  ///   ``QueueError/invalidPosition(seconds:episode:durationSeconds:)``.
  public func validate() throws(QueueError) {
    if feedURL.isEmpty {
      throw .invalidEpisode(id, field: "feedURL", value: "\"\"", reason: "must not be empty")
    }
    if episodeGUID.isEmpty {
      throw .invalidEpisode(id, field: "episodeGUID", value: "\"\"", reason: "must not be empty")
    }
    if let durationSeconds, durationSeconds <= 0 {
      throw .invalidEpisode(
        id, field: "durationSeconds", value: String(durationSeconds),
        reason: "must be positive whole seconds (leave it out when unknown)")
    }
    if let durationSeconds, durationSeconds > Self.maximumDurationSeconds {
      throw .invalidEpisode(
        id, field: "durationSeconds", value: String(durationSeconds),
        reason: "must be at most \(Self.maximumDurationSeconds) seconds (365 days)")
    }
    try Self.validate(position: playbackPositionSeconds, of: id, durationSeconds: durationSeconds)
  }

  static func validate(position: Int, of id: EpisodeID, durationSeconds: Int?) throws(QueueError) {
    if position < 0 || position > (durationSeconds ?? maximumDurationSeconds) {
      throw .invalidPosition(seconds: position, episode: id, durationSeconds: durationSeconds)
    }
  }
}

extension Date {
  /// The date with its fraction of a second dropped, so that it survives the store's ISO 8601 text exactly.
  var wholeSeconds: Date {
    Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down))
  }
}
