import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Clocks and memory readings, in the manner of package-benchmark, for the package's benchmarks.
public enum Measurement {
  /// Monotonic wall time in nanoseconds.
  public static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// CPU time of the process in nanoseconds.
  public static func cpuTime() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }

  /// The peak resident set size since the last ``resetPeakResident()``, in bytes (Linux: `VmHWM`).
  public static func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
      return digits.map { $0 * 1024 }
    }
    return nil
  }

  /// Resets the kernel's peak resident set size, so each scale gets its own peak (Linux 4.0 and later).
  public static func resetPeakResident() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }

  /// Keeps a value alive so that the optimizer cannot drop the work that made it.
  @inline(never)
  public static func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
  }
}

/// Percentiles of a sample of durations in nanoseconds, nearest-rank.
public struct Percentiles: Sendable, Hashable {
  public var p50: UInt64
  public var p90: UInt64
  public var p99: UInt64
  public var max: UInt64

  /// The percentiles of `samples`; all 0 when there are none.
  ///
  /// - Complexity: O(*n* log *n*).
  public init(_ samples: [UInt64]) {
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
}
