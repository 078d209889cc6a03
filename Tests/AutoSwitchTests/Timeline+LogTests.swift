import AutoSwitch
import Foundation
import Queues
import Testing

@Suite("A timeline's log")
struct TimelineLogTests {
  static func run() throws -> (Timeline, [Timeline.Entry], QueueLibrary) {
    var library = sampleLibrary()
    try library.recordConsent(.always, forRule: 0, of: .commute)
    let timeline = Timeline(
      settings: AutoSwitchSettings(timeZone: berlin),
      events: [
        Timeline.Event(at: instant("2026-03-02T08:00:00+01:00"), .playbackPaused(positionSeconds: 120)),
        Timeline.Event(at: instant("2026-03-02T08:05:00+01:00"), .carPlayConnected),
        Timeline.Event(at: instant("2026-03-02T08:05:02+01:00"), .remotePlayCommand),
        Timeline.Event(at: instant("2026-03-02T08:06:00+01:00"), .undo),
      ])
    let (log, final) = timeline.run(on: library)
    return (timeline, log, final)
  }

  @Test("as text: local time, event, decision and reason; the active queue and the switches last")
  func text() throws {
    let (timeline, log, library) = try Self.run()
    let expected = """
      2026-03-02 08:00:00 +01:00  playbackPaused at 120 s
          none — no rule fires
      2026-03-02 08:05:00 +01:00  carPlayConnected
          notice: Switched to 🚗 Commute: CarPlay connected [Undo] — to 🚗 Commute, saved at 120 s, resumes \
      "Episode c1" at 754 s, paused — CarPlay connected; rule Car of 🚗 Commute; you chose Always
      2026-03-02 08:05:02 +01:00  remotePlay
          hold playback — the play command came 2 s after CarPlay connected; a context change alone never starts \
      playback
      2026-03-02 08:06:00 +01:00  undo
          none — undone to 📋 Up Next; no automatic switch until the context changes
      active queue: 📋 Up Next; 1 switch

      """
    #expect(timeline.logText(log, library: library) == expected)
    #expect(library.upNext.current?.playbackPositionSeconds == 120)
  }

  @Test("as JSON: each entry with its time in UTC, its event and its decision")
  func json() throws {
    let (timeline, log, library) = try Self.run()
    let text = timeline.logJSON(log, library: library)
    let entry = #"""
            "decision": {
              "action": "notice",
              "from": "up-next",
              "to": "commute",
              "savedPositionSeconds": 120,
              "resume": {
                "feedURL": "https://example.com/show.xml",
                "episodeGUID": "c1",
                "positionSeconds": 754
              },
              "keepsPlaying": false,
              "notice": "Switched to 🚗 Commute: CarPlay connected",
              "reason": "CarPlay connected; rule Car of 🚗 Commute; you chose Always"
            }
      """#
    #expect(text.contains(entry), "\(text)")
    #expect(text.hasPrefix("{\n  \"entries\": [\n    {\n      \"at\": \"2026-03-02T07:00:00Z\",\n      \"event\": {\n"))
    #expect(text.hasSuffix("  \"activeQueueID\": \"up-next\",\n  \"switchCount\": 1\n}\n"))
  }

  @Test("the example under Datasets/ is the tests' sample library and its commuter timeline")
  func dataset() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Datasets/timelines")
    let store = try Data(contentsOf: folder.appendingPathComponent("commuter-queues.json"))
    #expect(try QueueLibrary(json: store) == sampleLibrary(), "remake it with sampleLibrary().jsonText()")
    let timeline = try Timeline(json: try Data(contentsOf: folder.appendingPathComponent("commuter.json")))
    let (log, library) = timeline.run(on: try QueueLibrary(json: store))
    let actions = log.map { entry -> String in
      switch entry.decision.action {
      case .none: return "-"
      case .ask: return "ask"
      case .askIsCar: return "isCar"
      case .switchNow: return "switch"
      case .switchAtEpisodeEnd: return "atEnd"
      case .notice: return "notice"
      case .holdPlayback: return "hold"
      }
    }
    #expect(
      actions == [
        "-", "-", "ask", "-", "atEnd", "notice", "-", "-", "-", "-", "isCar", "-", "hold", "ask", "-", "-", "-", "-",
        "notice", "hold", "-", "-", "-",
      ])
    #expect(library.activeQueueID == .commute)
    #expect(library.knownAudioDevice("F4:5C:89:00:00:02")?.isCar == false)
  }
}
