import FillRules
import Foundation
import SmartFill
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

/// 2024-01-01T00:00:00Z plus `days`.
func day(_ days: Int) -> Date { Date(timeIntervalSince1970: 1_704_067_200 + Double(days) * 86_400) }

/// An episode of `minutes` minutes (`nil`: of unknown length), season 1, number `number`, published on day
/// `number`.
func episode(
  _ guid: String, minutes: Int?, number: Int, kind: Episode.Kind = .full, isPlayed: Bool = false
) -> Episode {
  Episode(
    guid: guid, title: guid, published: day(number), durationSeconds: minutes.map { $0 * 60 }, season: 1,
    episode: number, kind: kind, isPlayed: isPlayed)
}

/// The GUIDs of `episodes`.
func guids(_ episodes: [Episode]) -> [String] { episodes.map(\.guid) }

/// A small catalog cut from a generated one (so that its shows are as varied as the benchmark's: serial and
/// episodic, played, partly played, bonus and trailer episodes, unknown lengths): `shows` shows of the
/// generator's `seed`, each with its first `episodes` episodes.
func smallCatalog(seed: UInt64, shows: Int, episodes: Int) -> Catalog {
  var catalog = CatalogGenerator(subscriptions: shows, seed: seed).catalog()
  for index in catalog.shows.indices {
    catalog.shows[index].episodes = Array(catalog.shows[index].episodes.prefix(episodes))
  }
  return catalog
}

/// Expects `rule` to choose as the brute force (``Rules/select(_:window:aim:admits:)``) over the items `items`
/// gives, on small catalogs cut from generated ones (up to `shows` shows), with random priority shows, targets
/// and aims; most cases land in the window.
func expectSameAsBruteForce(
  seed: UInt64, shows: ClosedRange<Int>, items: (Catalog, [String]) -> [Rules.Item],
  rule: (Catalog, [String], [Rules.Item], ClosedRange<Int>, Int) -> (taken: Set<EpisodeID>, total: Int),
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var feasible = 0
  let cases = SeededCases(seed: seed, count: 400)
  for var trial in cases {
    let catalog = smallCatalog(
      seed: trial.random.next(), shows: Int.random(in: shows, using: &trial.random), episodes: 4)
    let priority = catalog.shows.map(\.feedURL).filter { _ in trial.random.chance(1, in: 4) }
    let items = items(catalog, priority)
    guard items.count <= 16 else { continue }
    let target = 60 * Int.random(in: 1...180, using: &trial.random)
    let window = max(1, target - 180)...(target + 180)
    let aim = trial.random.element(of: [0, 60, 180])
    let expected = Rules.select(items, window: window, aim: aim)
    let selection = rule(catalog, priority, items, window, aim)
    #expect(
      selection.taken == Set(expected.taken.map { items[$0].id }), "\(trial): \(window), aim \(aim)",
      sourceLocation: sourceLocation)
    #expect(selection.total == expected.total, "\(trial)", sourceLocation: sourceLocation)
    if expected.inWindow { feasible += 1 }
  }
  #expect(cases.meets(feasible, atLeast: 40, ofFull: 400), "\(feasible) feasible", sourceLocation: sourceLocation)
}

/// Serial "S" (listened to: s1 of 10 minutes played, then its chain s2 and s3 of 20 and 30, and bonus sb of 5)
/// and episodic "E" (e1 of 8 minutes and e2 of 7, older).
let twoShows = Catalog(shows: [
  Show(
    feedURL: "https://s.example", title: "S", ordering: .serial, recentListeningSeconds: 60,
    episodes: [
      episode("s1", minutes: 10, number: 11, isPlayed: true), episode("s2", minutes: 20, number: 12),
      episode("s3", minutes: 30, number: 13), episode("sb", minutes: 5, number: 10, kind: .bonus),
    ]),
  Show(
    feedURL: "https://e.example", title: "E",
    episodes: [episode("e2", minutes: 7, number: 2), episode("e1", minutes: 8, number: 1)]),
])
