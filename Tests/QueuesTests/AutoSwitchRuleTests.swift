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

  @Test("rules with fields out of range are refused")
  func validation() {
    #expect(
      throws: QueueError.invalidRule(
        field: "end", value: "25:0", reason: "a time of day needs an hour 0–23 and a minute 0–59")
    ) {
      try AutoSwitchRule.timeRange(TimeRange(start: TimeOfDay(hour: 1), end: TimeOfDay(hour: 25))).validate()
    }
    #expect(throws: QueueError.invalidRule(field: "focusMode", value: "\" \"", reason: "the Focus mode needs a name")) {
      try AutoSwitchRule.focusMode(" ").validate()
    }
  }
}
