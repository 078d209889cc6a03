import Foundation

// Catalog JSON, version 1: the public format (see the README). Read by hand from `JSONValue` so that every
// problem is reported with its show, episode, field and value, and every problem of a file can be listed.

extension Catalog {
  /// Reads a catalog from JSON text (version 1).
  ///
  /// - Throws: The first ``CatalogError`` found; ``problems(inJSON:)`` lists them all.
  /// - Complexity: O(*n*) in the size of the text.
  public init(json: some Collection<UInt8>) throws(CatalogError) {
    var reader = CatalogReader(stopAtFirst: true)
    let catalog = reader.read(json)
    if let first = reader.problems.first { throw first }
    self = catalog!
  }

  /// Every problem in a catalog's JSON text, in document order; empty when the catalog is valid.
  ///
  /// - Complexity: O(*n*) in the size of the text.
  public static func problems(inJSON json: some Collection<UInt8>) -> [CatalogError] {
    var reader = CatalogReader(stopAtFirst: false)
    _ = reader.read(json)
    return reader.problems
  }

  /// The catalog as JSON text (version 1), two-space indented, keys in the documented order, with a final
  /// newline. Optional fields that are absent (`durationSeconds`, `season`, `episode`) are left out.
  ///
  /// - Complexity: O(*n*) in the number of episodes.
  public func jsonText() -> String {
    JSONWriter.write(jsonNode) + "\n"
  }

  /// The catalog as UTF-8 JSON data; see ``jsonText()``.
  public func jsonData() -> Data { Data(jsonText().utf8) }

  var jsonNode: JSONWriter.Node {
    .object([
      ("version", .integer(Catalog.formatVersion)),
      ("shows", .array(shows.map(\.jsonNode))),
    ])
  }
}

extension Show {
  var jsonNode: JSONWriter.Node {
    .object([
      ("feedURL", .string(feedURL)),
      ("title", .string(title)),
      ("ordering", .string(ordering.rawValue)),
      ("categories", .array(categories.map { .string($0) })),
      ("recentListeningSeconds", .integer(recentListeningSeconds)),
      ("episodes", .array(episodes.map(\.jsonNode))),
    ])
  }
}

extension Episode {
  var jsonNode: JSONWriter.Node {
    var members: [(String, JSONWriter.Node)] = [
      ("guid", .string(guid)),
      ("title", .string(title)),
      ("published", .string(Timestamp.format(published))),
    ]
    if let durationSeconds { members.append(("durationSeconds", .integer(durationSeconds))) }
    if let season { members.append(("season", .integer(season))) }
    if let episode { members.append(("episode", .integer(episode))) }
    members += [
      ("kind", .string(kind.rawValue)),
      ("playedSeconds", .integer(playedSeconds)),
      ("isPlayed", .bool(isPlayed)),
    ]
    return .object(members)
  }
}

/// Reads catalog JSON, collecting problems instead of stopping at the first (unless asked to).
private struct CatalogReader {
  let stopAtFirst: Bool
  var problems: [CatalogError] = []

  init(stopAtFirst: Bool) { self.stopAtFirst = stopAtFirst }

  var shouldStop: Bool { stopAtFirst && !problems.isEmpty }

  mutating func read(_ json: some Collection<UInt8>) -> Catalog? {
    let root: JSONValue
    do {
      root = try JSONValue.parse(json)
    } catch {
      problems.append(.malformedJSON(line: error.line, column: error.column, problem: error.problem))
      return nil
    }
    guard case .object(let members) = root else {
      problems.append(.wrongType(CatalogLocation(), expected: "an object", found: root.typeDescription))
      return nil
    }
    switch members["version"] {
    case nil:
      problems.append(.missingField(CatalogLocation(field: "version")))
    case .integer(Catalog.formatVersion):
      break
    case .integer(let other):
      problems.append(.unsupportedVersion(String(other)))
    case let other?:
      problems.append(.wrongType(CatalogLocation(field: "version"), expected: "an integer", found: other.excerpt))
    }
    if shouldStop { return nil }
    guard let showValues = array(members["shows"], CatalogLocation(field: "shows"), required: true) else {
      return nil
    }
    var shows: [Show] = []
    shows.reserveCapacity(showValues.count)
    var firstIndexOfURL: [String: Int] = [:]
    for (index, value) in showValues.enumerated() {
      if shouldStop { return nil }
      guard let show = readShow(value, index: index) else { continue }
      if let first = firstIndexOfURL[show.feedURL] {
        problems.append(.duplicateFeedURL(show.feedURL, firstIndex: first, secondIndex: index))
        continue
      }
      firstIndexOfURL[show.feedURL] = index
      shows.append(show)
    }
    return problems.isEmpty ? Catalog(shows: shows) : nil
  }

