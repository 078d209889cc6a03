import AutoSwitch
import Foundation
import Queues
import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("Schedules on the calendar")
struct ScheduleCalendarTests {
  static func range(_ start: Int, _ end: Int, _ days: Set<Weekday> = Weekday.everyDay) -> TimeRange {
    TimeRange(
      start: TimeOfDay(hour: start / 100, minute: start % 100), end: TimeOfDay(hour: end / 100, minute: end % 100),
      weekdays: days)
  }

  @Test(
    "22:00–06:00 lasts 7 hours the night the clocks go forward and 9 the night they go back",
    arguments: [
      ("Europe/Berlin", "2026-03-28T22:00:00+01:00", 7), ("Europe/Berlin", "2026-10-24T22:00:00+02:00", 9),
      ("America/New_York", "2026-03-07T22:00:00-05:00", 7), ("America/New_York", "2026-10-31T22:00:00-04:00", 9),
      ("Europe/Berlin", "2026-03-02T22:00:00+01:00", 8),
    ])
  func nightLength(zone: String, start: String, hours: Int) throws {
    let calendar = ScheduleCalendar(timeZone: try #require(TimeZone(identifier: zone)))
    let sleep = Self.range(2200, 600)
    let begin = instant(start)
    #expect(calendar.occurrence(of: sleep, containing: begin) == begin)
    #expect(calendar.occurrence(of: sleep, containing: begin.addingTimeInterval(-60)) == nil)
    let last = begin.addingTimeInterval(Double(hours * 3600 - 60))
    #expect(calendar.occurrence(of: sleep, containing: last) == begin, "\(zone) \(start)")
    #expect(calendar.occurrence(of: sleep, containing: last.addingTimeInterval(60)) == nil, "\(zone) \(start)")
  }

  @Test("a start in the skipped hour begins at the change; one in the repeated hour at its first occurrence")
  func startsInTheChange() {
    let york = ScheduleCalendar(timeZone: newYork)
    let skipped = Self.range(230, 400)
    #expect(
      york.nextStarts(of: skipped, after: instant("2026-03-08T00:00:00-05:00"), limit: 1)
        == [instant("2026-03-08T03:00:00-04:00")])
    let repeated = Self.range(130, 300)
    #expect(
      york.nextStarts(of: repeated, after: instant("2026-11-01T00:00:00-04:00"), limit: 1)
        == [instant("2026-11-01T01:30:00-04:00")])
  }

  @Test("weekdays: 07:00–09:00 Mon–Fri is not in force on Saturday; a Friday night range runs into Saturday")
  func weekdays() {
    let calendar = ScheduleCalendar(timeZone: berlin)
    let commute = Self.range(700, 900, Weekday.workdays)
    #expect(calendar.occurrence(of: commute, containing: instant("2026-03-06T08:00:00+01:00")) != nil)  // Friday
    #expect(calendar.occurrence(of: commute, containing: instant("2026-03-07T08:00:00+01:00")) == nil)  // Saturday
    let friday = Self.range(2300, 200, [.friday])
    #expect(
      calendar.occurrence(of: friday, containing: instant("2026-03-07T01:00:00+01:00"))
        == instant("2026-03-06T23:00:00+01:00"))
    #expect(calendar.occurrence(of: friday, containing: instant("2026-03-08T01:00:00+01:00")) == nil)
    #expect(
      calendar.nextStarts(of: commute, after: instant("2026-03-06T08:00:00+01:00"), limit: 2)
        == [instant("2026-03-09T07:00:00+01:00"), instant("2026-03-10T07:00:00+01:00")])
  }

  @Test("a range's own time zone wins over the listener's")
  func ownTimeZone() {
    var range = Self.range(900, 1000)
    range.timeZoneIdentifier = "America/New_York"
    let calendar = ScheduleCalendar(timeZone: berlin)
    #expect(calendar.occurrence(of: range, containing: instant("2026-03-02T09:30:00-05:00")) != nil)
    #expect(calendar.occurrence(of: range, containing: instant("2026-03-02T09:30:00+01:00")) == nil)
  }

  @Test("in force and next starts match a minute-by-minute scan across both changes (seeded)")
  func againstScan() throws {
    for trial in SeededCases(seed: 0x5CA9, count: 40, minimum: 4) {
      try againstScan(zone: trial.index.isMultiple(of: 2) ? "Europe/Berlin" : "America/New_York", trial)
    }
  }

  func againstScan(zone: String, _ trial: SeededCase) throws {
    let timeZone = try #require(TimeZone(identifier: zone))
    var random = trial.random
    var gregorian = Calendar(identifier: .gregorian)
    gregorian.timeZone = timeZone
    let calendar = ScheduleCalendar(timeZone: timeZone)
    for (from, to) in [
      ("2026-03-05T00:00:00Z", "2026-03-11T00:00:00Z"), ("2026-10-22T00:00:00Z", "2026-11-04T00:00:00Z"),
    ] {
      let start = random.integer(in: 0...95) * 15
      let end = random.integer(in: 0...95) * 15
      var days = Set(Weekday.allCases.filter { _ in random.chance(2, in: 3) })
      if days.isEmpty { days = [.sunday] }
      let range = TimeRange(
        start: TimeOfDay(hour: start / 60, minute: start % 60), end: TimeOfDay(hour: end / 60, minute: end % 60),
        weekdays: days)
      // The scan: a minute is in force when its wall time lies in the range on a day it starts on.
      func inForce(_ date: Date) -> Bool {
        let parts = gregorian.dateComponents([.hour, .minute, .weekday], from: date)
        let minute = parts.hour! * 60 + parts.minute!
        let day = Weekday(rawValue: parts.weekday!)!
        if end > start { return days.contains(day) && minute >= start && minute < end }
        return (minute >= start && days.contains(day)) || (minute < end && days.contains(day.previous))
      }
      func wall(_ date: Date) -> Int {
        let parts = gregorian.dateComponents([.hour, .minute], from: date)
        return parts.hour! * 60 + parts.minute!
      }
      // The day whose occurrence an in-force minute belongs to: its own, or the day before for the part of an
      // overnight range after midnight.
      func occurrenceDay(_ date: Date) -> DateComponents {
        let early = end <= start && wall(date) < start
        let day = early ? gregorian.date(byAdding: .day, value: -1, to: date)! : date
        return gregorian.dateComponents([.year, .month, .day], from: day)
      }
      var date = instant(from)
      let before = date.addingTimeInterval(-60)
      var lastDay = inForce(before) ? occurrenceDay(before) : nil
      var scannedStarts: [Date] = []
      while date < instant(to) {
        let now = inForce(date)
        #expect((calendar.occurrence(of: range, containing: date) != nil) == now, "\(trial), \(range), \(date)")
        // A new occurrence begins at the first minute in force that belongs to another day's occurrence than the
        // last: the hour repeated when the clocks go back does not start its occurrence again.
        if now, occurrenceDay(date) != lastDay {
          scannedStarts.append(date)
          lastDay = occurrenceDay(date)
        }
        date.addTimeInterval(60)
      }
      let computed = calendar.nextStarts(of: range, after: instant(from).addingTimeInterval(-1), limit: 100, days: 15)
        .filter { $0 < instant(to) }
      #expect(computed == scannedStarts, "\(trial), \(range) in \(zone)")
    }
  }
}
