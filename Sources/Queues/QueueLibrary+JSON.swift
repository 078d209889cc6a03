import Foundation
import SmartFill

// The store's format: JSON written by hand with `JSONWriter` (keys in a fixed order, two-space indentation,
// a final newline) so that it is pinned byte for byte, and read through `JSONValue` so that every problem
// names its place (`queues[1].episodes[3].feedURL`). Version 2 is the queue library; version 1, a single
// Up Next list, is migrated on reading.

extension QueueLibrary {
  /// The library as JSON text (version 2), two-space indented, keys in the documented order, with a final
  /// newline. Absent optional fields (`smartFillSettings`, `durationSeconds`, `targetDurationSeconds`) are
  /// left out.
  ///
  /// - Complexity: O(*n*) in the total number of episodes.
  public func jsonText() -> String {
    String(decoding: jsonBytes(), as: UTF8.self)
  }

  /// The library as UTF-8 JSON data; see ``jsonText()``.
  public func jsonData() -> Data { Data(jsonBytes()) }

  /// The library as UTF-8 JSON bytes; see ``jsonText()``.
  ///
  /// - Complexity: O(*n*) in the total number of episodes.
  public func jsonBytes() -> [UInt8] {
    let episodes = queues.reduce(0) { $0 + $1.count } + deletedQueues.reduce(0) { $0 + $1.queue.count }
    var buffer = JSONTextBuffer(capacity: 4096 + episodes * 320)
    buffer.object { json in
      json.member("version", QueueLibrary.formatVersion)
      json.member("revision", revision)
      json.member("queueLimit", queueLimit)
      json.member("activeQueueID", activeQueueID.rawValue)
      json.member("queues")
      json.array { json in
        for queue in queues {
          json.element()
          queue.write(to: &json)
        }
      }
      json.member("deletedQueues")
      json.array { json in
        for deleted in deletedQueues {
          json.element()
          json.object { json in
            json.member("deletedAt", deleted.deletedAt)
            json.member("formerIndex", deleted.formerIndex)
            json.member("queue")
            deleted.queue.write(to: &json)
          }
        }
      }
    }
    return buffer.bytes + [UInt8(ascii: "\n")]
  }

  /// Reads a library from JSON text: version 2, or version 1 (a single Up Next list, migrated into a new
  /// library whose built-in queues are created at `now`).
  ///
  /// - Throws: ``QueueError/malformedLibrary(location:reason:)`` for malformed JSON, a missing or mistyped
  ///   field or a broken invariant; ``QueueError/unsupportedVersion(_:)`` for a newer version.
  /// - Complexity: O(*n*) in the size of the text.
  public init(json: some Collection<UInt8>, now: Date = Date()) throws(QueueError) {
    let root: JSONValue
    do {
      root = try JSONValue.parse(json)
    } catch {
      throw .malformedLibrary(
        location: "line \(error.line), column \(error.column)", reason: "malformed JSON: \(error.problem)")
    }
    let reader = LibraryReader(root: root)
    let version = try reader.integer("version")
    switch version {
    case 1:
      var library = QueueLibrary(now: now)
      let episodes = try reader.array("episodes").map { (node) throws(QueueError) in try node.episode() }
      let currentIndex = try reader.optionalInteger("currentIndex") ?? 0
      library.queues[0].episodes = episodes
      library.queues[0].currentIndex = currentIndex
      try library.checkInvariants()
      self = library
    case QueueLibrary.formatVersion:
      let queues = try reader.array("queues").map { (node) throws(QueueError) in try node.queue() }
      let deleted = try reader.array("deletedQueues").map { (node) throws(QueueError) in
        DeletedQueue(
          queue: try node.field("queue").queue(), deletedAt: try node.date("deletedAt"),
          formerIndex: try node.integer("formerIndex"))
      }
      self = try QueueLibrary(
        queues: queues, activeQueueID: QueueID(try reader.string("activeQueueID")), deletedQueues: deleted,
        queueLimit: try reader.integer("queueLimit"), revision: try reader.integer("revision"))
    default:
      if version > QueueLibrary.formatVersion { throw .unsupportedVersion(version) }
      throw .malformedLibrary(location: "version", reason: "must be 1 or \(QueueLibrary.formatVersion), got \(version)")
    }
  }

