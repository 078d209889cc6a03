import SmartFillSupport

// An episode of a queue in the store's format (see `QueueLibrary+JSON.swift`).

extension EpisodeReference {
  /// Writes the reference as an object of the store's format; an unknown duration is left out.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("feedURL", feedURL)
      json.member("episodeGUID", episodeGUID)
      json.member("title", title)
      json.member("showTitle", showTitle)
      if let durationSeconds { json.member("durationSeconds", durationSeconds) }
      json.member("playbackPositionSeconds", playbackPositionSeconds)
      json.member("addedAt", addedAt)
    }
  }

  /// Reads a reference of the store's format (the same in every version).
  init(reading reader: JSONReader) throws(JSONReadError) {
    self.init(
      episodeGUID: try reader.string("episodeGUID"), feedURL: try reader.string("feedURL"),
      title: try reader.string("title"), showTitle: try reader.string("showTitle"),
      durationSeconds: try reader.optionalInteger("durationSeconds"),
      playbackPositionSeconds: try reader.integer("playbackPositionSeconds"), addedAt: try reader.date("addedAt"))
  }
}
