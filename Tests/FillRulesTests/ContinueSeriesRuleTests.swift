import FillRules
import SmartFill
import Testing

@Suite("Continue series' rule at size")
struct ContinueSeriesRuleTests {
  /// A (listened to most) has 10 and 20 minutes, B 30 minutes; at 30 ± 0 minutes the rule takes A's first
  /// (10 + 20 reaches 30), passes over B's (40 and 60 do not) and closes B, then takes A's second: 30 minutes.
  @Test("a hand-worked case: the rule goes round by round, closes a show passed over, and stops in the window")
  func handWorked() throws {
    let a = Show(
      feedURL: "https://a.example/feed", title: "A", ordering: .serial, recentListeningSeconds: 100,
      episodes: [episode("a1", minutes: 10, number: 1), episode("a2", minutes: 20, number: 2)])
    let b = Show(
      feedURL: "https://b.example/feed", title: "B", ordering: .serial,
      episodes: [episode("b1", minutes: 30, number: 1)])
    let catalog = Catalog(shows: [b, a])
    let rule = ContinueSeriesRule(catalog: catalog, priorityShows: [], excluded: [])
    #expect(rule.chains.map { $0.map(\.id.guid) } == [["a1", "a2"], ["b1"]])
    let selection = rule.select(window: 1_800...1_800, aim: 0)
    #expect(selection.taken == [EpisodeID(feedURL: a.feedURL, guid: "a1"), EpisodeID(feedURL: a.feedURL, guid: "a2")])
    #expect(selection.total == 1_800)
    // B first as a priority show: its 30 minutes land alone, and A's 10 then cannot be completed.
    let priority = ContinueSeriesRule(catalog: catalog, priorityShows: [b.feedURL], excluded: [])
      .select(window: 1_800...1_800, aim: 0)
    #expect(priority.taken == [EpisodeID(feedURL: b.feedURL, guid: "b1")])
    #expect(priority.total == 1_800)
  }

  /// B (listened to most) has 20 and 5 minutes, A 10 and 5; at 15 ± 0 minutes B's 20 is passed over, which
  /// closes B: A's 10 and 5 land it, never B's 5 (which would follow an episode not taken).
  @Test("a show passed over is closed: its later episodes are not offered")
  func passedOverShowIsClosed() throws {
    let b = Show(
      feedURL: "https://b.example/feed", title: "B", ordering: .serial, recentListeningSeconds: 100,
      episodes: [episode("b1", minutes: 20, number: 1), episode("b2", minutes: 5, number: 2)])
    let a = Show(
      feedURL: "https://a.example/feed", title: "A", ordering: .serial, recentListeningSeconds: 50,
      episodes: [episode("a1", minutes: 10, number: 1), episode("a2", minutes: 5, number: 2)])
    let selection = ContinueSeriesRule(catalog: Catalog(shows: [a, b]), priorityShows: [], excluded: [])
      .select(window: 900...900, aim: 0)
    #expect(selection.taken == [EpisodeID(feedURL: a.feedURL, guid: "a1"), EpisodeID(feedURL: a.feedURL, guid: "a2")])
    #expect(selection.total == 900)
  }

  @Test("completions recomputed per decision give the brute force's selection, on small catalogs")
  func againstBruteForce() {
    expectSameAsBruteForce(
      seed: 0xC0_5E, shows: 1...5, items: { Rules.roundRobinItems($0, priorityShows: $1, excluded: []) },
      rule: { catalog, priority, _, window, aim in
        ContinueSeriesRule(catalog: catalog, priorityShows: priority, excluded: []).select(window: window, aim: aim)
      })
  }
}
