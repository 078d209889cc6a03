import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Reach rows")
struct ReachRowsTests {
  @Test("combine, query and the dense tail agree with a plain set of sums")
  func agreesWithPlainSets() {
    // Half the trials on words from a pool, which earlier trials and noise were given back to.
    let pool = ScratchPool(smallestPooledWords: 1)
    let cases = SeededCases(seed: 64, count: 300)
    var pooled = 0
    for var trial in cases {
      let maximum = Int.random(in: 1...700, using: &trial.random)
      pool.giveBack(words: (0..<Int.random(in: 1...40, using: &trial.random)).map { _ in trial.random.next() })
      let from = Bool.random(using: &trial.random) ? pool : nil
      if from != nil { pooled += 1 }
      var rows = ReachRows(rows: 3, maximum: maximum, pool: from)
      defer { rows.recycle(into: from) }
      var plain: Set<Int> = [0]
      rows.setZero(0)
      for _ in 0..<Int.random(in: 1...40, using: &trial.random) {
        let shift = Int.random(in: 1...(maximum + 70), using: &trial.random)
        // S = S ∪ (S + shift), through a copy in row 1 or in place.
        if Bool.random(using: &trial.random) {
          rows.copy(0, to: 1)
          rows.combine(into: 0, skip: 0, next: 1, shift: shift)
        } else {
          rows.formUnionShifted(0, by: shift)
        }
        plain = plain.union(plain.map { $0 + shift }.filter { $0 <= rows.capacity })
        expectDenseTails(rows)
        // Whether a shift leaves no sum of the row within the capacity (the set would then gain nothing).
        let probe = Int.random(in: 0...(rows.capacity + 2), using: &trial.random)
        #expect(rows.shiftsOut(0, by: probe) == plain.allSatisfy { $0 + probe > rows.capacity }, "\(trial): shifts out")
        // After a shift, the run that ends at the capacity is the whole run.
        var start = rows.capacity + 1
        while start > 0, plain.contains(start - 1) { start -= 1 }
        #expect(
          rows.topRun(0) == (start <= rows.capacity ? ReachInterval(start, rows.capacity) : nil), "\(trial): top run")
        // Now and then every sum from some point on, then the shifts carry on from the denser row.
        if Int.random(in: 0..<8, using: &trial.random) == 0 {
          let from = Int.random(in: -3...(rows.capacity + 3), using: &trial.random)
          rows.insertAll(0, from: from)
          if from <= rows.capacity { plain.formUnion(max(0, from)...rows.capacity) }
          expectDenseTails(rows)
          // After these, a run of sums at least.
          if let run = rows.topRun(0) { #expect((run.low...run.high).allSatisfy(plain.contains), "\(trial): top run") }
        }
        // Or from an empty row: every sum from some point on, shifted into row 0.
        if Int.random(in: 0..<8, using: &trial.random) == 0 {
          let from = Int.random(in: 0...(rows.capacity + 3), using: &trial.random)
          let shift = Int.random(in: 0...(rows.capacity / 2), using: &trial.random)
          rows.setEmpty(2)
          #expect(rows.shiftsOut(2, by: 0), "\(trial): an empty row shifts out")
          rows.insertAll(2, from: from)
          #expect(rows.shiftsOut(2, by: shift) == (from + shift > rows.capacity), "\(trial): shifts out from \(from)")
          rows.combine(into: 0, skip: 0, next: 2, shift: shift)
          if from + shift <= rows.capacity { plain.formUnion((from + shift)...rows.capacity) }
          expectDenseTails(rows)
        }
      }
      // A copy over a row whose dense tail started higher (row 1 holds an older, sparser copy of row 0).
      rows.copy(0, to: 1)
      expectDenseTails(rows)
      for _ in 0..<30 {
        let low = Int.random(in: -5...(maximum + 5), using: &trial.random)
        let high = low + Int.random(in: 0...100, using: &trial.random)
        let expected = plain.contains { $0 >= low && $0 <= min(high, rows.capacity) }
        #expect(rows.containsAny(0, in: low...high) == expected, "\(trial): range \(low)...\(high)")
      }
      let limit = Int.random(in: 0...maximum, using: &trial.random)
      #expect(rows.largest(0, atMost: limit) == plain.filter { $0 <= limit }.max(), "\(trial): at most \(limit)")
      let floor = Int.random(in: -3...(maximum + 3), using: &trial.random)
      #expect(rows.smallest(0, atLeast: floor) == plain.filter { $0 >= floor }.min(), "\(trial): at least \(floor)")
    }
    #expect(pooled == 0 || !pool.keptWordCapacities.isEmpty, "the trials gave their words back")
  }

  /// The invariant the shifts rely on: every word of a row from its dense tail on is all ones.
  func expectDenseTails(_ rows: ReachRows, sourceLocation: SourceLocation = #_sourceLocation) {
    for row in rows.dense.indices {
      let words = rows.storage[(row * rows.wordCount + rows.dense[row])..<((row + 1) * rows.wordCount)]
      #expect(words.allSatisfy { $0 == ~0 }, "row \(row) from word \(rows.dense[row])", sourceLocation: sourceLocation)
    }
  }
}
