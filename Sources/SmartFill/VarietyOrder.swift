/// Arranges a selection so that no show plays three times in a row, and consecutive episodes differ in
/// category where the selection allows.
///
/// Such an order exists exactly when the show with the most episodes, *m* of them, has
/// *m* ≤ 2 · (*o* + 1), where *o* is the number of the other episodes (``isArrangeable(counts:)``). The
/// arrangement is greedy with a feasibility check: at each step it places an episode of a show that keeps a
/// valid completion possible, preferring a show whose category differs from the previous episode's, then
/// the show with the most episodes left, then the show of higher priority. Each show's episodes keep their
/// given order (series order), so a serial show is still heard in order.
enum VarietyOrder {
  /// Whether episodes with these per-show counts can be ordered without three in a row from one show.
  ///
  /// - Complexity: O(*s*) for *s* shows.
  static func isArrangeable(counts: [Int]) -> Bool {
    let total = counts.reduce(0, +)
    let largest = counts.max() ?? 0
    return largest <= 2 * (total - largest + 1)
  }

  /// Orders the shows' episodes without three in a row from one show, or returns `nil` when the counts
  /// make that impossible.
  ///
  /// - Parameter shows: Each show's category (or `nil` when unknown) and its episodes in the order they must
  ///   keep, the shows in priority order.
  /// - Complexity: O(*n* · *s*²) for *n* episodes and *s* shows.
  static func arrange<Element>(_ shows: [(category: String?, items: [Element])]) -> [Element]? {
    var remaining = shows.map(\.items.count)
    guard isArrangeable(counts: remaining) else { return nil }
    var next = [Int](repeating: 0, count: shows.count)
    var total = remaining.reduce(0, +)
    var result: [Element] = []
    result.reserveCapacity(total)
    var last = -1
    var run = 0
    while total > 0 {
      var chosen = -1
      var chosenScore = (0, 0, 0)
      for show in shows.indices where remaining[show] > 0 && !(show == last && run == 2) {
        let newRun = show == last ? run + 1 : 1
        remaining[show] -= 1
        let feasible = canComplete(remaining, total: total - 1, last: show, run: newRun)
        remaining[show] += 1
        guard feasible else { continue }
        let differs = last < 0 || !sameCategory(shows[show].category, shows[last].category) ? 1 : 0
        let score = (differs, remaining[show], -show)
        if chosen < 0 || score > chosenScore {
          chosen = show
          chosenScore = score
        }
      }
      precondition(chosen >= 0, "an arrangeable selection always has a next episode")
      result.append(shows[chosen].items[next[chosen]])
      next[chosen] += 1
      remaining[chosen] -= 1
      total -= 1
      run = chosen == last ? run + 1 : 1
      last = chosen
    }
    return result
  }

  /// Whether `remaining` can follow a sequence that ends with `run` episodes of show `last`.
  static func canComplete(_ remaining: [Int], total: Int, last: Int, run: Int) -> Bool {
    for (show, count) in remaining.enumerated() where count > 0 {
      let others = total - count
      let limit = show == last ? 2 * others + 2 - run : 2 * (others + 1)
      if count > limit { return false }
    }
    return true
  }

  static func sameCategory(_ lhs: String?, _ rhs: String?) -> Bool {
    guard let lhs, let rhs else { return false }
    return lhs == rhs
  }
}
