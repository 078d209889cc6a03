extension Rules {
  /// The totals a mode's rule aims for, given every total an admissible selection reaches: when some total
  /// lands in `window`, the window narrowed around its centre (the target) to `target ± max(d*, aim)`, *d\** the
  /// smallest distance to the target of such a total, and `inWindow`; otherwise the largest total at or below
  /// the window's top alone (0 when none is).
  package static func targetRange(
    _ window: ClosedRange<Int>, totals: some Sequence<Int>, aim: Int
  ) -> (range: ClosedRange<Int>, inWindow: Bool) {
    let target = (window.lowerBound + window.upperBound) / 2
    var best = 0
    var closest: Int?
    for total in totals where total <= window.upperBound {
      best = max(best, total)
      if total >= window.lowerBound { closest = min(closest ?? Int.max, abs(total - target)) }
    }
    guard let closest else { return (best...best, false) }
    let reach = max(closest, aim)
    return (max(window.lowerBound, target - reach)...min(window.upperBound, target + reach), true)
  }
}
