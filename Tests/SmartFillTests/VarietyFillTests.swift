import Testing

@testable import SmartFill

@Suite("Variety fill")
struct VarietyFillTests {
  /// The rule for one dominant show, by enumeration: every subset of the candidates after a position, with
  /// `D = count(dominant) − 2 · count(others)` at most 2 at the end.
  static func bruteForce(_ durations: [Int], dominant: [Bool], window: ClosedRange<Int>) -> (
    indices: [Int], total: Int, inWindow: Bool
  ) {
    let count = durations.count
    func completions(from start: Int) -> [(total: Int, delta: Int)] {
      var result: [(Int, Int)] = [(0, 0)]
      for item in start..<count {
        result += result.map { ($0.0 + durations[item], $0.1 + (dominant[item] ? 1 : -2)) }
      }
      return result
    }
    let best = completions(from: 0).filter { $0.total <= window.upperBound && $0.delta <= 2 }.map(\.total).max() ?? 0
    let inWindow = best >= window.lowerBound
    let low = inWindow ? window.lowerBound : best
    var taken: [Int] = []
    var total = 0
    var delta = 0
    var position = 0
    while position < count, total < low || delta > 2 {
      let after = delta + (dominant[position] ? 1 : -2)
      let reaches = completions(from: position + 1).contains { completion in
        let sum = total + durations[position] + completion.total
        return (low...window.upperBound).contains(sum) && after + completion.delta <= 2
      }
      if reaches {
        taken.append(position)
        total += durations[position]
        delta = after
      }
      position += 1
    }
    return (taken, total, inWindow)
  }

  @Test("matches the rule for one dominant show on thousands of seeded cases (brute force)")
  func againstBruteForce() throws {
    let seed: UInt64 = 0xFA_11_E7
    var random = SeededGenerator(seed: seed)
    print("variety fill: seed \(seed)")
    for trial in 0..<2000 {
      let count = Int.random(in: 1...11, using: &random)
      let durations = (0..<count).map { _ in Int.random(in: 1...40, using: &random) }
      let dominant = (0..<count).map { _ in Int.random(in: 0..<3, using: &random) > 0 }
      let high = Int.random(in: 1...150, using: &random)
      let window = max(0, high - Int.random(in: 0...10, using: &random))...high
      let fill = VarietyFill(
        durations: durations, groupEnds: Array(1...count), dominantIndex: dominant.map { $0 ? 0 : nil },
        dominantCount: 1)
      let result = try #require(fill.select(in: window), "seed \(seed), trial \(trial): over the budget")
      let expected = Self.bruteForce(durations, dominant: dominant, window: window)
      #expect(
        result.indices == expected.indices && result.total == expected.total && result.inWindow == expected.inWindow,
        "seed \(seed), trial \(trial): \(durations) \(dominant) in \(window)")
    }
  }

  @Test("a search larger than its budget declines instead of running")
  func budget() {
    var fill = VarietyFill(
      durations: Array(repeating: 60, count: 100), groupEnds: Array(1...100),
      dominantIndex: Array(repeating: 0, count: 100), dominantCount: 1)
    fill.budget = 1000
    #expect(fill.select(in: 2000...3000) == nil)
  }
}
