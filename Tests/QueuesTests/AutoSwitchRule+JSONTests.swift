import SmartFillSupport
import Testing

@testable import Queues

@Suite("Auto-switch rules in the store's format")
struct AutoSwitchRuleJSONTests {
  static let rules: [(AutoSwitchRule, String)] = [
    (.car, #"{"kind":"car"}"#),
    (.motion(.running), #"{"kind":"motion","activity":"running"}"#),
    (
      .timeRange(TimeRange(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 6, minute: 30))),
      #"{"kind":"timeRange","start":"22:00","end":"06:30"}"#
    ),
    (.audioOutput(.airPlay), #"{"kind":"audioOutput","output":"airplay"}"#),
    (.focusMode("Sleep \"deep\""), #"{"kind":"focusMode","name":"Sleep \"deep\""}"#),
  ]

  @Test("every kind of rule is written with its kind and its fields, and reads back", arguments: rules)
  func pinned(rule: AutoSwitchRule, text: String) throws {
    var json = JSONWriter(style: .compact)
    rule.write(to: &json)
    #expect(json.text == text)
    #expect(try AutoSwitchRule(reading: JSONReader(parsing: Array(text.utf8))) == rule)
  }

  @Test("an unknown kind or a bad time names the field")
  func problems() throws {
    #expect(
      throws: JSONReadError(
        path: .root.appending("kind"),
        reason: #"must be one of "car", "motion", "timeRange", "audioOutput", "focusMode", found "moon""#)
    ) { try AutoSwitchRule(reading: JSONReader(parsing: Array(#"{"kind":"moon"}"#.utf8))) }
    #expect(
      throws: JSONReadError(
        path: .root.appending("end"), reason: #"expected a time of day such as "22:00", found "25:00""#)
    ) {
      try AutoSwitchRule(
        reading: JSONReader(parsing: Array(#"{"kind":"timeRange","start":"22:00","end":"25:00"}"#.utf8)))
    }
    #expect(
      throws: JSONReadError(
        path: .root.appending("activity"), reason: #"must be one of "walking", "running", "cycling", found "flying""#)
    ) { try AutoSwitchRule(reading: JSONReader(parsing: Array(#"{"kind":"motion","activity":"flying"}"#.utf8))) }
  }
}
