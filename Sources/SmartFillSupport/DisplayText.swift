/// Text from outside (titles, file names, values a user typed) made safe to show: cut to a length so that a
/// message never echoes unbounded input, and with control characters escaped so that nothing printed to a
/// terminal can move the cursor, change the title or forge a line.
package enum DisplayText {
  /// The longest excerpt of a value that messages quote, in characters.
  package static let excerptLimit = 80

  /// `text` cut to `limit` characters, ending in "…" when it was cut.
  ///
  /// - Complexity: O(`limit`).
  package static func excerpt(_ text: String, limit: Int = excerptLimit) -> String {
    var end = text.startIndex
    var count = 0
    while end < text.endIndex {
      if count == limit { return String(text[..<text.index(before: end)]) + "…" }
      end = text.index(after: end)
      count += 1
    }
    return text
  }

  /// `text` with every control character (C0, DEL and C1, including ESC, BEL, CR and LF) shown as an
  /// escape: `\n`, `\r`, `\t`, `\e`, or `\u{9B}`; backslashes are doubled only where they would read as
  /// such an escape, so ordinary text is unchanged.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  package static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{1B}": result += "\\e"
      default:
        if isControl(scalar) {
          result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// Text for a terminal made of lines: every control character escaped as ``escaped(_:)`` does but the line
  /// feeds that end its lines.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  package static func escapedKeepingLines(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 != "\n" && isControl($0) }) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(
      separator: "\n")
  }

  /// A value for a message: escaped, then cut.
  package static func quoted(_ text: String, limit: Int = excerptLimit) -> String {
    excerpt(escaped(text), limit: limit)
  }

  /// `text` in double quotes for a message: escaped and cut as ``quoted(_:limit:)`` does.
  package static func inQuotes(_ text: String, limit: Int = excerptLimit) -> String {
    "\"" + quoted(text, limit: limit) + "\""
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
