/// The variety search for one dominant show on ``ExcessRows``: one row of least excesses per position
/// instead of one bitset per position and state.
///
/// With one dominant show *s*, the sets `R[i][δ]` are nested (a completion that keeps `δ + 1` at most 2 keeps
/// `δ` too), so they are all told by one number per total, the least `D` of a completion reaching it:
///
///     E[i][t] = min(E[skip(i)][t], E[i + 1][t − d(i)] + inc(i)),   t ∈ R[i][δ]  ⇔  E[i][t] ≤ 2 − δ.
///
/// The head, the tail's multiset (the dominant show's groups first, then the others by ranges of lengths,
/// the candidates not built read from the ``VarietyTail``), the forward pass and the search past the head
/// are those of ``VarietyFill/select(in:fixedLow:start:aim:tail:)``; only the rows change, and with them
/// the cost of a row: O(*t*) for *t* totals instead of O(*S* · *t* / 64) for *S* states, tens of times less
/// where one show has hundreds of short episodes.
///
/// The tail's multiset stops where every total asked is settled. A pass at the head's end has taken at
/// least `δ − start` episodes of *s*, so at least the sum of that many of the head's shortest, and asks a
/// total `t` of the tail only from a `δ` whose shortest sum leaves room for `t` (see
/// ``VarietyFill/ignoredFrom(delta:isLowest:base:shows:others:shortest:high:)``). Once every total from
/// some `t₀` on has an excess at most `2 −` the largest such `δ`, no group starting at `t₀` or later
/// changes an answer, and no query depends on the entries left too high there: a completion from an earlier
/// position that reaches one would need a prefix with room for it.
///
/// The tail's multiset is first computed only up to a *reach* (``VarietyFill/tailReach``, an eighth of the
/// window's top by default), with no completion above it: every row then holds a subset of the completions
/// it stands for, exact up to the reach. A query that finds a completion is answered; one that finds none
/// is answered when it asks no total above the reach. The window and the aim are answered when the first
/// row holds a total in the window within the aim of the target (*d\** cannot be larger); otherwise the
/// search starts again with the whole multiset. When the pass finds no completion for a candidate but
/// might with more of the tail, the reach grows to what is left of the window, which no later query
/// passes, and the tail's row and the head's rows after the candidate are computed again up to it (at
/// most once per search). The answer is the same whatever the reach; the cost is not: a pass passes over
/// candidates mostly once little of the window is left (on the benchmark's catalogs at 8 hours, with a
/// few hundred to a few thousand seconds left), so the tail's multiset, whose groups each cost a pass
/// over the totals, is computed over a few of them instead of all.
extension VarietyFill {
  /// The rule's selection for one dominant show, as ``select(in:fixedLow:start:aim:tail:)``, or `nil` when
  /// the show has too many episodes that fit for the rows' 16-bit values (2,000 or more), which the
  /// bitset rows then handle.
  ///
  /// - Complexity: O(*n* · *t*) for the head's *n* candidates and *t* = `window.upperBound + 1` totals, in
  ///   vectors, plus O(*g* · *r*) for the *g* groups of the tail read before its totals settle, up to the
  ///   reach *r* ≤ *t*; at most twice that when the reach grows. Memory O(`budget` + *t*).
  func selectOneDominant(
    in window: ClosedRange<Int>, fixedLow: Int?, start: Int, aim: Aim?, tail: VarietyTail?,
    tailDominant: VarietyFill?
  ) -> (indices: [Int], tailIndices: [Int], total: Int, inWindow: Bool)? {
    let count = durations.count
    let high = window.upperBound
    let fit = Self.mostThatFit(lengths(of: 0) + (tailDominant?.lengths(of: 0) ?? []), high)
    // The head: as many candidates as the budget allows rows for, up to `headSize`, or all of them where they
    // are at most three heads. A pass that runs through a head searches the rest again, with the tail's
    // multiset computed a second time; rows for the whole list cost less.
    let rowWords = (high + 4) / 4
    let longest = count / 3 <= headSize ? count : headSize
    var cut = 0
    while cut < count, cut < longest {
      let next = groupEnds[cut]
      if cut > 0, (next + 1) * rowWords > budget { break }
      cut = next
    }
    // Values are clamped at a floor that no query can tell from anything lower. A pass that has taken `k`
    // episodes of the show asks for an excess of at most `2 − start − k` (others only raise it), and a value
    // reaches the query with at most `fit − k` more of the show (they all fit under the top together), so
    // a value at most `2 − start − fit` answers every query as any lower one would. (The brute-force tests
    // fail with a floor one higher.)
    let floor = min(0, 2 - start - fit)
    let bytes = storesExcessInBytes ?? true
    guard ExcessRows<Int16>.holds(floor: floor, ceiling: fit) else { return nil }
    // One byte a value where the span from the floor to the ceiling allows.
    if bytes, ExcessRows<UInt8>.holds(floor: floor, ceiling: fit) {
      return search(
        ExcessRows<UInt8>(rows: cut + 1, maximum: high, floor: floor, ceiling: fit, pool: scratch), cut: cut,
        in: window,
        fixedLow: fixedLow, start: start, aim: aim, tail: tail, tailDominant: tailDominant)
    }
    return search(
      ExcessRows<Int16>(rows: cut + 1, maximum: high, floor: floor, ceiling: fit, pool: scratch), cut: cut, in: window,
      fixedLow: fixedLow, start: start, aim: aim, tail: tail, tailDominant: tailDominant)
  }

