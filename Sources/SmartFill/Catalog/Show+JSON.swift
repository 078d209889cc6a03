import SmartFillSupport

// A show in catalog JSON (version 1; the DocC article "The catalog format" lists the fields).

extension Show {
  /// The keys of a show object, in the order they are written.
  static let jsonKeys = ["feedURL", "title", "ordering", "categories", "recentListeningSeconds", "episodes"]

  /// Writes the show as an object of the catalog format, keys in the documented order.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("feedURL", feedURL)
      json.member("title", title)
      json.member("ordering", ordering.rawValue)
      json.member("categories")
      json.strings(categories)
      json.member("recentListeningSeconds", recentListeningSeconds)
      json.member("episodes")
      json.array { json in
        for episode in episodes {
          json.element()
          episode.write(to: &json)
        }
      }
    }
  }
}

extension CatalogReader {
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
    let listening = integer(members["recentListeningSeconds"], location.with(field: "recentListeningSeconds"))
    checkKeys(members, known: Show.jsonKeys, location)
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
    let show = Show(
      feedURL: feedURL, title: title, ordering: ordering ?? .episodic, categories: categories,
      recentListeningSeconds: listening ?? 0, episodes: episodes)
    let problemsBefore = problems.count
    problems += show.fieldProblems(at: location)
    return problems.count == problemsBefore ? show : nil
  }

}
