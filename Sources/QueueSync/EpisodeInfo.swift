import Foundation
import Queues
import SmartFill

/// What a queue shows of an episode without another lookup, as the add that put it there recorded it: its
/// identity, titles, duration and when it was added. (The playback position is a register of its own.)
package struct EpisodeInfo: Sendable, Hashable {
  /// The episode.
  package var id: EpisodeID
  /// The episode's title; empty when unknown.
  package var title: String
  /// The show's title; empty when unknown.
  package var showTitle: String
  /// The whole duration in seconds, or `nil` when unknown.
  package var durationSeconds: Int?
  /// When it was added (to the second).
  package var addedAt: Date

  /// Creates the information.
  package init(id: EpisodeID, title: String, showTitle: String, durationSeconds: Int?, addedAt: Date) {
    self.id = id
    self.title = title
    self.showTitle = showTitle
    self.durationSeconds = durationSeconds
    self.addedAt = Date(timeIntervalSince1970: addedAt.timeIntervalSince1970.rounded(.down))
  }

  /// The information of a queue's reference (its playback position aside).
  package init(_ reference: EpisodeReference) {
    self.init(
      id: reference.id, title: reference.title, showTitle: reference.showTitle,
      durationSeconds: reference.durationSeconds, addedAt: reference.addedAt)
  }

  /// The queue's reference, with `position` seconds played (kept within the duration).
  package func reference(playedSeconds position: Int) -> EpisodeReference {
    let limit = durationSeconds ?? EpisodeReference.maximumDurationSeconds
    return EpisodeReference(
      episodeGUID: id.guid, feedURL: id.feedURL, title: title, showTitle: showTitle, durationSeconds: durationSeconds,
      playbackPositionSeconds: min(max(0, position), limit), addedAt: addedAt)
  }
}
