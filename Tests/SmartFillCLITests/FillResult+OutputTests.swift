import SmartFill
import SmartFillSupport
import Testing

@testable import SmartFillCLI

@Suite("Fill result output")
struct FillResultOutputTests {
  func entry(_ show: String, _ title: String, _ seconds: Int?, season: Int? = nil, episode: Int? = nil)
    -> FillResult.Entry
  {
    FillResult.Entry(
      id: EpisodeID(feedURL: "https://" + show, guid: title), showTitle: show, title: title, seconds: seconds,
      season: season, episode: episode, reason: .oldestUnplayed)
  }

  @Test("the table aligns columns, cuts long text and shows a short total with its message")
  func table() {
    let result = FillResult(
      mode: .variety, status: .short, targetSeconds: 7200, toleranceSeconds: 120, totalSeconds: 3725,
      entries: [
        entry("A very long show title that goes on and on", "Line one\nline two", 3600, episode: 12),
        entry("B", String(repeating: "x", count: 60), 125, season: 3),
      ],
      explanation: .windowUnreachable(window: 7080...7320, closestSeconds: 3725))
    let expected = """
      #  SHOW                          EPISODE  TITLE                                                TIME  WHY
      1  A very long show title that…  E12      Line one line two                                 1:00:00  oldest unplayed
      2  B                             S3       xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…     2:05  oldest unplayed

      Total 1:02:05 for a target of 2:00:00 ± 2:00 (-57:55): short, 2 episodes, variety
      No combination of the available episodes reaches 1 h 58 min–2 h 2 min; the closest is 1 h 2 min 5 s.

      """
    #expect(result.table() == expected)
  }

  @Test("without a target the total says so, and an empty queue has no table")
  func noTarget() {
    let result = FillResult(
      mode: .continueSeries, status: .empty, targetSeconds: nil, toleranceSeconds: 180, totalSeconds: 0,
      entries: [], explanation: .noEpisodes)
    #expect(
      result.table()
        == "Total 0:00, no target: empty, 0 episodes, continue-series\nNo episodes available. Subscribe to more shows?\n"
    )
  }

  @Test(
    "the explanation in the JSON document: its kind and its figures",
    arguments: [
      (FillResult.Explanation.noEpisodes, #"{"kind":"noEpisodes"}"#),
      (.everythingPlayed, #"{"kind":"everythingPlayed"}"#),
      (.everythingExcluded(count: 4), #"{"kind":"everythingExcluded","count":4}"#),
      (.noKnownDuration(count: 3), #"{"kind":"noKnownDuration","count":3}"#),
      (
        .nothingShortEnough(window: 2520...2880),
        #"{"kind":"nothingShortEnough","windowLowSeconds":2520,"windowHighSeconds":2880}"#
      ),
      (
        .windowUnreachable(window: 2520...2880, closestSeconds: 1500),
        #"{"kind":"windowUnreachable","windowLowSeconds":2520,"windowHighSeconds":2880,"closestSeconds":1500}"#
      ),
      (
        .varietyConflict(window: 60...120, closestSeconds: 50),
        #"{"kind":"varietyConflict","windowLowSeconds":60,"windowHighSeconds":120,"closestSeconds":50}"#
      ),
    ])
  func explanationJSON(_ explanation: FillResult.Explanation, text: String) {
    #expect(JSONWriter.text(explanation.jsonNode, style: .compact) == text)
  }

  @Test("clock times")
  func clock() {
    #expect(ClockText.clock(0) == "0:00")
    #expect(ClockText.clock(59) == "0:59")
    #expect(ClockText.clock(3600) == "1:00:00")
    #expect(ClockText.clock(-61) == "-1:01")
    #expect(ClockText.minutes(90) == "1.5 min")
  }
}

@Suite("Fill result output: hostile titles")
struct FillResultHostileOutputTests {
  @Test("control characters in titles are shown escaped, never sent to the terminal")
  func controlCharacters() {
    let result = FillResult(
      mode: .fillTime, status: .filled, targetSeconds: 60, toleranceSeconds: 0, totalSeconds: 60,
      entries: [
        FillResult.Entry(
          id: EpisodeID(feedURL: "https://e", guid: "g"), showTitle: "Show\u{1B}[31m",
          title: "\u{1B}]0;PWNED\u{07}\u{1B}[2J", seconds: 60, season: nil, episode: nil, reason: .oldestUnplayed)
      ], explanation: nil)
    let table = result.table()
    #expect(!table.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(table.contains(#"\e]0;PWNED\u{7}\e[2J"#))
    #expect(table.contains(#"Show\e[31m"#))
  }
}
