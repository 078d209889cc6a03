import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Variety fill: a prefix taken whole")
struct VarietyFillWholePrefixTests {
  /// A list that starts with a run of the dominant show, as a priority show with many episodes makes it:
  /// `count` candidates, the first `run` of them dominant, the rest dominant one time in three, some in chains.
  static func leadingRun(_ random: inout SeededGenerator, count: Int, run: Int, longest: Int) -> (
    durations: [Int], dominant: [Bool], groupEnds: [Int]
  ) {
    var durations: [Int] = []
    var dominant: [Bool] = []
    var groupEnds: [Int] = []
    while durations.count < count {
      let isDominant = durations.count < run || Int.random(in: 0..<3, using: &random) == 0
      let length = min(count - durations.count, Int.random(in: 0..<4, using: &random) == 0 ? 2 : 1)
      for _ in 0..<length {
        durations.append(Int.random(in: 1...longest, using: &random))
        dominant.append(isDominant)
      }
      groupEnds += Array(repeating: durations.count, count: length)
    }
    return (durations, dominant, groupEnds)
  }

  /// A random case: up to 12 candidates that start with a run of the dominant show, lasting up to 30 units
  /// each, and a window of up to 13 totals ending at up to 150.
  static func randomCase(_ random: inout SeededGenerator) -> (
    durations: [Int], dominant: [Bool], groupEnds: [Int], window: ClosedRange<Int>
  ) {
    let count = Int.random(in: 2...12, using: &random)
    let (durations, dominant, groupEnds) = leadingRun(
      &random, count: count, run: Int.random(in: 0...count, using: &random), longest: 30)
    let high = Int.random(in: 1...150, using: &random)
    return (durations, dominant, groupEnds, max(0, high - Int.random(in: 0...12, using: &random))...high)
  }

