import SmartFillSupport

extension DisplayText {
  /// `text` in double quotes, for a message: control characters escaped and cut to
  /// ``DisplayText/excerptLimit`` characters (see ``DisplayText/quoted(_:limit:)``), so that a value from a
  /// document can neither forge a line on a terminal nor make a message unbounded.
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  static func inQuotes(_ text: String) -> String { "\"" + quoted(text) + "\"" }
}
