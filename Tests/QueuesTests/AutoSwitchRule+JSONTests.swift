import SmartFillSupport
import Testing

@testable import Queues

@Suite("Auto-switch rules in the store's format")
struct AutoSwitchRuleJSONTests {
  static let choices = #""isEnabled":true,"consent":"ask","returnsWhenTriggerEnds":false"#

  static let rules: [(AutoSwitchRule, String)] = [
    (.car, #"{"kind":"car","# + choices + "}"),
    (
      AutoSwitchRule(.car, isEnabled: false, consent: .always, returnsWhenTriggerEnds: true),
      #"{"kind":"car","isEnabled":false,"consent":"always","returnsWhenTriggerEnds":true}"#
    ),
    (
      .motion(.running),
      #"{"kind":"motion","activity":"running","minimumStableSeconds":60,"minimumConfidence":"medium","# + choices + "}"
    ),
    (
      AutoSwitchRule(
        .motion(MotionCondition(activity: .automotive, minimumStableSeconds: 120, minimumConfidence: .high)),
        consent: .never),
      #"{"kind":"motion","activity":"automotive","minimumStableSeconds":120,"minimumConfidence":"high","#
        + #""isEnabled":true,"consent":"never","returnsWhenTriggerEnds":false}"#
    ),
    (
      .timeRange(TimeRange(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 6, minute: 30))),
      #"{"kind":"timeRange","start":"22:00","end":"06:30","weekdays":["sun","mon","tue","wed","thu","fri","sat"],"#
        + choices + "}"
    ),
    (
      .timeRange(
        TimeRange(
          start: TimeOfDay(hour: 7), end: TimeOfDay(hour: 9), weekdays: Weekday.workdays,
          timeZoneIdentifier: "Europe/Berlin")),
      #"{"kind":"timeRange","start":"07:00","end":"09:00","weekdays":["mon","tue","wed","thu","fri"],"#
        + #""timeZone":"Europe/Berlin","# + choices + "}"
    ),
    (.audioOutput(.airPlay), #"{"kind":"audioOutput","output":"airPlay","# + choices + "}"),
    (.audioOutput(.airPods), #"{"kind":"audioOutput","output":"airPods","# + choices + "}"),
    (
      .audioOutput(.device(identifier: "00:11:22", name: "Kitchen \"HiFi\"")),
      #"{"kind":"audioOutput","output":"device","deviceID":"00:11:22","deviceName":"Kitchen \"HiFi\"","#
        + choices + "}"
    ),
    (.focusFilter, #"{"kind":"focusFilter","# + choices + "}"),
    (
      AutoSwitchRule(.focusFilter(focusName: "Sleep")),
      #"{"kind":"focusFilter","focusName":"Sleep","# + choices + "}"
    ),
  ]

  @Test("every kind of rule is written with its kind, its fields and the choices, and reads back", arguments: rules)
  func pinned(rule: AutoSwitchRule, text: String) throws {
    var json = JSONWriter(style: .compact)
    rule.write(to: &json)
    #expect(json.text == text)
    #expect(try AutoSwitchRule(reading: JSONReader(parsing: Array(text.utf8))) == rule)
  }

  static let version3Rules: [(String, AutoSwitchRule)] = [
    (#"{"kind":"car"}"#, .car),
    (#"{"kind":"motion","activity":"cycling"}"#, .motion(.cycling)),
    (
      #"{"kind":"timeRange","start":"22:00","end":"06:00"}"#,
      .timeRange(TimeRange(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 6), weekdays: Weekday.everyDay))
    ),
    (#"{"kind":"audioOutput","output":"headphones"}"#, .audioOutput(.headphones)),
    (#"{"kind":"audioOutput","output":"bluetooth"}"#, .audioOutput(.bluetoothSpeaker)),
    (#"{"kind":"audioOutput","output":"speaker"}"#, .audioOutput(.builtInSpeaker)),
    (#"{"kind":"audioOutput","output":"airplay"}"#, .audioOutput(.airPlay)),
    (#"{"kind":"focusMode","name":"Sleep"}"#, AutoSwitchRule(.focusFilter(focusName: "Sleep"))),
  ]

  @Test(
    "a rule of format 3 migrates: on, asking, not returning, with the defaults and the new names",
    arguments: version3Rules)
  func migration(text: String, rule: AutoSwitchRule) throws {
    let read = try AutoSwitchRule(reading: JSONReader(parsing: Array(text.utf8)), version: 3)
    #expect(read == rule)
    #expect(read.isEnabled && read.consent == .ask && !read.returnsWhenTriggerEnds)
  }

  static let badRules: [(String, Int, String, String)] = [
    (
      #"{"kind":"moon"}"#, 4, "kind",
      #"must be one of "car", "motion", "timeRange", "audioOutput", "focusFilter", found "moon""#
    ),
    (
      #"{"kind":"focusMode","name":"Sleep"}"#, 4, "kind",
      #"must be one of "car", "motion", "timeRange", "audioOutput", "focusFilter", found "focusMode""#
    ),
    (
      #"{"kind":"focusFilter"}"#, 3, "kind",
      #"must be one of "car", "motion", "timeRange", "audioOutput", "focusMode", found "focusFilter""#
    ),
    (#"{"kind":"focusMode","name":" "}"#, 3, "name", #"the Focus mode needs a name, found " ""#),
    (
      #"{"kind":"timeRange","start":"22:00","end":"25:00"}"#, 3, "end",
      #"expected a time of day such as "22:00", found "25:00""#
    ),
    (
      #"{"kind":"motion","activity":"flying"}"#, 3, "activity",
      #"must be one of "walking", "running", "cycling", "automotive", found "flying""#
    ),
    (
      #"{"kind":"motion","activity":"automotive"}"#, 3, "activity",
      #"must be one of "walking", "running", "cycling", found "automotive""#
    ),
    (
      #"{"kind":"audioOutput","output":"airPods"}"#, 3, "output",
      #"must be one of "headphones", "bluetooth", "speaker", "airplay", found "airPods""#
    ),
    (
      #"{"kind":"audioOutput","output":"bluetooth","isEnabled":true,"consent":"ask","returnsWhenTriggerEnds":false}"#,
      4, "output",
      #"must be one of "airPods", "headphones", "airPlay", "bluetoothSpeaker", "car", "builtInSpeaker", "device", found "bluetooth""#
    ),
    (
      #"{"kind":"audioOutput","output":"device","deviceID":"","deviceName":"x"}"#, 4, "deviceID",
      #"the device needs an identifier, found """#
    ),
    (
      #"{"kind":"motion","activity":"running","minimumStableSeconds":3601,"minimumConfidence":"high"}"#, 4,
      "minimumStableSeconds", "must be from 0 to 3600, found 3601"
    ),
    (
      #"{"kind":"motion","activity":"running","minimumStableSeconds":60,"minimumConfidence":"low"}"#, 4,
      "minimumConfidence", #"must be "medium" or "high" (low reports flap), found "low""#
    ),
    (
      #"{"kind":"timeRange","start":"07:00","end":"09:00","weekdays":["mon","mon"]}"#, 4, "weekdays[1]",
      #"appears earlier in the list, found "mon""#
    ),
    (
      #"{"kind":"timeRange","start":"07:00","end":"09:00","weekdays":["monday"]}"#, 4, "weekdays[0]",
      #"must be one of "sun", "mon", "tue", "wed", "thu", "fri", "sat", found "monday""#
    ),
    (
      #"{"kind":"timeRange","start":"07:00","end":"09:00","weekdays":[]}"#, 4, "weekdays",
      "a range needs a weekday, found []"
    ),
    (
      #"{"kind":"timeRange","start":"07:00","end":"09:00","weekdays":["mon"],"timeZone":"Mars/Olympus"}"#, 4,
      "timeZone",
      #"not a time zone identifier such as "Europe/Berlin", found "Mars/Olympus""#
    ),
    (#"{"kind":"car","isEnabled":true,"consent":"ask"}"#, 4, "returnsWhenTriggerEnds", "the field is missing"),
    (
      #"{"kind":"car","isEnabled":true,"consent":"maybe","returnsWhenTriggerEnds":false}"#, 4, "consent",
      #"must be one of "ask", "always", "never", found "maybe""#
    ),
  ]

  @Test("a bad rule names the field, the value and what is allowed", arguments: badRules)
  func problems(text: String, version: Int, field: String, reason: String) throws {
    let path: JSONPath =
      field.hasPrefix("weekdays[")
      ? .root.appending("weekdays").appending(Int(field.dropFirst(9).dropLast())!) : .root.appending(field)
    #expect(throws: JSONReadError(path: path, reason: reason)) {
      try AutoSwitchRule(reading: JSONReader(parsing: Array(text.utf8)), version: version)
    }
  }
}
