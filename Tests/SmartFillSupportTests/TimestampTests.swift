import Foundation
import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("ISO 8601 timestamps")
struct TimestampTests {
  static let valid: [(String, Double)] = [
    ("2024-01-31T08:00:00Z", 1_706_688_000),
    ("1970-01-01T00:00:00Z", 0),
    ("2024-02-29T12:00:00+02:00", 1_709_200_800),
    ("2024-02-29T12:00:00-0130", 1_709_213_400),
    ("2000-03-01T00:00:00.5Z", 951_868_800.5),
    ("1969-12-31T23:59:59Z", -1),
  ]

  @Test("parses dates with offsets and fractions", arguments: valid)
  func parses(_ text: String, seconds: Double) throws {
    let date = try #require(Timestamp.parse(text))
    #expect(date.timeIntervalSince1970 == seconds)
  }

  @Test(
    "rejects what is not a date and time",
    arguments: [
      "", "2024-01-31", "2024-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2024-01-31T24:00:00Z",
      "2024-01-31T08:00:00", "2024-01-31 08:00:00Z", "2024-01-31T08:00:00Zjunk", "2024-01-31T08:00:00.Z",
    ])
  func rejects(_ text: String) {
    #expect(Timestamp.parse(text) == nil)
  }

  @Test("the form written most (`…:SSZ`, read without the general path) reads as the same time with `+00:00`")
  func wholeSecondsAgreeWithTheGeneralPath() {
    // `+00:00` sends the same date and time through the general path; a byte changed anywhere in the first 19
    // (a digit, a separator, a byte just below `0` or above `9`, a letter, a byte over 0x7F) must be read or
    // rejected alike.
    let replacements = Array("0123456789/:-Tt Zz+.".utf8) + [0x00, 0x2F, 0x3A, 0x7F, 0x80, 0xB0, 0xFF]
    let cases = SeededCases(seed: 20_261_204, count: 20_000)
    var checked = (read: 0, rejected: 0)
    for var trial in cases {
      let seconds = Int.random(in: -62_000_000_000...253_000_000_000, using: &trial.random)
      var text = Array(Timestamp.format(Date(timeIntervalSince1970: Double(seconds))).utf8.dropLast())
      if Bool.random(using: &trial.random) {
        text[Int.random(in: 0..<text.count, using: &trial.random)] = replacements.randomElement(using: &trial.random)!
      }
      let fast = (text + Array("Z".utf8)).withUnsafeBufferPointer { Timestamp.parse(utf8: $0) }
      let general = (text + Array("+00:00".utf8)).withUnsafeBufferPointer { Timestamp.parse(utf8: $0) }
      #expect(fast == general, "\(trial): \(String(decoding: text, as: UTF8.self))Z")
      if fast == nil { checked.rejected += 1 } else { checked.read += 1 }
    }
    // Both outcomes occur often enough to mean something.
    #expect(
      cases.meets(checked.read, atLeast: 10_001, ofFull: 20_000)
        && cases.meets(checked.rejected, atLeast: 1_001, ofFull: 20_000), "\(checked)")
  }

  @Test("formats in UTC, with milliseconds only when present, and reads back")
  func formats() throws {
    #expect(Timestamp.format(Date(timeIntervalSince1970: 1_706_688_000)) == "2024-01-31T08:00:00Z")
    #expect(Timestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    #expect(Timestamp.format(Date(timeIntervalSince1970: 951_868_800.25)) == "2000-03-01T00:00:00.250Z")
    for var trial in SeededCases(seed: 8601, count: 2000) {
      let seconds = Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &trial.random))
      let date = Date(timeIntervalSince1970: seconds)
      #expect(Timestamp.parse(Timestamp.format(date)) == date, "\(trial): seconds \(seconds)")
    }
  }

  @Test("finer fractions are rounded to the millisecond, so writing and reading is a fixed point")
  func milliseconds() throws {
    let date = try #require(Timestamp.parse("2024-01-31T08:00:00.2502+01:00"))
    #expect(Timestamp.format(date) == "2024-01-31T07:00:00.250Z")
    #expect(Timestamp.parse(Timestamp.format(date)) == date)
    let carried = try #require(Timestamp.parse("2024-01-31T08:00:59.9996Z"))
    #expect(Timestamp.format(carried) == "2024-01-31T08:01:00Z")
    for var trial in SeededCases(seed: 1000, count: 2000) {
      let digits = (0..<Int.random(in: 1...7, using: &trial.random)).map { _ in
        String(Int.random(in: 0...9, using: &trial.random))
      }
      let text = "2020-02-29T23:59:5\(Int.random(in: 0...9, using: &trial.random)).\(digits.joined())Z"
      let parsed = try #require(Timestamp.parse(text), "\(trial)")
      #expect(Timestamp.parse(Timestamp.format(parsed)) == parsed, "\(trial): \(text)")
    }
  }
}
