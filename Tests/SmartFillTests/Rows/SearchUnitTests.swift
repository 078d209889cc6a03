import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Durations in a search's unit")
struct SearchUnitTests {
  @Test("in units of 1 the seconds stay as they are; in other units they are divided, rounded down (seeded)")
  func inUnits() {
    for var trial in SeededCases(seed: 0x5EC_0DD, count: 2_000) {
      let unit = [1, 1, 2, 15, 60, 3_600][Int.random(in: 0..<6, using: &trial.random)]
      let seconds = (0..<Int.random(in: 0...20, using: &trial.random)).map { _ in
        unit * Int.random(in: 0...600, using: &trial.random) + (Bool.random(using: &trial.random) ? 0 : unit - 1)
      }
      let expected = seconds.map { Int((Double($0) / Double(unit)).rounded(.down)) }
      #expect(seconds.inUnits(of: unit) == expected, "\(trial): unit \(unit)")
      #expect(seconds[...].inUnits(of: unit) == expected, "\(trial): unit \(unit), slice")
      for (value, units) in zip(seconds, expected) {
        #expect(value.inUnits(of: unit) == units, "\(trial): \(value) in units of \(unit)")
      }
    }
  }
}

@Suite("The greatest common divisor")
struct GreatestCommonDivisorTests {
  @Test("against the largest divisor found by trial, on seeded pairs")
  func againstTrial() {
    for var trial in SeededCases(seed: 0x6CD, count: 500) {
      let (a, b) = (Int.random(in: 0...600, using: &trial.random), Int.random(in: 0...600, using: &trial.random))
      let expected = (a, b) == (0, 0) ? 0 : (1...max(a, b)).last { a % $0 == 0 && b % $0 == 0 }!
      #expect(gcd(a, b) == expected, "\(trial): \(a), \(b)")
    }
  }
}