  @Test("the rule's answer with and without the prefix, against brute force; the prefix is taken and refused")
  func againstBruteForce() {
    let cases = SeededCases(seed: 0x9E_F1_7E, count: 3000)
    var taken = 0
    var refused = 0
    for var trial in cases {
      let (durations, dominant, groupEnds, window) = Self.randomCase(&trial.random)
      let aim = trial.random.chance(1, in: 3) ? nil : Int.random(in: 0...(window.count / 2), using: &trial.random)
      let expected = VarietyFillTests.bruteForce(
        durations, dominant: dominant, window: window, groupEnds: groupEnds, aim: aim)
      var fill = VarietyFill(
        durations: durations, groupEnds: groupEnds, dominantIndex: dominant.map { $0 ? 0 : nil }, dominantCount: 1)
      // Small heads too, so that the search after the prefix has a tail of its own.
      if Bool.random(using: &trial.random) { fill.headSize = Int.random(in: 1...4, using: &trial.random) }
      let target = Aim(targetSeconds: (window.lowerBound + window.upperBound) / 2, aimSeconds: aim ?? 0)
      let aimed = aim.map { _ in target }
      let context =
        "\(trial): \(durations) \(dominant) groups \(groupEnds) in \(window), aim \(String(describing: aim)), head \(fill.headSize)"
      for (prefix, excess) in [(true, true), (false, true), (true, false), (false, false)] {
        fill.takesWholePrefix = prefix
        fill.usesExcessRows = excess
        let result = fill.select(in: window, aim: aimed)
        #expect(
          result.indices == expected.indices && result.total == expected.total && result.inWindow == expected.inWindow,
          "\(context), prefix \(prefix), excess rows \(excess)")
      }
      fill.takesWholePrefix = nil
      let outcome = fill.selectAfterWholePrefix(in: window, fixedLow: nil, start: [0], aim: aimed, tail: nil)
      if let outcome {
        taken += 1
        #expect(outcome.indices == expected.indices && outcome.total == expected.total, "\(context)")
      } else if fill.wholePrefix(low: window.lowerBound, top: window.upperBound, start: [0]).count > 0 {
        refused += 1
      }
    }
    // Both ways out of a guess are taken many times: the search after it found a completion, or none.
    #expect(cases.meets(taken, atLeast: 301, ofFull: 3000), "\(taken) taken")
    #expect(cases.meets(refused, atLeast: 101, ofFull: 3000), "\(refused) refused")
  }

  @Test("the guess is never shorter than the prefix the rule takes whole below the window (brute force)")
  func guessIsNotShort() {
    let cases = SeededCases(seed: 0x9E_55, count: 2000)
    for var trial in cases {
      let (durations, dominant, groupEnds, window) = Self.randomCase(&trial.random)
      let count = durations.count
      let fill = VarietyFill(
        durations: durations, groupEnds: groupEnds, dominantIndex: dominant.map { $0 ? 0 : nil }, dominantCount: 1)
      let expected = VarietyFillTests.bruteForce(durations, dominant: dominant, window: window, groupEnds: groupEnds)
      // The rule takes the first `whole` candidates, all of them below the window, and not the last one.
      var whole = 0
      var total = 0
      while whole < count - 1, expected.indices.count > whole, expected.indices[whole] == whole,
        total + durations[whole] < window.lowerBound
      {
        total += durations[whole]
        whole += 1
      }
      let guess = fill.wholePrefix(low: window.lowerBound, top: window.upperBound, start: [0])
      #expect(
        guess.count >= whole && guess.count < count,
        "\(trial): \(durations) \(dominant) in \(window): guessed \(guess.count), the rule takes \(whole)"
      )
      #expect(guess.total == durations.prefix(guess.count).reduce(0, +), "\(trial)")
    }
  }

  @Test("two dominant shows: the same answer with and without the prefix (seeded)")
  func twoDominantShows() {
    let cases = SeededCases(seed: 0x2D_0E, count: 1500)
    var taken = 0
    for var trial in cases {
      let count = Int.random(in: 2...14, using: &trial.random)
      let run = Int.random(in: 0...count, using: &trial.random)
      let durations = (0..<count).map { _ in Int.random(in: 1...30, using: &trial.random) }
      // A leading run of show 0, then shows 0, 1 and the others.
      let shows: [Int?] = (0..<count).map { item in
        item < run ? 0 : [0, 1, nil, nil][Int.random(in: 0..<4, using: &trial.random)]
      }
      let high = Int.random(in: 1...150, using: &trial.random)
      let window = max(0, high - Int.random(in: 0...12, using: &trial.random))...high
      var fill = VarietyFill(
        durations: durations, groupEnds: Array(1...count), dominantIndex: shows, dominantCount: 2)
      if Bool.random(using: &trial.random) { fill.headSize = Int.random(in: 1...4, using: &trial.random) }
      fill.takesWholePrefix = false
      let plain = fill.select(in: window, fixedLow: nil, start: [0, 0], aim: nil, tail: nil)
      fill.takesWholePrefix = true
      let result = fill.select(in: window, fixedLow: nil, start: [0, 0], aim: nil, tail: nil)
      #expect(
        result.indices == plain.indices && result.total == plain.total && result.inWindow == plain.inWindow,
        "\(trial): \(durations) \(shows) in \(window), head \(fill.headSize)")
      if fill.selectAfterWholePrefix(in: window, fixedLow: nil, start: [0, 0], aim: nil, tail: nil) != nil {
        taken += 1
      }
    }
    #expect(cases.meets(taken, atLeast: 101, ofFull: 1500), "\(taken) taken")
  }

  @Test("a search that stops outside its window takes nothing there, and selects as before inside")
  func stopsOutsideWindow() {
    // Three episodes of one show and one of another: at most 2 + 2 · 1 of the show with the other one, so
    // 1 + 1 + 1 + 5 = 8 is the largest arrangeable total (D = 3 − 2 = 1).
    var fill = VarietyFill(
      durations: [1, 1, 1, 5], groupEnds: [1, 2, 3, 4], dominantIndex: [0, 0, 0, nil], dominantCount: 1)
    for excess in [true, false] {
      fill.usesExcessRows = excess
      fill.stopsOutsideWindow = false
      let below = fill.select(in: 20...30)
      #expect(below.indices == [0, 1, 2, 3] && below.total == 8 && !below.inWindow, "excess rows \(excess)")
      let inside = fill.select(in: 7...8)
      fill.stopsOutsideWindow = true
      let stopped = fill.select(in: 20...30)
      #expect(stopped.indices.isEmpty && stopped.total == 0 && !stopped.inWindow, "excess rows \(excess)")
      let same = fill.select(in: 7...8)
      #expect(same.indices == inside.indices && same.total == inside.total && same.inWindow, "excess rows \(excess)")
    }
  }
}
