import FillRules
import Foundation
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

/// Medium-sized catalogs (tens of candidates, several checkpoint blocks) against the plain implementation of
/// the rule (`FillTimeRule`: arrays of Booleans, no bitsets, no pruning, no common unit, no checkpoints).
@Suite("Candidates and pruning at medium size")
struct CandidateBuilderTests {
  @Test("the engine equals the plain rule on seeded catalogs of up to 160 episodes")
  func mediumCatalogs() throws {
    for var trial in SeededCases(seed: 0x3ED1_0A, count: 60) {
      let catalog = randomCatalog(
        &trial.random, maximumShows: 8, maximumEpisodes: 20, minuteScale: Bool.random(using: &trial.random))
      let priority = catalog.shows.map(\.feedURL).filter { _ in Int.random(in: 0..<6, using: &trial.random) == 0 }
      let items = Rules.fillTimeItems(catalog, priorityShows: priority, excluded: [])
      let total = items.reduce(0) { $0 + $1.seconds }
      let target = max(2, Int.random(in: 1...max(1, total / 2), using: &trial.random))
      let tolerance = min(target - 1, Int.random(in: 0...300, using: &trial.random))
      let window = (target - tolerance)...(target + tolerance)
      let aim = [0, 15, 60, 300][Int.random(in: 0..<4, using: &trial.random)]
      let expected = FillTimeRule(items: items).select(window: window, aim: aim)
      let result = try FillEngine(catalog: catalog).fill(
        FillRequest(
          mode: .fillTime, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim,
          priorityShows: priority))
      #expect(Set(result.entries.map(\.id)) == expected.taken, "\(trial)")
      #expect(result.totalSeconds == expected.total, "\(trial)")
    }
  }

  @Test("many equal durations: pruning keeps the oldest that can fit")
  func equalDurationsPruned() throws {
    let show = Show(feedURL: "u", title: "S", episodes: (0..<500).map { ep("e\($0)", minutes: 10, day: $0) })
    let result = try FillEngine(catalog: Catalog(shows: [show])).fill(
      FillRequest(mode: .fillTime, targetSeconds: 3600, toleranceSeconds: 0))
    #expect(result.entries.map(\.id.guid) == (0..<6).map { "e\($0)" })
  }

  @Test("split into a head and a tail solved from a multiset, the engine still equals the plain rule")
  func headAndTail() throws {
    let cases = SeededCases(seed: 0x7A11, count: 80)
    var ranPastTheHead = 0
    for var trial in cases {
      let catalog = randomCatalog(
        &trial.random, maximumShows: 8, maximumEpisodes: 20, minuteScale: Bool.random(using: &trial.random))
      let items = Rules.fillTimeItems(catalog, priorityShows: [], excluded: [])
      let total = items.reduce(0) { $0 + $1.seconds }
      let target = max(2, Int.random(in: 1...max(1, total * 3 / 4), using: &trial.random))
      let tolerance = min(target - 1, Int.random(in: 0...120, using: &trial.random))
      let window = (target - tolerance)...(target + tolerance)
      let aim = [0, 15, 60, 300][Int.random(in: 0..<4, using: &trial.random)]
      let expected = FillTimeRule(items: items).select(window: window, aim: aim)
      var engine = try FillEngine(catalog: catalog)
      engine.tuning.lookaheadHeadSize = Int.random(in: 1...12, using: &trial.random)
      let result = try engine.fill(
        FillRequest(mode: .fillTime, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim))
      let context = "\(trial): head \(engine.tuning.lookaheadHeadSize!)"
      #expect(Set(result.entries.map(\.id)) == expected.taken, "\(context)")
      #expect(result.totalSeconds == expected.total, "\(context)")
      let lastTaken = items.indices.last { expected.taken.contains(items[$0].id) } ?? 0
      if lastTaken >= engine.tuning.lookaheadHeadSize! { ranPastTheHead += 1 }
    }
    #expect(
      cases.meets(ranPastTheHead, atLeast: 21, ofFull: 80),
      "many cases should need the tail: \(ranPastTheHead) of \(cases.count) did")
  }
}

/// The rule checked at the benchmark's scale: full 100-subscription catalogs of the generator (about 5,500
/// episodes), with priority shows and exclusions, against the same plain implementation.
@Suite("The priority rule on full 100-subscription catalogs")
struct FullCatalogRuleTests {
  @Test("the engine's selection equals the plain rule's at 45 minutes, with priority shows and exclusions")
  func fullCatalogs() throws {
    for var trial in SeededCases(seed: 0x100_5CA1E, count: 6, minimum: 2) {
      let catalogSeed = UInt64.random(in: 1...3, using: &trial.random)
      let catalog = CatalogGenerator(subscriptions: 100, seed: catalogSeed).catalog()
      let ids = catalog.shows.flatMap { show in
        show.episodes.filter { !$0.isPlayed }.map { EpisodeID(feedURL: show.feedURL, guid: $0.guid) }
      }
      let priority = (0..<Int.random(in: 0...3, using: &trial.random)).map { _ in
        catalog.shows.randomElement(using: &trial.random)!.feedURL
      }
      let excluded = Set(
        (0..<Int.random(in: 0...20, using: &trial.random)).map { _ in ids.randomElement(using: &trial.random)! })
      let tolerance = [180, 300].randomElement(using: &trial.random)!
      let window = (2700 - tolerance)...(2700 + tolerance)
      let items = Rules.fillTimeItems(catalog, priorityShows: priority, excluded: excluded)
      // The request's default aim, a minute.
      let expected = FillTimeRule(items: items).select(window: window, aim: 60)
      let result = try FillEngine(catalog: catalog).fill(
        FillRequest(
          mode: .fillTime, targetSeconds: 2700, toleranceSeconds: tolerance, priorityShows: priority,
          excluded: excluded))
      let context = "\(trial): catalog seed \(catalogSeed), ±\(tolerance) s, \(items.count) candidates"
      #expect(items.count > 2000, "\(context): the catalog should be full size")
      #expect(Set(result.entries.map(\.id)) == expected.taken, "\(context)")
      #expect(result.totalSeconds == expected.total, "\(context)")
    }
  }

  @Test("the engine's selection equals the plain rule's at 8 hours on a full catalog")
  func eightHours() throws {
    let catalog = CatalogGenerator(subscriptions: 100, seed: 1).catalog()
    let priority = [catalog.shows[7].feedURL, catalog.shows[42].feedURL]
    let excluded = Set(
      catalog.shows[3].episodes.prefix(5).map { EpisodeID(feedURL: catalog.shows[3].feedURL, guid: $0.guid) })
    let window = (28_800 - 180)...(28_800 + 180)
    let items = Rules.fillTimeItems(catalog, priorityShows: priority, excluded: excluded)
    let expected = FillTimeRule(items: items).select(window: window, aim: 60)
    let result = try FillEngine(catalog: catalog).fill(
      FillRequest(mode: .fillTime, targetSeconds: 28_800, priorityShows: priority, excluded: excluded))
    #expect(items.count > 2000)
    #expect(Set(result.entries.map(\.id)) == expected.taken)
    #expect(result.totalSeconds == expected.total)
  }
}