  /// The search of ``selectOneDominant(in:fixedLow:start:aim:tail:tailDominant:)`` on `rows`, with the
  /// first `cut` candidates as the head.
  private func search<Value>(
    _ rows: consuming ExcessRows<Value>, cut: Int, in window: ClosedRange<Int>, fixedLow: Int?, start: Int,
    aim: Aim?, tail: VarietyTail?, tailDominant: VarietyFill?
  ) -> (indices: [Int], tailIndices: [Int], total: Int, inWindow: Bool) {
    let count = durations.count
    let high = window.upperBound
    var rows = rows

    // The candidates of this list after the head, and the tail's multiset from them and `tail`.
    var rest: VarietyFill?
    var following: VarietyFill?
    var settled = SettledExcess(sums: [0], start: start, high: high)
    // Where the show needs many others (``FillTuning/pruningNeed``), the others a completion needs past one of them, for
    // the bound on the others' lengths in the tail's multiset (see ``othersUpTo(own:tail:top:start:tailShortest:)``), and as
    // many sums of others as an excess can go down (from 0 to the floor, 2 a step), for the totals no later
    // group lowers: the tail's shortest others read once for both (at 10,000 subscriptions a read passes over
    // thousands of chained episodes, which costs more than the bounds save where few others are needed).
    let needed = Self.othersNeededPastOne(from: start)
    let sumsCount = -rows.floor / 2 + 1
    let tailShortest = needed.map { tail?.shortestOthers(max($0, sumsCount), high) ?? [] }
    if cut < count || tail != nil {
      let list = candidates(from: cut, headSize: headSize > Int.max / 4 ? Int.max : headSize * 4)
      settled = settledExcess(before: cut, start: start, high: high)
      settled.othersSums = tailShortest.map {
        Self.othersSums(own: list, count: sumsCount, upTo: high, tailShortest: $0)
      }
      following = list
      if cut < count { rest = list }
    }
    // The tail's totals are computed up to `reach` only (the rows hold none above it), so each row holds a
    // subset of its completions: a query that finds one is answered, and one that finds none is answered
    // when it asks no total above `reach`. Otherwise `reach` grows to what is left of the window, which no
    // later query passes, and the rows still needed are computed again up to it.
    var reach = following == nil ? high : min(high, tailReach ?? FillTuning.varietyTailReach(forTop: high))
    // Where the show needs many of the others, those too long to leave room for the rest could be in no
    // selection, so they are left out of the tail's multiset (see ``othersUpTo(own:tail:top:start:tailShortest:)``).
    let longestOther =
      tail.flatMap {
        Self.othersUpTo(own: self, tail: $0, top: high, start: [start], tailShortest: tailShortest)
      } ?? high
    func fillTail() {
      if let following {
        following.leastExcess(
          into: &rows, row: cut, settled: settled, reach: reach, longestOther: longestOther,
          tail: tail.map { (tailDominant!, $0.others) })
      } else {
        rows.setBase(cut)
      }
    }
    func fillHead(through first: Int, upTo last: Int) {
      for position in stride(from: cut - 1, through: first, by: -1) {
        rows.combine(
          into: position, skip: groupEnds[position], next: position + 1, shift: durations[position],
          step: step(position), upTo: last)
      }
    }
    fillTail()
    fillHead(through: 0, upTo: high)

    func bounds() -> (low: Int, top: Int, inWindow: Bool) {
      Self.bounds(
        window, fixedLow: fixedLow, aim: aim, largest: { rows.largest(0, atMost: $0, excess: 2 - start) },
        smallest: { rows.smallest(0, atLeast: $0, excess: 2 - start) })
    }
    var (low, top, inWindow) = bounds()
    // The window and the aim are settled by a selection found: one inside the window, close enough to the
    // target that aiming narrows no less than it would at the target itself. Otherwise every total counts.
    if reach < high, fixedLow == nil,
      !inWindow || aim.map({ low...top != $0.narrowedAtTarget(window) }) ?? false
    {
      reach = high
      fillTail()
      fillHead(through: 0, upTo: high)
      (low, top, inWindow) = bounds()
    }
    if stopsOutsideWindow, !inWindow { return ([], [], 0, false) }

    var delta = start
    var taken: [Int] = []
    var total = 0
    var position = 0
    // Stop once the selection is inside the window and arrangeable.
    while position < cut, total < low || delta > 2 {
      let duration = durations[position]
      let after = delta + step(position)
      let completions = (low - total - duration)...(top - total - duration)
      var reaches = total + duration <= top && rows.containsAny(position + 1, in: completions, atMost: 2 - after)
      if !reaches, completions.upperBound > reach {
        // Not found, but a completion with more of the tail might be: no later query asks more than this.
        reach = top - total
        fillTail()
        fillHead(through: position + 1, upTo: reach)
        reaches = rows.containsAny(position + 1, in: completions, atMost: 2 - after)
      }
      if reaches {
        taken.append(position)
        total += duration
        delta = after
        position += 1
      } else {
        position = groupEnds[position]
      }
    }
    var tailTaken: [Int] = []
    if rest != nil || tail != nil, position >= cut, total < low || delta > 2 {
      // The forward pass ran through the head: a completion after it reaches the window from here.
      let chosen = Self.selectAfterHead(
        rest: rest, cut: cut, tail: tail, left: max(0, low - total)...(top - total), start: [delta])
      taken += chosen.indices
      tailTaken = chosen.tailIndices
      total += chosen.total
    }
    return (taken, tailTaken, total, inWindow)
  }

