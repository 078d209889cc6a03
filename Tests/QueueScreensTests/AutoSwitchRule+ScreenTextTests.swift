import Foundation
import QueueScreens
import Queues
import Testing

@Suite("AutoSwitchRule's screen text")
struct AutoSwitchRuleScreenTextTests {
  static let night = TimeRange(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 6))
  static let morning = TimeRange(start: TimeOfDay(hour: 7), end: TimeOfDay(hour: 9), weekdays: Weekday.workdays)

  @Test(
    "the management screen's summaries",
    arguments: [
      (AutoSwitchRule.car, "Auto-Switch: Car 🚘"),
      (.motion(.running), "Auto-Switch: Running 🏃"),
      (.motion(.automotive), "Auto-Switch: Driving 🚗"),
      (.timeRange(night), "Between 22:00 and 06:00 😴"),
      (.timeRange(morning), "Between 07:00 and 09:00 on weekdays ⏰"),
      (.audioOutput(.airPods), "Auto-Switch: AirPods 🎧"),
      (.audioOutput(.device(identifier: "x", name: "Golf")), "Auto-Switch: Golf 🔊"),
      (.focusFilter, "Auto-Switch: Focus 🌙"),
      (AutoSwitchRule(.focusFilter(focusName: "Sleep")), "Auto-Switch: Sleep Focus 🌙"),
    ])
  func summaries(rule: AutoSwitchRule, expected: String) {
    #expect(rule.summary == expected)
  }

  @Test(
    "the editor's sentences",
    arguments: [
      (AutoSwitchRule.car, "When connected to car"),
      (.motion(.running), "When running"),
      (.motion(.cycling), "When cycling"),
      (.timeRange(morning), "Between 7–9 am on weekdays"),
      (.timeRange(night), "Between 10 pm–6 am"),
      (
        .timeRange(
          TimeRange(start: TimeOfDay(hour: 12), end: TimeOfDay(hour: 13, minute: 30), weekdays: [.saturday, .sunday])),
        "Between 12–1:30 pm on weekends"
      ),
      (
        .timeRange(
          TimeRange(
            start: TimeOfDay(hour: 0, minute: 5), end: TimeOfDay(hour: 1), weekdays: [.monday, .wednesday],
            timeZoneIdentifier: "Europe/Berlin")),
        "Between 12:05–1 am on Mon, Wed (Europe/Berlin)"
      ),
      (.audioOutput(.airPods), "When AirPods are connected"),
      (.audioOutput(.headphones), "When headphones are connected"),
      (.audioOutput(.airPlay), "When playing on HomePod or AirPlay"),
      (.audioOutput(.bluetoothSpeaker), "When playing on a Bluetooth speaker"),
      (.audioOutput(.car), "When playing through car audio"),
      (.audioOutput(.builtInSpeaker), "When playing on the speaker"),
      (.audioOutput(.device(identifier: "x", name: "Golf")), "When playing on “Golf”"),
      (.focusFilter, "When a Focus filter names this queue"),
      (AutoSwitchRule(.focusFilter(focusName: "Sleep")), "When the “Sleep” Focus is on"),
    ])
  func sentences(rule: AutoSwitchRule, expected: String) {
    #expect(rule.sentence == expected)
  }

  @Test("the listener's answers")
  func consent() {
    #expect(AutoSwitchRule(.car, consent: .ask).consentText == "Asks first")
    #expect(AutoSwitchRule(.car, consent: .always).consentText == "Switches without asking")
    #expect(AutoSwitchRule(.car, consent: .never).consentText == "Never switches")
  }

  @Test("a range whose end is its start reads as the whole day the engine makes of it (issue 45, 11)")
  func zeroLength() {
    let rule = AutoSwitchRule(.timeRange(TimeRange(start: TimeOfDay(hour: 7), end: TimeOfDay(hour: 7))))
    #expect(rule.sentence == "All day from 7 am")
  }
}
