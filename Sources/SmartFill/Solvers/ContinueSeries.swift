/// The exact continue-series selection with a target: a prefix of each show's chain, spread across the shows.
///
/// The rule: the chains' episodes are visited round by round — every show's next episode in show priority
/// order, then every show's second, and so on — and an episode is taken when its show's previous episode was
/// taken and some completion (prefixes of the chains still open) lands the total in the window; a show whose
/// episode is passed over is closed. The fill stops as soon as the total is in the window. When no
/// combination of prefixes reaches the window, the window becomes the largest total at or below its top;
/// when one does, an ``Aim`` first narrows the window around the target.
///
/// Within a round, the completion of a decision is the sumset of two sets: `A`, the remaining episodes of
/// the shows already taken in this round, and `B[j]`, the chains of the shows still to decide. `B` is
/// computed backward at the start of each round; the sumset is probed only when neither set alone answers.
struct ContinueSeries {
  /// Every chain's durations in series order, one after another, the chains in show priority order.
  var durations: [Int]
  /// Where each chain starts in ``durations``, and the end: chain `c` is `durations[starts[c]..<starts[c + 1]]`.
  var starts: [Int]
  /// Where the rows' words come from and go back to, if anywhere (see ``ScratchPool``).
  var scratch: ScratchPool?

  /// Chains given as arrays.
  init(chains: [[Int]]) {
    durations = Array(chains.joined())
    starts = [0]
    for chain in chains { starts.append(starts.last! + chain.count) }
  }

  /// Chains given flat (see ``durations`` and ``starts``).
  init(durations: [Int], starts: [Int]) {
    self.durations = durations
    self.starts = starts
  }

  /// A chosen episode: its chain and its position in the chain.
  struct Pick: Equatable {
    var chain: Int
    var position: Int
  }

  /// Where a selection among the first chains stopped for want of more (see ``select(in:aim:following:)``):
  /// kept so that the next call, given more chains, goes on from there.
  private var progress: Progress?

  private struct Progress {
    var window: ClosedRange<Int>
    var rows: ReachRows
    var lengths: [Int]
    var picks: [Pick]
    var total: Int
    var low: Int
    var top: Int
    var inWindow: Bool
    /// The chains taken in the first round so far.
    var taken: [Int]
    /// The number of chains decided for certain.
    var decided: Int
  }