  mutating func readShow(_ value: JSONValue, index: Int) -> Show? {
    var location = CatalogLocation(showIndex: index)
    guard case .object(let members) = value else {
      problems.append(.wrongType(location, expected: "an object", found: value.typeDescription))
      return nil
    }
    let feedURL = string(members["feedURL"], location.with(field: "feedURL"), required: true)
    location.feedURL = feedURL
    let title = string(members["title"], location.with(field: "title"), required: true)
    let ordering = enumValue(Show.Ordering.self, members["ordering"], location.with(field: "ordering"))
    var categories: [String] = []
    if let values = array(members["categories"], location.with(field: "categories"), required: false) {
      for (offset, element) in values.enumerated() {
        if case .string(let category) = element {
          categories.append(category)
        } else {
          problems.append(
            .wrongType(
              location.with(field: "categories[\(offset)]"), expected: "a string", found: element.excerpt))
        }
      }
    }
    let listening = integer(
      members["recentListeningSeconds"], location.with(field: "recentListeningSeconds"), minimum: 0,
      reason: "must be 0 or more")
    let episodeValues = array(members["episodes"], location.with(field: "episodes"), required: true)
    var episodes: [Episode] = []
    var seen: Set<String> = []
    for (offset, element) in (episodeValues ?? []).enumerated() {
      if shouldStop { return nil }
      guard let episode = readEpisode(element, location: location, index: offset) else { continue }
      if !seen.insert(episode.guid).inserted {
        problems.append(.duplicateGUID(episode.guid, feedURL: feedURL ?? "shows[\(index)]"))
        continue
      }
      episodes.append(episode)
    }
    guard let feedURL, let title, let episodeValues, episodes.count == episodeValues.count else { return nil }
    return Show(
      feedURL: feedURL, title: title, ordering: ordering ?? .episodic, categories: categories,
      recentListeningSeconds: listening ?? 0, episodes: episodes)
  }

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
    let duration = integer(
      members["durationSeconds"], location.with(field: "durationSeconds"), minimum: 1,
      reason: "duration must be positive whole seconds (leave the field out when unknown)")
    let season = integer(members["season"], location.with(field: "season"), minimum: 0, reason: "must be 0 or more")
    let number = integer(members["episode"], location.with(field: "episode"), minimum: 0, reason: "must be 0 or more")
    let kind = enumValue(Episode.Kind.self, members["kind"], location.with(field: "kind"))
    let played = integer(
      members["playedSeconds"], location.with(field: "playedSeconds"), minimum: 0, reason: "must be 0 or more")
    if let played, played > 0 {
      if let duration, played >= duration {
        problems.append(
          .invalidValue(
            location.with(field: "playedSeconds"), value: String(played),
            reason: "progress must be less than the duration (\(duration) s); mark the episode played instead"))
      } else if duration == nil, members["durationSeconds"] == nil {
        problems.append(
          .invalidValue(
            location.with(field: "playedSeconds"), value: String(played),
            reason: "progress needs a known duration"))
      }
    }
    var isPlayed = false
    switch members["isPlayed"] {
    case nil: break
    case .bool(let value): isPlayed = value
    case let other?:
      problems.append(.wrongType(location.with(field: "isPlayed"), expected: "a Boolean", found: other.excerpt))
    }
    guard problems.count == problemsBefore, let guid, let published else { return nil }
    return Episode(
      guid: guid, title: title ?? "", published: published, durationSeconds: duration, season: season,
      episode: number, kind: kind ?? .full, playedSeconds: played ?? 0, isPlayed: isPlayed)
  }

  // MARK: Fields

  mutating func string(_ value: JSONValue?, _ location: CatalogLocation, required: Bool) -> String? {
    switch value {
    case nil:
      if required { problems.append(.missingField(location)) }
      return nil
    case .string(let text)?:
      return text
    case let other?:
      problems.append(.wrongType(location, expected: "a string", found: other.excerpt))
      return nil
    }
  }

  mutating func array(_ value: JSONValue?, _ location: CatalogLocation, required: Bool) -> [JSONValue]? {
    switch value {
    case nil:
      if required { problems.append(.missingField(location)) }
      return nil
    case .array(let elements)?:
      return elements
    case let other?:
      problems.append(.wrongType(location, expected: "an array", found: other.excerpt))
      return nil
    }
  }

  mutating func integer(_ value: JSONValue?, _ location: CatalogLocation, minimum: Int, reason: String) -> Int? {
    switch value {
    case nil:
      return nil
    case .integer(let number)?:
      if number < minimum {
        problems.append(.invalidValue(location, value: String(number), reason: reason))
        return nil
      }
      return number
    case let other?:
      problems.append(.wrongType(location, expected: "an integer", found: other.excerpt))
      return nil
    }
  }

  mutating func enumValue<Value: RawRepresentable & CaseIterable>(
    _ type: Value.Type, _ value: JSONValue?, _ location: CatalogLocation
  ) -> Value? where Value.RawValue == String {
    switch value {
    case nil:
      return nil
    case .string(let text)?:
      if let result = Value(rawValue: text) { return result }
      let allowed = Value.allCases.map { JSONWriter.quoted($0.rawValue) }.joined(separator: ", ")
      problems.append(.invalidValue(location, value: JSONWriter.quoted(text), reason: "must be one of \(allowed)"))
      return nil
    case let other?:
      problems.append(.wrongType(location, expected: "a string", found: other.excerpt))
      return nil
    }
  }
}

extension CatalogLocation {
  func with(field: String) -> CatalogLocation {
    var copy = self
    copy.field = field
    return copy
  }
}
