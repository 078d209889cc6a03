import FillRules
import SmartFillTestSupport
import Testing

@Suite("Reachable totals")
struct ReachableTotalsTests {
  @Test("free episodes and chain prefixes reach what a plain set of sums reaches, up to the top")
  func againstPlainSets() {
    for var trial in SeededCases(seed: 0x7E_AC, count: 300) {
      let top = Int.random(in: 0...300, using: &trial.random)
      let base = Int.random(in: 0...20, using: &trial.random)
      let free = (0..<Int.random(in: 0...6, using: &trial.random)).map { _ in
        Int.random(in: 1...90, using: &trial.random)
      }
      let chains = (0..<Int.random(in: 0...3, using: &trial.random)).map { _ in
        (0..<Int.random(in: 1...3, using: &trial.random)).map { _ in Int.random(in: 1...90, using: &trial.random) }
      }
      var plain: Set<Int> = [base]
      for seconds in free { plain.formUnion(plain.map { $0 + seconds }) }
      for chain in chains {
        let prefixes = chain.indices.map { chain[...$0].reduce(0, +) }
        plain.formUnion(plain.flatMap { total in prefixes.map { total + $0 } })
      }
      let reached = ReachableTotals.reached(from: base, free: free, chains: chains, upTo: top)
      #expect(reached.totals == plain.filter { $0 <= top }.sorted(), "\(trial): \(base) + \(free), \(chains) to \(top)")
      #expect(reached.largest == plain.filter { $0 <= top }.max() ?? 0, "\(trial)")
    }
  }

  @Test("shifts drop what passes the top, also within the last word")
  func top() {
    var totals = ReachableTotals(upTo: 70, holding: 5)
    totals.formUnion(totals, shiftedBy: 65)
    totals.formUnion(totals, shiftedBy: 66)
    #expect(totals.totals == [5, 70])
    #expect(!totals.contains(71) && !totals.contains(-1))
    #expect(totals.contains(anyOf: 60...70))
    #expect(ReachableTotals(upTo: 10, holding: 11).totals.isEmpty)
  }
}
