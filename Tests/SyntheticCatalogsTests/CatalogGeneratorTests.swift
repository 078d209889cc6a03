import Foundation
import SmartFill
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@Suite("Catalog generator")
struct CatalogGeneratorTests {
  @Test("the same seed gives the same catalog; another seed another")
  func deterministic() {
    let first = CatalogGenerator(subscriptions: 40, seed: 5).catalog()
    #expect(first == CatalogGenerator(subscriptions: 40, seed: 5).catalog())
    #expect(first != CatalogGenerator(subscriptions: 40, seed: 6).catalog())
    // A catalog of N shows is a prefix of one of N + 1.
    #expect(Array(CatalogGenerator(subscriptions: 41, seed: 5).catalog().shows.prefix(40)) == first.shows)
  }

  // The benchmark's seeds, not random ones: the shape is the generator's average, which one seed in a few misses.
  @Test("100 subscriptions have the documented shape on the benchmark's seeds", arguments: [1, 2, 3] as [UInt64])
  func shape(seed: UInt64) throws {
    let catalog = CatalogGenerator(subscriptions: 100, seed: seed).catalog()
    #expect(catalog.shows.count == 100)
    let episodes = catalog.shows.flatMap(\.episodes)
    let unplayed = catalog.shows.map { $0.episodes.filter { !$0.isPlayed && $0.kind != .trailer }.count }
    let total = unplayed.reduce(0, +)
    #expect((3000...8000).contains(total), "about 5,000 unplayed episodes, got \(total)")
    #expect(unplayed.contains(0), "some shows are caught up")
    #expect((unplayed.max() ?? 0) >= 150, "a heavy tail: some shows have hundreds")
    let serial = catalog.shows.filter { $0.ordering == .serial }
    #expect((10...45).contains(serial.count))
    #expect(serial.contains { show in Set(show.episodes.compactMap(\.season)).count > 1 })
    #expect(episodes.contains { $0.kind == .trailer })
    #expect(episodes.contains { $0.kind == .bonus })
    #expect(episodes.contains { $0.playedSeconds > 0 && !$0.isPlayed })
    #expect(episodes.contains { $0.durationSeconds == nil })
    #expect(episodes.contains { ($0.durationSeconds ?? 999) < 120 })
    #expect(episodes.contains { ($0.durationSeconds ?? 0) > 5400 })
    #expect(episodes.contains { $0.durationSeconds.map { (300...900).contains($0) } ?? false })
    #expect(catalog.shows.contains { $0.recentListeningSeconds == 0 })
    #expect(catalog.shows.contains { $0.recentListeningSeconds > 3600 })
    #expect(catalog.shows.allSatisfy { !$0.categories.isEmpty })
    // Repeated and missing episode numbers within a serial show.
    let repeats = serial.contains { show in
      let keys = show.episodes.filter { $0.kind == .full }.compactMap { e in e.episode.map { "\(e.season ?? -1)-\($0)" }
      }
      return Set(keys).count < keys.count
    }
    #expect(repeats)
    #expect(serial.contains { $0.episodes.contains { $0.kind == .full && $0.episode == nil } })
  }

  @Test("every generated catalog is valid catalog JSON and reads back equal")
  func validJSON() throws {
    for trial in SeededCases(seed: 0x7A_1D, count: 5) {
      let catalog = CatalogGenerator(subscriptions: 30, seed: trial.seed).catalog()
      let data = catalog.jsonData()
      #expect(Catalog.problems(inJSON: data).isEmpty, "\(trial)")
      #expect(try Catalog(json: data) == catalog, "\(trial)")
    }
  }
}
