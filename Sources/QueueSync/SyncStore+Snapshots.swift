import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// The restore snapshots in the state file (``SyncStore``): each distinct episode's information once, in
/// `snapshotEpisodes`, and each snapshot's episodes as indexes into it, since most snapshots of a queue repeat
/// most of its episodes:
///
///     "snapshotEpisodes": [[feed URL, GUID, title, show title, duration|null, added at], …],
///     "snapshots": [{"queueID": …, "name": …, "takenAt": …, "rules": […], "smartFill": null,
///                    "episodes": [0, 1, 5, …]}, …]
///
/// A file written before the table (no `snapshotEpisodes`, each episode written out in full in its snapshot)
/// still reads; an element of `episodes` may be either form. An older engine refuses a file with the table
/// (an index where it expects an episode), with a typed error, and leaves it as it is.
extension SyncStore {
  /// Writes the `snapshotEpisodes` and `snapshots` members of the `sync` object.
  ///
  /// - Complexity: O(*e*) in the snapshots' episodes.
  static func writeSnapshots(_ snapshots: [QueueSnapshot], to json: inout JSONWriter) {
    var indexes: [EpisodeInfo: Int] = [:]
    var table: [EpisodeInfo] = []
    let lists = snapshots.map { snapshot in
      snapshot.episodeInfos.map { info in
        if let index = indexes[info] { return index }
        indexes[info] = table.count
        table.append(info)
        return table.count - 1
      }
    }
    json.member("snapshotEpisodes")
    json.array { json in
      for episode in table {
        json.element()
        json.inlineArray { json in
          json.element()
          json.string(episode.id.feedURL)
          json.element()
          json.string(episode.id.guid)
          json.element()
          json.string(episode.title)
          json.element()
          json.string(episode.showTitle)
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
    let table = try (sync.optional("snapshotEpisodes")?.elements() ?? []).map(episodeInfo)
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
    let id = EpisodeID(feedURL: try parts[0].string(), guid: try parts[1].string())
    if id.feedURL.isEmpty || id.guid.isEmpty { throw item.error("an episode needs a feed URL and a GUID") }
    return EpisodeInfo(
      id: id, title: try parts[2].string(), showTitle: try parts[3].string(),
      durationSeconds: parts[4].value == .null
        ? nil : try parts[4].integer(in: 1...EpisodeReference.maximumDurationSeconds),
      addedAt: Date(timeIntervalSince1970: Double(try parts[5].integer(in: 0...(1 << 40)))))
  }
}
