import Foundation
import SmartFill
import SmartFillSupport

/// How an episode is identified within its show when the feed's GUIDs are missing or repeated.
///
/// - A missing or empty `<guid>` falls back to the enclosure URL, then to the title and date
///   (`title|2024-01-31T08:00:00Z`), so that the same feed always gives the same identifiers.
/// - Items that share a GUID are all kept: the earliest published keeps the GUID and the others get `#2`,
///   `#3`, … in order of date (ties broken by position in the feed). Since new episodes are published later,
///   a newer snapshot of the feed gives the old episodes the same identifiers.
enum EpisodeIdentity {
  /// The identifier of an item with the given `guid` (possibly empty), enclosure URL and title.
  static func guid(guid: String, enclosureURL: String, title: String, published: Date) -> String {
    let trimmed = guid.trimmingCharacters(in: .whitespacesAndNewlines)
    if !trimmed.isEmpty { return trimmed }
    let url = enclosureURL.trimmingCharacters(in: .whitespacesAndNewlines)
    if !url.isEmpty { return url }
    return title.trimmingCharacters(in: .whitespacesAndNewlines) + "|" + Timestamp.format(published)
  }

  /// Makes the GUIDs of `episodes` unique, as described above; the episodes stay in their order.
  ///
  /// - Returns: Each repeated GUID (as the feed gives it) with the number of episodes that share it, in order
  ///   of first appearance.
  /// - Complexity: O(*n* log *n*) in the number of episodes.
  static func makeUnique(_ episodes: inout [Episode]) -> [(guid: String, count: Int)] {
    var positions: [String: [Int]] = [:]
    var order: [String] = []
    for (index, episode) in episodes.enumerated() {
      if positions[episode.guid] == nil { order.append(episode.guid) }
      positions[episode.guid, default: []].append(index)
    }
    var taken = Set(positions.keys)
    var repeated: [(guid: String, count: Int)] = []
    for guid in order {
      let indices = positions[guid]!
      guard indices.count > 1 else { continue }
      repeated.append((guid, indices.count))
      let byDate = indices.sorted { (episodes[$0].published, $0) < (episodes[$1].published, $1) }
      var suffix = 2
      for index in byDate.dropFirst() {
        while taken.contains("\(guid)#\(suffix)") { suffix += 1 }
        episodes[index].guid = "\(guid)#\(suffix)"
        taken.insert(episodes[index].guid)
        suffix += 1
      }
    }
    return repeated
  }
}
