import SmartFill
import SmartFillSupport

// A queue's smart fill settings in the store's format (see `QueueLibrary+JSON.swift`).

extension SmartFillSettings {
  /// Writes the settings as an object of the store's format; a missing target is left out.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("mode", mode.rawValue)
      if let targetSeconds { json.member("targetSeconds", targetSeconds) }
      json.member("toleranceSeconds", toleranceSeconds)
      json.member("priorityShows")
      json.strings(priorityShows)
    }
  }

  /// Reads settings of the store's format `version`: version 2 spelled the target `targetDurationSeconds`.
  init(reading reader: JSONReader, version: Int) throws(JSONReadError) {
    self.init(
      mode: try reader.enumValue(FillRequest.Mode.self, "mode"),
      targetSeconds: try reader.optionalInteger(version == 2 ? "targetDurationSeconds" : "targetSeconds"),
      toleranceSeconds: try reader.integer("toleranceSeconds"),
      priorityShows: try reader.array("priorityShows").map { (node) throws(JSONReadError) in try node.string() })
  }
}
