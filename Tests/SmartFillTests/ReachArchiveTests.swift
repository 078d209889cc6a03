import Testing

@testable import SmartFill

@Suite("Reach archive")
struct ReachArchiveTests {
  @Test("rows saved in compact form are restored bit for bit, dense tail included")
  func roundTrip() {
    let seed: UInt64 = 65
    var random = SeededGenerator(seed: seed)
    print("reach archive: seed \(seed)")
    // Every other trial on words from a pool, which earlier trials and noise were given back to.
    let pool = ScratchPool(smallestPooledWords: 1)
    for trial in 0..<200 {
      let maximum = Int.random(in: 1...900, using: &random)
      pool.giveBack(words: (0..<Int.random(in: 1...40, using: &random)).map { _ in random.next() })
      let from = trial.isMultiple(of: 2) ? pool : nil
      var rows = ReachRows(rows: 2, maximum: maximum, pool: from)
      var archive = ReachArchive(reservingWords: Int.random(in: 0...30, using: &random), entries: 4, pool: from)
      defer {
        rows.recycle(into: from)
        archive.recycle(into: from)
      }
      var plains: [Set<Int>] = []
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        var plain: Set<Int> = [0]
        rows.setZero(0)
        for _ in 0..<Int.random(in: 0...30, using: &random) {
          let shift = Int.random(in: 1...(maximum + 70), using: &random)
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
            "seed \(seed), trial \(trial), row \(index), sum \(sum)")
        }
      }
    }
  }
}
