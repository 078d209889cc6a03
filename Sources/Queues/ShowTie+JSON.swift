import SmartFillSupport

// A show tied to a queue in the store's format, version 5 (see `QueueLibrary+JSON.swift`):
// `{"feedURL": "…", "showTitle": "The Daily", "placement": "next", "onlyNewEpisodes": false, "tiedAt": "…"}`.

extension ShowTie {
  /// The keys of the store's tie object.
  static let knownKeys: Set<String> = ["feedURL", "showTitle", "placement", "onlyNewEpisodes", "tiedAt"]

  /// Writes the tie as an object of the store's format, then the fields this version does not know, sorted.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("feedURL", feedURL)
      json.member("showTitle", showTitle)
      json.member("placement", placement.rawValue)
      json.member("onlyNewEpisodes", onlyNewEpisodes)
      json.member("tiedAt", tiedAt)
      json.members(unknownFields)
    }
  }

  /// Reads a tie of the store's format: a non-empty feed URL, a title, a placement (`next` or `last`), whether
  /// only new episodes count, and the date of the tie.
  ///
  /// - Throws: ``JSONReadError`` naming the first bad field.
  init(reading reader: JSONReader) throws(JSONReadError) {
    let feedURL = try reader.string("feedURL")
    if feedURL.isEmpty { throw reader.error("must not be empty, found \"\"", at: "feedURL") }
    self.init(
      feedURL: feedURL, showTitle: try reader.string("showTitle"),
      placement: try reader.enumValue(Placement.self, "placement"),
      onlyNewEpisodes: try reader.bool("onlyNewEpisodes"), tiedAt: try reader.date("tiedAt"))
    unknownFields = try reader.unknownMembers(known: Self.knownKeys, present: 5)
  }
}
