/// Where inside its window a fill aims: as close to the target as any admissible selection can get, or at
/// least within `aimSeconds` of it.
///
/// The window `target ± tolerance` says which totals are acceptable; the aim says which are good. Every
/// time-based mode first finds *d\**, the smallest deviation `|total − target|` that any admissible selection
/// inside the window reaches (from the same suffix sets the rule uses, so at no extra pass), narrows the
/// window to `target ± max(d*, aim)` (never past the window), and applies its priority rule inside that.
/// With `aim` 60 s a 45-minute request lands within a minute of 45 whenever some selection does, and within
/// *d\** of it otherwise; with `aim` equal to the tolerance the rule sees the whole window, as it did before
/// aiming. The narrowed window always holds a reachable total, so the rule stays exact: it lands in it
/// whenever the window was reachable at all.
struct Aim {
  /// The target, in seconds.
  var targetSeconds: Int
  /// The deviation that is good enough, in seconds (0 up to the tolerance).
  var aimSeconds: Int
  /// The unit the solver's totals are counted in (the durations' common divisor), in seconds.
  var unit: Int = 1

  /// The window narrowed around the target: `target ± max(d*, aim)` intersected with `window`, where *d\**
  /// is the deviation of the total in `row` closest to the target. `window` is in units and must hold one of
  /// the row's totals.
  ///
  /// - Complexity: O(*w*), where *w* is the number of words between the target and its nearest totals.
  func narrowed(_ window: ClosedRange<Int>, row: Int, of rows: ReachRows) -> ClosedRange<Int> {
    narrowed(window, nearest: nearestDeviation(in: window, row: row, of: rows))
  }

  /// *d\**: the deviation from the target, in seconds, of the total in `row` inside `window` closest to the
  /// target. `window` is in units and must hold one of the row's totals.
  ///
  /// - Complexity: O(*w*), as ``narrowed(_:row:of:)``.
  func nearestDeviation(in window: ClosedRange<Int>, row: Int, of rows: ReachRows) -> Int {
    nearestDeviation(
      in: window, largest: { rows.largest(row, atMost: $0) }, smallest: { rows.smallest(row, atLeast: $0) })
  }

  /// *d\**, from the totals that `largest` (the largest reachable total at most its argument) and `smallest`
  /// (the smallest at least its argument) find.
  ///
  /// - Complexity: one call of each.
  func nearestDeviation(
    in window: ClosedRange<Int>, largest: (Int) -> Int?, smallest: (Int) -> Int?
  ) -> Int {
    let below = targetSeconds / unit
    let above = (targetSeconds + unit - 1) / unit
    var nearest = Int.max
    if let total = largest(min(below, window.upperBound)), total >= window.lowerBound {
      nearest = targetSeconds - total * unit
    }
    if let total = smallest(max(above, window.lowerBound)), total <= window.upperBound {
      nearest = min(nearest, total * unit - targetSeconds)
    }
    precondition(nearest != Int.max, "aiming needs a reachable total in the window")
    return nearest
  }

  /// `window` narrowed to `target ± max(nearest, aim)`.
  ///
  /// - Complexity: O(1).
  func narrowed(_ window: ClosedRange<Int>, nearest: Int) -> ClosedRange<Int> {
    guard let narrowed = within(window, reach: max(nearest, aimSeconds)) else {
      preconditionFailure("aiming needs a reachable total within \(nearest) s of the target")
    }
    return narrowed
  }

  /// `window` narrowed to `target ± aim`, as ``narrowed(_:nearest:)`` narrows it when a total lies within
  /// the aim of the target, or `nil` when no total in units lies there (an aim of 0 at a target between two).
  ///
  /// - Complexity: O(1).
  func narrowedAtTarget(_ window: ClosedRange<Int>) -> ClosedRange<Int>? { within(window, reach: aimSeconds) }

  /// The totals in units of `window` within `reach` seconds of the target, or `nil` when there are none.
  private func within(_ window: ClosedRange<Int>, reach: Int) -> ClosedRange<Int>? {
    let lowest = targetSeconds - reach
    let low = max(lowest <= 0 ? 0 : (lowest + unit - 1) / unit, window.lowerBound)
    let high = min((targetSeconds + reach) / unit, window.upperBound)
    return low <= high ? low...high : nil
  }
}
