import Foundation
import Queues
import SmartFill
import SmartFillSupport

@testable import QueueSync

/// The tests' fixed start: 2026-01-01 00:00:00 UTC.
let start = Date(timeIntervalSince1970: 1_767_225_600)

/// `seconds` after ``start``.
func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

/// A reference to episode `guid` of show `show`.
func reference(_ guid: String, show: Int = 1, duration: Int? = 1_800) -> EpisodeReference {
  EpisodeReference(
    episodeGUID: guid, feedURL: "https://example.com/show-\(show).xml", title: "Episode \(guid)",
    showTitle: "Show \(show)", durationSeconds: duration, addedAt: start)
}

/// The identifier of episode `guid` of show `show`.
func episode(_ guid: String, show: Int = 1) -> EpisodeID {
  EpisodeID(feedURL: "https://example.com/show-\(show).xml", guid: guid)
}

/// The GUIDs of queue `id`'s episodes, in order.
func guids(_ library: ReplicatedLibrary, _ id: QueueID) -> [String] {
  library.episodes(in: id).map(\.guid)
}

/// A device's replicated library.
func device(_ name: String) -> ReplicatedLibrary {
  ReplicatedLibrary(replica: ReplicaID(name), now: start)
}

/// Both devices merged with each other (as a sync of both through a server does).
func exchange(_ first: inout ReplicatedLibrary, _ second: inout ReplicatedLibrary) {
  let copy = first
  first.merge(second)
  second.merge(copy)
}
