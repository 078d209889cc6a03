import Foundation
import Queues
import Testing

@Suite("Auto-switch rules")
struct AutoSwitchRuleTests {
  @Test("a time of day reads and writes as HH:MM", arguments: [("22:00", 22, 0), ("6:05", 6, 5), ("00:59", 0, 59)])
  func timeOfDay(text: String, hour: Int, minute: Int) throws {
    let time = try #require(TimeOfDay(text: text))
    #expect(time == TimeOfDay(hour: hour, minute: minute))
    #expect(time.description.count == 5)
  }

  @Test("text that is not a time of day is refused", arguments: ["24:00", "12:60", "1200", "12:5", "-1:00", ""])
  func invalidTimeOfDay(text: String) {
    #expect(TimeOfDay(text: text) == nil)
  }

  @Test("22:00–06:00 wraps past midnight and 09:00–17:00 does not")
  func wrapping() {
    #expect(TimeRange(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 6)).wrapsMidnight)
    #expect(!TimeRange(start: TimeOfDay(hour: 9), end: TimeOfDay(hour: 17)).wrapsMidnight)
  }

  @Test("rules are named for questions: Car, Running, the range with its days, the output, Focus")
  func titles() {
    #expect(AutoSwitchRule.car.title == "Car")
    #expect(AutoSwitchRule.motion(.running).title == "Running")
    let weekdays = TimeRange(start: TimeOfDay(hour: 7), end: TimeOfDay(hour: 9), weekdays: Weekday.workdays)
    #expect(AutoSwitchRule.timeRange(weekdays).title == "07:00–09:00 Mon–Fri")
    let weekend = TimeRange(start: TimeOfDay(hour: 8), end: TimeOfDay(hour: 10), weekdays: [.saturday, .sunday])
    #expect(AutoSwitchRule.timeRange(weekend).title == "08:00–10:00 Sun, Sat")
    #expect(AutoSwitchRule.audioOutput(.airPlay).title == "HomePod or AirPlay")
    #expect(AutoSwitchRule.audioOutput(.device(identifier: "x", name: "Golf")).title == "Golf")
    #expect(AutoSwitchRule.focusFilter.title == "Focus")
  }

  @Test("the day before Sunday is Saturday")
  func previousDay() {
    #expect(Weekday.sunday.previous == .saturday)
    #expect(Weekday.monday.previous == .sunday)
  }

  @Test("rules with fields out of range are refused")
  func validation() {
    #expect(
      throws: QueueError.invalidRule(
        field: "end", value: "25:0", reason: "a time of day needs an hour 0–23 and a minute 0–59")
    ) {
      try AutoSwitchRule.timeRange(TimeRange(start: TimeOfDay(hour: 1), end: TimeOfDay(hour: 25))).validate()
    }
    #expect(throws: QueueError.invalidRule(field: "weekdays", value: "[]", reason: "a range needs a weekday")) {
      try AutoSwitchRule.timeRange(TimeRange(start: TimeOfDay(hour: 1), end: TimeOfDay(hour: 2), weekdays: []))
        .validate()
    }
    #expect(
      throws: QueueError.invalidRule(
        field: "timeZone", value: "\"Nowhere\"", reason: "not a time zone identifier such as \"Europe/Berlin\"")
    ) {
      try AutoSwitchRule.timeRange(
        TimeRange(start: TimeOfDay(hour: 1), end: TimeOfDay(hour: 2), timeZoneIdentifier: "Nowhere")
      ).validate()
    }
    #expect(
      throws: QueueError.invalidRule(
        field: "minimumConfidence", value: "\"low\"", reason: "must be \"medium\" or \"high\": low reports flap")
    ) {
      try AutoSwitchRule(.motion(MotionCondition(activity: .walking, minimumConfidence: .low))).validate()
    }
    #expect(throws: QueueError.invalidRule(field: "deviceName", value: "\" \"", reason: "the device needs a name")) {
      try AutoSwitchRule.audioOutput(.device(identifier: "x", name: " ")).validate()
    }
  }
}
