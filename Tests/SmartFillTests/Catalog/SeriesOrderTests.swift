import FillRules
import Foundation
import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Series order")
struct SeriesOrderTests {
  @Test("serial: season, then number, then date, then GUID; missing numbers last")
  func serial() {
    let show = Show(
      feedURL: "u", title: "S", ordering: .serial,
      episodes: [
        ep("no-season", minutes: 1, day: 0, season: nil, episode: 1),
        ep("s2e1", minutes: 1, day: 1, season: 2, episode: 1),
        ep("s1-unnumbered", minutes: 1, day: 0, season: 1, episode: nil),
        ep("s1e2-b", minutes: 1, day: 3, season: 1, episode: 2),
        ep("s1e2-a", minutes: 1, day: 3, season: 1, episode: 2),
        ep("s1e2-early", minutes: 1, day: 2, season: 1, episode: 2),
        ep("s1e1", minutes: 1, day: 9, season: 1, episode: 1),
      ])
    let order = SeriesOrder.indices(of: show).map { show.episodes[$0].guid }
    #expect(order == ["s1e1", "s1e2-early", "s1e2-a", "s1e2-b", "s1-unnumbered", "s2e1", "no-season"])
  }

  @Test("episodic: by date, then GUID, ignoring numbers")
  func episodic() {
    let show = Show(
      feedURL: "u", title: "E",
      episodes: [
        ep("b", minutes: 1, day: 1, episode: 1), ep("c", minutes: 1, day: 0, episode: 9), ep("a", minutes: 1, day: 1),
      ])
    #expect(SeriesOrder.indices(of: show).map { show.episodes[$0].guid } == ["c", "a", "b"])
  }

  @Test("the order is total: the same whatever order the feed lists the episodes in")
  func total() {
    for var trial in SeededCases(seed: 42, count: 500) {
      let catalog = randomCatalog(&trial.random, maximumShows: 1, maximumEpisodes: 8)
      var show = catalog.shows[0]
      let order = SeriesOrder.indices(of: show).map { show.episodes[$0].guid }
      show.episodes.shuffle(using: &trial.random)
      #expect(SeriesOrder.indices(of: show).map { show.episodes[$0].guid } == order, "\(trial)")
      #expect(order == Rules.seriesOrder(of: show).map(\.guid), "\(trial)")
      // Listed in series order, or newest first, as feeds do: the order needs no sort, and is the same.
      let sorted = Rules.seriesOrder(of: show)
      // And nearly so, one pair swapped (a trailer listed beside its season's first episode): the sort starts
      // from the way the feed runs, rising or falling.
      var swapped = sorted
      if sorted.count > 1 {
        swapped.swapAt(
          Int.random(in: sorted.indices, using: &trial.random), Int.random(in: sorted.indices, using: &trial.random))
      }
      for listed in [sorted, sorted.reversed(), swapped, swapped.reversed()] {
        var ordered = show
        ordered.episodes = listed
        #expect(SeriesOrder.indices(of: ordered).map { ordered.episodes[$0].guid } == order, "\(trial)")
      }
    }
  }
}
