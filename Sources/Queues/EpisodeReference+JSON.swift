import SmartFillSupport

// An episode of a queue in the store's format (see `QueueLibrary+JSON.swift`).

extension EpisodeReference {
  /// The keys of the store's episode object (the same in every version).
  static let knownKeys: Set<String> = [
    "feedURL", "episodeGUID", "title", "showTitle", "durationSeconds", "playbackPositionSeconds", "addedAt",
  ]

  /// Writes the reference as an object of the store's format; an unknown duration is left out, and the
  /// fields this version does not know follow, sorted.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("feedURL", feedURL)
      json.member("episodeGUID", episodeGUID)
      json.member("title", title)
      json.member("showTitle", showTitle)
      if let durationSeconds { json.member("durationSeconds", durationSeconds) }
      json.member("playbackPositionSeconds", playbackPositionSeconds)
      json.member("addedAt", addedAt)
      json.members(unknownFields)
    }
  }

  /// Reads a reference of the store's format (the same in every version), checking what
  /// ``validate()`` checks: a non-empty GUID and feed URL, a duration from 1 to ``maximumDurationSeconds``
  /// when present, and a playback position from 0 to the duration (or to ``maximumDurationSeconds``).
  ///
  /// - Throws: ``JSONReadError`` naming the first bad field.
  init(reading reader: JSONReader) throws(JSONReadError) {
    let guid = try reader.string("episodeGUID")
    if guid.isEmpty { throw reader.error("must not be empty", at: "episodeGUID") }
    let feedURL = try reader.string("feedURL")
    if feedURL.isEmpty { throw reader.error("must not be empty", at: "feedURL") }
    let duration = try reader.optional("durationSeconds")?.integer(in: 1...Self.maximumDurationSeconds)
    self.init(
      episodeGUID: guid, feedURL: feedURL, title: try reader.string("title"), showTitle: try reader.string("showTitle"),
      durationSeconds: duration,
      playbackPositionSeconds: try reader.field("playbackPositionSeconds").integer(
        in: 0...(duration ?? Self.maximumDurationSeconds)),
      addedAt: try reader.date("addedAt"))
    unknownFields = try reader.unknownMembers(known: Self.knownKeys, present: duration == nil ? 6 : 7)
  }
}
