/// Reads `itunes:duration` as real feeds write it.
///
/// Accepted: whole or fractional seconds (`3600`, `39.33`, `2024.0`), `MM:SS` (minutes may be 60 or more, as
/// in `99:42`), and `H:MM:SS` or `HH:MM:SS`; fractions are rounded to the nearest second. Empty text and `0`
/// mean the duration is unknown. Anything else (`1h 30m`, `-5`, `1:2:3:4`) is unreadable.
enum ITunesDuration: Sendable, Hashable {
  /// A positive duration, in whole seconds.
  case seconds(Int)
  /// Empty, or zero: the publisher does not know.
  case unknown
  /// Text that is not a duration.
  case unreadable

  /// The longest duration accepted: 100 days. Longer values are typing mistakes.
  static let maximumSeconds = 100 * 86_400

  /// Reads `text`.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  init(_ text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      self = .unknown
      return
    }
    let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 3 else {
      self = .unreadable
      return
    }
    var total = 0.0
    for (offset, part) in parts.enumerated() {
      let isLast = offset == parts.count - 1
      guard let value = Self.number(part, allowsFraction: isLast) else {
        self = .unreadable
        return
      }
      total = total * 60 + value
    }
    guard total <= Double(Self.maximumSeconds) else {
      self = .unreadable
      return
    }
    let seconds = Int(total.rounded())
    self = seconds > 0 ? .seconds(seconds) : .unknown
  }

  /// The seconds, or `nil` when unknown or unreadable.
  var seconds: Int? {
    if case .seconds(let value) = self { return value }
    return nil
  }

  /// Digits, with an optional fraction when `allowsFraction`; at most 12 digits before the point.
  private static func number(_ text: Substring, allowsFraction: Bool) -> Double? {
    var sawDigit = false
    var sawPoint = false
    var integerDigits = 0
    for character in text {
      if character.isASCII, character.isNumber {
        sawDigit = true
        if !sawPoint { integerDigits += 1 }
      } else if character == ".", allowsFraction, !sawPoint {
        sawPoint = true
      } else {
        return nil
      }
    }
    guard sawDigit, integerDigits <= 12 else { return nil }
    return Double(text)
  }
}
