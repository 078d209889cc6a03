/// A prefix of the candidates that the forward pass takes whole, tried before the search's rows.
///
/// The pass takes a candidate when some completion after it lands in what it must reach and ends
/// arrangeable. If some completion does from position `m`, after every candidate before it, then the pass
/// takes every one of them (the prefix is kept below the window, so the pass does not stop inside it): for
/// each, the candidates after it up to `m`, with that completion, are one. From `m` on, the pass is the rule's
/// pass over the candidates from `m` that fit in what is left, from the state reached: a search whose rows
/// span only what is left of the window, not all of it: where a priority show with many episodes leads the
/// list, a small part of it.
///
/// What the pass must reach is known before the rows only when such a completion settles it: with
/// `fixedLow`, from it to the window's top; with an aim, the window narrowed at the target (a completion
/// inside it shows that *d\** is at most the aim, and the window is then narrowed exactly so); without one,
/// the window. The search from `m` looks for a completion there (its own window, which the prefix leaves
/// above 0, so it answers whether one exists), and where it finds none it stops before its pass
/// (``stopsOutsideWindow``): the tail builds candidates only for a pass, and the whole search then runs as it
/// would have, with the tail as it was. The guess cost only that narrow search.
///
/// `m` is guessed from what a completion needs: from a state `δ`, each dominant show needs
/// ``othersNeeded(from:)`` episodes of the others, which last at least as long as that many of the shortest
/// (this list's, and where those do not fit, the tail's too, read shortest first). The guess is the last
/// position before the prefix and those stop fitting, or before the prefix reaches the window.
extension VarietyFill {
  /// The rule's selection as ``select(in:fixedLow:start:aim:tail:)`` gives it, by a prefix taken whole and a
  /// search from there, or `nil` when no prefix is guessed or the search from it finds no completion.
  ///
  /// - Complexity: O(*n* + *k* · *n* log *n*) for the guess, then one search over the candidates after the
  ///   prefix, for the totals left.
  func selectAfterWholePrefix(
    in window: ClosedRange<Int>, fixedLow: Int?, start: [Int], aim: Aim?, tail: VarietyTail?
  ) -> (indices: [Int], tailIndices: [Int], total: Int, inWindow: Bool)? {
    let reached: ClosedRange<Int>
    if let fixedLow {
      guard fixedLow <= window.upperBound else { return nil }
      reached = fixedLow...window.upperBound
    } else if let aim {
      guard let narrowed = aim.narrowedAtTarget(window) else { return nil }
      reached = narrowed
    } else {
      reached = window
    }
    let (prefix, total, deltas) = wholePrefix(
      low: reached.lowerBound, top: reached.upperBound, start: start, tail: tail)
    guard prefix > 0 else { return nil }
    let left = max(0, reached.lowerBound - total)...(reached.upperBound - total)
    // Only the candidates that fit in what is left.
    var (rest, places) = candidates(from: prefix, headSize: headSize).pruned(upTo: left.upperBound)
    rest.takesWholePrefix = false
    rest.stopsOutsideWindow = true
    let chosen = rest.select(in: left, fixedLow: nil, start: deltas, aim: nil, tail: tail)
    guard chosen.inWindow else { return nil }
    return (
      Array(0..<prefix) + chosen.indices.map { places[$0] + prefix }, chosen.tailIndices, total + chosen.total, true
    )
  }

  /// The guessed prefix for a pass that must reach `low ... top` from the state `start`: its length, its
  /// total and the state after it (0 when none is guessed). The episodes of others a completion needs are
  /// first looked for among this list's; where they do not fit, among the tail's too, read shortest first
  /// until there are as many as the list's dominant episodes could need.
  ///
  /// - Complexity: O(*n* + *k* · *n* log *n*) for *k* dominant shows, plus the tail's groups read.
  func wholePrefix(low: Int, top: Int, start: [Int], tail: VarietyTail? = nil) -> (
    count: Int, total: Int, deltas: [Int]
  ) {
    var guess = (count: 0, total: 0, deltas: start)
    /// Extends `guess` while the prefix stays below the window with room for the others each dominant show
    /// needs (`sums[show][j]`: the `j` shortest); whether it stopped for lack of room.
    func extend(_ sums: [[Int]]) -> Bool {
      var (total, deltas) = (guess.total, guess.deltas)
      // The last candidate stays out of the prefix, so that the search after it has a list.
      for item in guess.count..<max(guess.count, durations.count - 1) {
        total += durations[item]
        // Only a prefix below the window: the search after it then needs a completion that is not empty,
        // and tells whether there is one (`bounds` reads "none" as the total 0).
        guard total < low else { return false }
        for show in 0..<dominantCount { deltas[show] += dominantIndex[item] == show ? 1 : -2 }
        let fits = (0..<dominantCount).allSatisfy { show in
          let needed = Self.othersNeeded(from: deltas[show])
          return needed < sums[show].count && total + sums[show][needed] <= top
        }
        guard fits else { return true }
        guess = (item + 1, total, deltas)
      }
      return false
    }
    guard extend((0..<dominantCount).map { show in shortestSums(upTo: top) { $0 != show } }), let tail else {
      return guess
    }
    // The most any dominant show could need, and the others' candidates of the tail shorter than `upper`,
    // read shortest first until more than that many are: the sums of that many take only those. (The
    // ranges are those of `forEachRangeOfLengths`, read here without sorting this list's groups, which that
    // helper would do.)
    let most =
      (0..<dominantCount).map { show in
        Self.othersNeeded(from: start[show] + durations.indices.count { dominantIndex[$0] == show })
      }.max() ?? 0
    var shorter = VarietyFill(durations: [], groupEnds: [], dominantIndex: [], dominantCount: dominantCount)
    var (lower, upper) = (0, 64)
    while true {
      let groups = tail.others(lower, upper, top)
      shorter.durations += groups.durations
      shorter.dominantIndex += groups.dominantIndex
      if shorter.durations.count > most || upper > top { break }
      (lower, upper) = (upper, upper * 2)
    }
    for item in durations.indices where durations[item] < upper {
      shorter.durations.append(durations[item])
      shorter.dominantIndex.append(dominantIndex[item])
    }
    _ = extend((0..<dominantCount).map { show in shorter.shortestSums(upTo: top) { $0 != show } })
    return guess
  }
}
