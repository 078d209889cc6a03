import Foundation
import QueueScreens
import Queues
import SmartFill
import Testing

@Suite("QueueEditor's rows")
struct QueueEditorRowsTests {
  static let catalog = Catalog(shows: [
    Show(
      feedURL: "https://show-a.example/feed", title: "Show A",
      episodes: [Episode(guid: "a", title: "Pilot", published: start, durationSeconds: 1200, season: 2, episode: 5)]),
    Show(
      feedURL: "https://show-c.example/feed", title: "Show C",
      episodes: [
        Episode(guid: "c", title: "Extra", published: start, durationSeconds: 600, season: 1, episode: 3, kind: .bonus),
        Episode(guid: "d", title: "Numbered", published: start, durationSeconds: 600, episode: 9),
      ]),
  ])

  @Test("episode rows: show, number or Bonus, length, and what they can do")
  func episodes() throws {
    let episodes = [
      reference("a", show: "Show A", title: "Pilot", seconds: 1200),
      reference("c", show: "Show C", title: "Extra", seconds: 600),
      reference("d", show: "Show C", title: "Numbered", seconds: 600),
      reference("b", show: "Show B", title: "Interview", seconds: nil),
      reference("e", show: "", title: "", seconds: 5400),
    ]
    let editor = try QueueEditor(editing: .commute, in: try library(episodes), catalog: Self.catalog)
    let rows = editor.episodeRows()
    #expect(
      rows.map(\.text) == [
        "Show A · S2E5 (20 min)", "Show C · Bonus (10 min)", "Show C · E9 (10 min)",
        "Show B · Interview (length unknown)", "Untitled episode (1 hr 30 min)",
      ])
    #expect(rows.map(\.isCurrent) == [true, false, false, false, false])
    #expect(rows.map(\.canMoveUp) == [false, true, true, true, true])
    #expect(rows.map(\.canMoveDown) == [true, true, true, true, false])
  }

  @Test("rule rows as sentences with their state")
  func rules() throws {
    var editor = try QueueEditor(editing: .commute, in: QueueLibrary(now: start))
    editor.draft.rules.append(
      AutoSwitchRule(
        .timeRange(TimeRange(start: TimeOfDay(hour: 7), end: TimeOfDay(hour: 9), weekdays: Weekday.workdays)),
        isEnabled: false, consent: .always))
    #expect(editor.ruleRows.map(\.text) == ["✓ When connected to car", "✗ Between 7–9 am on weekdays"])
    #expect(editor.ruleRows.map(\.consentText) == ["Asks first", "Switches without asking"])
  }

  @Test("the smart fill section")
  func smartFill() throws {
    var editor = try QueueEditor(editing: .commute, in: QueueLibrary(now: start))
    #expect(editor.smartFillSection() == nil)
    editor.draft.smartFillSettings = SmartFillSettings(
      mode: .continueSeries, targetSeconds: 2700, priorityShows: ["https://a", "https://b", "https://c"])
    #expect(
      editor.smartFillSection()?.lines == [
        "Target Duration: 45 minutes", "Mode: Continue Series", "Tolerance: 3 minutes", "Priority Shows: 3 selected",
        "Run Smart Fill Now",
      ])
    editor.draft.smartFillSettings = SmartFillSettings(mode: .continueSeries, targetSeconds: nil)
    #expect(editor.smartFillSection()?.targetText == "Target Duration: None")
    #expect(editor.smartFillSection()?.priorityText == "Priority Shows: None")
    editor.draft.smartFillSettings = SmartFillSettings(mode: .variety, targetSeconds: 3600, toleranceSeconds: 60)
    #expect(editor.smartFillSection()?.modeText == "Mode: Variety")
    #expect(editor.smartFillSection()?.toleranceText == "Tolerance: 1 minute")
  }
}
