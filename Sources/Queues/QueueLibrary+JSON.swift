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
            json.member("deletedAt", Timestamp.format(deleted.deletedAt))
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
    let reader = LibraryReader(root: root, location: "")
    let version = try reader.integer("version")
    switch version {
    case 1:
      var library = QueueLibrary(now: now)
      let episodes = try reader.array("episodes").map { (node) throws(QueueError) in try node.episode() }
      let currentIndex = try reader.optional("currentIndex")?.integer() ?? 0
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
      json.member("createdAt", Timestamp.format(createdAt))
      json.member("lastModified", Timestamp.format(lastModified))
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
            json.member("addedAt", Timestamp.format(episode.addedAt))
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

/// A JSON value and the path to it, with readers that throw ``QueueError/malformedLibrary(location:reason:)``
/// naming the path.
private struct LibraryReader {
  let root: JSONValue
  let location: String

  func fail(_ reason: String, at path: String? = nil) -> QueueError {
    let place = path ?? location
    return .malformedLibrary(location: place.isEmpty ? "top level" : place, reason: reason)
  }

  func path(_ key: String) -> String { location.isEmpty ? key : location + "." + key }

  func optional(_ key: String) throws(QueueError) -> LibraryReader? {
    guard case .object(let members) = root else { throw fail("expected an object, found \(root.typeDescription)") }
    guard let value = members[key], value != .null else { return nil }
    return LibraryReader(root: value, location: path(key))
  }

  func field(_ key: String) throws(QueueError) -> LibraryReader {
    guard let value = try optional(key) else { throw fail("the field is missing", at: path(key)) }
    return value
  }

  func string() throws(QueueError) -> String {
    guard case .string(let text) = root else { throw fail("expected a string, found \(root.excerpt)") }
    return text
  }

  func integer() throws(QueueError) -> Int {
    guard case .integer(let number) = root else { throw fail("expected an integer, found \(root.excerpt)") }
    return number
  }

  func bool() throws(QueueError) -> Bool {
    guard case .bool(let value) = root else { throw fail("expected true or false, found \(root.excerpt)") }
    return value
  }

  func array() throws(QueueError) -> [LibraryReader] {
    guard case .array(let elements) = root else { throw fail("expected an array, found \(root.excerpt)") }
    return elements.enumerated().map { LibraryReader(root: $0.element, location: "\(location)[\($0.offset)]") }
  }

  func string(_ key: String) throws(QueueError) -> String { try field(key).string() }
  func integer(_ key: String) throws(QueueError) -> Int { try field(key).integer() }
  func array(_ key: String) throws(QueueError) -> [LibraryReader] { try field(key).array() }

  func date(_ key: String) throws(QueueError) -> Date {
    let node = try field(key)
    let text = try node.string()
    guard let date = Timestamp.parse(text) else {
      throw node.fail("expected an ISO 8601 date and time such as \"2026-01-31T08:00:00Z\", found \"\(text)\"")
    }
    return date
  }

  func enumValue<Value: RawRepresentable & CaseIterable>(_ type: Value.Type, _ key: String) throws(QueueError) -> Value
  where Value.RawValue == String {
    let node = try field(key)
    let text = try node.string()
    guard let value = Value(rawValue: text) else {
      let allowed = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw node.fail("must be one of \(allowed), found \"\(text)\"")
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
      lastModified: try date("lastModified"), isSyncedToCloud: try field("isSyncedToCloud").bool())
  }

  func episode() throws(QueueError) -> EpisodeReference {
    EpisodeReference(
      episodeGUID: try string("episodeGUID"), feedURL: try string("feedURL"), title: try string("title"),
      showTitle: try string("showTitle"), durationSeconds: try optional("durationSeconds")?.integer(),
      playbackPosition: try integer("playbackPositionSeconds"), addedAt: try date("addedAt"))
  }

  func smartFillSettings() throws(QueueError) -> SmartFillSettings {
    SmartFillSettings(
      mode: try enumValue(FillRequest.Mode.self, "mode"),
      targetDuration: try optional("targetDurationSeconds")?.integer(),
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
        at: path("kind"))
    }
  }

  func time(_ key: String) throws(QueueError) -> TimeOfDay {
    let node = try field(key)
    let text = try node.string()
    guard let time = TimeOfDay(text: text) else {
      throw node.fail("expected a time of day such as \"22:00\", found \"\(text)\"")
    }
    return time
  }
}
