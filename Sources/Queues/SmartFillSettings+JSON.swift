import SmartFill
import SmartFillSupport

// A queue's smart fill settings in the store's format (see `QueueLibrary+JSON.swift`).

extension SmartFillSettings {
  /// The keys of the store's settings object in format `version`: version 2 spelled the target
  /// `targetDurationSeconds`.
  static func knownKeys(version: Int) -> Set<String> {
    ["mode", version == 2 ? "targetDurationSeconds" : "targetSeconds", "toleranceSeconds", "priorityShows"]
  }

  /// Writes the settings as an object of the store's format; a missing target is left out, and the fields
  /// this version does not know follow, sorted.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("mode", mode.rawValue)
      if let targetSeconds { json.member("targetSeconds", targetSeconds) }
      json.member("toleranceSeconds", toleranceSeconds)
      json.member("priorityShows")
      json.strings(priorityShows)
      json.members(unknownFields)
    }
  }

  /// Reads settings of the store's format `version`, the target within ``targetRange`` and the tolerance
  /// within ``toleranceRange``.
  ///
  /// - Throws: ``JSONReadError`` naming the first bad field.
  init(reading reader: JSONReader, version: Int) throws(JSONReadError) {
    self.init(
      mode: try reader.enumValue(FillRequest.Mode.self, "mode"),
      targetSeconds: try reader.optional(version == 2 ? "targetDurationSeconds" : "targetSeconds")?.integer(
        in: Self.targetRange),
      toleranceSeconds: try reader.field("toleranceSeconds").integer(in: Self.toleranceRange),
      priorityShows: try reader.array("priorityShows").map { (node) throws(JSONReadError) in try node.string() })
    // A key of the format being written is never kept as unknown, so that it cannot be written twice.
    unknownFields = try reader.unknownMembers(
      known: Self.knownKeys(version: version).union(Self.knownKeys(version: QueueLibrary.formatVersion)))
  }
}
