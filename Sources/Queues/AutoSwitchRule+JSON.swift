import Foundation
import SmartFillSupport

// An auto-switch rule in the store's format (see `QueueLibrary+JSON.swift`): an object whose `kind` says which
// other keys it has. Version 4 writes, after `kind`, the rule's own keys and then the listener's choices:
//
//   {"kind": "car", "isEnabled": true, "consent": "ask", "returnsWhenTriggerEnds": false}
//   {"kind": "motion", "activity": "running", "minimumStableSeconds": 60, "minimumConfidence": "medium", …}
//   {"kind": "timeRange", "start": "22:00", "end": "06:00", "weekdays": ["sun", …, "sat"], "timeZone": "…", …}
//   {"kind": "audioOutput", "output": "airPods", …}
//   {"kind": "audioOutput", "output": "device", "deviceID": "…", "deviceName": "Golf", …}
//   {"kind": "focusFilter", "focusName": "Sleep", …}
//
// `timeZone` and `focusName` are left out when absent. Versions 1 to 3 wrote the rule's own keys only, in an
// older spelling, migrated on reading: every rule is on, asks, and does not return; a motion rule has the
// default stable time (60 s) and confidence (medium); a time range is every day in the listener's time zone;
// the outputs "headphones", "bluetooth", "speaker" and "airplay" become headphones, a Bluetooth speaker, the
// built-in speaker and HomePod or AirPlay; and `{"kind": "focusMode", "name": "Sleep"}` becomes a Focus
// filter rule that keeps "Sleep" as its `focusName` (an app cannot read a Focus by name, only be told by a
// filter the listener attaches to it, so the rule waits for that filter, and the name says which Focus the
// listener meant).

extension AutoSwitchRule {
  /// The keys every rule of version 4 has.
  static let commonKeys: Set<String> = ["kind", "isEnabled", "consent", "returnsWhenTriggerEnds"]

  /// The keys of the store's object for a rule of `kind` in format `version`, `nil` for an unknown kind.
  static func knownKeys(kind: String, version: Int) -> Set<String>? {
    if version < 4 {
      switch kind {
      case "car": return ["kind"]
      case "motion": return ["kind", "activity"]
      case "timeRange": return ["kind", "start", "end"]
      case "audioOutput": return ["kind", "output"]
      case "focusMode": return ["kind", "name"]
      default: return nil
      }
    }
    switch kind {
    case "car": return commonKeys
    case "motion": return commonKeys.union(["activity", "minimumStableSeconds", "minimumConfidence"])
    case "timeRange": return commonKeys.union(["start", "end", "weekdays", "timeZone"])
    case "audioOutput": return commonKeys.union(["output", "deviceID", "deviceName"])
    case "focusFilter": return commonKeys.union(["focusName"])
    default: return nil
    }
  }

  /// The keys of the store's object for this rule, in the current version.
  var knownKeys: Set<String> { Self.knownKeys(kind: kind, version: QueueLibrary.formatVersion)! }

  /// Writes the rule as an object of the store's format (version 4), followed by `unknownFields` (the members
  /// this version does not know), sorted.
  func write(to json: inout JSONWriter, unknownFields: UnknownFields = [:]) {
    json.object { json in
      json.member("kind", kind)
      switch trigger {
      case .car: break
      case .motion(let condition):
        json.member("activity", condition.activity.rawValue)
        json.member("minimumStableSeconds", condition.minimumStableSeconds)
        json.member("minimumConfidence", condition.minimumConfidence.rawValue)
      case .timeRange(let range):
        json.member("start", range.start.description)
        json.member("end", range.end.description)
        json.member("weekdays")
        json.strings(range.weekdays.sorted().map(\.code))
        if let zone = range.timeZoneIdentifier { json.member("timeZone", zone) }
      case .audioOutput(let output):
        json.member("output", output.kind)
        if case .device(let identifier, let name) = output {
          json.member("deviceID", identifier)
          json.member("deviceName", name)
        }
      case .focusFilter(let focusName):
        if let focusName { json.member("focusName", focusName) }
      }
      json.member("isEnabled", isEnabled)
      json.member("consent", consent.rawValue)
      json.member("returnsWhenTriggerEnds", returnsWhenTriggerEnds)
      json.members(unknownFields)
    }
  }

