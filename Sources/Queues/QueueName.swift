import Foundation

/// The rules for queue names: an optional leading emoji and text, trimmed, not empty, at most
/// ``maximumLength`` characters, and unique in a library ignoring case, Unicode normalization, emoji
/// variation selectors and surrounding spaces ("🚗 Commute" and " 🚗 commute" clash).
public enum QueueName {
  /// The longest name accepted, in characters (grapheme clusters: "🏋️" counts as one).
  public static let maximumLength = 40

  /// Returns `name` trimmed of surrounding white space, or throws when it is not an acceptable name.
  ///
  /// - Throws: ``QueueError/invalidName(_:reason:)`` when the trimmed name is empty, longer than
  ///   ``maximumLength`` characters, or contains a line break or another control character.
  /// - Complexity: O(*n*) in the length of the name.
  public static func validated(_ name: String) throws(QueueError) -> String {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty {
      throw .invalidName(name, reason: "must not be empty")
    }
    if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw .invalidName(name, reason: "must not contain line breaks or other control characters")
    }
    let length = trimmed.count
    if length > maximumLength {
      throw .invalidName(name, reason: "must be at most \(maximumLength) characters, has \(length)")
    }
    return trimmed
  }

  /// The form of `name` that two names are compared in: trimmed, without emoji variation selectors,
  /// in Unicode normalization form C and lowercased.
  ///
  /// - Complexity: O(*n*) in the length of the name.
  public static func comparisonKey(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars
    where scalar != "\u{FE0E}" && scalar != "\u{FE0F}" {
      scalars.append(scalar)
    }
    return String(scalars).precomposedStringWithCanonicalMapping.lowercased()
  }

  /// `name` with every run of spaces (of any width, such as a no-break space) made one space: what a new name
  /// and a name looked up are put in, so that "Morning  Run" is made "Morning Run" and found as "morning run".
  ///
  /// - Complexity: O(*n*) in the length of the name.
  public static func collapsingSpaces(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    var afterSpace = false
    for scalar in name.unicodeScalars {
      let isSpace = scalar.properties.generalCategory == .spaceSeparator
      if isSpace, afterSpace { continue }
      scalars.append(isSpace ? " " : scalar)
      afterSpace = isSpace
    }
    return String(scalars)
  }

  /// The key a name is looked up by: its ``comparisonKey(_:)`` with runs of spaces made one.
  public static func lookupKey(_ name: String) -> String { comparisonKey(collapsingSpaces(name)) }

  /// Whether two names clash: equal once both are put in their ``comparisonKey(_:)`` form.
  public static func clash(_ first: String, _ second: String) -> Bool {
    comparisonKey(first) == comparisonKey(second)
  }

  /// The leading emoji of `name`, or `nil` when the name does not start with one.
  ///
  /// ```swift
  /// QueueName.emoji(of: "🚗 Commute")  // "🚗"
  /// QueueName.emoji(of: "Commute")     // nil
  /// ```
  public static func emoji(of name: String) -> String? {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let first = trimmed.first, isEmoji(first) else { return nil }
    return String(first)
  }

  /// The name without its leading emoji and the spaces after it.
  public static func text(of name: String) -> String {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let first = trimmed.first, isEmoji(first) else { return trimmed }
    return String(trimmed.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `emoji` and `text` joined by a space, leaving out whichever is absent or empty.
  public static func compose(emoji: String?, text: String) -> String {
    let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let emoji, !emoji.isEmpty else { return text }
    return text.isEmpty ? emoji : emoji + " " + text
  }

  /// Returns `emoji` when it is exactly one emoji character.
  ///
  /// - Throws: ``QueueError/invalidEmoji(_:)`` otherwise.
  public static func validatedEmoji(_ emoji: String) throws(QueueError) -> String {
    let trimmed = emoji.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.count == 1, let character = trimmed.first, isEmoji(character) else {
      throw .invalidEmoji(emoji)
    }
    return trimmed
  }

  /// Whether `character` is shown as an emoji: a scalar with emoji presentation ("🚗", flags), or an
  /// emoji scalar made into one by a variation selector, a keycap or a zero-width joiner ("🏋️", "1️⃣").
  static func isEmoji(_ character: Character) -> Bool {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return false }
    if first.properties.isEmojiPresentation { return true }
    guard first.properties.isEmoji, scalars.count > 1 else { return false }
    return scalars.contains { $0 == "\u{FE0F}" || $0 == "\u{20E3}" || $0 == "\u{200D}" }
  }

  /// A name based on `name` that clashes with none of `existing`: `name` followed by `suffix` ("copy"), then
  /// a number from 2 on; the text is shortened, keeping the emoji, when the result would be too long.
  ///
  /// - Complexity: O(*q* · *n*) where *q* is the number of existing names and *n* their length.
  static func unique(basedOn name: String, suffix: String, avoiding existing: [String]) -> String {
    let keys = Set(existing.map(comparisonKey))
    let emoji = emoji(of: name)
    let text = text(of: name)
    var number = 1
    while true {
      let ending = number == 1 ? suffix : "\(suffix) \(number)"
      let emojiLength = emoji == nil ? 0 : 2
      let room = maximumLength - emojiLength - ending.count - (text.isEmpty ? 0 : 1)
      let shortened = String(text.prefix(max(0, room))).trimmingCharacters(in: .whitespaces)
      let candidate = compose(emoji: emoji, text: shortened.isEmpty ? ending : shortened + " " + ending)
      if !keys.contains(comparisonKey(candidate)) { return candidate }
      number += 1
    }
  }
}
