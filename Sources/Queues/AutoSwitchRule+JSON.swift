import SmartFillSupport

// An auto-switch rule in the store's format (see `QueueLibrary+JSON.swift`): an object whose `kind` says
// which other keys it has.

extension AutoSwitchRule {
  /// Writes the rule as an object of the store's format.
  func write(to json: inout JSONWriter) {
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

  /// Reads a rule of the store's format.
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
      self = .focusMode(try reader.string("name"))
    default:
      throw reader.error(
        "must be one of \"car\", \"motion\", \"timeRange\", \"audioOutput\", \"focusMode\", found \(JSONWriter.quoted(kind))",
        at: "kind")
    }
  }
}

extension TimeOfDay {
  /// Reads a time of day written "HH:MM".
  init(reading reader: JSONReader) throws(JSONReadError) {
    let text = try reader.string()
    guard let time = TimeOfDay(text: text) else {
      throw reader.error("expected a time of day such as \"22:00\", found \(JSONWriter.quoted(text))")
    }
    self = time
  }
}