  /// Selects by the rule above.
  ///
  /// These may be only the first chains of a request: `following` is then a lower bound on every nonzero
  /// total that the request's later chains can add (the shortest of their first episodes that fit under the
  /// window's top), nil when there are none. The answer is then `settled` when it is certainly the answer
  /// among all the chains, and the caller gives more chains otherwise. It is settled when
  /// - the first round lands in the window within these chains;
  /// - the window, and the aim, are already met by these chains' combinations (more chains can only add
  ///   totals, so they could only come closer);
  /// - and every episode passed over for want of a completion needed one shorter than `following`, which no
  ///   later chain has.
  ///
  /// Every decision is then the one it is among all the chains: a completion found among some chains is one
  /// among all, and a refusal is one the later chains cannot change.
  ///
  /// When the first round went through every chain given without landing, or passed over an episode that a
  /// later chain might complete, the search keeps its place (every decision before it is certain):
  /// appending chains to ``durations`` and ``starts`` and calling again with the same window and aim goes on
  /// from the next chain, or decides the doubtful one again, with completions computed among the chains from
  /// there on. An answer unsettled by the window or the aim starts over on the next call.
  ///
  /// - Returns: The picks in the order they were taken, their total, whether it lands in `window`, and
  ///   whether it is settled (always, when `following` is nil).
  /// - Complexity: O(*r* · *n* · *k*) word operations in the worst case, where *r* is the number of rounds,
  ///   *n* the number of chain episodes that fit under the window's top, and *k* ≤ (*hi* + 1) / 64; a
  ///   probe of two sets costs O(*hi* · *tol* / 64) and is only made when both cheap checks fail.
  mutating func select(in window: ClosedRange<Int>, aim: Aim? = nil, following: Int? = nil) -> (
    picks: [Pick], total: Int, inWindow: Bool, settled: Bool
  ) {
    let high = window.upperBound
    let chainCount = starts.count - 1
    // Taken out, so that the locals below hold the only references and change in place.
    var saved = progress.take().flatMap { $0.window == window && $0.decided <= chainCount ? $0 : nil }
    var resuming = saved != nil
    // Rows: 0, 1 scratch; 2 = A; 3 = X (A with the candidate's rest); 4 = B[j + 1].
    var (lengths, rows, picks, total, top, low, inWindow, nextOpen, decided) =
      saved.take().map { ($0.lengths, $0.rows, $0.picks, $0.total, $0.top, $0.low, $0.inWindow, $0.taken, $0.decided) }
      ?? ([], ReachRows(rows: 5, maximum: high, pool: scratch), [], 0, high, window.lowerBound, false, [], 0)
    // The rows' words go back to the pool unless kept for the next call (then `rows` is left empty).
    defer { rows.recycle(into: scratch) }
    // Each chain cut at the first prefix that passes the top of the window: its length.
    lengths.reserveCapacity(chainCount)
    for chain in lengths.count..<chainCount {
      var sum = 0
      var length = 0
      for position in starts[chain]..<starts[chain + 1] {
        sum += durations[position]
        if sum > high { break }
        length += 1
      }
      lengths.append(length)
    }
    var active = (decided..<chainCount).filter { lengths[$0] > 0 }
    var round = 0
    var archive = ReachArchive(
      reservingWords: active.count * rows.wordCount, entries: active.count, pool: scratch)
    defer { archive.recycle(into: scratch) }
    // The chains taken in this round whose rests are not in A yet.
    var unfolded: [Int] = []
    // Whether the window and the aim were read off B[0], which resuming needs.
    var analysed = resuming
    // The chain whose refusal more chains might change.
    var suspended: Int?
    nextOpen.reserveCapacity(active.count)
    while total < low {
      active.removeAll { lengths[$0] <= round }
      if active.isEmpty { break }
      // B[j] for j = active.count ... 1, saved so that entry e holds B[active.count − e].
      archive.removeAll()
      rows.setZero(0)
      archive.append(rows, row: 0)
      for chain in active.reversed().dropLast() {
        addRest(of: chain, length: lengths[chain], from: round, to: 0, scratch: 1, rows: &rows)
        archive.append(rows, row: 0)
      }
      if round == 0, !resuming {
        // B[0], every combination of prefixes: the best total at or below the top.
        addRest(of: active[0], length: lengths[active[0]], from: 0, to: 0, scratch: 1, rows: &rows)
        let best = rows.largest(0, atMost: high) ?? 0
        inWindow = best >= window.lowerBound
        // Later chains could reach the window, or come closer to the target, where these do not.
        if following != nil, !inWindow { return ([], 0, false, false) }
        low = inWindow ? window.lowerBound : best
        if inWindow, let aim {
          let nearest = aim.nearestDeviation(in: window, row: 0, of: rows)
          if following != nil, nearest > aim.aimSeconds { return ([], 0, false, false) }
          let narrowed = aim.narrowed(window, nearest: nearest)
          low = narrowed.lowerBound
          top = narrowed.upperBound
        }
        analysed = true
        if total >= low { break }
      }
      if !resuming {
        rows.setZero(2)
        nextOpen.removeAll(keepingCapacity: true)
      }
      unfolded.removeAll(keepingCapacity: true)
      for (offset, chain) in active.enumerated() {
        let duration = durations[starts[chain] + round]
        if total + duration <= top {
          rows.restore(4, from: archive[active.count - 1 - offset])
          let need = (low - total - duration)...(top - total - duration)
          // When B[j + 1] alone completes it (on most decisions of a long fill), the chain is taken without
          // computing A with its rest: the rests of the chains taken so are folded into A only when a decision
          // needs A (the sumset is the same in any order).
          let taken: Bool
          if rows.containsAny(4, in: need) {
            taken = true
            unfolded.append(chain)
          } else {
            fold(unfolded, lengths: lengths, from: round + 1, into: 2, rows: &rows)
            unfolded.removeAll(keepingCapacity: true)
            rows.copy(2, to: 3)
            addRest(of: chain, length: lengths[chain], from: round + 1, to: 3, scratch: 1, rows: &rows)
            taken = sumsetHits(rows: rows, first: 3, second: 4, in: need)
            if taken { rows.copy(3, to: 2) }
          }
          if taken {
            picks.append(Pick(chain: chain, position: round))
            total += duration
            nextOpen.append(chain)
            if total >= low { break }
          } else if let following, need.upperBound >= following {
            // A later chain's episodes might complete it: decide it again once more chains are given.
            suspended = chain
            break
          }
        }
      }
      // The full first round would go on to the later chains before any second episode: keep the place, with A
      // whole (the rests of the chains taken without it folded in; none are, as a rule: a chain taken without
      // it was completed by a later one, whose decision folds them, or by none, and the total is in the window).
      if following != nil, total < low {
        fold(unfolded, lengths: lengths, from: round + 1, into: 2, rows: &rows)
        break
      }
      resuming = false
      swap(&active, &nextOpen)
      round += 1
    }
    if following != nil, total < low {
      guard analysed else { return (picks, total, inWindow, false) }
      progress = Progress(
        window: window, rows: rows, lengths: lengths, picks: picks, total: total, low: low, top: top,
        inWindow: inWindow, taken: nextOpen, decided: suspended ?? chainCount)
      rows = ReachRows(rows: 0, maximum: 0)
      return (picks, total, inWindow, false)
    }
    return (picks, total, inWindow, true)
  }

  /// `row` with the rests of `chains` from `start` added (``addRest(of:length:from:to:scratch:rows:)`` for each).
  /// Not inlined: in `select`, where the other calls are, it made them cost more.
  @inline(never)
  private func fold(_ chains: [Int], lengths: [Int], from start: Int, into row: Int, rows: inout ReachRows) {
    for chain in chains { addRest(of: chain, length: lengths[chain], from: start, to: row, scratch: 1, rows: &rows) }
  }

  /// `row` ∪ (`row` + each prefix sum of chain `chain`'s episodes from `start` to `length`).
  private func addRest(
    of chain: Int, length: Int, from start: Int, to row: Int, scratch: Int, rows: inout ReachRows
  ) {
    guard start < length else { return }
    rows.copy(row, to: scratch)
    var sum = 0
    let base = starts[chain]
    for position in start..<length {
      sum += durations[base + position]
      if sum > rows.capacity { break }
      rows.combine(into: row, skip: row, next: scratch, shift: sum)
    }
  }

  private func sumsetHits(rows: ReachRows, first: Int, second: Int, in range: ClosedRange<Int>) -> Bool {
    guard range.upperBound >= 0 else { return false }
    if rows.containsAny(second, in: range) || rows.containsAny(first, in: range) { return true }
    return rows.firstSum(first, in: 1...range.upperBound) { a in
      rows.containsAny(second, in: (range.lowerBound - a)...(range.upperBound - a))
    }
  }
}
