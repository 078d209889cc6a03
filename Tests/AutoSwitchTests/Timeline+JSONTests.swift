import AutoSwitch
import Foundation
import Queues
import Testing

@Suite("The timeline format")
struct TimelineJSONTests {
  static let header = #"{"version": 1, "timeZone": "Europe/Berlin", "events": ["#

  /// A timeline whose events are `events` (JSON objects, comma-separated).
  static func timeline(_ events: String) -> [UInt8] { Array((header + events + "]}").utf8) }

  @Test("every kind of event reads, and the timeline writes and reads back the same")
  func roundTrip() throws {
    let events = [
      #"{"at": "2026-03-02T08:00:00+01:00", "event": "carPlayConnected"}"#,
      #"{"at": "2026-03-02T08:00:00+01:00", "event": "carPlayDisconnected"}"#,
      #"{"at": "2026-03-02T08:00:01+01:00", "event": "audioRoute", "port": "bluetooth", "name": "Golf", "id": "00:1A"}"#,
      #"{"at": "2026-03-02T08:00:02+01:00", "event": "motion", "flags": ["stationary", "automotive"], "confidence": "low"}"#,
      #"{"at": "2026-03-02T08:00:03+01:00", "event": "focusFilterActivated", "queue": "sleep"}"#,
      #"{"at": "2026-03-02T08:00:04+01:00", "event": "focusFilterDeactivated", "queue": "sleep"}"#,
      #"{"at": "2026-03-02T08:00:05+01:00", "event": "appActivated"}"#,
      #"{"at": "2026-03-02T08:00:06+01:00", "event": "tick"}"#,
      #"{"at": "2026-03-02T08:00:07+01:00", "event": "playbackStarted", "position": 12}"#,
      #"{"at": "2026-03-02T08:00:08+01:00", "event": "playbackPaused", "position": 13}"#,
      #"{"at": "2026-03-02T08:00:09+01:00", "event": "episodeEnded"}"#,
      #"{"at": "2026-03-02T08:00:10+01:00", "event": "remotePlay"}"#,
      #"{"at": "2026-03-02T08:00:11+01:00", "event": "manualSwitch", "queue": "up-next"}"#,
      #"{"at": "2026-03-02T08:00:12+01:00", "event": "answer", "answer": "dontAskAgain"}"#,
      #"{"at": "2026-03-02T08:00:13+01:00", "event": "carAnswer", "isCar": false}"#,
      #"{"at": "2026-03-02T08:00:14+01:00", "event": "undo"}"#,
    ]
    let timeline = try Timeline(json: Self.timeline(events.joined(separator: ",")))
    #expect(
      timeline.events.map(\.event) == [
        .carPlayConnected, .carPlayDisconnected,
        .audioRouteChanged(AudioPort(kind: .bluetooth, name: "Golf", identifier: "00:1A")),
        .motion(MotionSample([.automotive, .stationary], confidence: .low)), .focusFilterActivated(.sleep),
        .focusFilterDeactivated(.sleep), .appActivated, .tick, .playbackStarted(positionSeconds: 12),
        .playbackPaused(positionSeconds: 13), .episodeEnded, .remotePlayCommand, .manualSwitch(to: .upNext),
        .answer(.dontAskAgain), .carAnswer(isCar: false), .undo,
      ])
    #expect(timeline.events.first?.at == instant("2026-03-02T07:00:00Z"))
    #expect(timeline.settings.timeZone.identifier == "Europe/Berlin")
    #expect(timeline.settings.precedence == AutoSwitchSettings.defaultPrecedence)
    #expect(try Timeline(json: Array(timeline.jsonText().utf8)) == timeline)
  }

  @Test("settings are read: the precedence, what to do while an episode plays, the play guard")
  func settings() throws {
    let text = #"""
      {"version": 1, "timeZone": "America/New_York", "events": [],
       "settings": {"precedence": ["motion", "schedule", "audioOutput", "focusFilter", "bluetoothCar", "carPlay"],
                    "whileEpisodePlays": "ask", "playCommandGuardSeconds": 5}}
      """#
    let timeline = try Timeline(json: Array(text.utf8))
    #expect(timeline.settings.precedence == [.motion, .schedule, .audioOutput, .focusFilter, .bluetoothCar, .carPlay])
    #expect(timeline.settings.whileEpisodePlays == .ask)
    #expect(timeline.settings.playCommandGuardSeconds == 5)
  }

  static let at = #""at": "2026-03-02T08:00:00+01:00""#

  static let badTimelines: [(String, String, String)] = [
    ("{", "line 1, column 2", "malformed JSON: expected a key string"),
    (
      #"{"version": 1, "timeZone": "Europe/Berlin", "events": [}"#, "line 1, column 56",
      #"malformed JSON: unexpected character "}""#
    ),
    ("[]", "top level", "expected an object, found an array"),
    (#"{"timeZone": "Europe/Berlin", "events": []}"#, "version", "the field is missing"),
    (#"{"version": 2, "timeZone": "Europe/Berlin", "events": []}"#, "version", "must be 1, found 2"),
    (
      #"{"version": 1, "timeZone": "Mars/Olympus", "events": []}"#, "timeZone",
      #"not a time zone identifier such as "Europe/Berlin", found "Mars/Olympus""#
    ),
    (
      #"{"version": 1, "timeZone": "UTC", "events": [], "event": []}"#, "event",
      #"is not a member here (the members are "events", "settings", "timeZone", "version")"#
    ),
    (
      #"{"version": 1, "timeZone": "UTC", "events": [], "settings": {"precedence": ["carPlay", "carPlay"]}}"#,
      "settings.precedence", #"must name each of the six sources once, found ["carPlay", "carPlay"]"#
    ),
    (
      #"{"version": 1, "timeZone": "UTC", "events": [], "settings": {"precedence": ["car"]}}"#,
      "settings.precedence[0]",
      #"must be one of "carPlay", "bluetoothCar", "focusFilter", "audioOutput", "schedule", "motion", found "car""#
    ),
    (
      #"{"version": 1, "timeZone": "UTC", "events": [], "settings": {"playCommandGuardSeconds": -1}}"#,
      "settings.playCommandGuardSeconds", "must be from 0 to 3600, found -1"
    ),
    (
      String(
        decoding: timeline(
          #"{"at": "2026-03-02T08:00:00+01:00", "event": "tick"}, {"at": "2026-03-02T07:59:59+01:00", "event": "tick"}"#
        ), as: UTF8.self),
      "events[1].at",
      #"must not be before the previous event (2026-03-02T07:00:00Z), found "2026-03-02T07:59:59+01:00""#
    ),
    (
      String(decoding: timeline(#"{"at": "yesterday", "event": "tick"}"#), as: UTF8.self), "events[0].at",
      #"expected an ISO 8601 date and time such as "2026-01-31T08:00:00Z", found "yesterday""#
    ),
    (String(decoding: timeline(#"{"event": "tick"}"#), as: UTF8.self), "events[0].at", "the field is missing"),
    (String(decoding: timeline("[]"), as: UTF8.self), "events[0]", "expected an object, found an array"),
    (
      String(decoding: timeline(#"{\#(at), "event": "flying"}"#), as: UTF8.self), "events[0].event",
      #"must be one of "carPlayConnected", "carPlayDisconnected", "appActivated", "tick", "episodeEnded", "remotePlay", "undo", "audioRoute", "motion", "focusFilterActivated", "focusFilterDeactivated", "manualSwitch", "playbackStarted", "playbackPaused", "answer", "carAnswer", found "flying""#
    ),
    (
      String(decoding: timeline(#"{\#(at), "event": "playbackStarted", "postion": 3}"#), as: UTF8.self),
      "events[0].position", "the field is missing"
    ),
    (
      String(decoding: timeline(#"{\#(at), "event": "playbackStarted", "position": 3, "postion": 3}"#), as: UTF8.self),
      "events[0].postion", #"is not a member of a "playbackStarted" event (it has "position")"#
    ),
    (
      String(decoding: timeline(#"{\#(at), "event": "tick", "queue": "sleep"}"#), as: UTF8.self), "events[0].queue",
      #"is not a member of a "tick" event (it has none)"#
    ),
    (
      String(decoding: timeline(#"{\#(at), "event": "playbackPaused", "position": -1}"#), as: UTF8.self),
      "events[0].position", "must be from 0 to 31536000, found -1"
    ),
    (
      String(
        decoding: timeline(#"{\#(at), "event": "audioRoute", "port": "usb", "name": "x", "id": "y"}"#), as: UTF8.self),
      "events[0].port",
      #"must be one of "builtInSpeaker", "headphones", "airPods", "bluetooth", "airPlay", "carAudio", "other", found "usb""#
    ),
    (
      String(
        decoding: timeline(#"{\#(at), "event": "audioRoute", "port": "bluetooth", "name": "x", "id": ""}"#),
        as: UTF8.self),
      "events[0].id", #"must not be empty, found """#
    ),
    (
      String(
        decoding: timeline(#"{\#(at), "event": "motion", "flags": ["running", "flying"], "confidence": "high"}"#),
        as: UTF8.self),
      "events[0].flags[1]",
      #"must be one of "stationary", "walking", "running", "cycling", "automotive", "unknown", found "flying""#
    ),
    (
      String(decoding: timeline(#"{\#(at), "event": "answer", "answer": "maybe"}"#), as: UTF8.self), "events[0].answer",
      #"must be one of "yes", "no", "dontAskAgain", found "maybe""#
    ),
    (
      String(decoding: timeline(#"{\#(at), "event": "carAnswer", "isCar": "no"}"#), as: UTF8.self), "events[0].isCar",
      #"expected true or false, found "no""#
    ),
    (
      String(decoding: timeline(#"{\#(at), "event": "manualSwitch", "queue": ""}"#), as: UTF8.self), "events[0].queue",
      #"must not be empty, found """#
    ),
  ]

  @Test(
    "bad input names the place (the event's index and field, or the line and column) and the value",
    arguments: badTimelines)
  func badInput(text: String, location: String, reason: String) {
    #expect(throws: AutoSwitchError.invalidTimeline(location: location, reason: reason)) {
      try Timeline(json: Array(text.utf8))
    }
  }

  @Test("the error reads as a sentence")
  func message() {
    #expect(
      AutoSwitchError.invalidTimeline(location: "events[3].at", reason: "the field is missing").description
        == "timeline, events[3].at: the field is missing")
    #expect(
      AutoSwitchError.invalidPrecedence(["carPlay"]).description
        == #"precedence ["carPlay"]: must name each of "carPlay", "bluetoothCar", "focusFilter", "audioOutput", "schedule", "motion" exactly once"#
    )
  }

  @Test("a timeline over the event limit is refused as soon as the limit is passed, before it is parsed (issue 45, 6)")
  func eventLimitBeforeParsing() {
    // One event over the limit, then text that is not JSON: a full parse would stop at that text first.
    let event = Array(#"{"at": "2026-03-02T08:05:00Z", "event": "remotePlay"},"#.utf8)
    var bytes = Array(#"{"version": 1, "timeZone": "UTC", "events": ["#.utf8)
    bytes.reserveCapacity(bytes.count + event.count * (Timeline.maximumEventCount + 1) + 16)
    for _ in 0...Timeline.maximumEventCount { bytes += event }
    bytes += Array("not JSON".utf8)
    #expect(
      throws: AutoSwitchError.invalidTimeline(
        location: "events", reason: "must hold at most \(Timeline.maximumEventCount) events, has more")
    ) {
      try Timeline(json: bytes)
    }
  }

  @Test("the event count stops at the limit and counts only the top-level events array")
  func eventCount() {
    func count(_ text: String, limit: Int = 10) -> Int {
      Timeline.eventCount(in: Array(text.utf8), stoppingAfter: limit)
    }
    #expect(count(#"{"events": []}"#) == 0)
    #expect(count(#"{"events": [{"a": [1, 2]}, {"b": "x,]"}, 3]}"#) == 3)
    #expect(count(#"{"settings": {"events": [1, 2]}, "x": "\"events\"", "events": [1]}"#) == 1)
    #expect(count(#"{"events": [1, 2, 3, 4]}"#, limit: 2) == 3)
  }
}
