import Foundation
import SmartFillSupport

/// How many cases the randomized tests run, as swift-collections gates its long tests.
///
/// - By default, a quick share of each test's full count (a tenth, at least a few cases), so that `swift test` gives
///   its answer in minutes after every change.
/// - With `SMARTFILL_LONG_TESTS=1` (what `.ci/run` sets), every test runs its full count: the thousands of cases
///   that search for the rare counterexample.
/// - With `SMARTFILL_TEST_SEED=<seed>`, every ``SeededCases`` sequence runs the one case of that seed, so a failure
///   the long run found replays alone from the seed its message printed (with `--filter` to pick the test).
package enum TestScale {
  /// Whether the long run was asked for (`SMARTFILL_LONG_TESTS` set to anything but `0` or empty).
  package static let isLong: Bool = {
    let value = ProcessInfo.processInfo.environment["SMARTFILL_LONG_TESTS"] ?? ""
    return !value.isEmpty && value != "0"
  }()

  /// The one case to replay, from `SMARTFILL_TEST_SEED` (decimal, or hexadecimal after `0x`).
  package static let replayedSeed: UInt64? = {
    guard let text = ProcessInfo.processInfo.environment["SMARTFILL_TEST_SEED"] else { return nil }
    return parseSeed(text)
  }()

  /// The share of a full count that the quick run takes.
  package static let quickDivisor = 10

  /// `full` in the long run; otherwise a tenth of it, but at least `minimum` (and never more than `full`).
  package static func count(_ full: Int, minimum: Int = 3) -> Int {
    isLong ? full : min(full, max(minimum, full / quickDivisor))
  }

  /// The seeds `0..<count(full)`, for parameterized tests that take one argument per seed.
  package static func seeds(_ full: Int, minimum: Int = 3) -> [UInt64] {
    (0..<count(full, minimum: minimum)).map(UInt64.init)
  }

  /// A seed written as decimal or as hexadecimal after `0x`, or `nil`.
  package static func parseSeed(_ text: String) -> UInt64? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    if trimmed.hasPrefix("0x") {
      return UInt64(trimmed.dropFirst(2).replacingOccurrences(of: "_", with: ""), radix: 16)
    }
    return UInt64(trimmed)
  }
}

/// One case of a randomized test: its own generator, seeded apart from every other case's so that it can be
/// replayed alone.
package struct SeededCase: CustomStringConvertible, Sendable {
  /// The case's place in its test's sequence.
  package let index: Int
  /// The seed its generator starts from (print it: `SMARTFILL_TEST_SEED` replays it).
  package let seed: UInt64
  /// The case's generator.
  package var random: SplitMix64

  /// Creates the case of `seed`.
  package init(index: Int, seed: UInt64) {
    self.index = index
    self.seed = seed
    random = SplitMix64(seed: seed)
  }

  /// `seed 0x…`, the words to put in a failure's message.
  package var description: String {
    "seed 0x\(String(seed, radix: 16)) (replay: SMARTFILL_TEST_SEED=0x\(String(seed, radix: 16)))"
  }
}

/// The cases of a randomized test: `TestScale.count(full)` of them, each with a seed derived from the test's
/// `seed` and the case's index, or only the case that `SMARTFILL_TEST_SEED` names.
///
/// ```swift
/// for var trial in SeededCases(seed: 0xFA11, count: 3000) {
///   let durations = (0..<5).map { _ in Int.random(in: 1...40, using: &trial.random) }
///   #expect(check(durations), "\(trial): \(durations)")
/// }
/// ```
package struct SeededCases: Sequence, Sendable {
  /// The test's seed.
  package let seed: UInt64
  /// How many cases run.
  package let count: Int

  /// The cases of a test whose full run has `full` cases.
  package init(seed: UInt64, count full: Int, minimum: Int = 3) {
    self.seed = seed
    count = TestScale.replayedSeed == nil ? TestScale.count(full, minimum: minimum) : 1
  }

  /// The seed of case `index` of the test of `seed`: SplitMix64's output at that step, so that neighbouring
  /// cases share nothing.
  package static func seed(ofCase index: Int, in seed: UInt64) -> UInt64 {
    var generator = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    return generator.next()
  }

  package func makeIterator() -> AnyIterator<SeededCase> {
    var index = 0
    let seed = self.seed
    let count = self.count
    let replayed = TestScale.replayedSeed
    return AnyIterator {
      guard index < count else { return nil }
      defer { index += 1 }
      return SeededCase(index: index, seed: replayed ?? Self.seed(ofCase: index, in: seed))
    }
  }
}
