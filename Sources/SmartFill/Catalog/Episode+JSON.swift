import Foundation
import SmartFillSupport

// An episode in catalog JSON (version 1; the DocC article "The catalog format" lists the fields).

extension Episode {
  /// The keys of an episode object, in the order they are written.
  static let jsonKeys = [
    "guid", "title", "published", "durationSeconds", "season", "episode", "kind", "playedSeconds", "isPlayed",
  ]

  /// Writes the episode as an object of the catalog format, keys in the documented order; absent optional
  /// fields are left out.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("guid", guid)
      json.member("title", title)
      json.member("published", published)
      if let durationSeconds { json.member("durationSeconds", durationSeconds) }
      if let season { json.member("season", season) }
      if let episode { json.member("episode", episode) }
      json.member("kind", kind.rawValue)
      json.member("playedSeconds", playedSeconds)
      json.member("isPlayed", isPlayed)
    }
  }
}

extension CatalogReader {
  mutating func readEpisode(_ value: JSONValue, location showLocation: CatalogLocation, index: Int) -> Episode? {
    var location = showLocation
    location.episodeIndex = index
    guard case .object(let members) = value else {
      problems.append(.wrongType(location, expected: "an object", found: value.typeDescription))
      return nil
    }
    let problemsBefore = problems.count
    let guid = string(members["guid"], location.with(field: "guid"), required: true)
    location.guid = guid
    let title = string(members["title"], location.with(field: "title"), required: false)
    var published: Date?
    if let text = string(members["published"], location.with(field: "published"), required: true) {
      published = Timestamp.parse(text)
      if published == nil {
        problems.append(
          .invalidValue(
            location.with(field: "published"), value: JSONWriter.quoted(text),
            reason: "must be an ISO 8601 date and time such as \"2024-01-31T08:00:00Z\""))
      }
    }
    let duration = integer(members["durationSeconds"], location.with(field: "durationSeconds"))
    let season = integer(members["season"], location.with(field: "season"))
    let number = integer(members["episode"], location.with(field: "episode"))
    let kind = enumValue(Episode.Kind.self, members["kind"], location.with(field: "kind"))
    let played = integer(members["playedSeconds"], location.with(field: "playedSeconds"))
    var isPlayed = false
    switch members["isPlayed"] {
    case nil: break
    case .bool(let value): isPlayed = value
    case let other?:
      problems.append(.wrongType(location.with(field: "isPlayed"), expected: "a Boolean", found: other.excerpt))
    }
    checkKeys(members, known: Episode.jsonKeys, location)
    // The values' ranges are checked on the episode built from them, with what could be read (a missing GUID
    // or date takes a placeholder that passes, as its own problem is already recorded).
    let episode = Episode(
      guid: guid ?? "", title: title ?? "", published: published ?? Date(timeIntervalSince1970: 0),
      durationSeconds: duration, season: season, episode: number, kind: kind ?? .full,
      playedSeconds: duration == nil && members["durationSeconds"] != nil ? 0 : played ?? 0, isPlayed: isPlayed)
    problems += episode.problems(at: location)
    return problems.count == problemsBefore ? episode : nil
  }

}