  /// The same text built as a `JSONWriter` tree: the reference layout that the tests hold ``jsonBytes()`` to.
  var jsonNode: JSONWriter.Node {
    .object([
      ("version", .integer(QueueLibrary.formatVersion)),
      ("revision", .integer(revision)),
      ("queueLimit", .integer(queueLimit)),
      ("activeQueueID", .string(activeQueueID.rawValue)),
      ("queues", .array(queues.map(\.jsonNode))),
      (
        "deletedQueues",
        .array(
          deletedQueues.map { deleted in
            .object([
              ("deletedAt", .string(Timestamp.format(deleted.deletedAt))),
              ("formerIndex", .integer(deleted.formerIndex)),
              ("queue", deleted.queue.jsonNode),
            ])
          })
      ),
    ])
  }
}

extension Queue {
  func write(to json: inout JSONTextBuffer) {
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
        json.object { json in
          json.member("mode", smartFillSettings.mode.rawValue)
          if let target = smartFillSettings.targetDuration { json.member("targetDurationSeconds", target) }
          json.member("toleranceSeconds", smartFillSettings.toleranceSeconds)
          json.member("priorityShows")
          json.strings(smartFillSettings.priorityShows)
        }
      }
      json.member("currentIndex", currentIndex)
      json.member("episodes")
      json.array { json in
        for episode in episodes {
          json.element()
          json.object { json in
            json.member("feedURL", episode.feedURL)
            json.member("episodeGUID", episode.episodeGUID)
            json.member("title", episode.title)
            json.member("showTitle", episode.showTitle)
            if let duration = episode.durationSeconds { json.member("durationSeconds", duration) }
            json.member("playbackPositionSeconds", episode.playbackPosition)
            json.member("addedAt", episode.addedAt)
          }
        }
      }
    }
  }

  var jsonNode: JSONWriter.Node {
    var members: [(String, JSONWriter.Node)] = [
      ("id", .string(id.rawValue)),
      ("name", .string(name)),
      ("createdAt", .string(Timestamp.format(createdAt))),
      ("lastModified", .string(Timestamp.format(lastModified))),
      ("isSyncedToCloud", .bool(isSyncedToCloud)),
      ("autoSwitchRules", .array(autoSwitchRules.map(\.jsonNode))),
    ]
    if let smartFillSettings { members.append(("smartFillSettings", smartFillSettings.jsonNode)) }
    members.append(("currentIndex", .integer(currentIndex)))
    members.append(("episodes", .array(episodes.map(\.jsonNode))))
    return .object(members)
  }
}

extension EpisodeReference {
  var jsonNode: JSONWriter.Node {
    var members: [(String, JSONWriter.Node)] = [
      ("feedURL", .string(feedURL)),
      ("episodeGUID", .string(episodeGUID)),
      ("title", .string(title)),
      ("showTitle", .string(showTitle)),
    ]
    if let durationSeconds { members.append(("durationSeconds", .integer(durationSeconds))) }
    members.append(("playbackPositionSeconds", .integer(playbackPosition)))
    members.append(("addedAt", .string(Timestamp.format(addedAt))))
    return .object(members)
  }
}

extension SmartFillSettings {
  var jsonNode: JSONWriter.Node {
    var members: [(String, JSONWriter.Node)] = [("mode", .string(mode.rawValue))]
    if let targetDuration { members.append(("targetDurationSeconds", .integer(targetDuration))) }
    members.append(("toleranceSeconds", .integer(toleranceSeconds)))
    members.append(("priorityShows", .array(priorityShows.map { .string($0) })))
    return .object(members)
  }
}

extension AutoSwitchRule {
  func write(to json: inout JSONTextBuffer) {
    json.object { json in
      json.member("kind", kind)
      switch self {
      case .car: break
      case .motion(let activity): json.member("activity", activity.rawValue)
      case .timeRange(let range):
        json.member("start", range.start.description)
        json.member("end", range.end.description)
      case .audioOutput(let output): json.member("output", output.rawValue)
      case .focusMode(let name): json.member("name", name)
      }
    }
  }

