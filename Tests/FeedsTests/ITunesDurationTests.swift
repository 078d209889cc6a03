import Testing

@testable import Feeds

@Suite("itunes:duration")
struct ITunesDurationTests {
  @Test(
    "reads seconds, MM:SS, H:MM:SS and HH:MM:SS, with fractions and long minutes",
    arguments: [
      ("3600", 3600), ("  45 ", 45), ("39.33", 39), ("2024.0", 2024), ("39.5", 40), ("05:07", 307),
      ("99:42", 5982), ("125:00", 7500), ("1:43:53", 6233), ("0:32:19", 1939), ("01:02:03", 3723),
      ("10:00:00", 36000), ("1:00:00.6", 3601), ("0:0:1", 1),
    ])
  func readsDurations(text: String, seconds: Int) {
    #expect(ITunesDuration(text) == .seconds(seconds), "\(text)")
  }

  @Test(
    "empty text, 0 and zero clock times are unknown", arguments: ["", "   ", "0", "00:00", "0:00:00", "0.0", "0.2"])
  func unknown(text: String) {
    #expect(ITunesDuration(text) == .unknown)
    #expect(ITunesDuration(text).seconds == nil)
  }

  @Test(
    "anything else is unreadable",
    arguments: [
      "1h 30m", "-5", "1:2:3:4", "12:", ":30", "abc", "1.5:00", "1:30.5.2", "٣٠", "99999999999999999",
      "3000:00:00",
    ])
  func unreadable(text: String) {
    #expect(ITunesDuration(text) == .unreadable)
  }
}
