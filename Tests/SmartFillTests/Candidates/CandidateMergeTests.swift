import SmartFillTestSupport
import Testing

@testable import SmartFill

/// The merge of the index's free candidates with the request's other groups, admitting free episodes by the
/// index's ranks, against the builder counting admissions as it goes.
@Suite("Candidate merge")
struct CandidateMergeTests {
  @Test("admission by the index's ranks equals counting in order, and the tail's totals equal the list's (3,000 cases)")
  func ranksEqualCounting() throws {
    let cases = SeededCases(seed: 0x4A11_C0DE, count: 3_000)
    for var trial in cases {
      let catalog = randomCatalog(
        &trial.random, maximumShows: 8, maximumEpisodes: 16, minuteScale: Bool.random(using: &trial.random))
      let (context, high, pruneByShow) = try SplitCandidatesTests.randomRequest(catalog, &trial.random)
      // A cap no show reaches turns the ranks off: the builder counts admissions as it goes.
      let counted = context.timeCandidates(upTo: high, caps: [0: Int.max], pruneByShow: pruneByShow)
      let ranked = context.timeCandidates(upTo: high, caps: [:], pruneByShow: pruneByShow)
      let label = "\(trial): high \(high), by show \(pruneByShow)"
      #expect(ranked.durations == counted.durations, "\(label)")
      #expect(ranked.groupEnds == counted.groupEnds, "\(label)")
      #expect(ranked.refs.map(\.episode) == counted.refs.map(\.episode), "\(label)")
      #expect(ranked.available == counted.available, "\(label)")
      SplitCandidatesTests.expectTailTotals(
        context, high: high, pruneByShow: pruneByShow, whole: counted,
        head: Int.random(in: 1...12, using: &trial.random),
        random: &trial.random, label)
    }
  }
}
