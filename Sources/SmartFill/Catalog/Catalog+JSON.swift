import Foundation
import SmartFillSupport

// Catalog JSON, version 1: the public format (the DocC article "The catalog format"). A valid catalog is read in one pass by
// `CatalogScanner`; anything it does not expect is read by hand from `JSONValue` (`CatalogReader` below), so that
// every problem is reported with its show, episode, field and value, and every problem of a file can be listed.

extension Catalog {
  /// The keys of the catalog object, in the order they are written.
  static let jsonKeys = ["version", "shows"]

  /// Reads a catalog from JSON text (version 1).
  ///
  /// - Throws: The first ``CatalogError`` found; ``problems(inJSON:)`` lists them all.
  /// - Complexity: O(*n*) in the size of the text.
  public init(json: some Collection<UInt8>) throws(CatalogError) {
    if let catalog = CatalogScanner.catalog(in: json) {
      self = catalog
      return
    }
    self = try Catalog.readGenerically(firstProblemOf: json)
  }

  /// The generic reader's catalog of `json`, or its first problem.
  static func readGenerically(firstProblemOf json: some Collection<UInt8>) throws(CatalogError) -> Catalog {
    var reader = CatalogReader(stopAtFirst: true)
    let catalog = reader.read(json)
    if let first = reader.problems.first { throw first }
    return catalog!
  }

  /// Every problem in a catalog's JSON text, in document order; empty when the catalog is valid.
  ///
  /// - Complexity: O(*n*) in the size of the text.
  public static func problems(inJSON json: some Collection<UInt8>) -> [CatalogError] {
    if CatalogScanner.catalog(in: json) != nil { return [] }
    var reader = CatalogReader(stopAtFirst: false)
    _ = reader.read(json)
    return reader.problems
  }

  /// What the generic reader alone (on the `JSONValue` tree, without the single-pass scanner) makes of `json`:
  /// the catalog when it is valid, and every problem. The public readers give the same answers faster; tests
  /// and the fuzz target compare the two.
  ///
  /// - Complexity: O(*n*) in the size of the text.
  package static func readGenerically(json: some Collection<UInt8>) -> (catalog: Catalog?, problems: [CatalogError]) {
    var reader = CatalogReader(stopAtFirst: false)
    let catalog = reader.read(json)
    return (catalog, reader.problems)
  }

  /// The catalog as JSON text (version 1), two-space indented, keys in the documented order, with a final
  /// newline. Optional fields that are absent (`durationSeconds`, `season`, `episode`) are left out.
  ///
  /// - Complexity: O(*n*) in the number of episodes.
  public func jsonText() -> String {
    String(decoding: jsonBytes(), as: UTF8.self)
  }

  /// The catalog as UTF-8 JSON data; see ``jsonText()``.
  public func jsonData() -> Data { Data(jsonBytes()) }

  /// The catalog as UTF-8 JSON bytes; see ``jsonText()``.
  ///
  /// - Complexity: O(*n*) in the number of episodes.
  public func jsonBytes() -> [UInt8] {
    let episodes = shows.reduce(0) { $0 + $1.episodes.count }
    var json = JSONWriter(capacity: 256 + episodes * 256)
    json.object { json in
      json.member("version", Catalog.formatVersion)
      json.member("shows")
      json.array { json in
        for show in shows {
          json.element()
          show.write(to: &json)
        }
      }
    }
    json.append("\n")
    return json.bytes
  }
}

/// Reads catalog JSON, collecting problems instead of stopping at the first (unless asked to).
struct CatalogReader {
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
    checkKeys(members, known: Catalog.jsonKeys, CatalogLocation())
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

  // MARK: Fields

  /// Records an ``CatalogError/unknownField(_:suggestion:)`` for each member of `members` that is not in
  /// `known`, suggesting the nearest known key: nothing in a catalog is dropped silently.
  mutating func checkKeys(_ members: [String: JSONValue], known: [String], _ location: CatalogLocation) {
    guard members.count > known.count || members.keys.contains(where: { !known.contains($0) }) else { return }
    for key in members.keys.sorted() where !known.contains(key) {
      problems.append(.unknownField(location.with(field: key), suggestion: Spelling.nearest(to: key, in: known)))
    }
  }

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

  /// An integer field's value, or `nil` when absent or mistyped (a problem is recorded); ranges are checked on
  /// the built value (`Catalog+Validation.swift`).
  mutating func integer(_ value: JSONValue?, _ location: CatalogLocation) -> Int? {
    switch value {
    case nil:
      return nil
    case .integer(let number)?:
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
