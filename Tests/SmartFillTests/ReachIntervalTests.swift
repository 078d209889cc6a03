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
    let seed: UInt64 = 0x0126_EACE
    print("reach interval: seed \(seed)")
    var random = SeededGenerator(seed: seed)
    var grown = 0
    for _ in 0..<5_000 {
      let caseSeed = random.next()
      var caseRandom = SeededGenerator(seed: caseSeed)
      let limit = 400
      var reachable = [Bool](repeating: false, count: limit + 1)
      reachable[0] = true
      var interval = ReachInterval()
      for _ in 0..<Int.random(in: 1...24, using: &caseRandom) {
        // An item (one sum) or a chain (increasing prefix sums).
        var sums: [Int] = []
        var sum = 0
        for _ in 0..<(Bool.random(using: &caseRandom) ? 1 : Int.random(in: 2...5, using: &caseRandom)) {
          sum += Int.random(in: 1...(Bool.random(using: &caseRandom) ? 6 : 40), using: &caseRandom)
          sums.append(sum)
        }
        var next = reachable
        for total in 0...limit where reachable[total] {
          for sum in sums where total + sum <= limit { next[total + sum] = true }
        }
        reachable = next
        interval.add(sums: sums)
        if Bool.random(using: &caseRandom) {
          // A run found by other means: the longest one of the exact totals that ends at some total.
          let end = Int.random(in: 0...limit, using: &caseRandom)
          if reachable[end] {
            var start = end
            while start > 0, reachable[start - 1] { start -= 1 }
            interval.join(ReachInterval(start, end))
          }
        }
        let checked = interval.low...min(interval.high, limit)
        #expect(
          checked.allSatisfy { reachable[$0] },
          "case seed \(caseSeed): \(interval.low)...\(interval.high) not all reachable")
      }
      if interval.length > 1 { grown += 1 }
    }
    #expect(grown > 1_000, "only \(grown) of 5,000 runs grew past one total")
  }
}
