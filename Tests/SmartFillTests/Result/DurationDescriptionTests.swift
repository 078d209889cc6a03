import Testing

@testable import SmartFill

@Suite("Durations in the results' sentences")
struct DurationDescriptionTests {
  @Test(
    "whole minutes, hours and seconds, each only where it is not zero",
    arguments: [
      (0, "0 min"), (45, "45 s"), (2_700, "45 min"), (2_650, "44 min 10 s"), (5_400, "1 h 30 min"), (3_600, "1 h"),
      (3_605, "1 h 5 s"),
    ])
  func seconds(_ seconds: Int, _ text: String) {
    #expect(describe(seconds: seconds) == text)
  }

  @Test("a window from its bounds")
  func window() {
    #expect(describe(2_520...2_880) == "42 min–48 min")
  }
}
