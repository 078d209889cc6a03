import BenchmarkSupport
import Foundation

extension Percentiles {
  /// Nanoseconds as microseconds with one decimal, or milliseconds above 10 ms.
  static func text(_ nanoseconds: UInt64) -> String {
    if nanoseconds >= 10_000_000 { return String(format: "%.1f ms", Double(nanoseconds) / 1e6) }
    return String(format: "%.1f µs", Double(nanoseconds) / 1e3)
  }
}
