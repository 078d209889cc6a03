/// The bundles that `k` copies of one item are added as, in a reachability or least-excess pass: 1, 2, 4 …
/// and the rest. Every count from 0 to `k` is the size of some set of them, so adding each bundle once (as one
/// item `size` times as long, with `size` times the step) reaches exactly what adding the copies one by one does,
/// in about log₂ *k* passes instead of *k*.
///
/// - Complexity: O(log *k*) bundles.
struct CopyBundles: Sequence, IteratorProtocol {
  private var left: Int
  private var size = 1

  /// The bundles of `copies` copies (none for 0).
  init(copies: Int) { left = copies }

  mutating func next() -> Int? {
    guard left > 0 else { return nil }
    let taken = Swift.min(size, left)
    left -= taken
    size *= 2
    return taken
  }
}
