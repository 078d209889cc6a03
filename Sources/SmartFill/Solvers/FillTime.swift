/// The exact fill-time selection over candidates in priority order, with serial chains kept contiguous.
///
/// The rule (documented in the DocC article "The fill rules and explanations", proved against brute force in the tests): go through the candidates in
/// priority order; take a candidate when it may be taken (a chain's episode only right after its predecessor)
/// and some completion from the candidates after it still lands the total in the window; stop as soon as the
/// total is inside the window. When no selection at all lands in the window, the window becomes the single
/// largest total that stays at or below its top, and the same rule picks the selection. When one does and the
/// caller gives an ``Aim``, the window is first narrowed around the target (to the closest reachable deviation,
/// or the aim when that is larger), read off `S[0]`.
///
/// Suffix reachability makes each decision O(1) words: `S[i]` is the set of totals reachable from candidate `i`
/// on, `S[i] = S[skip(i)] ∪ (S[i + 1] + d(i))`, where `skip(i)` is `i + 1` for a free episode and the end of
/// its chain for a chain episode (skipping an episode of a chain ends the chain). Only checkpoints of `S` are
/// kept; the blocks between them are recomputed as the forward pass reaches them.
struct FillTime {
  /// Durations of the candidates in priority order.
  var durations: [Int]
  /// For each candidate, the index after its group: `i + 1` for a free episode, the chain's end for a chain's.
  var groupEnds: [Int]

  /// The chosen candidates' indices, in priority order, and their total.
  struct Selection: Equatable {
    var indices: [Int]
    var total: Int
  }

  /// Selects by the rule above, inside the window narrowed by `aim` (see ``Aim``) when one is given.
  ///
  /// - Parameters:
  ///   - window: The accepted totals; its lower bound is at least 0.
  ///   - aim: Where inside the window to aim, or `nil` for anywhere in it.
  /// - Returns: The selection, and whether it lands in `window` (`false`: the largest total below the top).
  /// - Complexity: O(*n* · *k*) word operations, where *n* is the number of candidates and *k* ≤ (*hi* + 1) / 64
  ///   the number of words below the dense tail of the suffix sets; memory O((*n* / 32 + *b*) · *k*), where *b*
  ///   is the longest block.
  func select(in window: ClosedRange<Int>, aim: Aim? = nil) -> (selection: Selection, inWindow: Bool) {
    select(in: window, fixedLow: nil, aim: aim)
  }

  /// How many of `durations` a greedy pass goes through before its total is in `window`, taking each one
  /// that keeps the total at most the window's top; `nil` when it never is. An estimate of where the rule's
  /// forward pass ends (it passes over some that fit, and it keeps chains whole).
  ///
  /// - Complexity: O(*n*).
  static func greedyEnd(_ durations: [Int], window: ClosedRange<Int>) -> Int? {
    var total = 0
    for (index, duration) in durations.enumerated() where total + duration <= window.upperBound {
      total += duration
      if total >= window.lowerBound { return index + 1 }
    }
    return nil
  }

  /// The smallest head split off from a long list (tests lower it).
  var headSize = FillTuning.solverHeadSize
  /// Where the rows' words come from and go back to, if anywhere (see ``ScratchPool``).
  var scratch: ScratchPool?

  /// Selects by the rule, with the window's bottom fixed (`fixedLow`, when a caller already knows a completion
  /// reaches it) or found from the best reachable total.
  ///
  /// Long candidate lists are split: the suffix set at the cut is computed from the tail as a multiset (its
  /// order does not matter for which totals are reachable): durations in increasing order, stopping as soon
  /// as the rest can only add totals inside the dense tail. Only the head gets per-candidate suffix sets; if
  /// the forward pass runs past the cut, the tail is solved the same way with the window moved down by the
  /// total so far.
  func select(
    in window: ClosedRange<Int>, fixedLow: Int?, aim: Aim?
  ) -> (selection: Selection, inWindow: Bool) {
    var cut = 0
    while cut < durations.count, cut < headSize { cut = groupEnds[cut] }
    guard cut < durations.count else {
      let outcome = solve(in: window, base: nil, fixedLow: fixedLow, aim: aim)
      return (outcome.selection, outcome.inWindow)
    }
    var head = FillTime(durations: Array(durations[..<cut]), groupEnds: Array(groupEnds[..<cut]))
    var tail = FillTime(durations: Array(durations[cut...]), groupEnds: groupEnds[cut...].map { $0 - cut })
    tail.headSize = headSize * 4  // geometric, so a long forward pass costs O(n log n) in all
    head.scratch = scratch
    tail.scratch = scratch
    let base = tail.reachableTotals(upTo: window.upperBound)
    return Self.select(head: head, tailTotals: base, in: window, fixedLow: fixedLow, aim: aim) { window, low in
      tail.select(in: window, fixedLow: low, aim: nil).selection
    }
  }

