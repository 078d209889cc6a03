/// A condition under which an app makes a queue the active one: in the car, while running, between 22:00
/// and 06:00, with headphones on, or in a Focus mode.
///
/// The rules are data only. Evaluating them against the device's context belongs to the auto-switch layer,
/// which sits on top of this module.
public enum AutoSwitchRule: Sendable, Hashable {
  /// Connected to a car (CarPlay, Android Auto or the car's Bluetooth).
  case car
  /// The listener is moving this way.
  case motion(MotionActivity)
  /// The local time of day lies in this range.
  case timeRange(TimeRange)
  /// Audio is playing through this kind of output.
  case audioOutput(AudioOutput)
  /// This Focus mode is on, by its name as the system gives it ("Sleep", "Work").
  case focusMode(String)

  /// A kind of movement the motion sensors report.
  public enum MotionActivity: String, Codable, Sendable, Hashable, CaseIterable {
    case walking
    case running
    case cycling
  }

  /// A kind of audio output.
  public enum AudioOutput: String, Codable, Sendable, Hashable, CaseIterable {
    case headphones
    case bluetooth
    case speaker
    case airPlay = "airplay"
  }

  /// The rule's kind, as the store spells it.
  public var kind: String {
    switch self {
    case .car: return "car"
    case .motion: return "motion"
    case .timeRange: return "timeRange"
    case .audioOutput: return "audioOutput"
    case .focusMode: return "focusMode"
    }
  }

  /// Checks the rule's fields: times of day in range and a non-empty Focus mode name.
  ///
  /// - Throws: ``QueueError/invalidRule(field:value:reason:)``.
  public func validate() throws(QueueError) {
    switch self {
    case .car, .motion, .audioOutput:
      return
    case .timeRange(let range):
      try range.start.validate(field: "start")
      try range.end.validate(field: "end")
    case .focusMode(let name):
      if name.trimmingCharacters(in: .whitespaces).isEmpty {
        throw .invalidRule(field: "focusMode", value: "\"\(name)\"", reason: "the Focus mode needs a name")
      }
    }
  }
}

/// A range of local times of day; it wraps past midnight when the end is before the start (22:00–06:00).
public struct TimeRange: Sendable, Hashable {
  /// The first minute of the range.
  public var start: TimeOfDay
  /// The minute the range ends (excluded).
  public var end: TimeOfDay

  /// Creates a range.
  public init(start: TimeOfDay, end: TimeOfDay) {
    self.start = start
    self.end = end
  }

  /// Whether the range passes midnight.
  public var wrapsMidnight: Bool { end.minutesSinceMidnight < start.minutesSinceMidnight }
}

/// A local time of day, to the minute; written "HH:MM" in the store.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The hour, 0 to 23.
  public var hour: Int
  /// The minute, 0 to 59.
  public var minute: Int

  /// Creates a time of day; ``AutoSwitchRule/validate()`` checks the range.
  public init(hour: Int, minute: Int = 0) {
    self.hour = hour
    self.minute = minute
  }

  /// Reads "HH:MM" (or "H:MM"), or returns `nil`.
  public init?(text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
      let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    self.init(hour: hour, minute: minute)
  }

  /// Minutes since midnight, 0 to 1439.
  public var minutesSinceMidnight: Int { hour * 60 + minute }

  /// "HH:MM".
  public var description: String {
    (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + (minute < 10 ? "0\(minute)" : "\(minute)")
  }

  public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
    lhs.minutesSinceMidnight < rhs.minutesSinceMidnight
  }

  func validate(field: String) throws(QueueError) {
    if !(0..<24).contains(hour) || !(0..<60).contains(minute) {
      throw .invalidRule(
        field: field, value: "\(hour):\(minute)", reason: "a time of day needs an hour 0–23 and a minute 0–59")
    }
  }
}