  /// A candidate's step of `δ`: +1 for the dominant show, −2 for the others.
  func step(_ item: Int) -> Int { dominantIndex[item] == nil ? -2 : 1 }

  /// The excesses at which every query a pass at position `cut` can make of a total of the tail's multiset
  /// is answered: for a total `t`, `2 −` the largest `δ` whose `δ − start` shortest episodes of the show
  /// among the first `cut` leave room for `t` under `high`. It is `2 − start − k` for the totals from
  /// `high − sums[k + 1] + 1` to `high − sums[k]` (`sums` of the `k` shortest, 0 for none), so it is kept as
  /// `sums` and read down from the top (see ``SettledExcess``).
  ///
  /// - Complexity: O(*c* log *c*) for the show's *c* candidates among the first `cut`.
  func settledExcess(before cut: Int, start: Int, high: Int) -> SettledExcess {
    SettledExcess(sums: shortestSums(before: cut) { $0 != nil }, start: start, high: high)
  }

  /// The settled excess of each total (see ``VarietyFill/settledExcess(before:start:high:)``), read for
  /// totals that only go down; and the bound below which no group still to come lowers a total's excess.
  struct SettledExcess {
    /// The sums of the show's `k` shortest episodes in the head, for every `k`.
    let sums: [Int]
    let start: Int
    let high: Int
    /// The sums of the `c` shortest episodes of the other shows that the tail's multiset can hold, for `c`
    /// from 0 (counted generously: more episodes than it holds, so the sums are at most its own), as far as
    /// an excess can go down: a selection of `c` others lasts at least `othersSums[c]`. `nil`: unknown, and
    /// only the settled excess counts.
    var othersSums: [Int]? = nil

