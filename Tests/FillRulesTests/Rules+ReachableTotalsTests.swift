import FillRules
import SmartFill
import Testing

@Suite("Every total a request's candidates reach")
struct RulesReachableTotalsTests {
  @Test("fill time: any free episode and a prefix of each serial chain")
  func fillTime() {
    let totals = Rules.reachableTotals(twoShows, for: FillRequest(mode: .fillTime, targetSeconds: 3000))
    // Free {5, 7, 8} in any combination, plus 0, 20 or 50 minutes of the chain.
    let free = [0, 5, 7, 8, 12, 13, 15, 20]
    let expected = Set(free.flatMap { total in [0, 20, 50].map { (total + $0) * 60 } }).filter { $0 <= 3180 }
    #expect(totals.totals == expected.sorted())
  }

  @Test("continue series: a prefix of every show's chain, no free episodes")
  func continueSeries() {
    let totals = Rules.reachableTotals(twoShows, for: FillRequest(mode: .continueSeries, targetSeconds: 3000))
    let expected = Set([0, 20, 50].flatMap { total in [0, 8, 15].map { (total + $0) * 60 } }).filter { $0 <= 3180 }
    #expect(totals.totals == expected.sorted())
  }
}
