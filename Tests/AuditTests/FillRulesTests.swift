import Foundation
import SmartFill
import Testing

@testable import Audit

/// The rules checked without the engine, on hand-made results over the fixture catalog.
@Suite("Fill rules")
struct FillRulesTests {
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

  let rules = FillRules(catalog: fixtureCatalog)
  let request = FillRequest(mode: .fillTime, targetSeconds: 2700)

  @Test("Saga's chain starts after the played Chapter 1")
  func chain() {
    #expect(FillRules.chain(of: fixtureCatalog.shows[0], excluding: []) == ["saga-2", "saga-3", "saga-4"])
    let excluded: Set = [EpisodeID(feedURL: sagaURL, guid: "saga-3")]
    #expect(FillRules.chain(of: fixtureCatalog.shows[0], excluding: excluded) == ["saga-2", "saga-4"])
  }

  @Test("an episodic show's chain passes over an episode of unknown length; a serial show's stops before it")
  func unknownLengths() {
    let episodes = (1...3).map { number in
      Episode(
        guid: "e\(number)", title: "E\(number)", published: day(number), durationSeconds: number == 2 ? nil : 600,
        season: 1, episode: number)
    }
    let episodic = Show(feedURL: "https://e.example", title: "E", ordering: .episodic, episodes: episodes)
    #expect(FillRules.chain(of: episodic, excluding: []) == ["e1", "e3"])
    let serial = Show(feedURL: "https://s.example", title: "S", ordering: .serial, episodes: episodes)
    #expect(FillRules.chain(of: serial, excluding: []) == ["e1"])
    #expect(FillRules.chain(of: serial, excluding: [], includingUnknown: true) == ["e1", "e2", "e3"])
  }

  @Test("a valid fill breaks nothing")
  func valid() {
    let good = Self.result([
      Self.entry(sagaURL, "saga-2", seconds: 1200), Self.entry(dailyURL, "daily-3", seconds: 900),
      Self.entry(dailyURL, "daily-4", seconds: 600),
    ])
    #expect(rules.violations(of: good, for: request) == FillRules.Violations())
  }

  @Test("each broken rule is named")
  func broken() {
    let skipping = Self.result([Self.entry(sagaURL, "saga-3", seconds: 1200)])
    #expect(rules.violations(of: skipping, for: request).skipped == [sagaURL])
    let played = Self.result([Self.entry(sagaURL, "saga-1", seconds: 1200)])
    #expect(rules.violations(of: played, for: request).invalid.contains("\(sagaURL)#saga-1 is played"))
    let unknown = Self.result([Self.entry("https://x.example", "x", seconds: 60)])
    #expect(rules.violations(of: unknown, for: request).invalid.first == "https://x.example#x is not in the catalog")
    let twice = Self.result([
      Self.entry(dailyURL, "daily-4", seconds: 600), Self.entry(dailyURL, "daily-4", seconds: 600),
    ])
    #expect(rules.violations(of: twice, for: request).invalid == ["\(dailyURL)#daily-4 chosen twice"])
    let wrongTime = Self.result([Self.entry(dailyURL, "daily-4", seconds: 60)])
    #expect(rules.violations(of: wrongTime, for: request).invalid == ["\(dailyURL)#daily-4 counts the wrong time"])
    let over = Self.result([
      Self.entry(dailyURL, "daily-1", seconds: 2400), Self.entry(dailyURL, "daily-3", seconds: 900),
    ])
    #expect(rules.violations(of: over, for: request).overfilledSeconds == 3300, "55 min over 45 ± 3")
    let three = Self.result(
      ["daily-2", "daily-3", "daily-4"].map {
        Self.entry(dailyURL, $0, seconds: [1800, 900, 600][Int($0.suffix(1))! - 2])
      },
      mode: .variety)
    let variety = FillRequest(mode: .variety, targetSeconds: 3300, toleranceSeconds: 300)
    #expect(rules.violations(of: three, for: variety).threeInARow == dailyURL)
  }
}
