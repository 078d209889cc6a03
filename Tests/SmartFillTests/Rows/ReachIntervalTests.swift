import SmartFillTestSupport
import Testing

@testable import SmartFill

/// The interval of totals known reachable against the totals themselves, computed by brute force.
@Suite("Reach interval")
struct ReachIntervalTests {
  @Test("a run grows by an item no longer than itself, and stops at a chain's first longer step")
  func growth() {
    var interval = ReachInterval(10, 19)
    interval.add(sums: [10])
    #expect(interval == ReachInterval(10, 29))
    // 20 fits the run of 20; then a step of 21 does not.
    interval.add(sums: [20, 41, 45])
    #expect(interval == ReachInterval(10, 49))
    // Longer than the run of 40: the run stays.
    interval.add(sums: [41])
    #expect(interval == ReachInterval(10, 49))
    var fresh = ReachInterval()
    fresh.add(sums: [1, 2, 3])
    #expect(fresh == ReachInterval(0, 3))
  }

  @Test("joins merge meeting runs and keep the longer of apart ones")
  func joins() {
    var interval = ReachInterval(10, 19)
    interval.join(ReachInterval(20, 25))
    #expect(interval == ReachInterval(10, 25))
    interval.join(ReachInterval(40, 45))
    #expect(interval == ReachInterval(10, 25))
    interval.join(ReachInterval(40, 80))
    #expect(interval == ReachInterval(40, 80))
    interval.join(ReachInterval(81, 81))
    #expect(interval == ReachInterval(40, 81))
  }

  @Test("every total of the run is reachable, on random items and chains in random order (5,000 cases)")
  func runIsReachable() {
    let cases = SeededCases(seed: 0x0126_EACE, count: 5_000)
    var grown = 0
    for var trial in cases {
      let limit = 400
      var reachable = [Bool](repeating: false, count: limit + 1)
      reachable[0] = true
      var interval = ReachInterval()
      for _ in 0..<Int.random(in: 1...24, using: &trial.random) {
        // An item (one sum) or a chain (increasing prefix sums).
        var sums: [Int] = []
        var sum = 0
        for _ in 0..<(Bool.random(using: &trial.random) ? 1 : Int.random(in: 2...5, using: &trial.random)) {
          sum += Int.random(in: 1...(Bool.random(using: &trial.random) ? 6 : 40), using: &trial.random)
          sums.append(sum)
        }
        var next = reachable
        for total in 0...limit where reachable[total] {
          for sum in sums where total + sum <= limit { next[total + sum] = true }
        }
        reachable = next
        interval.add(sums: sums)
        if Bool.random(using: &trial.random) {
          // A run found by other means: the longest one of the exact totals that ends at some total.
          let end = Int.random(in: 0...limit, using: &trial.random)
          if reachable[end] {
            var start = end
            while start > 0, reachable[start - 1] { start -= 1 }
            interval.join(ReachInterval(start, end))
          }
        }
        let checked = interval.low...min(interval.high, limit)
        #expect(
          checked.allSatisfy { reachable[$0] },
          "\(trial): \(interval.low)...\(interval.high) not all reachable")
      }
      if interval.length > 1 { grown += 1 }
    }
    #expect(
      cases.meets(grown, atLeast: 1_001, ofFull: 5_000), "only \(grown) of \(cases.count) runs grew past one total")
  }
}
