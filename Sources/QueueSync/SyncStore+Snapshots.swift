import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// The restore snapshots in the state file (``SyncStore``): each distinct episode's information once, in
/// `snapshotEpisodes`, each feed with its show's title once, in `snapshotFeeds`, and each snapshot's episodes
/// as indexes into the episodes, since most snapshots of a queue repeat most of its episodes and most episodes
/// share their feed with others:
///
///     "snapshotFeeds": [[feed URL, show title], …],
///     "snapshotEpisodes": [[feed, GUID, title, duration|null, added at], …],
///     "snapshots": [{"queueID": …, "name": …, "takenAt": …, "rules": […], "smartFill": null,
///                    "episodes": [0, 1, 5, …]}, …]
///
/// A file written before the tables (none of them, each episode written out in full in its snapshot as
/// `[feed URL, GUID, title, show title, duration|null, added at]`) still reads; an element of `episodes` may be
/// either form. An older engine refuses a file with the tables (an index where it expects an episode), with a
/// typed error, and leaves it as it is.
extension SyncStore {
  /// Writes the `snapshotFeeds`, `snapshotEpisodes` and `snapshots` members of the `sync` object.
  ///
  /// - Complexity: O(*e*) in the snapshots' episodes.
  static func writeSnapshots(_ snapshots: [QueueSnapshot], to json: inout JSONWriter) {
    var episodes = Interned<EpisodeInfo>()
    let lists = snapshots.map { $0.episodeInfos.map { episodes.index(of: $0) } }
    var feeds = Interned<[String]>()
    let feedIndexes = episodes.values.map { feeds.index(of: [$0.id.feedURL, $0.showTitle]) }
    json.member("snapshotFeeds")
    json.array { json in
      for feed in feeds.values {
        json.element()
        json.strings(feed)
      }
    }
    json.member("snapshotEpisodes")
    json.array { json in
      for (episode, feed) in zip(episodes.values, feedIndexes) {
        json.element()
        json.inlineArray { json in
          json.element()
          json.integer(feed)
          json.element()
          json.string(episode.id.guid)
          json.element()
          json.string(episode.title)
          json.element()
          if let duration = episode.durationSeconds { json.integer(duration) } else { json.null() }
          json.element()
          json.integer(Int(episode.addedAt.timeIntervalSince1970))
        }
      }
    }
    json.member("snapshots")
    json.array { json in
      for (snapshot, list) in zip(snapshots, lists) {
        json.element()
        json.object { json in
          json.member("queueID", snapshot.queueID.rawValue)
          json.member("name", snapshot.name)
          json.member("takenAt", snapshot.takenAt)
          json.member("rules")
          json.write(snapshot.rules)
          json.member("smartFill")
          json.write(snapshot.smartFill)
          json.member("episodes")
          json.inlineArray { json in
            for index in list {
              json.element()
              json.integer(index)
            }
          }
        }
      }
    }
  }

  /// Reads the `snapshotEpisodes` (absent in a file written before it) and `snapshots` members of the `sync`
  /// object.
  ///
  /// - Complexity: O(*e*) in the snapshots' episodes.
  static func readSnapshots(_ sync: JSONReader) throws(JSONReadError) -> [QueueSnapshot] {
    let feeds = try (sync.optional("snapshotFeeds")?.elements() ?? []).map { (node) throws(JSONReadError) in
      let parts = try node.elements()
      if parts.count != 2 { throw node.error("expected [feed URL, show title], found \(parts.count) elements") }
      return (url: try parts[0].string(), show: try parts[1].string())
    }
    let table = try (sync.optional("snapshotEpisodes")?.elements() ?? []).map { (node) throws(JSONReadError) in
      let parts = try node.elements()
      if parts.count != 5 { throw node.error("expected 5 elements, found \(parts.count)") }
      let feed = try parts[0].integer()
      guard feeds.indices.contains(feed) else {
        throw parts[0].error("no feed \(feed) in snapshotFeeds, which has \(feeds.count)")
      }
      return try episodeInfo(
        feedURL: feeds[feed].url, guid: parts[1], title: parts[2], showTitle: feeds[feed].show, duration: parts[3],
        addedAt: parts[4], at: node)
    }
    var snapshots: [QueueSnapshot] = []
    for node in try sync.array("snapshots") {
      var episodes: [EpisodeInfo] = []
      for item in try node.array("episodes") {
        if case .integer = item.value {
          let index = try item.integer()
          guard table.indices.contains(index) else {
            throw item.error("no episode \(index) in snapshotEpisodes, which has \(table.count)")
          }
          episodes.append(table[index])
        } else {
          episodes.append(try episodeInfo(item))
        }
      }
      let rules = try node.field("rules").value
      let smartFill = try node.optional("smartFill")?.value ?? .null
      do throws(QueueError) { try QueuesJSONForm.check(rules: rules, settings: smartFill) } catch {
        throw node.error(error.description, at: "rules")
      }
      snapshots.append(
        QueueSnapshot(
          queueID: QueueID(try node.string("queueID")), name: try node.string("name"),
          takenAt: try node.date("takenAt"),
          episodeInfos: episodes, rules: rules, smartFill: smartFill))
    }
    return snapshots
  }

  /// Reads an episode's information written out in full: `[feed URL, GUID, title, show title,
  /// duration|null, added at]`.
  private static func episodeInfo(_ item: JSONReader) throws(JSONReadError) -> EpisodeInfo {
    let parts = try item.elements()
    if parts.count != 6 { throw item.error("expected 6 elements, found \(parts.count)") }
    return try episodeInfo(
      feedURL: parts[0].string(), guid: parts[1], title: parts[2], showTitle: parts[3].string(), duration: parts[4],
      addedAt: parts[5], at: item)
  }

  /// An episode's information from its parts, checked; `item` is where it was written.
  private static func episodeInfo(
    feedURL: String, guid: JSONReader, title: JSONReader, showTitle: String, duration: JSONReader,
    addedAt: JSONReader, at item: JSONReader
  ) throws(JSONReadError) -> EpisodeInfo {
    let id = EpisodeID(feedURL: feedURL, guid: try guid.string())
    if id.feedURL.isEmpty || id.guid.isEmpty { throw item.error("an episode needs a feed URL and a GUID") }
    return EpisodeInfo(
      id: id, title: try title.string(), showTitle: showTitle,
      durationSeconds: duration.value == .null
        ? nil : try duration.integer(in: 1...EpisodeReference.maximumDurationSeconds),
      addedAt: Date(timeIntervalSince1970: Double(try addedAt.integer(in: 0...(1 << 40)))))
  }
}

/// Values numbered in the order first met, each once: the tables of the state file's snapshots.
private struct Interned<Value: Hashable> {
  /// The values, each once, in the order first met.
  private(set) var values: [Value] = []
  private var indexes: [Value: Int] = [:]

  /// The number of `value`, numbering it if new.
  ///
  /// - Complexity: O(1) on average.
  mutating func index(of value: Value) -> Int {
    if let index = indexes[value] { return index }
    indexes[value] = values.count
    values.append(value)
    return values.count - 1
  }
}
