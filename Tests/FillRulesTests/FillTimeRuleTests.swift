import FillRules
import SmartFill
import Testing

@Suite("Fill time's rule at size")
struct FillTimeRuleTests {
  @Test("the design's example: 40, 30 and 15 minutes at 45 ± 3 take 30 + 15")
  func designExample() {
    let show = Show(
      feedURL: "https://d.example", title: "D",
      episodes: [
        episode("a", minutes: 40, number: 1), episode("b", minutes: 30, number: 2),
        episode("c", minutes: 15, number: 3),
      ])
    let selection = FillTimeRule(catalog: Catalog(shows: [show]), priorityShows: [], excluded: [])
      .select(window: 2520...2880, aim: 60)
    #expect(selection.taken == Set(["b", "c"].map { EpisodeID(feedURL: show.feedURL, guid: $0) }))
    #expect(selection.total == 2700)
  }

  @Test("suffix sets give the brute force's selection, on small catalogs cut from generated ones")
  func againstBruteForce() {
    expectSameAsBruteForce(
      seed: 0xF1_7E, shows: 1...4, items: { Rules.fillTimeItems($0, priorityShows: $1, excluded: []) },
      rule: { _, _, items, window, aim in FillTimeRule(items: items).select(window: window, aim: aim) })
  }
}