  /// Reads a rule of the store's format `version` (1 to 4; older ones migrated as this file's opening
  /// comment says), checked as ``validate()`` checks it.
  ///
  /// - Throws: ``JSONReadError`` naming the bad field (an unknown `kind` among them).
  init(reading reader: JSONReader, version: Int = QueueLibrary.formatVersion) throws(JSONReadError) {
    let kind = try reader.string("kind")
    let trigger: AutoSwitchTrigger
    switch (kind, version >= 4) {
    case ("car", _):
      trigger = .car
    case ("motion", false):
      trigger = .motion(MotionCondition(activity: try Self.activity(reader, version: version)))
    case ("motion", true):
      let seconds = try reader.field("minimumStableSeconds").integer(in: 0...MotionCondition.maximumStableSeconds)
      let confidence = try reader.enumValue(MotionConfidence.self, "minimumConfidence")
      if confidence == .low {
        throw reader.error("must be \"medium\" or \"high\" (low reports flap), found \"low\"", at: "minimumConfidence")
      }
      trigger = .motion(
        MotionCondition(
          activity: try Self.activity(reader, version: version), minimumStableSeconds: seconds,
          minimumConfidence: confidence))
    case ("timeRange", let current):
      trigger = .timeRange(try TimeRange(reading: reader, version: current ? version : 3))
    case ("audioOutput", false):
      trigger = .audioOutput(try Self.version3Output(reader))
    case ("audioOutput", true):
      trigger = .audioOutput(try Self.output(reader))
    case ("focusMode", false):
      let name = try reader.string("name")
      if name.trimmingCharacters(in: .whitespaces).isEmpty {
        throw reader.error("the Focus mode needs a name, found \(JSONValue.string(name).excerpt)", at: "name")
      }
      trigger = .focusFilter(focusName: name)
    case ("focusFilter", true):
      trigger = .focusFilter(focusName: try reader.optional("focusName")?.string())
    default:
      let kinds =
        version >= 4
        ? #""car", "motion", "timeRange", "audioOutput", "focusFilter""#
        : #""car", "motion", "timeRange", "audioOutput", "focusMode""#
      throw reader.error("must be one of \(kinds), found \(JSONValue.string(kind).excerpt)", at: "kind")
    }
    self.init(trigger)
    if version >= 4 {
      isEnabled = try reader.bool("isEnabled")
      consent = try reader.enumValue(Consent.self, "consent")
      returnsWhenTriggerEnds = try reader.bool("returnsWhenTriggerEnds")
    }
  }

  /// The `activity` member; version 4 adds "automotive".
  private static func activity(_ reader: JSONReader, version: Int) throws(JSONReadError)
    -> AutoSwitchTrigger.MotionActivity
  {
    let activity = try reader.enumValue(AutoSwitchTrigger.MotionActivity.self, "activity")
    if version < 4, activity == .automotive {
      throw reader.error(#"must be one of "walking", "running", "cycling", found "automotive""#, at: "activity")
    }
    return activity
  }

  /// A version 4 `output`, with `deviceID` and `deviceName` for "device".
  private static func output(_ reader: JSONReader) throws(JSONReadError) -> AutoSwitchTrigger.AudioOutput {
    let text = try reader.string("output")
    if let output = AutoSwitchTrigger.AudioOutput.namedKinds.first(where: { $0.kind == text }) { return output }
    guard text == "device" else {
      let allowed = (AutoSwitchTrigger.AudioOutput.namedKinds.map(\.kind) + ["device"]).map { JSONWriter.quoted($0) }
      throw reader.error(
        "must be one of \(allowed.joined(separator: ", ")), found \(JSONValue.string(text).excerpt)", at: "output")
    }
    let identifier = try reader.string("deviceID")
    if identifier.isEmpty { throw reader.error("the device needs an identifier, found \"\"", at: "deviceID") }
    let name = try reader.string("deviceName")
    if name.trimmingCharacters(in: .whitespaces).isEmpty {
      throw reader.error("the device needs a name, found \(JSONValue.string(name).excerpt)", at: "deviceName")
    }
    return .device(identifier: identifier, name: name)
  }

  /// A version 1 to 3 `output`: "headphones", "bluetooth", "speaker" or "airplay".
  private static func version3Output(_ reader: JSONReader) throws(JSONReadError) -> AutoSwitchTrigger.AudioOutput {
    switch try reader.string("output") {
    case "headphones": return .headphones
    case "bluetooth": return .bluetoothSpeaker
    case "speaker": return .builtInSpeaker
    case "airplay": return .airPlay
    case let text:
      throw reader.error(
        #"must be one of "headphones", "bluetooth", "speaker", "airplay", found "#
          + JSONValue.string(text).excerpt, at: "output")
    }
  }
}
