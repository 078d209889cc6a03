import FillRules
import Foundation
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

/// Medium-sized catalogs (tens of candidates, several checkpoint blocks) against the plain implementation of
/// the rule (`FillTimeRule`: arrays of Booleans, no bitsets, no pruning, no common unit, no checkpoints).
@Suite("Candidates and pruning at medium size")
struct CandidatesTests {
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

  @Test("a chain passing over unknown lengths counts every one past its limit, excluded ones left out (3,000 cases)")
  func chainCountsUnknownLengths() throws {
    let cases = SeededCases(seed: 0xC4A1_2C07, count: 3_000)
    var fullWithExclusions = (few: 0, many: 0)
    for var trial in cases {
      let catalog = randomCatalog(&trial.random, maximumShows: 2, maximumEpisodes: 40)
      // Up to twice as many distinct exclusions per show as a show may have for the count to look for each one.
      var excluded: Set<EpisodeID> = []
      for show in catalog.shows where !show.episodes.isEmpty {
        let count = Int.random(in: 0...(2 * FillTuning.fewExclusions), using: &trial.random)
        for episode in show.episodes.shuffled(using: &trial.random).prefix(count) {
          excluded.insert(EpisodeID(feedURL: show.feedURL, guid: episode.guid))
        }
      }
      let limit = 60 * Int.random(in: 1...120, using: &trial.random)
      let engine = try FillEngine(catalog: catalog)
      let request = FillRequest(mode: .continueSeries, targetSeconds: 3600, excluded: excluded)
      let context = RequestContext(index: engine.index, request: request, catalog: catalog)
      for (index, show) in catalog.shows.enumerated() {
        // The README's chain, passing over unknown lengths: those taken up to the first whose running total
        // passes the limit, and every unknown one counted.
        let chain = Rules.chain(of: show, excluding: excluded, unknownLength: .passOver)
        var expected: [String] = []
        var sum = 0
        for episode in chain where sum <= limit {
          expected.append(episode.guid)
          sum += episode.remainingSeconds!
        }
        let order = Rules.seriesOrder(of: show)
        let latest = order.lastIndex { $0.kind == .full && $0.isPlayed } ?? -1
        let unknown = order[(latest + 1)...].count {
          $0.kind == .full && !$0.isPlayed && $0.remainingSeconds == nil
            && !excluded.contains(EpisodeID(feedURL: show.feedURL, guid: $0.guid))
        }
        let found = context.chain(of: index, limit: limit, unknown: .skip)
        let label = "\(trial): show \(index), limit \(limit)"
        #expect(found.links.map { show.episodes[$0.episode].guid } == expected, "\(label)")
        #expect(found.skipped == unknown, "\(label)")
        #expect(found.stoppedAt == nil, "\(label)")
        let excludedHere = show.episodes.count { excluded.contains(EpisodeID(feedURL: show.feedURL, guid: $0.guid)) }
        if sum > limit, excludedHere > 0 {
          if excludedHere <= FillTuning.fewExclusions {
            fullWithExclusions.few += 1
          } else {
            fullWithExclusions.many += 1
          }
        }
      }
    }
    // Both ways of counting past a full chain were taken, many times.
    // The share leaves room for a quick run, whose tenth of the cases varies more than the whole.
    #expect(
      cases.meets(fullWithExclusions.few, atLeast: 250, ofFull: 3_000)
        && cases.meets(fullWithExclusions.many, atLeast: 250, ofFull: 3_000), "\(fullWithExclusions)")
  }
}
