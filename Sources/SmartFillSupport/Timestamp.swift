import Foundation

/// Reads and writes ISO 8601 timestamps (`2024-01-31T08:00:00Z`, with optional fractional seconds and a
/// numeric offset), without the shared mutable state of `ISO8601DateFormatter`.
package enum Timestamp {
  /// Parses `text`, or returns `nil` when it is not an ISO 8601 date and time.
  ///
  /// Accepted: `YYYY-MM-DDTHH:MM:SS`, then optional `.fraction`, then `Z` or `±HH:MM` (or `±HHMM`). The time
  /// is kept to the millisecond (a finer fraction is rounded), which is what ``format(_:)`` writes.
  ///
  /// - Complexity: O(*n*) in the length of `text`, without allocating.
  package static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { parse(utf8: $0) }
  }

  /// Parses UTF-8 bytes as ``parse(_:)`` parses a string.
  package static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    if let date = wholeSecondUTC(bytes) { return date }
    var index = 0
    func number(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      index += count
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
      index += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
      index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t")
    else { return nil }
    index += 1
    guard let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
      (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day),
      hour < 24, minute < 60, second < 61
    else { return nil }
    var fraction = 0.0
    if expect(".") {
      var scale = 0.1
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    var offset = 0
    if expect("Z") || expect("z") {
      offset = 0
    } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
      index += 1
      guard let hours = number(2) else { return nil }
      _ = expect(":")
      guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
      offset = sign * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    guard index == bytes.count else { return nil }
    let seconds = secondsSinceEpoch(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    // Kept to the millisecond, as written, so that a catalog reads back exactly what it wrote.
    let milliseconds = Int((fraction * 1000).rounded())
    return Date(timeIntervalSince1970: Double(seconds - offset) + Double(milliseconds) / 1000)
  }

  /// Reads the form the package writes most, `YYYY-MM-DDTHH:MM:SSZ`, without the general path; `nil` for any
  /// other text (which the general path then reads or rejects).
  ///
  /// Straight-line code over the 20 bytes, two digits at a time: a catalog has a date per episode, and a loop per
  /// number took about 440 instructions a date.
  private static func wholeSecondUTC(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    guard bytes.count == 20, let text = bytes.baseAddress, text[4] == UInt8(ascii: "-"),
      text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"),
      text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z")
    else { return nil }
    /// The two digits at `index` as a number (a byte below `0` wraps above 9 too).
    @inline(__always) func pair(_ index: Int) -> Int? {
      let tens = Int(text[index] &- UInt8(ascii: "0"))
      let ones = Int(text[index + 1] &- UInt8(ascii: "0"))
      return tens <= 9 && ones <= 9 ? tens * 10 + ones : nil
    }
    guard let century = pair(0), let yearOfCentury = pair(2), let month = pair(5), let day = pair(8),
      let hour = pair(11), let minute = pair(14), let second = pair(17)
    else { return nil }
    let year = century * 100 + yearOfCentury
    guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month), hour < 24, minute < 60,
      second < 61
    else { return nil }
    let seconds = secondsSinceEpoch(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return Date(timeIntervalSince1970: Double(seconds))
  }

  /// Formats `date` in UTC as `YYYY-MM-DDTHH:MM:SSZ`, with milliseconds only when the date has them.
  ///
  /// - Complexity: O(1).
  package static func format(_ date: Date) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(24)
    append(date, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `date` as ``format(_:)`` formats it to `bytes`, without building a string.
  ///
  /// - Complexity: O(1).
  package static func append(_ date: Date, to bytes: inout [UInt8]) {
    let interval = date.timeIntervalSince1970
    guard interval.isFinite, abs(interval) < 1e15 else {
      bytes.append(contentsOf: "1970-01-01T00:00:00Z".utf8)
      return
    }
    var whole = Int(interval.rounded(.down))
    var millis = Int(((interval - Double(whole)) * 1000).rounded())
    if millis == 1000 {
      whole += 1
      millis = 0
    }
    let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
    let secondOfDay = whole - days * 86_400
    let (year, month, day) = civilDate(fromDays: days)
    if (0...9999).contains(year) {
      digits(year, count: 4, to: &bytes)
    } else {
      bytes.append(contentsOf: String(format: "%04d", year).utf8)
    }
    bytes.append(UInt8(ascii: "-"))
    digits(month, count: 2, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    digits(day, count: 2, to: &bytes)
    bytes.append(UInt8(ascii: "T"))
    digits(secondOfDay / 3600, count: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    digits(secondOfDay / 60 % 60, count: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    digits(secondOfDay % 60, count: 2, to: &bytes)
    if millis != 0 {
      bytes.append(UInt8(ascii: "."))
      digits(millis, count: 3, to: &bytes)
    }
    bytes.append(UInt8(ascii: "Z"))
  }

  /// Appends `value` (0 ≤ `value` < 10^`count`) with leading zeros to `count` digits.
  private static func digits(_ value: Int, count: Int, to bytes: inout [UInt8]) {
    var divisor = 1
    for _ in 1..<count { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }

  /// The number of days in `month` (1–12) of `year`, in the proleptic Gregorian calendar.
  package static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Seconds since 1970-01-01T00:00:00Z of a UTC date and time.
  package static func secondsSinceEpoch(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int {
    // Howard Hinnant's days_from_civil.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let monthIndex = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return days * 86_400 + hour * 3600 + minute * 60 + second
  }

  /// The UTC calendar date of a day count since 1970-01-01 (Howard Hinnant's civil_from_days).
  package static func civilDate(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
