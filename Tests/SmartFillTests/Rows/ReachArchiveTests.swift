import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Reach archive")
struct ReachArchiveTests {
  @Test("rows saved in compact form are restored bit for bit, dense tail included")
  func roundTrip() {
    // Half the trials on words from a pool, which earlier trials and noise were given back to.
    let pool = ScratchPool(smallestPooledWords: 1)
    for var trial in SeededCases(seed: 65, count: 200) {
      let maximum = Int.random(in: 1...900, using: &trial.random)
      pool.giveBack(words: (0..<Int.random(in: 1...40, using: &trial.random)).map { _ in trial.random.next() })
      let from = Bool.random(using: &trial.random) ? pool : nil
      var rows = ReachRows(rows: 2, maximum: maximum, pool: from)
      var archive = ReachArchive(reservingWords: Int.random(in: 0...30, using: &trial.random), entries: 4, pool: from)
      defer {
        rows.recycle(into: from)
        archive.recycle(into: from)
      }
      var plains: [Set<Int>] = []
      for _ in 0..<Int.random(in: 1...4, using: &trial.random) {
        var plain: Set<Int> = [0]
        rows.setZero(0)
        for _ in 0..<Int.random(in: 0...30, using: &trial.random) {
          let shift = Int.random(in: 1...(maximum + 70), using: &trial.random)
          rows.formUnionShifted(0, by: shift)
          plain = plain.union(plain.map { $0 + shift }.filter { $0 <= rows.capacity })
        }
        archive.append(rows, row: 0)
        plains.append(plain)
      }
      for (index, plain) in plains.enumerated() {
        rows.setEmpty(1)
        rows.restore(1, from: archive[index])
        for sum in 0...rows.capacity {
          #expect(
            rows.containsAny(1, in: sum...sum) == plain.contains(sum),
            "\(trial): row \(index), sum \(sum)")
        }
      }
    }
  }
}
