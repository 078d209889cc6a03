import Testing

@testable import SmartFill

@Suite("Durations in a search's unit")
struct SearchUnitTests {
  @Test("in units of 1 the seconds stay as they are; in other units they are divided, rounded down (seeded)")
  func inUnits() {
    let seed: UInt64 = 0x5EC_0DD
    print("search unit: seed \(seed)")
    var random = SeededGenerator(seed: seed)
    for trial in 0..<2_000 {
      let unit = [1, 1, 2, 15, 60, 3_600][Int.random(in: 0..<6, using: &random)]
      let seconds = (0..<Int.random(in: 0...20, using: &random)).map { _ in
        unit * Int.random(in: 0...600, using: &random) + (Bool.random(using: &random) ? 0 : unit - 1)
      }
      let expected = seconds.map { Int((Double($0) / Double(unit)).rounded(.down)) }
      #expect(seconds.inUnits(of: unit) == expected, "seed \(seed), trial \(trial), unit \(unit)")
      #expect(seconds[...].inUnits(of: unit) == expected, "seed \(seed), trial \(trial), unit \(unit), slice")
      for (value, units) in zip(seconds, expected) {
        #expect(value.inUnits(of: unit) == units, "seed \(seed), trial \(trial): \(value) in units of \(unit)")
      }
    }
  }
}
