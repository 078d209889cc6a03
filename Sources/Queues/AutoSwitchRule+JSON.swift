import Foundation
import SmartFillSupport

// An auto-switch rule in the store's format (see `QueueLibrary+JSON.swift`): an object whose `kind` says
// which other keys it has.

extension AutoSwitchRule {
  /// The keys of the store's object for a rule of this kind.
  var knownKeys: Set<String> {
    switch self {
    case .car: return ["kind"]
    case .motion: return ["kind", "activity"]
    case .timeRange: return ["kind", "start", "end"]
    case .audioOutput: return ["kind", "output"]
    case .focusMode: return ["kind", "name"]
    }
  }

  /// Writes the rule as an object of the store's format, followed by `unknownFields` (the members this
  /// version does not know), sorted.
  func write(to json: inout JSONWriter, unknownFields: UnknownFields = [:]) {
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
      json.members(unknownFields)
    }
  }

  /// Reads a rule of the store's format, checked as ``validate()`` checks it.
  ///
  /// - Throws: ``JSONReadError`` naming the bad field (an unknown `kind` among them).
  init(reading reader: JSONReader) throws(JSONReadError) {
    let kind = try reader.string("kind")
    switch kind {
    case "car":
      self = .car
    case "motion":
      self = .motion(try reader.enumValue(AutoSwitchRule.MotionActivity.self, "activity"))
    case "timeRange":
      self = .timeRange(
        TimeRange(
          start: try TimeOfDay(reading: reader.field("start")), end: try TimeOfDay(reading: reader.field("end"))))
    case "audioOutput":
      self = .audioOutput(try reader.enumValue(AutoSwitchRule.AudioOutput.self, "output"))
    case "focusMode":
      let name = try reader.string("name")
      if name.trimmingCharacters(in: .whitespaces).isEmpty {
        throw reader.error("the Focus mode needs a name, found \(JSONValue.string(name).excerpt)", at: "name")
      }
      self = .focusMode(name)
    default:
      throw reader.error(
        "must be one of \"car\", \"motion\", \"timeRange\", \"audioOutput\", \"focusMode\", found \(JSONValue.string(kind).excerpt)",
        at: "kind")
    }
  }
}

extension TimeOfDay {
  /// Reads a time of day written "HH:MM".
  init(reading reader: JSONReader) throws(JSONReadError) {
    let text = try reader.string()
    guard let time = TimeOfDay(text: text) else {
      throw reader.error("expected a time of day such as \"22:00\", found \(JSONValue.string(text).excerpt)")
    }
    self = time
  }
}
