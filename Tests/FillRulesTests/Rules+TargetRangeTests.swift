import FillRules
import Testing

@Suite("The range a rule aims for")
struct RulesTargetRangeTests {
  @Test("inside the window: narrowed around the target to the closest total, or to the aim when it is wider")
  func aimed() {
    let window = 2520...2880
    #expect(Rules.targetRange(window, totals: [0, 2600, 2690, 3000], aim: 0) == (2690...2710, true))
    #expect(Rules.targetRange(window, totals: [0, 2600, 2690], aim: 60) == (2640...2760, true))
    #expect(Rules.targetRange(window, totals: [2600], aim: 1800) == (2520...2880, true))
  }

  @Test("no total in the window: the largest at or below its top, or 0")
  func fallback() {
    #expect(Rules.targetRange(2520...2880, totals: [0, 1500, 2400, 3000], aim: 60) == (2400...2400, false))
    #expect(Rules.targetRange(2520...2880, totals: [3000], aim: 60) == (0...0, false))
  }
}
