import Foundation
import Queues
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill queues: rules")
struct QueuesCommandRulesTests {
  @Test(
    "rules add: every kind of rule",
    arguments: [
      (["car"], AutoSwitchRule.car, "When connected to car"),
      (
        ["motion", "--activity", "cycling", "--stable-seconds", "120", "--confidence", "high"],
        AutoSwitchRule(
          .motion(MotionCondition(activity: .cycling, minimumStableSeconds: 120, minimumConfidence: .high))),
        "When cycling"
      ),
      (
        ["time", "--start", "07:00", "--end", "09:00", "--days", "weekdays"],
        .timeRange(TimeRange(start: TimeOfDay(hour: 7), end: TimeOfDay(hour: 9), weekdays: Weekday.workdays)),
        "Between 7–9 am on weekdays"
      ),
      (
        ["time", "--start", "22:30", "--end", "06:00", "--days", "fri,sat", "--time-zone", "Europe/Berlin"],
        .timeRange(
          TimeRange(
            start: TimeOfDay(hour: 22, minute: 30), end: TimeOfDay(hour: 6), weekdays: [.friday, .saturday],
            timeZoneIdentifier: "Europe/Berlin")),
        "Between 10:30 pm–6 am on Fri, Sat (Europe/Berlin)"
      ),
      (["audio", "--output", "airPods"], .audioOutput(.airPods), "When AirPods are connected"),
      (
        ["audio", "--device-id", "00:11", "--device-name", "Golf"],
        .audioOutput(.device(identifier: "00:11", name: "Golf")), "When playing on “Golf”"
      ),
      (["focus"], .focusFilter, "When a Focus filter names this queue"),
      (
        ["focus", "--focus-name", "Sleep", "--consent", "always", "--returns"],
        AutoSwitchRule(.focusFilter(focusName: "Sleep"), consent: .always, returnsWhenTriggerEnds: true),
        "When the “Sleep” Focus is on"
      ),
    ])
  func add(arguments: [String], rule: AutoSwitchRule, sentence: String) throws {
    let session = try QueuesSession()
    let output = session.run(["rules", "bike"] + arguments)
    #expect(output.exitStatus == 64)  // no such queue yet
    session.run("create", "Bike")
    #expect(
      session.run(["rules", "bike", "add"] + arguments).standardOutput
        == "Added the rule “\(sentence)” to Bike.\n")
    #expect(try session.library().queue(named: "Bike")?.autoSwitchRules == [rule])
  }

  @Test("rules remove, enable, disable, on and off")
  func change() throws {
    let session = try QueuesSession()
    session.run("rules", "commute", "add", "motion", "--activity", "automotive")
    #expect(
      session.run("rules", "commute", "disable", "1").standardOutput
        == "Disabled rule 1 of 🚗 Commute, “When connected to car”.\n")
    #expect(try session.library().queue(.commute).autoSwitchRules.map(\.isEnabled) == [false, true])
    session.run("rules", "commute", "enable", "1")
    #expect(try session.library().queue(.commute).autoSwitchRules.map(\.isEnabled) == [true, true])
    #expect(
      session.run("rules", "commute", "remove", "2").standardOutput
        == "Removed rule 2 of 🚗 Commute, “When driving”.\n")
    #expect(try session.library().queue(.commute).autoSwitchRules == [.car])
    #expect(session.run("rules", "commute", "off").standardOutput == "Auto-switching to 🚗 Commute is off.\n")
    #expect(try !session.library().queue(.commute).isAutoSwitchEnabled)
    session.run("rules", "commute", "on")
    #expect(try session.library().queue(.commute).isAutoSwitchEnabled)
  }

  @Test("rules: mistakes are usage errors and change nothing")
  func mistakes() throws {
    let session = try QueuesSession()
    for (arguments, message) in [
      (["commute"], "Missing expected argument '<add|remove|enable|disable|on|off>'"),
      (["commute", "add"], "Missing expected argument '<kind>'"),
      (
        ["commute", "add", "wifi"],
        "The value 'wifi' is invalid for '<kind>'; use one of car, motion, time, audio, focus"
      ),
      (["commute", "add", "motion"], "Missing expected argument '--activity <activity>'"),
      (
        ["commute", "add", "motion", "--activity", "running", "--confidence", "low"],
        "The value 'low' is invalid for '--confidence <confidence>'; use one of medium, high"
      ),
      (
        ["commute", "add", "time", "--start", "7", "--end", "9:00"],
        "The value '7' is invalid for '--start <HH:MM>'; use 24-hour HH:MM"
      ),
      (
        ["commute", "add", "time", "--start", "07:00", "--end", "09:00", "--days", "mon,xyz"],
        "The value 'mon,xyz' is invalid for '--days <days>'; use every-day, weekdays, weekends or days such as mon,wed"
      ),
      (
        ["commute", "add", "time", "--start", "07:00", "--end", "09:00", "--time-zone", "Mars/Base"],
        "auto-switch rule, field \"timeZone\": not a time zone identifier such as \"Europe/Berlin\", got \"Mars/Base\""
      ),
      (
        ["commute", "add", "audio", "--output", "radio"],
        "The value 'radio' is invalid for '--output <output>'; use one of airPods, headphones, airPlay, bluetoothSpeaker, car, builtInSpeaker"
      ),
      (["commute", "enable", "2"], "The value '2' is invalid for '<n>'; use a whole number from 1 to 1"),
      (["commute", "toggle"], "The value 'toggle' is invalid for '<add|remove|enable|disable|on|off>'"),
    ] {
      let output = session.run(["rules"] + arguments)
      #expect(output.exitStatus == 64, "\(arguments)")
      #expect(output.standardError == "Error: \(message)\n", "\(arguments)")
    }
    #expect(try session.library().queue(.commute).autoSwitchRules == [.car])
  }

  @Test("a time range whose end is its start is refused, as the audit reads it as a mistake (issue 45, 11)")
  func zeroLengthRange() throws {
    let session = try QueuesSession()
    let output = session.run("rules", "commute", "add", "time", "--start", "07:00", "--end", "7:00")
    #expect(output.exitStatus == 64)
    #expect(
      output.standardError
        == "Error: The value '7:00' is invalid for '--end <HH:MM>': it equals --start, a range of no length; give "
        + "another end (the range may pass midnight, such as 22:00 to 06:00)\n")
    #expect(try session.library().queue(.commute).autoSwitchRules == [.car])
  }
}