    /// A reader from the top: `excess(at:)` for totals that never go up.
    struct Reader {
      let settled: SettledExcess
      var shows = 0

      /// The settled excess at `total`, at most the total of the last call, and the lowest total down to
      /// which it holds.
      mutating func excess(at total: Int) -> (excess: Int, from: Int) {
        while shows + 1 < settled.sums.count, settled.sums[shows + 1] <= settled.high - total { shows += 1 }
        let from = shows + 1 < settled.sums.count ? max(0, settled.high - settled.sums[shows + 1] + 1) : 0
        return (2 - settled.start - shows, from)
      }

      /// The excess at `total` (at most the total of the last call) from which on no later group lowers it
      /// where every group still to come starts with a candidate of at least `shortest` units, or that answers
      /// every query (the settled excess), whichever is higher; and the lowest total down to which it holds.
      ///
      /// Such a group holds only others. A selection with it that lowers the excess at `total` below `e`
      /// holds more than `⌊−e / 2⌋` others (the excess is at least −2 per other), one of them at least
      /// `shortest` long, so `total ≥ shortest + othersSums[⌊−e / 2⌋]`: where the most others that fit in
      /// `total − shortest` are `c`, an excess of at most `−2 · (c + 1)` is final. (With 0, any group may come
      /// and the settled excess alone counts.)
      mutating func excess(at total: Int, after shortest: Int) -> (excess: Int, from: Int) {
        let (limit, from) = excess(at: total)
        guard shortest > 0, total >= shortest, let sums = settled.othersSums else { return (limit, from) }
        let room = total - shortest
        var others = 0
        while others + 1 < sums.count, sums[others + 1] <= room { others += 1 }
        return (max(limit, -2 * (others + 1)), max(from, shortest + sums[others]))
      }
    }
  }

  /// Sets `row` of `rows` to the least excesses of the multiset of this list's groups and, with `tail`,
  /// the tail's (see ``reachableTotals(_:moves:upTo:ignoredFrom:tail:)``), for the totals up to `high`
  /// (every total above is left unreached): the dominant show's groups first, then the others', shortest
  /// first, by ranges of lengths when read from the tail, none of them starting above `longestOther`. Totals
  /// whose excess is at most `settled` from some total on are left as they are (see the type's comment).
  ///
  /// - Complexity: O(*g* · *t*) for the *g* groups added before the totals settle and *t* ≤ `high` totals.
  func leastExcess<Value>(
    into rows: inout ExcessRows<Value>, row: Int, settled: SettledExcess, reach high: Int, longestOther: Int = .max,
    tail: (dominant: VarietyFill, others: (_ lower: Int, _ upper: Int, _ top: Int) -> VarietyFill)?
  ) {
    rows.setBase(row)
    var pass = LeastExcessPass(row: row, open: high + 1, threshold: SettledExcess.Reader(settled: settled))
    pass.settle(&rows)
    pass.add(self, groups: byFirstLength(ofDominant: true), to: &rows)
    if let tail { pass.add(tail.dominant, groups: tail.dominant.byFirstLength(ofDominant: true), to: &rows) }
    let last = byFirstLength(ofDominant: false)
    // The others' groups from here on: none starting above `longestOther`.
    pass.longest = longestOther
    guard let tail else {
      pass.after = .max
      pass.add(self, groups: last, to: &rows)
      return
    }
    // Once every total from a range's start on is settled or final, no group of it or later changes an answer.
    // The tail's groups are read by their first candidate's length up to `longestOther`, but each chain is
    // cut only where its total passes `high`: a chain's prefix holds several others, and the bound is on each.
    let longest = min(high, longestOther)
    let others = { (lower: Int, upper: Int, _: Int) in tail.others(lower, min(upper, longest + 1), high) }
    forEachRangeOfLengths(last, others: others, upTo: longest, while: { pass.open > $0 }) { groups, upper in
      pass.after = upper
      pass.add(groups, groups: groups.byFirstLength(ofDominant: nil), to: &rows)
    }
  }
}

