import FillRules
import SmartFill
import Testing

@Suite("Candidates in the order a mode visits them")
struct RulesItemTests {
  @Test("fill time: each free episode a group, a serial show's chain one group, the groups in priority order")
  func fillTime() {
    let items = Rules.fillTimeItems(twoShows, priorityShows: [], excluded: [])
    #expect(items.map(\.id.guid) == ["sb", "s2", "s3", "e1", "e2"])
    #expect(items.map(\.chain) == [nil, 0, 0, nil, nil])
    #expect(items.map(\.link) == [0, 0, 1, 0, 0])
    #expect(items.map(\.seconds) == [300, 1200, 1800, 480, 420])
    let prioritized = Rules.fillTimeItems(twoShows, priorityShows: ["https://e.example"], excluded: [])
    #expect(prioritized.map(\.id.guid) == ["e1", "e2", "sb", "s2", "s3"])
  }

  @Test("continue series: the shows' chains in show priority order, visited round by round")
  func continueSeries() {
    let chains = Rules.continueSeriesChains(twoShows, priorityShows: [], excluded: [])
    #expect(chains.map(\.show) == [0, 1])
    #expect(chains.map { guids($0.episodes) } == [["s2", "s3"], ["e1", "e2"]])
    let items = Rules.roundRobinItems(twoShows, priorityShows: ["https://e.example"], excluded: [])
    #expect(items.map(\.id.guid) == ["e1", "s2", "e2", "s3"])
    #expect(items.map(\.link) == [0, 0, 1, 1])
  }
}
