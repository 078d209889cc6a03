import Foundation
import Queues

/// Where time ranges lie on the calendar of a time zone: whether one is in force at an instant (and since
/// when), and the next instants at which it begins, right across daylight-saving changes.
///
/// A range is made of wall-clock times, so Foundation's `Calendar` in the range's time zone (or the
/// listener's) turns each day's start into an instant. A start that falls in the hour skipped when the clocks
/// go forward (02:30 on that night) begins at the first instant after it (03:00); a start in the hour repeated
/// when they go back begins at its first occurrence.
public struct ScheduleCalendar: Sendable, Hashable {
  /// The time zone of ranges that name none.
  public let timeZone: TimeZone
  /// The Gregorian calendar in `timeZone`, made once.
  private let listenersCalendar: Calendar

  /// A calendar for the listener's `timeZone`.
  public init(timeZone: TimeZone) {
    self.timeZone = timeZone
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.listenersCalendar = calendar
  }

  /// The instant at which the occurrence of `range` that holds `instant` began, or `nil` when `range` is not
  /// in force at `instant`.
  ///
  /// - Complexity: O(1).
  public func occurrence(of range: TimeRange, containing instant: Date) -> Date? {
    let calendar = self.calendar(for: range)
    let parts = calendar.dateComponents([.hour, .minute, .weekday], from: instant)
    let minute = parts.hour! * 60 + parts.minute!
    let weekday = Weekday(rawValue: parts.weekday!)!
    let start = range.start.minutesSinceMidnight
    let end = range.end.minutesSinceMidnight
    if end > start {
      guard range.weekdays.contains(weekday), minute >= start, minute < end else { return nil }
      return begin(of: range, on: instant, in: calendar)
    }
    // Wraps past midnight (or lasts the whole day when the end equals the start).
    if minute >= start, range.weekdays.contains(weekday) { return begin(of: range, on: instant, in: calendar) }
    if minute < end, range.weekdays.contains(weekday.previous) {
      return begin(of: range, on: calendar.date(byAdding: .day, value: -1, to: instant)!, in: calendar)
    }
    return nil
  }

  /// The instants after `instant` (excluded) at which `range` begins, the first `limit` of them within
  /// `days` days.
  ///
  /// - Complexity: O(*days*).
  public func nextStarts(of range: TimeRange, after instant: Date, limit: Int, days: Int = 8) -> [Date] {
    let calendar = self.calendar(for: range)
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    var day = calendar.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day, hour: 12))!
    var starts: [Date] = []
    for _ in 0...days where starts.count < limit {
      let weekday = Weekday(rawValue: calendar.component(.weekday, from: day))!
      if range.weekdays.contains(weekday) {
        let start = begin(of: range, on: day, in: calendar)
        if start > instant { starts.append(start) }
      }
      day = calendar.date(byAdding: .day, value: 1, to: day)!
    }
    return starts
  }

  /// The Gregorian calendar in the range's time zone, or the listener's.
  func calendar(for range: TimeRange) -> Calendar {
    guard let identifier = range.timeZoneIdentifier, identifier != timeZone.identifier,
      let zone = TimeZone(identifier: identifier)
    else { return listenersCalendar }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar
  }

  /// The first instant of the local day `day` (any instant of it) whose wall time is the range's start or
  /// later.
  func begin(of range: TimeRange, on day: Date, in calendar: Calendar) -> Date {
    var parts = calendar.dateComponents([.year, .month, .day], from: day)
    parts.hour = range.start.hour
    parts.minute = range.start.minute
    let date = calendar.date(from: parts)!
    let found = calendar.dateComponents([.hour, .minute], from: date)
    if found.hour == range.start.hour, found.minute == range.start.minute { return date }
    // In the hour skipped when the clocks go forward: Foundation moves the time on by the gap; the range
    // begins at the change itself.
    return calendar.timeZone.nextDaylightSavingTimeTransition(after: date.addingTimeInterval(-4 * 3600)) ?? date
  }
}
