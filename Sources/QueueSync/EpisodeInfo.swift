import Foundation
import Queues
import SmartFill

/// What a queue shows of an episode without another lookup, as the add that put it there recorded it: its
/// identity, titles, duration and when it was added. (The playback position is a register of its own.)
public struct EpisodeInfo: Sendable, Hashable {
  /// The episode.
  public var id: EpisodeID
  /// The episode's title; empty when unknown.
  public var title: String
  /// The show's title; empty when unknown.
  public var showTitle: String
  /// The whole duration in seconds, or `nil` when unknown.
  public var durationSeconds: Int?
  /// When it was added (to the second).
  public var addedAt: Date

  /// Creates the information.
  public init(id: EpisodeID, title: String, showTitle: String, durationSeconds: Int?, addedAt: Date) {
    self.id = id
    self.title = title
    self.showTitle = showTitle
    self.durationSeconds = durationSeconds
    self.addedAt = Date(timeIntervalSince1970: addedAt.timeIntervalSince1970.rounded(.down))
  }

  /// The information of a queue's reference (its playback position aside).
  public init(_ reference: EpisodeReference) {
    self.init(
      id: reference.id, title: reference.title, showTitle: reference.showTitle,
      durationSeconds: reference.durationSeconds, addedAt: reference.addedAt)
  }

  /// The queue's reference, with `position` seconds played (kept within the duration).
  public func reference(playedSeconds position: Int) -> EpisodeReference {
    let limit = durationSeconds ?? EpisodeReference.maximumDurationSeconds
    return EpisodeReference(
      episodeGUID: id.guid, feedURL: id.feedURL, title: title, showTitle: showTitle, durationSeconds: durationSeconds,
      playbackPositionSeconds: min(max(0, position), limit), addedAt: addedAt)
  }
}
