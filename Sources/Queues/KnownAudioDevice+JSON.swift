import SmartFillSupport

// A known audio device in the store's format, version 4 (see `QueueLibrary+JSON.swift`):
// `{"identifier": "…", "name": "Golf", "isCar": true}`.

extension KnownAudioDevice {
  /// The keys of the store's device object.
  static let knownKeys: Set<String> = ["identifier", "name", "isCar"]

  /// Writes the device as an object of the store's format, then the fields this version does not know.
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("identifier", identifier)
      json.member("name", name)
      json.member("isCar", isCar)
      json.members(unknownFields)
    }
  }

  /// Reads a device of the store's format: a non-empty identifier, a name and whether it is the car.
  ///
  /// - Throws: ``JSONReadError`` naming the bad field.
  init(reading reader: JSONReader) throws(JSONReadError) {
    let identifier = try reader.string("identifier")
    if identifier.isEmpty { throw reader.error("must not be empty, found \"\"", at: "identifier") }
    self.init(identifier: identifier, name: try reader.string("name"), isCar: try reader.bool("isCar"))
    unknownFields = try reader.unknownMembers(known: Self.knownKeys, present: 3)
  }
}
