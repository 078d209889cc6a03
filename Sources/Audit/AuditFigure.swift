/// One figure of a check: a value under a stable JSON key, and the line the text report shows.
package struct AuditFigure: Sendable, Hashable {
  /// A figure's value.
  package enum Value: Sendable, Hashable {
    case integer(Int)
    /// A fraction or a mean, written with the decimals given.
    case number(Double, decimals: Int)
    case text(String)
    case bool(Bool)
    /// Several words, such as the names of the scenarios run.
    case texts([String])
  }

  /// The JSON key, carrying its unit ("meanDeviationSeconds", "p99Nanoseconds").
  package var key: String
  /// The value.
  package var value: Value
  /// The text report's line ("fills inside ±3 min: 20 of 20 (100 %); the design's greedy 9 of 20 (45 %)"), or
  /// `nil` for a figure that another's line already shows.
  package var line: String?

  /// Creates a figure.
  package init(_ key: String, _ value: Value, _ line: String? = nil) {
    self.key = key
    self.value = value
    self.line = line
  }

  /// `value` rounded to `decimals` places, halves away from zero: the JSON's number and the text's figure alike.
  package static func rounded(_ value: Double, decimals: Int) -> Double {
    let scale = (0..<decimals).reduce(1.0) { result, _ in result * 10 }
    return (value * scale).rounded() / scale
  }

  /// The integer value, if it is one.
  package var integer: Int? {
    if case .integer(let value) = value { return value }
    return nil
  }
}
