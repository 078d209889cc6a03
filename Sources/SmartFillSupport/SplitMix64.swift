/// SplitMix64: a small, fast, seedable generator whose output is the same on every platform, so generated
/// catalogs are reproducible byte for byte.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator from `seed`.
  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`, from integer arithmetic only (no floating point), so the same on every platform.
  package mutating func integer(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next() % width)
  }

  /// `true` with probability `numerator / denominator`.
  package mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    integer(in: 0...(denominator - 1)) < numerator
  }

  /// One of `elements`.
  package mutating func element<T>(of elements: [T]) -> T {
    elements[integer(in: 0...(elements.count - 1))]
  }
}
