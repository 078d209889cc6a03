import Foundation

/// A range of local times of day on some weekdays, in the listener's time zone or a given one: "07:00–09:00
/// on weekdays", "22:00–06:00". It wraps past midnight when the end is before the start, and then belongs to
/// the weekday it starts on (22:00 Friday to 06:00 Saturday is Friday's); a start equal to the end is the
/// whole day.
///
/// Times are wall-clock times, so a range keeps its hours across daylight-saving changes: 22:00–06:00 lasts
/// 7 hours on the night the clocks go forward and 9 on the night they go back.
public struct TimeRange: Sendable, Hashable, CustomStringConvertible {
  /// The first minute of the range.
  public var start: TimeOfDay
  /// The minute the range ends (excluded).
  public var end: TimeOfDay
  /// The days on which the range starts; every day by default.
  public var weekdays: Set<Weekday>
  /// The time zone's identifier ("Europe/Berlin"), or `nil` for the listener's time zone wherever they are.
  public var timeZoneIdentifier: String?

  /// Creates a range.
  public init(
    start: TimeOfDay, end: TimeOfDay, weekdays: Set<Weekday> = Weekday.everyDay, timeZoneIdentifier: String? = nil
  ) {
    self.start = start
    self.end = end
    self.weekdays = weekdays
    self.timeZoneIdentifier = timeZoneIdentifier
  }

  /// Whether the range passes midnight.
  public var wrapsMidnight: Bool { end.minutesSinceMidnight < start.minutesSinceMidnight }

  /// "22:00–06:00", "07:00–09:00 Mon–Fri", "08:00–10:00 Sat, Sun".
  public var description: String {
    let times = "\(start)–\(end)"
    if weekdays == Weekday.everyDay { return times }
    if weekdays == Weekday.workdays { return times + " Mon–Fri" }
    return times + " " + Weekday.allCases.filter(weekdays.contains).map(\.title).joined(separator: ", ")
  }

  /// Checks the times, that there is a weekday and that the time zone is known.
  ///
  /// - Throws: ``QueueError/invalidRule(field:value:reason:)``.
  public func validate() throws(QueueError) {
    try start.validate(field: "start")
    try end.validate(field: "end")
    if weekdays.isEmpty { throw .invalidRule(field: "weekdays", value: "[]", reason: "a range needs a weekday") }
    if let timeZoneIdentifier, TimeZone(identifier: timeZoneIdentifier) == nil {
      throw .invalidRule(
        field: "timeZone", value: "\"\(timeZoneIdentifier)\"",
        reason: "not a time zone identifier such as \"Europe/Berlin\"")
    }
  }
}

/// A day of the week; its raw value is Foundation's `Calendar` weekday (1 is Sunday).
public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable {
  case sunday = 1
  case monday, tuesday, wednesday, thursday, friday, saturday

  /// Every day.
  public static let everyDay = Set(allCases)
  /// Monday to Friday.
  public static let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

  /// The store's spelling: "sun", "mon", …
  public var code: String { String(title.lowercased()) }

  /// "Sun", "Mon", …
  public var title: String {
    ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][rawValue - 1]
  }

  /// The day before.
  public var previous: Weekday { Weekday(rawValue: rawValue == 1 ? 7 : rawValue - 1)! }

  /// The weekday of a store's spelling, or `nil`.
  public init?(code: String) {
    guard let day = Weekday.allCases.first(where: { $0.code == code }) else { return nil }
    self = day
  }

  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
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
