import Foundation
import SmartFill
import SmartFillSupport

/// Reads `pubDate` as real feeds write it: RFC 822 dates with or without the weekday (which is ignored, since
/// feeds often give the wrong one), one- or two-digit days, short or full month names, two- or four-digit
/// years, seconds optional, and a numeric offset or a zone name (`GMT`, `UT`, `Z`, the US zones `EST` to
/// `PDT`, and a few European ones). A date without a zone is taken as UTC. ISO 8601 dates
/// (`2017-06-28T10:00:00Z`), which some feeds use, are read as well.
///
/// A date whose instant falls outside the years 0001 to 9999 in UTC (``supportedRange``), such as
/// `Fri, 31 Dec 9999 23:59:59 -1200`, is not a date: a catalog cannot hold it.
enum RFC822Date {
  /// The instants a catalog can hold: from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z.
  static let supportedRange: Range<Date> =
    Date(
      timeIntervalSince1970: Double(
        Timestamp.secondsSinceEpoch(
          year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0)))..<Date(
      timeIntervalSince1970: Double(
        Timestamp.secondsSinceEpoch(
          year: 10_000, month: 1, day: 1, hour: 0, minute: 0, second: 0)))

  /// Parses `text`, or returns `nil` when it is not a date or is outside ``supportedRange``.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  static func parse(_ text: String) -> Date? {
    guard let date = parseAnyYear(text), supportedRange.contains(date) else { return nil }
    return date
  }

  /// Parses `text` as ``parse(_:)`` does, without the range check.
  static func parseAnyYear(_ text: String) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if let date = Timestamp.parse(trimmed) { return date }
    var tokens = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\n" })[...]
    guard tokens.count >= 4 else { return nil }
    if let first = tokens.first, first.first?.isLetter == true { tokens = tokens.dropFirst() }
    guard tokens.count >= 4 else { return nil }
    let dayText = tokens.removeFirst()
    let monthText = tokens.removeFirst()
    let yearText = tokens.removeFirst()
    let timeText = tokens.removeFirst()
    guard dayText.count <= 2, dayText.allSatisfy(\.isASCIIDigit), let day = Int(dayText),
      let month = monthNumber(monthText), yearText.count == 2 || yearText.count == 4,
      yearText.allSatisfy(\.isASCIIDigit), let rawYear = Int(yearText)
    else { return nil }
    let year = yearText.count == 2 ? (rawYear < 50 ? 2000 + rawYear : 1900 + rawYear) : rawYear
    guard (1...Timestamp.daysInMonth(year: year, month: month)).contains(day) else { return nil }
    let timeParts = timeText.split(separator: ":", omittingEmptySubsequences: false)
    guard timeParts.count == 2 || timeParts.count == 3,
      timeParts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) })
    else { return nil }
    let hour = Int(timeParts[0])!
    let minute = Int(timeParts[1])!
    let second = timeParts.count == 3 ? Int(timeParts[2])! : 0
    guard hour < 24, minute < 60, second < 61 else { return nil }
    var offset = 0
    if let zone = tokens.first {
      guard let zoneOffset = offsetSeconds(zone) else { return nil }
      offset = zoneOffset
      tokens = tokens.dropFirst()
    }
    guard tokens.isEmpty || (tokens.count == 1 && tokens.first!.hasPrefix("(")) else { return nil }
    let seconds = Timestamp.secondsSinceEpoch(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return Date(timeIntervalSince1970: Double(seconds - offset))
  }

  static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  static let fullMonths = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december",
  ]

  static func monthNumber(_ text: Substring) -> Int? {
    let lower = text.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    if let index = months.firstIndex(of: lower) { return index + 1 }
    if let index = fullMonths.firstIndex(of: lower) { return index + 1 }
    if lower == "sept" { return 9 }
    return nil
  }

  /// Zone names and their offsets from UTC, in hours.
  static let zones: [String: Int] = [
    "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "WET": 0, "BST": 1, "CET": 1, "CEST": 2, "MET": 1, "MEST": 2,
    "EET": 2, "EEST": 3, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8,
    "PDT": -7, "AKST": -9, "AKDT": -8, "HST": -10,
  ]

  /// The offset of a zone (`+0200`, `-07:00`, `PST`) in seconds east of UTC.
  static func offsetSeconds(_ zone: Substring) -> Int? {
    if let hours = zones[zone.uppercased()] { return hours * 3600 }
    guard let sign = zone.first, sign == "+" || sign == "-" else { return nil }
    let digits = zone.dropFirst().filter { $0 != ":" }
    guard digits.count == 4, digits.allSatisfy(\.isASCIIDigit) else { return nil }
    let hours = Int(digits.prefix(2))!
    let minutes = Int(digits.suffix(2))!
    guard hours < 24, minutes < 60 else { return nil }
    return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
  }
}

extension Character {
  /// Whether this is one of `0` to `9`.
  var isASCIIDigit: Bool { isASCII && isNumber }
}
