import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// 2026-11-29T08:00:00Z, the date the tests' libraries are made at.
let testDate = Date(timeIntervalSince1970: 1_795_939_200)

func later(_ seconds: Int) -> Date { testDate.addingTimeInterval(Double(seconds)) }

/// A reference to episode `guid` of show `show`, `minutes` long.
func reference(_ guid: String, show: String = "a", minutes: Int? = 30, position: Int = 0) -> EpisodeReference {
  EpisodeReference(
    episodeGUID: guid, feedURL: "https://example.com/\(show).xml", title: "Episode \(guid)",
    showTitle: "Show \(show)", durationSeconds: minutes.map { $0 * 60 }, playbackPositionSeconds: position,
    addedAt: testDate)
}

func episodeID(_ guid: String, show: String = "a") -> EpisodeID {
  EpisodeID(feedURL: "https://example.com/\(show).xml", guid: guid)
}

/// A queue holding episodes `guids`, with the playhead at `current`.
func queue(_ guids: [String], current: Int = 0) -> Queue {
  Queue(
    id: QueueID("test"), name: "🧪 Test", episodes: guids.map { reference($0) }, currentIndex: current,
    createdAt: testDate)
}

extension Queue {
  var guids: [String] { episodes.map(\.episodeGUID) }
}
