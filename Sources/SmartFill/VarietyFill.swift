/// The exact variety selection when fill time's choice puts too much of one show in the queue.
///
/// The variety rule is fill time's rule with one more condition on every completion and on the result: the
/// selection must be arrangeable, that is no show holds more than twice the others plus two (see
/// ``VarietyOrder``). When fill time's selection is arrangeable it is also the variety rule's (every
/// decision it made had itself as a witness). Otherwise one show *s* dominates, and this solver runs the
/// rule with the condition for *s*, `D = count(s) − 2 · count(others) ≤ 2`, tracked as an extra dimension of
/// the suffix sets: `R[i][δ]` holds the totals of completions from `i` that keep `δ + D(completion) ≤ 2`.
/// If its result is arrangeable for every show, it is exactly the rule's choice (the same witness argument).
/// As the rule stops only once the selection is both inside the window and arrangeable, it may go on past
/// the window's bottom to add an episode of another show.
struct VarietyFill {
  /// Durations of the candidates in priority order.
  var durations: [Int]
  /// As in ``LookaheadFill``: the index after each candidate's group.
  var groupEnds: [Int]
  /// For each candidate, its place in `dominant` shows, or `nil` for the other shows.
  var dominantIndex: [Int?]
  /// The number of dominant shows tracked (usually one; a second when capping the first lets it dominate).
  var dominantCount: Int

  /// The largest number of words the suffix sets may take by default; above it the caller falls back to
  /// capping.
  static let wordBudget = 1 << 17
  /// The budget of this search.
  var budget = VarietyFill.wordBudget

  /// Selects by the variety rule for the dominant shows, or returns `nil` when the suffix sets would exceed
  /// its budget.
  ///
  /// - Complexity: O(*n* · *r*^*k* · *w*) time and memory, where *n* is the number of candidates, *k* the
  ///   number of dominant shows, *r* the range of each `δ` (at most the show's candidates plus twice the most
  ///   other episodes that fit) and *w* = (*hi* + 1) / 64.
  func select(in window: ClosedRange<Int>, aim: Aim? = nil) -> (indices: [Int], total: Int, inWindow: Bool)? {
    let count = durations.count
    let high = window.upperBound
    // At least three values of δ per dominant show: too large already?
    guard (count + 1) * 3 * (high / 64 + 1) <= budget else { return nil }
    // How many episodes can be in any selection at all: the shortest ones, as many as fit. A δ above
    // 2 + 2 · that can never come back to 2; a δ below 2 − (the dominant show's most) is always fine.
    func mostThatFit(_ values: [Int]) -> Int {
      var sum = 0
      var count = 0
      for value in values.sorted() {
        sum += value
        if sum > high { break }
        count += 1
      }
      return count
    }
    let mostItems = mostThatFit(durations)
    var lowest = [Int](repeating: 2, count: dominantCount)
    for show in 0..<dominantCount {
      lowest[show] -= mostThatFit(zip(durations, dominantIndex).filter { $0.1 == show }.map(\.0))
    }
    let highest = 2 + 2 * mostItems
    var strides: [Int] = []
    var states = 1
    for show in 0..<dominantCount {
      strides.append(states)
      states *= highest - lowest[show] + 1
      guard states <= budget else { return nil }
    }
    let words = high / 64 + 1
    guard (count + 1) * states * words <= budget else { return nil }

    /// The row of position `position` and state `deltas`, or `nil` when a δ is past any repair.
    func row(_ position: Int, _ deltas: [Int]) -> Int? {
      var state = 0
      for show in 0..<dominantCount {
        if deltas[show] > highest { return nil }
        state += (max(deltas[show], lowest[show]) - lowest[show]) * strides[show]
      }
      return position * states + state
    }
    func deltas(ofState state: Int) -> [Int] {
      (0..<dominantCount).map { show in
        state / strides[show] % (highest - lowest[show] + 1) + lowest[show]
      }
    }
    func moved(_ deltas: [Int], by item: Int) -> [Int] {
      deltas.indices.map { show in deltas[show] + (dominantIndex[item] == show ? 1 : -2) }
    }

    var rows = ReachRows(rows: (count + 1) * states, maximum: high)
    for state in 0..<states {
      let target = count * states + state
      if deltas(ofState: state).allSatisfy({ $0 <= 2 }) { rows.setZero(target) } else { rows.setEmpty(target) }
    }
    for position in stride(from: count - 1, through: 0, by: -1) {
      let skip = groupEnds[position]
      for state in 0..<states {
        let target = position * states + state
        let current = deltas(ofState: state)
        rows.copy(row(skip, current)!, to: target)
        if let next = row(position + 1, moved(current, by: position)) {
          rows.combine(into: target, skip: target, next: next, shift: durations[position])
        }
      }
    }
    var current = [Int](repeating: 0, count: dominantCount)
    let start = row(0, current)!
    let best = rows.largest(start, atMost: high) ?? 0
    let inWindow = best >= window.lowerBound
    var low = inWindow ? window.lowerBound : best
    var top = high
    if inWindow, let aim {
      let narrowed = aim.narrowed(window, row: start, of: rows)
      low = narrowed.lowerBound
      top = narrowed.upperBound
    }

    var taken: [Int] = []
    var total = 0
    var position = 0
    // Stop once the selection is inside the window and arrangeable.
    while position < count, total < low || current.contains(where: { $0 > 2 }) {
      let duration = durations[position]
      let after = moved(current, by: position)
      if total + duration <= top, let next = row(position + 1, after),
        rows.containsAny(next, in: (low - total - duration)...(top - total - duration))
      {
        taken.append(position)
        total += duration
        current = after
        position += 1
      } else {
        position = groupEnds[position]
      }
    }
    return (taken, total, inWindow)
  }
}
