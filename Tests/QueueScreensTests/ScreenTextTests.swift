import Foundation
import QueueScreens
import Testing

@Suite("ScreenText")
struct ScreenTextTests {
  let text = ScreenText.english

  @Test(
    "short durations in hours and minutes, rounded to the minute",
    arguments: [
      (0, "0 min"), (29, "0 min"), (30, "1 min"), (45 * 60, "45 min"), (45 * 60 + 29, "45 min"), (3600, "1 hr"),
      (2 * 3600 + 15 * 60, "2 hr 15 min"), (30 * 3600, "30 hr"), (-5, "0 min"),
    ])
  func shortDuration(seconds: Int, expected: String) {
    #expect(text.shortDuration(seconds) == expected)
  }

  @Test(
    "minutes spelled out",
    arguments: [(45 * 60, "45 minutes"), (60, "1 minute"), (0, "0 minutes"), (90 * 60, "90 minutes")])
  func minutes(seconds: Int, expected: String) {
    #expect(text.minutes(seconds) == expected)
  }

  @Test("a player's clock", arguments: [(754, "12:34"), (2536, "42:16"), (5, "0:05"), (3909, "1:05:09")])
  func clock(seconds: Int, expected: String) {
    #expect(text.clock(seconds) == expected)
  }

  @Test("numbers and episode counts")
  func numbers() {
    #expect(text.number(1234) == "1,234")
    #expect(text.episodes(1) == "1 episode")
    #expect(text.episodes(5) == "5 episodes")
    #expect(text.episodes(1200) == "1,200 episodes")
  }

  @Test("another locale gets its own figures")
  func german() {
    let german = ScreenText(locale: Locale(identifier: "de_DE"))
    #expect(german.number(1234) == "1.234")
  }
}
