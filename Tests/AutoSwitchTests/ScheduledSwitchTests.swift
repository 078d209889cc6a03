import AutoSwitch
import Foundation
import Queues
import Testing

@Suite("The schedules' next starts")
struct ScheduledSwitchTests {
  @Test("soonest first, ties in queue order; rules that are off, Never, or of a queue that is off are left out")
  func order() throws {
    var library = sampleLibrary()
    let seven = TimeRange(start: TimeOfDay(hour: 7), end: TimeOfDay(hour: 9), weekdays: Weekday.workdays)
    try library.modify(.commute) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [.timeRange(seven)])
    }
    try library.modify(.workout) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [
        .timeRange(seven), AutoSwitchRule(.timeRange(seven), isEnabled: false),
        AutoSwitchRule(.timeRange(TimeRange(start: TimeOfDay(hour: 6), end: TimeOfDay(hour: 7))), consent: .never),
      ])
    }
    try library.disableAutoSwitch(for: .sleep)
    let engine = AutoSwitchEngine(settings: AutoSwitchSettings(timeZone: berlin))
    let starts = engine.nextScheduleStarts(after: instant("2026-03-06T12:00:00+01:00"), in: library, limit: 3)
    #expect(starts.map(\.queue) == [.commute, .workout, .commute])
    #expect(
      starts.map(\.date) == [
        instant("2026-03-09T07:00:00+01:00"), instant("2026-03-09T07:00:00+01:00"),
        instant("2026-03-10T07:00:00+01:00"),
      ])
    #expect(starts.first?.ruleTitle == "07:00–09:00 Mon–Fri")
  }

  @Test("the notification reads \"Switch to 😴 Sleep? 12 episodes ready\", and counts from the current episode")
  func text() throws {
    var library = sampleLibrary()
    try library.modify(.sleep) { (queue) throws(QueueError) in try queue.makeCurrent(at: 11) }
    let engine = AutoSwitchEngine(settings: AutoSwitchSettings(timeZone: berlin))
    let start = try #require(engine.nextScheduleStarts(after: instant("2026-03-02T12:00:00+01:00"), in: library).first)
    #expect(start.notificationText == "Switch to 😴 Sleep? 1 episode ready")
  }
}
