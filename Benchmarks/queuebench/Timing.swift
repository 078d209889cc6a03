import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Clocks, percentiles and a black hole, in the manner of package-benchmark.
enum Timing {
  /// Monotonic wall time in nanoseconds.
  static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// Keeps a value alive so that the optimizer cannot drop the work that made it.
  @inline(never)
  static func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
  }
}

/// Percentiles of a sample of durations in nanoseconds, nearest-rank.
struct Percentiles {
  var p50: UInt64
  var p90: UInt64
  var p99: UInt64
  var max: UInt64

  init(_ samples: [UInt64]) {
    let sorted = samples.sorted()
    func rank(_ fraction: Double) -> UInt64 {
      guard !sorted.isEmpty else { return 0 }
      let index = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
      return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
    }
    p50 = rank(0.50)
    p90 = rank(0.90)
    p99 = rank(0.99)
    max = sorted.last ?? 0
  }

  /// Nanoseconds as microseconds with one decimal, or milliseconds above 10 ms.
  static func text(_ nanoseconds: UInt64) -> String {
    if nanoseconds >= 10_000_000 { return String(format: "%.1f ms", Double(nanoseconds) / 1e6) }
    return String(format: "%.1f µs", Double(nanoseconds) / 1e3)
  }
}
