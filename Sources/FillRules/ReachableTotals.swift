/// A set of totals from 0 to a top, as bits (total `t` is bit `t % 64` of word `t / 64`): the plain subset sums
/// the rules' checks at a full catalog's size are made of.
package struct ReachableTotals: Sendable, Hashable {
  /// The largest total the set can hold.
  package let top: Int
  /// The bits.
  package private(set) var words: [UInt64]

  /// The set holding only `base` (nothing when `base` is above `top`).
  package init(upTo top: Int, holding base: Int = 0) {
    self.top = top
    words = [UInt64](repeating: 0, count: max(0, top) / 64 + 1)
    if base >= 0, base <= top { words[base / 64] = 1 << UInt64(base % 64) }
  }

  /// Whether `total` is in the set.
  package func contains(_ total: Int) -> Bool {
    total >= 0 && total <= top && words[total / 64] >> UInt64(total % 64) & 1 == 1
  }

  /// Whether some total of `range` is in the set.
  package func contains(anyOf range: ClosedRange<Int>) -> Bool { range.contains(where: contains) }

  /// The totals in the set, smallest first.
  package var totals: [Int] { (0...max(0, top)).filter(contains) }

  /// The set's totals with every total `shift` more added, those above the top left out.
  package func union(shiftedBy shift: Int) -> ReachableTotals {
    var result = self
    result.formUnion(self, shiftedBy: shift)
    return result
  }

  /// Adds every total of `other` plus `shift` (the totals past the top left out).
  package mutating func formUnion(_ other: ReachableTotals, shiftedBy shift: Int) {
    let count = words.count
    let (wordShift, bitShift) = (shift / 64, shift % 64)
    guard shift >= 0, wordShift < count else { return }
    // From the top down, so that `other` may be this set itself.
    for index in stride(from: count - 1, through: wordShift, by: -1) {
      var value = other.words[index - wordShift] << UInt64(bitShift)
      if bitShift > 0, index - wordShift > 0 { value |= other.words[index - wordShift - 1] >> UInt64(64 - bitShift) }
      words[index] |= value
    }
    if top % 64 != 63 { words[count - 1] &= (1 << UInt64(top % 64 + 1)) - 1 }
  }

  /// `base` plus any of `free` (each at most once) plus a prefix, possibly empty, of each of `chains` (given as
  /// their episodes' seconds): every total such a selection reaches up to `top`.
  ///
  /// - Complexity: O((*f* + *c*) · *top* / 64) for *f* free episodes and *c* chain episodes.
  package static func reached(
    from base: Int = 0, free: some Sequence<Int>, chains: some Sequence<some Collection<Int>>, upTo top: Int
  ) -> ReachableTotals {
    var reach = ReachableTotals(upTo: top, holding: base)
    for seconds in free { reach.formUnion(reach, shiftedBy: seconds) }
    for chain in chains {
      var next = reach
      var sum = 0
      for seconds in chain {
        sum += seconds
        if sum > top { break }
        next.formUnion(reach, shiftedBy: sum)
      }
      reach = next
    }
    return reach
  }

  /// The largest total in the set, 0 when it holds none.
  package var largest: Int { (0...max(0, top)).last(where: contains) ?? 0 }
}
