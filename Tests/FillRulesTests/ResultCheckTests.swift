import FillRules
import SmartFill
import Testing

/// The rules checked on hand-made results over a catalog of two shows.
@Suite("What every result must keep")
struct ResultCheckTests {
  static let sagaURL = "https://saga.example/feed.xml"
  static let dailyURL = "https://daily.example/feed.xml"
  /// "Saga" (serial: E1 played, then E2, E3, E4 of 20 minutes) and "Daily" (episodic: 40, 30, 15, 10 minutes).
  static let catalog = Catalog(shows: [
    Show(
      feedURL: sagaURL, title: "Saga", ordering: .serial,
      episodes: (1...4).map { episode("saga-\($0)", minutes: 20, number: 10 + $0, isPlayed: $0 == 1) }),
    Show(
      feedURL: dailyURL, title: "Daily",
      episodes: [(1, 40), (2, 30), (3, 15), (4, 10)].map { episode("daily-\($0)", minutes: $1, number: $0) }),
  ])

  static func entry(_ feedURL: String, _ guid: String, seconds: Int) -> FillResult.Entry {
    FillResult.Entry(
      id: EpisodeID(feedURL: feedURL, guid: guid), showTitle: "", title: "", seconds: seconds, season: nil,
      episode: nil, reason: .oldestUnplayed)
  }

  static func result(_ entries: [FillResult.Entry], mode: FillRequest.Mode = .fillTime) -> FillResult {
    FillResult(
      mode: mode, status: .filled, targetSeconds: 2700, toleranceSeconds: 180,
      totalSeconds: entries.reduce(0) { $0 + ($1.seconds ?? 0) }, entries: entries, explanation: nil, notes: [])
  }

  let check = ResultCheck(catalog: Self.catalog)
  let request = FillRequest(mode: .fillTime, targetSeconds: 2700)

  @Test("a valid fill breaks nothing")
  func valid() {
    let good = Self.result([
      Self.entry(Self.sagaURL, "saga-2", seconds: 1200), Self.entry(Self.dailyURL, "daily-3", seconds: 900),
      Self.entry(Self.dailyURL, "daily-4", seconds: 600),
    ])
    #expect(check.violations(of: good, for: request).isEmpty)
  }

  @Test("each broken rule is named")
  func broken() {
    let (saga, daily) = (Self.sagaURL, Self.dailyURL)
    let skipping = Self.result([Self.entry(saga, "saga-3", seconds: 1200)])
    #expect(check.violations(of: skipping, for: request).skipped == [saga])
    let played = Self.result([Self.entry(saga, "saga-1", seconds: 1200)])
    #expect(check.violations(of: played, for: request).invalid.contains("\(saga)#saga-1 is played"))
    let unknown = Self.result([Self.entry("https://x.example", "x", seconds: 60)])
    #expect(check.violations(of: unknown, for: request).invalid.first == "https://x.example#x is not in the catalog")
    let twice = Self.result([Self.entry(daily, "daily-4", seconds: 600), Self.entry(daily, "daily-4", seconds: 600)])
    #expect(check.violations(of: twice, for: request).invalid == ["\(daily)#daily-4 chosen twice"])
    let wrongTime = Self.result([Self.entry(daily, "daily-4", seconds: 60)])
    #expect(check.violations(of: wrongTime, for: request).invalid == ["\(daily)#daily-4 counts the wrong time"])
    let excluded = FillRequest(
      mode: .fillTime, targetSeconds: 2700, excluded: [EpisodeID(feedURL: daily, guid: "daily-4")])
    #expect(
      check.violations(of: Self.result([Self.entry(daily, "daily-4", seconds: 600)]), for: excluded).invalid
        == ["\(daily)#daily-4 was excluded"])
    var wrongTotal = Self.result([Self.entry(daily, "daily-4", seconds: 600)])
    wrongTotal.totalSeconds = 700
    #expect(check.violations(of: wrongTotal, for: request).invalid == ["total 700 is not the sum 600"])
    let over = Self.result([Self.entry(daily, "daily-1", seconds: 2400), Self.entry(daily, "daily-3", seconds: 900)])
    let overfilled = check.violations(of: over, for: request)
    #expect(overfilled.overfilledSeconds == 3300, "55 min over 45 ± 3")
    #expect(overfilled.sentences == ["total 3300 overfills the window"])
    let three = Self.result(
      [("daily-2", 1800), ("daily-3", 900), ("daily-4", 600)].map { Self.entry(daily, $0, seconds: $1) }, mode: .variety
    )
    let variety = FillRequest(mode: .variety, targetSeconds: 3300, toleranceSeconds: 300)
    #expect(check.violations(of: three, for: variety).threeInARow == daily)
  }

  @Test("in continue series every show's taken episodes are a prefix of its chain")
  func continueSeries() {
    let skipping = Self.result([Self.entry(Self.dailyURL, "daily-2", seconds: 1800)], mode: .continueSeries)
    let request = FillRequest(mode: .continueSeries, targetSeconds: 2700)
    #expect(check.violations(of: skipping, for: request).skipped == [Self.dailyURL])
    #expect(check.violations(of: skipping, for: self.request).isEmpty, "fill time takes an episodic show's any")
  }
}