  /// Selects by the rule from a list cut after `head`, given the totals the candidates after the cut reach
  /// (`tailTotals`, compact reach words up to the window's top); `tail` selects among those candidates, by the
  /// rule with the window's bottom fixed (a completion is known to reach it), and is called only when the
  /// forward pass runs past the head.
  ///
  /// - Complexity: that of ``select(in:aim:)`` on the head, plus the tail's when it is called.
  static func select(
    head: FillTime, tailTotals: ArraySlice<UInt64>, in window: ClosedRange<Int>, fixedLow: Int? = nil, aim: Aim?,
    tail: (_ window: ClosedRange<Int>, _ fixedLow: Int) -> Selection
  ) -> (selection: Selection, inWindow: Bool) {
    var outcome = head.solve(in: window, base: tailTotals, fixedLow: fixedLow, aim: aim)
    let total = outcome.selection.total
    if total < outcome.lowUsed {
      // The forward pass ran through the head: a completion in the tail reaches the bottom (its first
      // decision was taken knowing one does).
      let target = outcome.lowUsed - total
      let rest = tail(target...(outcome.highUsed - total), target)
      outcome.selection.indices += rest.indices.map { $0 + head.durations.count }
      outcome.selection.total += rest.total
    }
    return (outcome.selection, outcome.inWindow)
  }

  /// The totals reachable from all the candidates, as compact reach words (see ``ReachArchive``).
  ///
  /// - Complexity: O(*n* log *n* + *m* · *k*), where *m* is the number of groups processed before the dense
  ///   tail makes the rest irrelevant.
  func reachableTotals(upTo high: Int) -> ArraySlice<UInt64> {
    var rows = ReachRows(rows: 2, maximum: high, pool: scratch)
    defer { rows.recycle(into: scratch) }
    rows.setZero(0)
    // The order does not change the result, only how soon the dense tail makes the rest irrelevant: short
    // groups first, in passes, without sorting. A group whose smallest addition lies in the dense tail adds
    // nothing.
    let limits = [high / 16, high / 4, Int.max]
    for (pass, limit) in limits.enumerated() {
      let previous = pass == 0 ? Int.min : limits[pass - 1]
      var index = 0
      while index < durations.count {
        let end = groupEnds[index]
        defer { index = end }
        let first = durations[index]
        guard first > previous, first <= limit, first < rows.dense[0] * 64 else { continue }
        if end == index + 1 {
          rows.formUnionShifted(0, by: first)
          continue
        }
        rows.copy(0, to: 1)
        var sum = 0
        for item in index..<end {
          sum += durations[item]
          if sum > rows.capacity { break }
          rows.combine(into: 0, skip: 0, next: 1, shift: sum)
        }
      }
    }
    var archive = ReachArchive()
    archive.append(rows, row: 0)
    return archive[0]
  }