  var jsonNode: JSONWriter.Node {
    var members: [(String, JSONWriter.Node)] = [("kind", .string(kind))]
    switch self {
    case .car: break
    case .motion(let activity): members.append(("activity", .string(activity.rawValue)))
    case .timeRange(let range):
      members.append(("start", .string(range.start.description)))
      members.append(("end", .string(range.end.description)))
    case .audioOutput(let output): members.append(("output", .string(output.rawValue)))
    case .focusMode(let name): members.append(("name", .string(name)))
    }
    return .object(members)
  }
}

/// Where a value is in the document, kept as a chain and spelled out only for an error message, so that
/// reading a large library builds no strings.
private indirect enum JSONPath: CustomStringConvertible {
  case root
  case key(JSONPath, String)
  case index(JSONPath, Int)

  var description: String {
    switch self {
    case .root: return ""
    case .key(.root, let key): return key
    case .key(let parent, let key): return parent.description + "." + key
    case .index(let parent, let index): return parent.description + "[\(index)]"
    }
  }
}

/// A JSON value and the path to it, with readers that throw ``QueueError/malformedLibrary(location:reason:)``
/// naming the path.
private struct LibraryReader {
  let root: JSONValue
  let path: JSONPath

  init(root: JSONValue, path: JSONPath = .root) {
    self.root = root
    self.path = path
  }

  func fail(_ reason: String, at place: JSONPath? = nil) -> QueueError {
    let location = (place ?? path).description
    return .malformedLibrary(location: location.isEmpty ? "top level" : location, reason: reason)
  }

  /// The member `key`, or `nil` when it is absent or null.
  func value(_ key: String) throws(QueueError) -> JSONValue? {
    guard case .object(let members) = root else { throw fail("expected an object, found \(root.typeDescription)") }
    guard let value = members[key], value != .null else { return nil }
    return value
  }

  func required(_ key: String) throws(QueueError) -> JSONValue {
    guard let value = try value(key) else { throw fail("the field is missing", at: .key(path, key)) }
    return value
  }

  func optional(_ key: String) throws(QueueError) -> LibraryReader? {
    try value(key).map { LibraryReader(root: $0, path: .key(path, key)) }
  }

  func field(_ key: String) throws(QueueError) -> LibraryReader {
    LibraryReader(root: try required(key), path: .key(path, key))
  }

  func string(_ key: String) throws(QueueError) -> String {
    let value = try required(key)
    guard case .string(let text) = value else {
      throw fail("expected a string, found \(value.excerpt)", at: .key(path, key))
    }
    return text
  }

  func integer(_ key: String) throws(QueueError) -> Int {
    let value = try required(key)
    guard case .integer(let number) = value else {
      throw fail("expected an integer, found \(value.excerpt)", at: .key(path, key))
    }
    return number
  }

  func optionalInteger(_ key: String) throws(QueueError) -> Int? {
    guard let value = try value(key) else { return nil }
    guard case .integer(let number) = value else {
      throw fail("expected an integer, found \(value.excerpt)", at: .key(path, key))
    }
    return number
  }

  func bool(_ key: String) throws(QueueError) -> Bool {
    let value = try required(key)
    guard case .bool(let flag) = value else {
      throw fail("expected true or false, found \(value.excerpt)", at: .key(path, key))
    }
    return flag
  }

  func string() throws(QueueError) -> String {
    guard case .string(let text) = root else { throw fail("expected a string, found \(root.excerpt)") }
    return text
  }

  func array(_ key: String) throws(QueueError) -> [LibraryReader] {
    let value = try required(key)
    guard case .array(let elements) = value else {
      throw fail("expected an array, found \(value.excerpt)", at: .key(path, key))
    }
    let arrayPath = JSONPath.key(path, key)
    return elements.enumerated().map { LibraryReader(root: $0.element, path: .index(arrayPath, $0.offset)) }
  }