/// The groups of ``VarietyFill/leastExcess(into:row:settled:reach:tail:)`` added to one row, and how far
/// its totals are still open. (A value type with mutating methods, rather than local functions over the
/// search's variables, so that its accesses are checked when compiled instead of on every call.)
private struct LeastExcessPass {
  let row: Int
  /// Every total from `open` on is settled (or above the reach).
  var open: Int
  var threshold: VarietyFill.SettledExcess.Reader
  /// The longest first candidate of a group added.
  var longest = Int.max
  /// How long the first candidate of every group of later calls is at least: 0 while the dominant show's
  /// may still come.
  var after = 0
  /// How long the first candidate of every group still to come is at least (see ``after``).
  var upcoming = 0

  /// Lowers `open` past the totals settled or final at its end, a stretch of one excess at a time.
  mutating func settle<Value>(_ rows: inout ExcessRows<Value>) {
    while open > 0 {
      let (limit, from) = threshold.excess(at: open - 1, after: upcoming)
      // Most calls stop at the first total: that one alone first.
      guard let value = rows.excess(row, at: open - 1), value <= limit else { return }
      open = rows.lowestAtMost(row, in: from..<(open - 1), excess: limit)
      if open > from { return }
    }
  }

  /// Adds the groups of `list` starting at `groups` (sorted by their first candidate's length) below `open`.
  mutating func add<Value>(_ list: VarietyFill, groups: [Int], to rows: inout ExcessRows<Value>) {
    var next = 0
    while next < groups.count {
      let start = groups[next]
      next += 1
      let first = list.durations[start]
      guard first < open, first <= longest else { break }
      let end = list.groupEnds[start]
      if end - start == 1, first > 0 {
        // A run of single episodes of one length and one kind, in bundles (see ``CopyBundles``).
        let step = list.step(start)
        var copies = 1
        while next < groups.count, list.groupEnds[groups[next]] == groups[next] + 1,
          list.durations[groups[next]] == first, list.step(groups[next]) == step
        {
          copies += 1
          next += 1
        }
        for taken in CopyBundles(copies: copies) where taken * first < open {
          rows.merge(into: row, from: row, shift: taken * first, step: taken * step, in: taken * first..<open)
        }
        upcoming = next < groups.count ? min(list.durations[groups[next]], after) : after
        settle(&rows)
        continue
      }
      // Every prefix of the group extends the row as it was before the group.
      rows.saveScratch(row, below: open)
      var sum = 0
      var step = 0
      for item in start..<end {
        sum += list.durations[item]
        step += list.step(item)
        if sum >= open { break }
        rows.merge(into: row, from: rows.scratch, shift: sum, step: step, in: sum..<open)
      }
      upcoming = next < groups.count ? min(list.durations[groups[next]], after) : after
      settle(&rows)
    }
  }
}
