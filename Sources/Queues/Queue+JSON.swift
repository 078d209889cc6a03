import Foundation
import SmartFill
import SmartFillSupport

// A queue in the store's format (see `QueueLibrary+JSON.swift`).

extension Queue {
  /// The keys of the store's queue object in versions 2 and 3.
  static let version3Keys: Set<String> = [
    "id", "name", "createdAt", "lastModified", "isSyncedToCloud", "autoSwitchRules", "smartFillSettings",
    "currentIndex", "episodes",
  ]
  /// The keys of the store's queue object in version 4, which adds `isAutoSwitchEnabled`.
  static let version4Keys = version3Keys.union(["isAutoSwitchEnabled"])
  /// The keys of the store's queue object in version 5, which adds `showTies`.
  static let knownKeys = version4Keys.union(["showTies"])

  /// The keys of the store's queue object in format `version` (2 to 5).
  static func knownKeys(version: Int) -> Set<String> {
    version >= 5 ? knownKeys : version == 4 ? version4Keys : version3Keys
  }

  /// Writes the queue as an object of the store's format, keys in the documented order, then the fields this
  /// version does not know, sorted.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("id", id.rawValue)
      json.member("name", name)
      json.member("createdAt", createdAt)
      json.member("lastModified", lastModified)
      json.member("isSyncedToCloud", isSyncedToCloud)
      json.member("isAutoSwitchEnabled", isAutoSwitchEnabled)
      json.member("autoSwitchRules")
      json.array { json in
        for rule in autoSwitchRules {
          json.element()
          rule.write(to: &json, unknownFields: unknownRuleFields[rule] ?? [:])
        }
      }
      if let smartFillSettings {
        json.member("smartFillSettings")
        smartFillSettings.write(to: &json)
      }
      if !showTies.isEmpty {
        json.member("showTies")
        json.array { json in
          for tie in showTies {
            json.element()
            tie.write(to: &json)
          }
        }
      }
      json.member("currentIndex", currentIndex)
      json.member("episodes")
      json.array { json in
        for episode in episodes {
          json.element()
          episode.write(to: &json)
        }
      }
      json.members(unknownFields)
    }
  }

  /// Reads a queue of the store's format `version` (2 to 5; before 4, auto-switching is on; before 5, no show
  /// is tied), leaving out the parts of it that are bad (see ``LoadReport``): an episode, a rule or a show's tie
  /// with a bad field, a repeated episode or show, or bad smart fill settings are recorded in `issues` and left
  /// out, and the playhead stays on the same episode.
  ///
  /// - Throws: ``JSONReadError`` for a bad field of the queue itself (`id`, `name`, the dates, the cloud
  ///   setting, `isAutoSwitchEnabled` in version 4, `currentIndex`, or `episodes` or `autoSwitchRules` that are not arrays): the queue cannot be
  ///   loaded, and nothing is recorded in `issues`.
  /// - Complexity: O(*n*) in the number of episodes.
  init(reading reader: JSONReader, version: Int, issues: inout [PendingIssue]) throws(JSONReadError) {
    let id = QueueID(try reader.string("id"))
    if id.rawValue.isEmpty { throw reader.error("must not be empty", at: "id") }
    let name = try reader.string("name")
    try Self.checkName(name, at: reader)
    let createdAt = try reader.date("createdAt")
    let lastModified = try reader.date("lastModified")
    let isSyncedToCloud = try reader.bool("isSyncedToCloud")
    let isAutoSwitchEnabled = version >= 4 ? try reader.bool("isAutoSwitchEnabled") : true
    let episodeNodes = try reader.array("episodes")
    let currentIndex = try reader.field("currentIndex").integer(in: 0...episodeNodes.count)
    let ruleNodes = try reader.array("autoSwitchRules")
    let unknownFields = try reader.unknownMembers(known: Self.knownKeys(version: version))

    var found: [PendingIssue] = []
    let (episodes, playhead) = Self.readEpisodes(episodeNodes, currentIndex: currentIndex, of: id, issues: &found)
    var rules: [AutoSwitchRule] = []
    var ruleFields: [AutoSwitchRule: UnknownFields] = [:]
    for node in ruleNodes {
      do {
        let rule = try AutoSwitchRule(reading: node, version: version)
        let extra = try node.unknownMembers(
          known: AutoSwitchRule.knownKeys(kind: try node.string("kind"), version: version) ?? [])
        if !extra.isEmpty, ruleFields[rule] == nil { ruleFields[rule] = extra }
        rules.append(rule)
      } catch {
        found.append(PendingIssue(error, .ruleSkipped(queue: id)))
      }
    }
    var settings: SmartFillSettings?
    do {
      settings = try reader.optional("smartFillSettings").map { (node) throws(JSONReadError) in
        try SmartFillSettings(reading: node, version: version)
      }
    } catch {
      found.append(PendingIssue(error, .smartFillSettingsDropped(queue: id)))
    }
    let ties = version >= 5 ? Self.readShowTies(reader, of: id, issues: &found) : []
    self.init(
      id: id, name: name, episodes: episodes, currentIndex: playhead, autoSwitchRules: rules,
      smartFillSettings: settings, showTies: ties, createdAt: createdAt, lastModified: lastModified,
      isSyncedToCloud: isSyncedToCloud,
      isAutoSwitchEnabled: isAutoSwitchEnabled)
    self.unknownFields = unknownFields
    self.unknownRuleFields = ruleFields
    issues.append(contentsOf: found)
  }

  /// Checks a name read from the store as ``QueueName/validated(_:)`` does, and that it is trimmed.
  static func checkName(_ name: String, at reader: JSONReader) throws(JSONReadError) {
    let found = JSONValue.string(name).excerpt
    let trimmed: String
    do {
      trimmed = try QueueName.validated(name)
    } catch {
      guard case .invalidName(_, let reason) = error else { throw reader.error(error.description, at: "name") }
      throw reader.error("\(reason), found \(found)", at: "name")
    }
    if trimmed != name { throw reader.error("must not have surrounding spaces, found \(found)", at: "name") }
  }

  /// Reads the ties of the queue at `reader` (its `showTies`, absent when it ties none), leaving out (and
  /// recording in `issues`) each one that is bad, repeats a show, is beyond ``ShowTie/maximumPerQueue`` or is on
  /// Up Next.
  ///
  /// - Complexity: O(*t*) in the number of ties.
  static func readShowTies(_ reader: JSONReader, of id: QueueID, issues: inout [PendingIssue]) -> [ShowTie] {
    let nodes: [JSONReader]
    do {
      guard let member = try reader.optional("showTies") else { return [] }
      nodes = try member.elements()
    } catch {
      issues.append(PendingIssue(error, .showTieSkipped(queue: id, feedURL: nil)))
      return []
    }
    var ties: [ShowTie] = []
    var shows: Set<String> = []
    for node in nodes {
      do throws(JSONReadError) {
        let tie = try ShowTie(reading: node)
        if id == .upNext {
          throw node.error(
            "Up Next ties no show (it takes the new episodes of every untied show when untiedShowsGoToUpNext is "
              + "on), found \(JSONValue.string(tie.feedURL).excerpt)", at: "feedURL")
        }
        guard shows.insert(tie.feedURL).inserted else {
          throw node.error(
            "is tied earlier in the queue, found \(JSONValue.string(tie.feedURL).excerpt)", at: "feedURL")
        }
        if ties.count == ShowTie.maximumPerQueue {
          throw node.error("the queue already ties \(ties.count) shows, the most it may")
        }
        ties.append(tie)
      } catch {
        issues.append(PendingIssue(error, .showTieSkipped(queue: id, feedURL: try? node.string("feedURL"))))
      }
    }
    return ties
  }

  /// Reads the episodes at `nodes` of the queue `id`, leaving out (and recording in `issues`) each one that
  /// is bad or repeats an earlier one.
  ///
  /// - Returns: The episodes and the playhead moved for those left out: on the same episode, or on the next
  ///   one when the current one was left out.
  /// - Complexity: O(*n*) in the number of episodes.
  static func readEpisodes(
    _ nodes: [JSONReader], currentIndex: Int, of id: QueueID, issues: inout [PendingIssue]
  ) -> (episodes: [EpisodeReference], currentIndex: Int) {
    var episodes: [EpisodeReference] = []
    episodes.reserveCapacity(nodes.count)
    var seen: Set<EpisodeID> = []
    seen.reserveCapacity(nodes.count)
    var playhead = currentIndex
    for (offset, node) in nodes.enumerated() {
      do throws(JSONReadError) {
        let episode = try EpisodeReference(reading: node)
        guard seen.insert(episode.id).inserted else {
          throw node.error(
            "episode \(JSONValue.string(episode.episodeGUID).excerpt) of "
              + "\(JSONValue.string(episode.feedURL).excerpt) appears earlier in the queue")
        }
        episodes.append(episode)
      } catch {
        issues.append(PendingIssue(error, .episodeSkipped(queue: id)))
        if offset < currentIndex { playhead -= 1 }
      }
    }
    return (episodes, playhead)
  }
}
