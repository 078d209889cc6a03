/// How many terminal columns text takes, so that tables line up with emoji and wide characters: an emoji
/// ("🚗", "🏋️") and an East Asian wide or fullwidth character ("日") take two columns, a combining mark or a
/// format character (a zero-width joiner, a variation selector) none, and every other character one.
///
/// This follows the widths terminals use (`wcwidth` and Unicode's East Asian Width property, with emoji
/// presentation as two), by grapheme cluster: a cluster is as wide as its first scalar says.
package enum DisplayWidth {
  /// The columns `text` takes.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  package static func of(_ text: String) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The columns `character` takes: 0, 1 or 2.
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.properties.isEmojiPresentation { return 2 }
    if first.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
    if isWide(first.value) { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return 1
    }
  }

  /// `text` followed by spaces up to `width` columns (unchanged when it is already as wide).
  package static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - of(text)))
  }

  /// Spaces then `text`, up to `width` columns.
  package static func leftPadded(_ text: String, to width: Int) -> String {
    String(repeating: " ", count: max(0, width - of(text))) + text
  }

  /// `text` cut to at most `width` columns, ending in "…" when it was cut.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  package static func cut(_ text: String, to width: Int) -> String {
    guard of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let columns = of(character)
      if used + columns > width - 1 { break }
      result.append(character)
      used += columns
    }
    return result + "…"
  }

  /// East Asian Wide and Fullwidth ranges (Hangul Jamo, CJK, Hangul syllables, fullwidth forms).
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
