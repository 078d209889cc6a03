import DesignBaseline
import Foundation
import SmartFill
import SyntheticCatalogs
import Testing

@Suite("The design's algorithms")
struct DesignBaselineTests {
  func show(_ url: String, _ minutes: [Int], serial: Bool = false, listening: Int = 0) -> Show {
    Show(
      feedURL: url, title: url, ordering: serial ? .serial : .episodic, recentListeningSeconds: listening,
      episodes: minutes.enumerated().map { offset, minutes in
        Episode(
          guid: "\(url)-\(offset)", published: Date(timeIntervalSince1970: Double(offset) * 86_400),
          durationSeconds: minutes * 60, season: serial ? 1 : nil, episode: serial ? offset + 1 : nil)
      })
  }

  @Test("greedy fill takes 40 of 40, 30 and 15 minutes and ends short of 45 ± 3")
  func greedyMisses() {
    let catalog = Catalog(shows: [show("a", [40, 30, 15])])
    let greedy = DesignBaseline.greedyFill(catalog, targetSeconds: 2700, toleranceSeconds: 180)
    #expect(greedy.totalSeconds == 2400)
    #expect(greedy.episodes.count == 1)
  }

  @Test("the continue-series loop overshoots by a whole episode")
  func continueOvershoots() {
    let catalog = Catalog(shows: [show("a", [30, 20], serial: true, listening: 10), show("b", [25], serial: true)])
    let design = DesignBaseline.continueSeries(catalog, targetSeconds: 45 * 60)
    #expect(design.totalSeconds == 55 * 60)
    #expect(design.episodes.map(\.guid) == ["a-0", "b-0"])
  }
}