  func date(_ key: String) throws(QueueError) -> Date {
    let text = try string(key)
    guard let date = Self.wholeSecondDate(text) ?? Timestamp.parse(text) else {
      throw fail(
        "expected an ISO 8601 date and time such as \"2026-01-31T08:00:00Z\", found \"\(text)\"", at: .key(path, key))
    }
    return date
  }

  /// Reads "YYYY-MM-DDTHH:MM:SSZ", the form the store writes, without `Timestamp.parse`'s general path.
  static func wholeSecondDate(_ text: String) -> Date? {
    let utf8 = text.utf8
    return utf8.withContiguousStorageIfAvailable { bytes -> Date? in
      guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
        bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
        bytes[19] == UInt8(ascii: "Z")
      else { return nil }
      func number(_ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<start + count {
          let digit = Int(bytes[index]) - Int(UInt8(ascii: "0"))
          guard (0...9).contains(digit) else { return nil }
          value = value * 10 + digit
        }
        return value
      }
      guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
        let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month),
        (1...Timestamp.daysInMonth(year: year, month: month)).contains(day), hour < 24, minute < 60, second < 60
      else { return nil }
      let seconds = Timestamp.secondsSinceEpoch(
        year: year, month: month, day: day, hour: hour, minute: minute, second: second)
      return Date(timeIntervalSince1970: Double(seconds))
    } ?? nil
  }

  func enumValue<Value: RawRepresentable & CaseIterable>(_ type: Value.Type, _ key: String) throws(QueueError) -> Value
  where Value.RawValue == String {
    let text = try string(key)
    guard let value = Value(rawValue: text) else {
      let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw fail("must be one of \(allowed), found \"\(text)\"", at: .key(path, key))
    }
    return value
  }

  func queue() throws(QueueError) -> Queue {
    Queue(
      id: QueueID(try string("id")), name: try string("name"),
      episodes: try array("episodes").map { (node) throws(QueueError) in try node.episode() },
      currentIndex: try integer("currentIndex"),
      autoSwitchRules: try array("autoSwitchRules").map { (node) throws(QueueError) in try node.rule() },
      smartFillSettings: try optional("smartFillSettings")?.smartFillSettings(), createdAt: try date("createdAt"),
      lastModified: try date("lastModified"), isSyncedToCloud: try bool("isSyncedToCloud"))
  }

  func episode() throws(QueueError) -> EpisodeReference {
    EpisodeReference(
      episodeGUID: try string("episodeGUID"), feedURL: try string("feedURL"), title: try string("title"),
      showTitle: try string("showTitle"), durationSeconds: try optionalInteger("durationSeconds"),
      playbackPosition: try integer("playbackPositionSeconds"), addedAt: try date("addedAt"))
  }

  func smartFillSettings() throws(QueueError) -> SmartFillSettings {
    SmartFillSettings(
      mode: try enumValue(FillRequest.Mode.self, "mode"),
      targetDuration: try optionalInteger("targetDurationSeconds"),
      toleranceSeconds: try integer("toleranceSeconds"),
      priorityShows: try array("priorityShows").map { (node) throws(QueueError) in try node.string() })
  }

  func rule() throws(QueueError) -> AutoSwitchRule {
    let kind = try string("kind")
    switch kind {
    case "car":
      return .car
    case "motion":
      return .motion(try enumValue(AutoSwitchRule.MotionActivity.self, "activity"))
    case "timeRange":
      return .timeRange(TimeRange(start: try time("start"), end: try time("end")))
    case "audioOutput":
      return .audioOutput(try enumValue(AutoSwitchRule.AudioOutput.self, "output"))
    case "focusMode":
      return .focusMode(try string("name"))
    default:
      throw fail(
        "must be one of \"car\", \"motion\", \"timeRange\", \"audioOutput\", \"focusMode\", found \"\(kind)\"",
        at: .key(path, "kind"))
    }
  }

  func time(_ key: String) throws(QueueError) -> TimeOfDay {
    let text = try string(key)
    guard let time = TimeOfDay(text: text) else {
      throw fail("expected a time of day such as \"22:00\", found \"\(text)\"", at: .key(path, key))
    }
    return time
  }
}
