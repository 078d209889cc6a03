import Foundation
import SmartFill
import SmartFillSupport

// The library's episode history in the store's format, version 5 (see `QueueLibrary+JSON.swift`):
//
//   "episodeHistory": {
//     "knownEpisodes": [
//       {"feedURL": "https://example.com/a.xml", "knownThrough": "2026-11-01T06:00:00Z", "guids": ["a-1", "a-2"]}
//     ],
//     "exclusions": [
//       {"feedURL": "https://example.com/a.xml", "episodeGUID": "a-1", "reason": "removed", "queueID": "commute",
//        "date": "2026-11-29T08:00:00Z"}
//     ]
//   }
//
// Shows are written by feed URL and GUIDs sorted, so that equal histories are written the same; `knownThrough`
// and `queueID` are left out when absent; exclusions are written oldest first.

extension EpisodeHistory {
  /// The keys of the store's history object.
  static let knownKeys: Set<String> = ["knownEpisodes", "exclusions"]
  /// The keys of a show's known episodes.
  static let knownShowKeys: Set<String> = ["feedURL", "knownThrough", "guids"]
  /// The keys of an exclusion.
  static let knownExclusionKeys: Set<String> = ["feedURL", "episodeGUID", "reason", "queueID", "date"]

  /// Writes the history as an object of the store's format.
  ///
  /// - Complexity: O(*s* log *s* + *g* log *g*) in the shows and the GUIDs, plus O(*x*) in the exclusions.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("knownEpisodes")
      json.array { json in
        for feedURL in knownEpisodes.keys.sorted() {
          let known = knownEpisodes[feedURL]!
          json.element()
          json.object { json in
            json.member("feedURL", feedURL)
            if let knownThrough = known.knownThrough { json.member("knownThrough", knownThrough) }
            json.member("guids")
            json.strings(known.guids.sorted())
            json.members(known.unknownFields)
          }
        }
      }
      json.member("exclusions")
      json.array { json in
        for exclusion in exclusions {
          json.element()
          json.object { json in
            json.member("feedURL", exclusion.episode.feedURL)
            json.member("episodeGUID", exclusion.episode.guid)
            json.member("reason", exclusion.reason.rawValue)
            if let queueID = exclusion.queueID { json.member("queueID", queueID.rawValue) }
            json.member("date", exclusion.date)
            json.members(exclusion.unknownFields)
          }
        }
      }
      json.members(unknownFields)
    }
  }

  /// Reads the history at `reader` (the store's `episodeHistory`; `nil` when absent, an empty history), leaving
  /// out (and recording in `issues`) what is bad: a show's record with a bad field, more than
  /// ``maximumKnownEpisodesPerShow`` GUIDs or a feed URL recorded earlier, a bad or repeated exclusion, and
  /// anything beyond ``maximumShows`` or ``maximumExclusions``. A member that is not an object or an array is
  /// replaced by an empty one.
  ///
  /// - Complexity: O(*n*) in the size of the history.
  static func read(_ reader: JSONReader?, issues: inout [PendingIssue]) -> EpisodeHistory {
    guard let reader else { return EpisodeHistory() }
    var history = EpisodeHistory()
    do {
      history.unknownFields = try reader.unknownMembers(known: knownKeys)
    } catch {
      issues.append(PendingIssue(error, .replaced(with: "{}")))
      return history
    }
    for node in elements(of: reader, "knownEpisodes", issues: &issues) {
      do throws(JSONReadError) {
        let feedURL = try node.string("feedURL")
        if feedURL.isEmpty { throw node.error("must not be empty, found \"\"", at: "feedURL") }
        if history.knownEpisodes[feedURL] != nil {
          throw node.error("is recorded earlier, found \(JSONValue.string(feedURL).excerpt)", at: "feedURL")
        }
        if history.knownEpisodes.count == maximumShows {
          throw node.error("the history already holds \(maximumShows) shows, the most it keeps")
        }
        let guidNodes = try node.array("guids")
        if guidNodes.count > maximumKnownEpisodesPerShow {
          throw node.error(
            "must hold at most \(maximumKnownEpisodesPerShow) GUIDs, holds \(guidNodes.count)", at: "guids")
        }
        var guids: Set<String> = []
        for guidNode in guidNodes {
          let guid = try guidNode.string()
          if guid.isEmpty { throw guidNode.error("must not be empty, found \"\"") }
          guard guids.insert(guid).inserted else {
            throw guidNode.error("appears earlier in the list, found \(JSONValue.string(guid).excerpt)")
          }
        }
        let knownThrough = try node.optional("knownThrough")?.date()
        var known = KnownEpisodes(guids: guids, knownThrough: knownThrough)
        known.unknownFields = try node.unknownMembers(known: knownShowKeys)
        history.knownEpisodes[feedURL] = known
      } catch {
        issues.append(PendingIssue(error, .knownEpisodesSkipped(feedURL: try? node.string("feedURL"))))
      }
    }
    var excluded: Set<EpisodeID> = []
    for node in elements(of: reader, "exclusions", issues: &issues) {
      do throws(JSONReadError) {
        let feedURL = try node.string("feedURL")
        if feedURL.isEmpty { throw node.error("must not be empty, found \"\"", at: "feedURL") }
        let guid = try node.string("episodeGUID")
        if guid.isEmpty { throw node.error("must not be empty, found \"\"", at: "episodeGUID") }
        let episode = EpisodeID(feedURL: feedURL, guid: guid)
        let reason = try node.enumValue(Exclusion.Reason.self, "reason")
        let queueID = try node.optional("queueID")?.string()
        if queueID?.isEmpty == true { throw node.error("must not be empty, found \"\"", at: "queueID") }
        let date = try node.date("date")
        if history.exclusions.count == maximumExclusions {
          throw node.error("the history already holds \(maximumExclusions) exclusions, the most it keeps")
        }
        guard excluded.insert(episode).inserted else {
          throw node.error(
            "episode \(JSONValue.string(guid).excerpt) of \(JSONValue.string(feedURL).excerpt) is excluded earlier")
        }
        var exclusion = Exclusion(episode: episode, reason: reason, queueID: queueID.map { QueueID($0) }, date: date)
        exclusion.unknownFields = try node.unknownMembers(known: knownExclusionKeys)
        history.exclusions.append(exclusion)
      } catch {
        let episode = (try? node.string("feedURL")).flatMap { feedURL in
          (try? node.string("episodeGUID")).map { EpisodeID(feedURL: feedURL, guid: $0) }
        }
        issues.append(PendingIssue(error, .exclusionSkipped(episode: episode)))
      }
    }
    return history
  }

  /// The elements of the array member `key`; none (recorded in `issues`) when it is missing or not an array.
  private static func elements(of reader: JSONReader, _ key: String, issues: inout [PendingIssue]) -> [JSONReader] {
    do {
      return try reader.array(key)
    } catch {
      issues.append(PendingIssue(error, .replaced(with: "[]")))
      return []
    }
  }
}
