import Foundation
import SmartFillSupport

// The timeline format, version 1: a JSON object
//
//   {
//     "version": 1,
//     "timeZone": "Europe/Berlin",
//     "settings": {"precedence": [...], "whileEpisodePlays": "waitForEpisodeEnd", "playCommandGuardSeconds": 10},
//     "events": [{"at": "2026-03-02T08:05:00+01:00", "event": "carPlayConnected"}, ...]
//   }
//
// `timeZone` is the listener's (for the time ranges that name none). `settings` and each of its members are
// optional (the defaults of `AutoSwitchSettings`). `events` holds at most `Timeline.maximumEventCount` events
// in time order, each as `ContextEvent+JSON.swift` describes. Every member is checked: an unknown one, a bad
// value or an event out of order is an error naming the place (`events[3].at`) and the value; malformed JSON
// names the line and column.

extension Timeline {
  static let knownKeys: Set<String> = ["version", "timeZone", "settings", "events"]
  static let settingsKeys: Set<String> = ["precedence", "whileEpisodePlays", "playCommandGuardSeconds"]

  /// Reads a timeline.
  ///
  /// - Throws: ``AutoSwitchError/invalidTimeline(location:reason:)`` for the first problem.
  /// - Complexity: O(*n*) in the size of the text.
  public init(json: some Collection<UInt8>) throws(AutoSwitchError) {
    // Counted before the parse, which would hold every event's tree: memory stays bounded by the limit.
    if Self.eventCount(in: json, stoppingAfter: Self.maximumEventCount) > Self.maximumEventCount {
      throw .invalidTimeline(location: "events", reason: "must hold at most \(Self.maximumEventCount) events, has more")
    }
    do {
      let reader = try JSONReader(parsing: json)
      try self.init(reading: reader)
    } catch {
      if error.path == .root, error.reason.hasPrefix("malformed JSON at ") {
        // "malformed JSON at line 4, column 9: …": the place is the line and column.
        let rest = error.reason.dropFirst("malformed JSON at ".count)
        if let colon = rest.firstIndex(of: ":") {
          throw .invalidTimeline(
            location: String(rest[..<colon]), reason: "malformed JSON: " + rest[colon...].dropFirst(2))
        }
      }
      throw AutoSwitchError(error)
    }
  }

  /// The number of elements of the root object's `events` array in `json`, counted without parsing (strings
  /// and nesting followed, nothing kept), stopping at `limit` + 1.
  ///
  /// - Complexity: O(*n*) in the bytes up to where it stops, O(1) memory.
  package static func eventCount(in json: some Collection<UInt8>, stoppingAfter limit: Int) -> Int {
    let events = Array("events".utf8)
    var depth = 0
    var inString = false
    var escaped = false
    var stringBytes: [UInt8] = []
    var lastString: [UInt8] = []
    var key: [UInt8] = []
    var eventsDepth: Int?
    var expectsValue = false
    var count = 0
    for byte in json {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 1 { lastString = stringBytes }
        } else if depth == 1, stringBytes.count <= events.count {
          stringBytes.append(byte)
        }
        continue
      }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
      {
        continue
      }
      if depth == 2, eventsDepth != nil, expectsValue, byte != UInt8(ascii: "]") {
        count += 1
        expectsValue = false
        if count > limit { return count }
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        stringBytes.removeAll(keepingCapacity: true)
      case UInt8(ascii: ":"):
        if depth == 1 { key = lastString }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if depth == 2, byte == UInt8(ascii: "["), key == events {
          eventsDepth = depth
          expectsValue = true
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 2 { eventsDepth = nil }
        depth -= 1
      case UInt8(ascii: ","):
        if depth == 2, eventsDepth != nil { expectsValue = true }
        if depth == 1 { key = [] }
      default:
        break
      }
    }
    return count
  }

  private init(reading reader: JSONReader) throws(JSONReadError) {
    try Self.refuseUnknown(reader, known: Self.knownKeys)
    let version = try reader.integer("version")
    if version != 1 { throw reader.error("must be 1, found \(version)", at: "version") }
    let zoneName = try reader.string("timeZone")
    guard let zone = TimeZone(identifier: zoneName) else {
      throw reader.error(
        "not a time zone identifier such as \"Europe/Berlin\", found \(JSONValue.string(zoneName).excerpt)",
        at: "timeZone")
    }
    var settings = AutoSwitchSettings(timeZone: zone)
    if let node = try reader.optional("settings") {
      try Self.refuseUnknown(node, known: Self.settingsKeys)
      if let list = try node.optional("precedence") {
        let sources = try list.elements().map { (element) throws(JSONReadError) in
          try element.enumValue(TriggerSource.self)
        }
        do {
          try settings.changePrecedence(to: sources)
        } catch {
          throw list.error("must name each of the six sources once, found \(list.value.excerpt)")
        }
      }
      if let policy = try node.optional("whileEpisodePlays") {
        settings.whileEpisodePlays = try policy.enumValue(AutoSwitchSettings.WhileEpisodePlays.self)
      }
      if let guardTime = try node.optional("playCommandGuardSeconds") {
        settings.playCommandGuardSeconds = try guardTime.integer(in: 0...3600)
      }
    }
    let nodes = try reader.array("events")
    if nodes.count > Self.maximumEventCount {
      throw reader.error("must hold at most \(Self.maximumEventCount) events, has \(nodes.count)", at: "events")
    }
    var events: [Event] = []
    events.reserveCapacity(nodes.count)
    for node in nodes {
      let at = try node.date("at")
      if let previous = events.last, at < previous.at {
        throw node.error(
          "must not be before the previous event (\(Timestamp.format(previous.at))), found "
            + JSONValue.string(try node.string("at")).excerpt, at: "at")
      }
      events.append(Event(at: at, try ContextEvent(reading: node)))
    }
    self.init(settings: settings, events: events)
  }

  /// Refuses a member of the object at `reader` that is not in `known`.
  private static func refuseUnknown(_ reader: JSONReader, known: Set<String>) throws(JSONReadError) {
    if let extra = try reader.members().keys.sorted().first(where: { !known.contains($0) }) {
      let allowed = known.sorted().map { JSONWriter.quoted($0) }.joined(separator: ", ")
      throw reader.error("is not a member here (the members are \(allowed))", at: extra)
    }
  }

  /// The timeline in its format, times in UTC, one event per line.
  public func jsonText() -> String {
    var json = JSONWriter()
    json.object { json in
      json.member("version", 1)
      json.member("timeZone", settings.timeZone.identifier)
      json.member("settings")
      json.object { json in
        json.member("precedence")
        json.strings(settings.precedence.map(\.rawValue))
        json.member("whileEpisodePlays", settings.whileEpisodePlays.rawValue)
        json.member("playCommandGuardSeconds", settings.playCommandGuardSeconds)
      }
      json.member("events")
      json.array { json in
        for event in events {
          json.element()
          json.object { json in
            json.member("at", event.at)
            event.event.writeMembers(to: &json)
          }
        }
      }
    }
    json.append("\n")
    return json.text
  }
}
