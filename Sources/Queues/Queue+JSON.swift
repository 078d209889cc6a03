import Foundation
import SmartFillSupport

// A queue in the store's format (see `QueueLibrary+JSON.swift`).

extension Queue {
  /// Writes the queue as an object of the store's format, keys in the documented order.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("id", id.rawValue)
      json.member("name", name)
      json.member("createdAt", createdAt)
      json.member("lastModified", lastModified)
      json.member("isSyncedToCloud", isSyncedToCloud)
      json.member("autoSwitchRules")
      json.array { json in
        for rule in autoSwitchRules {
          json.element()
          rule.write(to: &json)
        }
      }
      if let smartFillSettings {
        json.member("smartFillSettings")
        smartFillSettings.write(to: &json)
      }
      json.member("currentIndex", currentIndex)
      json.member("episodes")
      json.array { json in
        for episode in episodes {
          json.element()
          episode.write(to: &json)
        }
      }
    }
  }

  /// Reads a queue of the store's format `version` (2 or 3).
  init(reading reader: JSONReader, version: Int) throws(JSONReadError) {
    self.init(
      id: QueueID(try reader.string("id")), name: try reader.string("name"),
      episodes: try reader.array("episodes").map { (node) throws(JSONReadError) in
        try EpisodeReference(reading: node)
      },
      currentIndex: try reader.integer("currentIndex"),
      autoSwitchRules: try reader.array("autoSwitchRules").map { (node) throws(JSONReadError) in
        try AutoSwitchRule(reading: node)
      },
      smartFillSettings: try reader.optional("smartFillSettings").map { (node) throws(JSONReadError) in
        try SmartFillSettings(reading: node, version: version)
      },
      createdAt: try reader.date("createdAt"), lastModified: try reader.date("lastModified"),
      isSyncedToCloud: try reader.bool("isSyncedToCloud"))
  }
}
