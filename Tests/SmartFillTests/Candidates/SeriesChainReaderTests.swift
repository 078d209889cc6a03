import FillRules
import Foundation
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

@Suite("Series chains read as needed")
struct SeriesChainReaderTests {
  /// A random request against `catalog`: some priority shows and excluded episodes.
  static func randomRequest(
    _ catalog: Catalog, target: Int, tolerance: Int = 60, aim: Int = 60, _ random: inout SeededGenerator
  ) -> FillRequest {
    let priority = catalog.shows.map(\.feedURL).filter { _ in Int.random(in: 0..<8, using: &random) == 0 }
    let excluded = Set(
      catalog.shows.flatMap { show in show.episodes.map { EpisodeID(feedURL: show.feedURL, guid: $0.guid) } }
        .filter { _ in Int.random(in: 0..<10, using: &random) == 0 })
    return FillRequest(
      mode: .continueSeries, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim,
      priorityShows: priority, excluded: excluded)
  }

  /// Expects `result` to be `expected`: the same entries, status, total and notes.
  static func expectSame(_ result: FillResult, _ expected: FillResult, _ context: String) {
    #expect(result.entries.map(\.id) == expected.entries.map(\.id), "\(context)")
    #expect(result.status == expected.status, "\(context)")
    #expect(result.totalSeconds == expected.totalSeconds, "\(context)")
    #expect(result.notes == expected.notes, "\(context)")
  }

  @Test("the chains come in priority order, and the bound is the shortest first episode of those not read")
  func orderAndBound() throws {
    let cases = SeededCases(seed: 0x0D_E12, count: 500)
    var bounded = 0
    for var trial in cases {
      let catalog = randomCatalog(&trial.random, maximumShows: 20, maximumEpisodes: 5)
      let engine = try FillEngine(catalog: catalog)
      let limit = Int.random(in: 6...120, using: &trial.random) * 60
      let request = Self.randomRequest(catalog, target: limit - 60, &trial.random)
      let context = RequestContext(index: engine.index, request: request, catalog: catalog)
      let unit = engine.index.durationUnit
      // The model: the shows in the rules' order, each one's chain gathered on its own and cut where its total
      // passes the limit.
      let model = Rules.continueSeriesChains(catalog, priorityShows: request.priorityShows, excluded: request.excluded)
        .map { chain in
          var sum = 0
          let seconds = chain.episodes.map { $0.remainingSeconds! }.prefix { seconds in
            defer { sum += seconds }
            return sum <= limit
          }
          return (show: chain.show, seconds: Array(seconds))
        }
      var all = SeriesChainReader(context, upTo: limit, unit: unit)
      all.read(atLeast: Int.max)
      let label = "\(trial)"
      #expect(all.shows == model.map(\.show), "\(label)")
      #expect(all.durations == model.flatMap { $0.seconds.map { $0 / unit } }, "\(label)")
      #expect(all.followingBound() == nil, "\(label)")
      for count in 0...model.count {
        var reader = SeriesChainReader(context, upTo: limit, unit: unit)
        reader.read(atLeast: count)
        let expected = model[count...].compactMap { $0.seconds[0] <= limit ? $0.seconds[0] / unit : nil }.min()
        #expect(reader.chainCount == count, "\(label), \(count) chains")
        #expect(reader.followingBound() == expected, "\(label), \(count) chains")
        if expected != nil { bounded += 1 }
      }
    }
    #expect(
      cases.meets(bounded, atLeast: 1001, ofFull: 500), "most prefixes should leave chains to bound, got \(bounded)")
  }

  @Test("an engine that reads one chain at a time fills as one that reads them all, notes included")
  func batchesAgreeWithTheWhole() throws {
    let cases = SeededCases(seed: 0xBA7C4, count: 1500)
    var batched = 0
    for var trial in cases {
      let catalog = randomCatalog(&trial.random, maximumShows: 40, maximumEpisodes: 4)
      // Mostly short targets, which the first shows often fill.
      let target = Int.random(in: 6...(trial.random.chance(1, in: 5) ? 180 : 50), using: &trial.random) * 60
      let request = Self.randomRequest(
        catalog, target: target, tolerance: [0, 60, 180, 300].randomElement(using: &trial.random)!,
        aim: [0, 20, 60].randomElement(using: &trial.random)!, &trial.random)
      var whole = try FillEngine(catalog: catalog)
      whole.tuning.seriesBatchSize = Int.max
      var small = whole
      small.tuning.seriesBatchSize = 1
      let expected = try whole.fill(request)
      let result = try small.fill(request)
      Self.expectSame(result, expected, "\(trial): \(catalog.shows.count) shows, target \(target)")
      if catalog.shows.count > 4, !expected.entries.isEmpty { batched += 1 }
    }
    #expect(
      cases.meets(batched, atLeast: 801, ofFull: 1500),
      "most cases should have several shows and a selection, got \(batched)")
  }

  @Test(
    "on generated catalogs of 100 and 1,000 subscriptions, reading as needed fills as reading every chain",
    arguments: [100, 1_000])
  func generatedCatalogs(subscriptions: Int) throws {
    let catalog = CatalogGenerator(subscriptions: subscriptions, seed: UInt64(subscriptions)).catalog()
    var whole = try FillEngine(catalog: catalog)
    whole.tuning.seriesBatchSize = Int.max
    let batched = try FillEngine(catalog: catalog)
    let cases = SeededCases(seed: UInt64(subscriptions), count: 60, minimum: 7)
    var filled = 0
    for var trial in cases {
      let target = [15, 30, 45, 60, 90, 180, 480].randomElement(using: &trial.random)! * 60
      let request = Self.randomRequest(
        catalog, target: target, tolerance: [180, 300, 60].randomElement(using: &trial.random)!,
        aim: [60, 0, 20, 180].randomElement(using: &trial.random)!, &trial.random)
      let expected = try whole.fill(request)
      let result = try batched.fill(request)
      Self.expectSame(result, expected, "\(trial): target \(target)")
      if expected.status == .filled { filled += 1 }
    }
    #expect(cases.meets(filled, atLeast: 41, ofFull: 60), "most requests should fill, got \(filled)")
  }
}
