import SmartFillSupport
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

@Suite("Tuning: how the engine works, never what it answers")
struct FillTuningTests {
  /// Knobs moved from their defaults, one way or several at once (a budget kept to a few dozen candidates' rows at
  /// least: see ``FillTuning/varietyBudget``).
  static func movedTuning(_ random: inout SeededGenerator, shows: Int) -> FillTuning {
    var tuning = FillTuning()
    if random.chance(1, in: 2) { tuning.lookaheadHeadSize = random.element(of: [1, 3, 16, 200, Int.max]) }
    if random.chance(1, in: 2) { tuning.seriesBatchSize = random.element(of: [1, 2, 7, Int.max]) }
    if random.chance(1, in: 2) { tuning.varietyBudget = random.element(of: [1 << 15, 1 << 18]) }
    if random.chance(1, in: 2) { tuning.varietyTailReach = random.element(of: [0, 300, 5_000]) }
    if random.chance(1, in: 2) { tuning.varietyWholeListBytes = random.element(of: [0, 4_096]) }
    if random.chance(1, in: 2) {
      tuning.varietyStart = random.element(of: [.plainSelection, .show(random.integer(in: 0...shows - 1))])
    }
    return tuning
  }

  @Test("on generated catalogs, every request is answered the same with the knobs moved as with the defaults")
  func sameAnswers() throws {
    var engines: [UInt64: FillEngine] = [:]
    for var trial in SeededCases(seed: 0x7_0E5, count: 120, minimum: 12) {
      let (subscriptions, seed) = trial.random.element(of: [(30, 11), (100, 1), (100, 42)] as [(Int, UInt64)])
      if engines[seed] == nil {
        engines[seed] = try FillEngine(catalog: CatalogGenerator(subscriptions: subscriptions, seed: seed).catalog())
      }
      let engine = engines[seed]!
      let shows = engine.catalog.shows
      let mode = trial.random.element(of: FillRequest.Mode.allCases)
      let request = FillRequest(
        mode: mode, targetSeconds: 60 * trial.random.element(of: [15, 45, 90, 480]),
        toleranceSeconds: trial.random.element(of: [180, 300]), aimSeconds: trial.random.element(of: [0, 60, 180]),
        priorityShows: (0..<trial.random.integer(in: 0...2)).map { _ in trial.random.element(of: shows).feedURL },
        excluded: Set(
          (0..<trial.random.integer(in: 0...10)).compactMap { _ in
            let show = trial.random.element(of: shows)
            return show.episodes.isEmpty
              ? nil : EpisodeID(feedURL: show.feedURL, guid: trial.random.element(of: show.episodes).guid)
          }))
      var moved = engine
      moved.tuning = Self.movedTuning(&trial.random, shows: shows.count)
      #expect(try moved.fill(request) == engine.fill(request), "\(trial): \(mode), \(moved.tuning)")
    }
  }
}
