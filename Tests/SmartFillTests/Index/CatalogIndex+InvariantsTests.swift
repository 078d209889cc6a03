import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("The index's invariants")
struct CatalogIndexInvariantsTests {
  @Test("an index built from a catalog holds them")
  func built() {
    for var trial in SeededCases(seed: 0x1_4A_71, count: 300) {
      let catalog = randomCatalog(&trial.random, maximumShows: 8, maximumEpisodes: 12)
      #expect(CatalogIndex(catalog).invariantViolations().isEmpty, "\(trial)")
    }
  }

  @Test("each broken invariant is named")
  func broken() throws {
    var random = SeededGenerator(seed: 7)
    var catalog = randomCatalog(&random, maximumShows: 6, maximumEpisodes: 10)
    catalog.shows.append(
      Show(feedURL: "https://z.example", title: "Z", episodes: (0..<4).map { ep("z\($0)", minutes: 10, day: $0) }))
    let index = CatalogIndex(catalog)
    try #require(index.invariantViolations().isEmpty && index.freeOrder.count > 2)
    func broken(_ change: (inout CatalogIndex) -> Void) -> String {
      var copy = index
      change(&copy)
      return copy.invariantViolations().joined(separator: "; ")
    }
    #expect(broken { $0.listening.append(0) }.contains("listening has"))
    #expect(broken { $0.feedRank.reverse() }.contains("feedRank"))
    #expect(broken { $0.freeOrder.reverse() }.contains("freeOrder is not in priority order"))
    #expect(broken { $0.freeOrder[1].freeRank += 1 }.contains("freeRank"))
    #expect(broken { $0.freeOrder[1].sameDurationRank += 1 }.contains("sameDurationRank"))
    #expect(broken { $0.freeByShow.reverse() }.contains("freeByShow"))
    #expect(broken { $0.freeByDuration.reverse() }.contains("freeByDuration"))
    #expect(broken { $0.seriesOrder.removeLast() }.contains("seriesOrder"))
    #expect(broken { $0.durationUnit = 7 }.contains("durationUnit"))
    #expect(broken { $0.showIndexByURL["https://z.example"] = 0 }.contains("showIndexByURL"))
  }
}
