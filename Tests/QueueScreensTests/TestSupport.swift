import Foundation
import Queues
import SmartFill

/// 2024-01-01T00:00:00Z.
let start = Date(timeIntervalSince1970: 1_704_067_200)

/// A queued episode of show `show` (feed `https://<show>.example/feed`).
func reference(
  _ guid: String, show: String = "Show A", title: String = "", seconds: Int?, played: Int = 0
) -> EpisodeReference {
  EpisodeReference(
    episodeGUID: guid, feedURL: "https://\(show.lowercased().replacingOccurrences(of: " ", with: "-")).example/feed",
    title: title, showTitle: show, durationSeconds: seconds, playbackPositionSeconds: played, addedAt: start)
}

/// A new library with `episodes` played last into queue `id`.
func library(_ episodes: [EpisodeReference], in id: QueueID = .commute) throws -> QueueLibrary {
  var library = QueueLibrary(now: start)
  try library.modify(id, now: start) { (queue) throws(QueueError) in try queue.playLast(episodes) }
  return library
}
