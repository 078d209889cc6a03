/// A run of consecutive totals known to be reachable, grown as items are added without computing the totals
/// themselves: the certificate that lets the tail's totals (``SplitCandidates/tailTotals(unit:upTo:)``) be
/// computed exactly only below a bound, every total above it being reachable.
///
/// The rule: if the totals *S* of some items hold every total of `low ... high`, then adding one more item of
/// length *d* gives *S* ∪ (*S* + *d*), which holds `low ... high + d` whenever *d* ≤ `high − low + 1` (the
/// run and its shift by *d* meet or touch). An item whose choices are a chain's prefixes, of sums
/// *p*₁ < *p*₂ < … (taking none, or the first *j*), gives the union of the run shifted by each *pⱼ*: it holds
/// `low ... high + pⱼ` up to the first *j* whose step *pⱼ − pⱼ₋₁* (with *p*₀ = 0) is longer than the run.
/// An item too long for the run leaves the run as it is (it is still reachable: totals never go away). Which
/// items come first changes only how far the run grows, never whether it is right; shortest steps first
/// grow it fastest. A run found some other way (from exactly computed totals, ``join(_:)``) merges with this
/// one where they meet.
///
/// The empty selection reaches 0, so a fresh interval is `0 ... 0`.
struct ReachInterval: Equatable {
  /// The smallest total of the run.
  private(set) var low = 0
  /// The largest total of the run.
  private(set) var high = 0

  /// The run `0 ... 0`, reached by taking nothing.
  init() {}

  /// The run `low ... high`, which the caller knows to be reachable.
  init(_ low: Int, _ high: Int) {
    precondition(low <= high, "an empty run \(low)...\(high)")
    (self.low, self.high) = (low, high)
  }

  /// The run's number of totals.
  var length: Int { high - low + 1 }

  /// Adds an item whose choices are nothing or one of `sums` (increasing and positive: a chain's prefix
  /// sums, or one item's length).
  ///
  /// - Complexity: O(*k*) for the *k* sums read (it stops at the first step longer than the run).
  mutating func add(sums: some Sequence<Int>) {
    let length = length
    var previous = 0
    var reach = high
    for sum in sums {
      if sum - previous > length { break }
      reach = high + sum
      previous = sum
    }
    high = reach
  }

  /// Merges `other`, another reachable run, where the two meet or touch; else keeps the longer.
  mutating func join(_ other: ReachInterval) {
    if other.low <= high + 1 && low <= other.high + 1 {
      (low, high) = (min(low, other.low), max(high, other.high))
    } else if other.length > length {
      self = other
    }
  }
}
