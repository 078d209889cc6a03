import FillRules
import Foundation
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

/// A request's context: its chains as the DocC article "The fill rules and explanations" defines them, counted past a full chain.
@Suite("Request context")
struct RequestContextTests {
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
        // The article's chain, passing over unknown lengths: those taken up to the first whose running total
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