  private func solve(
    in window: ClosedRange<Int>, base: ArraySlice<UInt64>?, fixedLow: Int?, aim: Aim?
  ) -> (selection: Selection, inWindow: Bool, lowUsed: Int, highUsed: Int) {
    let count = durations.count
    let high = window.upperBound
    // Checkpoints at group starts, at least ``FillTuning/checkpointBlock`` candidates apart. The buffers below are allocated at
    // their final size where it is known: an allocation costs as much as a few hundred words of bitset work.
    var checkpoints: [Int] = []
    checkpoints.reserveCapacity(count / FillTuning.checkpointBlock + 2)
    checkpoints.append(0)
    var index = 0
    while index < count {
      let end = groupEnds[index]
      index = end
      if index - checkpoints.last! >= FillTuning.checkpointBlock || index == count { checkpoints.append(index) }
    }
    if checkpoints.last != count { checkpoints.append(count) }

    // Backward pass: rows 0 (S[i + 1]), 1 (S[i]), 2 (S after the current chain).
    var rows = ReachRows(rows: 3, maximum: high, pool: scratch)
    var archive = ReachArchive(
      reservingWords: min(checkpoints.count * rows.wordCount, 1 << 14), entries: checkpoints.count, pool: scratch)
    var archived = [Int](repeatElement(-1, count: checkpoints.count))
    var nextCheckpoint = checkpoints.count - 1
    if let base { rows.restore(0, from: base) } else { rows.setZero(0) }
    archived[nextCheckpoint] = archive.append(rows, row: 0)
    nextCheckpoint -= 1
    var current = 0
    var spare = 1
    for position in stride(from: count - 1, through: 0, by: -1) {
      let end = groupEnds[position]
      if end == position + 1, position > 0, groupEnds[position - 1] == end {
        rows.copy(current, to: 2)  // last episode of a chain: S at the chain's end
      }
      let skipRow = end == position + 1 ? current : 2
      if skipRow == current, rows.shiftsOut(current, by: durations[position]) {
        // A free episode too long for any total: S[i] = S[i + 1], already in `current` (no copy).
      } else {
        rows.combine(into: spare, skip: skipRow, next: current, shift: durations[position])
        swap(&current, &spare)
      }
      if nextCheckpoint >= 0, checkpoints[nextCheckpoint] == position {
        archived[nextCheckpoint] = archive.append(rows, row: current)
        nextCheckpoint -= 1
      }
    }
    if count == 0 { archived[0] = archived[checkpoints.count - 1] }

    let best = rows.largest(current, atMost: high) ?? 0
    let inWindow = fixedLow != nil || best >= window.lowerBound
    var low = fixedLow ?? (inWindow ? window.lowerBound : best)
    var top = high
    if fixedLow == nil, inWindow, let aim {
      let narrowed = aim.narrowed(window, row: current, of: rows)
      low = narrowed.lowerBound
      top = narrowed.upperBound
    }

    // Forward pass, block by block.
    var taken: [Int] = []
    taken.reserveCapacity(min(count, 32))
    var total = 0
    var position = 0
    var block = ReachRows(rows: 0, maximum: high)
    defer {
      rows.recycle(into: scratch)
      archive.recycle(into: scratch)
      block.recycle(into: scratch)
    }
    var blockIndex = 0
    while position < count, total < low {
      while checkpoints[blockIndex + 1] <= position { blockIndex += 1 }
      let start = checkpoints[blockIndex]
      let end = checkpoints[blockIndex + 1]
      // Rows hold S[start + 1 ... end]; row r is S[start + 1 + r].
      let length = end - start
      if block.dense.count < length + 1 {
        block.recycle(into: scratch)
        block = ReachRows(rows: length + 1, maximum: high, pool: scratch)
      }
      block.restore(length - 1, from: archive[archived[blockIndex + 1]])
      var after = length - 1  // the row of S at the current chain's end
      for item in stride(from: end - 1, through: start + 1, by: -1) {
        let row = item - start - 1
        let groupEnd = groupEnds[item]
        if groupEnd == item + 1 { after = row + 1 }
        let skipRow = groupEnd == item + 1 ? row + 1 : after
        block.combine(into: row, skip: skipRow, next: row + 1, shift: durations[item])
      }
      while position < end, total < low {
        let duration = durations[position]
        let nextRow = position - start
        let remaining = (low - total - duration)...(top - total - duration)
        if total + duration <= top, block.containsAny(nextRow, in: remaining) {
          taken.append(position)
          total += duration
          position += 1
        } else {
          position = groupEnds[position]
        }
      }
    }
    return (Selection(indices: taken, total: total), inWindow, low, top)
  }
}
