/// The exact variety selection when fill time's choice puts too much of one show in the queue.
///
/// The variety rule is fill time's rule with one more condition on every completion and on the result: the
/// selection must be arrangeable, that is no show holds more than twice the others plus two (see
/// ``VarietyOrder``). When fill time's selection is arrangeable it is also the variety rule's (every
/// decision it made had itself as a witness). Otherwise one show *s* dominates, and this solver runs the
/// rule with the condition for *s*, `D = count(s) − 2 · count(others) ≤ 2`, tracked as an extra dimension of
/// the suffix sets: `R[i][δ]` holds the totals of completions from `i` that keep `δ + D(completion) ≤ 2`,
///
///     R[i][δ] = R[skip(i)][δ] ∪ (R[i + 1][δ + inc(i)] + d(i)),   inc(i) = +1 for s, −2 for the others.
///
/// If its result is arrangeable for every show, it is exactly the rule's choice (the same witness argument).
/// As the rule stops only once the selection is both inside the window and arrangeable, it may go on past
/// the window's bottom to add an episode of another show.
///
/// The count dimension is bounded exactly, per search: below `2 − m` (where *m* is the most episodes of
/// *s* that fit under the window's top) the condition cannot fail, so every such `δ` shares one row; above
/// the start's `δ` plus the episodes of *s* in the head, no state can be reached. Long candidate lists are
/// split as in ``FillTime``: a head whose rows fit the memory budget, and the tail's sets per `δ` computed
/// from the tail as a multiset; if the forward pass runs past the head, the tail is solved the same way
/// from the state reached, among the candidates that fit in what is left (``pruned(upTo:from:)``). The budget
/// only chooses the size of the head, never the answer. The candidates after this list may not be built at
/// all: a ``VarietyTail`` reads them from the index for the tail's sets (by ranges of lengths, until the rows
/// are dense) and for the selection past the list, so that a fill over a large catalog builds only its head.
///
/// With one dominant show, rows also skip what no forward pass can ask: a state reached at a position needs
/// some episodes of *s* before it, so the prefix leaves room only for totals up to the top less their
/// shortest sum, and a state outside what the candidates before a position can reach is not asked at all
/// (``ignoredFrom(delta:isLowest:base:shows:others:shortest:high:)``). Those totals are set rather than
/// computed, so rows turn dense sooner and their work stops there. Where it costs less, one dominant show's
/// search keeps one row of least excesses per position instead of one bitset per state (see
/// ``selectOneDominant(in:fixedLow:start:aim:tail:tailDominant:)``), with the same answer.
struct VarietyFill {
  /// Durations of the candidates in priority order.
  var durations: [Int]
  /// As in ``FillTime``: the index after each candidate's group.
  var groupEnds: [Int]
  /// For each candidate, its place in `dominant` shows, or `nil` for the other shows.
  var dominantIndex: [Int?]
  /// The number of dominant shows tracked (usually one; a second when the first's condition makes it
  /// dominate).
  var dominantCount: Int

  /// The most words of this search's head rows; the head shrinks to fit (tests lower it).
  var budget = FillTuning.varietyWordBudget
  /// The longest head, in candidates (tests lower it). The search for one dominant show takes a list of at
  /// most three heads whole.
  var headSize = FillTuning.varietyHeadSize
  /// Whether a search with one dominant show uses ``ExcessRows``: `nil` or `true` (the default) always, but
  /// for a show with 2,000 episodes or more that fit, `false` never (the bitsets per state, which two dominant
  /// shows use). The answer is the same; tests set it to check both. (Taking one byte a value and computing
  /// their tail only as far as the pass asks, the excess rows cost less than the bitsets on every variety case
  /// of the benchmark's catalogs.)
  var usesExcessRows: Bool? = nil
  /// Where a search takes the memory of its rows (``ExcessRows``, or ``ReachRows`` for two dominant shows)
  /// from, and gives it back to (the engine's, so that its fills reuse it), or `nil` to allocate it each time.
  var scratch: ScratchPool? = nil
  /// Whether a search on ``ExcessRows`` stores a value in one byte where the excesses it needs allow (see
  /// ``ExcessValue``): `nil` or `true` (the default) where they allow, `false` never. The answer is the same;
  /// tests set it to check both.
  var storesExcessInBytes: Bool? = nil
  /// How far the tail's totals are first computed, in units, for a search with one dominant show on
  /// ``ExcessRows``: `nil` (the default) for ``FillTuning/varietyTailReach(forTop:)``. The answer is the same whatever
  /// it is (see ``selectOneDominant(in:fixedLow:start:aim:tail:tailDominant:)``); tests vary it.
  var tailReach: Int? = nil
  /// Whether a search first tries a prefix that the forward pass takes whole (see
  /// ``selectAfterWholePrefix(in:fixedLow:start:aim:tail:)``): `nil` or `true` (the default) where one is
  /// guessed, `false` never (for this list; the lists it searches after its head try as they are set). The
  /// answer is the same; tests set it to check both.
  var takesWholePrefix: Bool? = nil
  /// Whether a search that finds no selection in its window returns at once, taking nothing, instead of
  /// selecting up to the largest total below it: the search after a prefix taken whole only tells whether
  /// there is one, and must not read the tail's candidates past what it has built when there is none
  /// (``VarietyTail/select`` builds more of them).
  var stopsOutsideWindow = false

  /// Selects by the variety rule for the dominant shows.
  ///
  /// - Complexity: O(*n* · *r*^*k* · *w*) word operations in the worst case, where *n* is the number of
  ///   candidates, *k* the number of dominant shows, *r* the range of each `δ` (at most the show's
  ///   candidates that fit, plus those in the head) and *w* = (*hi* + 1) / 64; the tail's dense sets stop
  ///   its pass early. Memory O(`budget` + *r*^*k* · *w*).
  func select(in window: ClosedRange<Int>, aim: Aim? = nil) -> (indices: [Int], total: Int, inWindow: Bool) {
    let outcome = select(
      in: window, fixedLow: nil, start: [Int](repeatElement(0, count: dominantCount)), aim: aim, tail: nil)
    return (outcome.indices, outcome.total, outcome.inWindow)
  }

  /// The states of one search: each dominant show's `δ` from `lows[j]` (every smaller `δ` shares its row)
  /// to `highs[j]` (no larger one is reached).
  struct StateSpace {
    var lows: [Int]
    var highs: [Int]
    var strides: [Int]
    var count: Int

    init(lows: [Int], highs: [Int]) {
      self.lows = lows
      self.highs = highs
      strides = []
      var count = 1
      for show in lows.indices {
        strides.append(count)
        count *= highs[show] - lows[show] + 1
      }
      self.count = count
    }

    /// The state of `deltas`, or `nil` when one is above its range.
    func index(_ deltas: [Int]) -> Int? {
      var state = 0
      for show in lows.indices {
        if deltas[show] > highs[show] { return nil }
        state += (max(deltas[show], lows[show]) - lows[show]) * strides[show]
      }
      return state
    }

    /// The (clamped) deltas of `state`.
    func deltas(_ state: Int) -> [Int] {
      lows.indices.map { show in state / strides[show] % (highs[show] - lows[show] + 1) + lows[show] }
    }
  }

  /// For each state and each kind of candidate (dominant show 0 … k − 1, then the others), the state after
  /// taking one, or −1.
  func transitions(_ space: StateSpace) -> [[Int]] {
    (0...dominantCount).map { kind in
      (0..<space.count).map { state in
        let deltas = space.deltas(state)
        let after = deltas.indices.map { show in deltas[show] + (kind == show ? 1 : -2) }
        return space.index(after) ?? -1
      }
    }
  }

  func kind(_ item: Int) -> Int { dominantIndex[item] ?? dominantCount }

  /// The rule's selection from the state `start` (each dominant show's `δ`), with `tail` the candidates
  /// after these that are not built yet: `indices` in this list, `tailIndices` in the tail's numbering. With
  /// `fixedLow`, every total from it up to the window's top is accepted (the caller's search has decided
  /// one is reachable).
  func select(
    in window: ClosedRange<Int>, fixedLow: Int?, start: [Int], aim: Aim?, tail: VarietyTail?
  ) -> (indices: [Int], tailIndices: [Int], total: Int, inWindow: Bool) {
    if takesWholePrefix != false,
      let outcome = selectAfterWholePrefix(in: window, fixedLow: fixedLow, start: start, aim: aim, tail: tail)
    {
      return outcome
    }
    // The tail's candidates of the dominant shows: they bound δ as this list's own do.
    let tailDominant = tail?.dominant(window.upperBound)
    if dominantCount == 1, usesExcessRows != false,
      let outcome = selectOneDominant(
        in: window, fixedLow: fixedLow, start: start[0], aim: aim, tail: tail, tailDominant: tailDominant)
    {
      return outcome
    }
    let count = durations.count
    let high = window.upperBound
    let words = high / 64 + 1
    // The bounds of δ: below 2 − (most of the show that fit) the condition holds whatever follows.
    var lows: [Int] = []
    var fits: [Int] = []
    for show in 0..<dominantCount {
      let fit = Self.mostThatFit(lengths(of: show) + (tailDominant?.lengths(of: show) ?? []), high)
      fits.append(fit)
      lows.append(2 - fit)
    }
    // The head: as many candidates as the budget allows for the states it can reach.
    var inHead = [Int](repeatElement(0, count: dominantCount))
    // A state stands for every δ at or below its own when it is the lowest, so a step up starts there.
    func highest(_ show: Int, _ inHead: Int) -> Int { max(start[show], lows[show]) + min(inHead, fits[show]) }
    func space(_ inHead: [Int]) -> StateSpace {
      StateSpace(lows: lows, highs: (0..<dominantCount).map { highest($0, inHead[$0]) })
    }
    var cut = 0
    var grown = inHead
    while cut < count, cut < headSize {
      let next = groupEnds[cut]
      for item in cut..<next { if let show = dominantIndex[item] { grown[show] += 1 } }
      var states = 1
      for show in 0..<dominantCount { states *= highest(show, grown[show]) - lows[show] + 1 }
      if cut > 0, (next + 1) * states * words > budget { break }
      inHead = grown
      cut = next
    }
    let space = space(inHead)
    let states = space.count
    let moves = transitions(space)
    // For one dominant show, what the rows may ignore (see `ignoredFrom`): the show's episodes before each
    // position, and the sums of its shortest in the head.
    let tracksRoom = dominantCount == 1
    var showsBefore = [Int](repeatElement(0, count: cut + 1))
    var shortest: [Int] = []
    if tracksRoom {
      for position in 0..<cut {
        showsBefore[position + 1] = showsBefore[position] + (dominantIndex[position] == nil ? 0 : 1)
      }
      shortest = shortestSums(before: cut) { $0 != nil }
    }

    // Rows: position p's state s is row p · states + s; position `cut` holds the sets of what follows.
    var rows = ReachRows(rows: (cut + 1) * states, maximum: high, pool: scratch)
    defer { rows.recycle(into: scratch) }
    // The candidates of this list after the head.
    var rest: VarietyFill?
    if cut < count || tail != nil {
      let after = candidates(from: cut, headSize: headSize > Int.max / 4 ? Int.max : headSize * 4)
      // The sets after the head are needed for the head's states, but there δ rises by one per episode of
      // the show taken: their space reaches that much higher (beyond, the episodes would not fit). Below 2
      // minus what fits of them, every δ shares one row there.
      let restFits = (0..<dominantCount).map { show in
        Self.mostThatFit(after.lengths(of: show) + (tailDominant?.lengths(of: show) ?? []), high)
      }
      let extended = StateSpace(
        lows: (0..<dominantCount).map { max(lows[$0], 2 - restFits[$0]) },
        highs: (0..<dominantCount).map { max(space.highs[$0], 2 - restFits[$0]) + restFits[$0] })
      let summary = after.reachableTotals(
        extended, moves: after.transitions(extended), upTo: high,
        ignoredFrom: dominantCount == 1
          ? (0..<extended.count).map { state in
            Self.ignoredFrom(
              delta: state + extended.lows[0], isLowest: state == 0, base: max(start[0], lows[0]),
              shows: showsBefore[cut], others: nil, shortest: shortest, high: high)
          } : nil,
        tail: tail.map { (tailDominant!, $0.others) })
      for state in 0..<states {
        rows.restore(cut * states + state, from: summary.compact(extended.index(space.deltas(state))!))
      }
      if cut < count { rest = after }
    } else {
      for state in 0..<states {
        let target = cut * states + state
        if space.deltas(state).allSatisfy({ $0 <= 2 }) { rows.setZero(target) } else { rows.setEmpty(target) }
      }
    }
    for position in stride(from: cut - 1, through: 0, by: -1) {
      let skip = groupEnds[position]
      let next = moves[kind(position)]
      for state in 0..<states {
        let target = position * states + state
        var ignored = Int.max
        if tracksRoom {
          ignored = Self.ignoredFrom(
            delta: state + lows[0], isLowest: state == 0, base: max(start[0], lows[0]),
            shows: showsBefore[position], others: position - showsBefore[position], shortest: shortest, high: high)
          // A new row holds every total: a row no pass reaches is left so.
          if ignored == 0 { continue }
        }
        rows.copy(skip * states + state, to: target)
        if next[state] >= 0 {
          rows.combine(
            into: target, skip: target, next: (position + 1) * states + next[state], shift: durations[position])
        }
        if ignored != Int.max { rows.insertAll(target, from: ignored) }
      }
    }

    var current = start
    let first = space.index(current)!
    let (low, top, inWindow) = Self.bounds(
      window, fixedLow: fixedLow, aim: aim, largest: { rows.largest(first, atMost: $0) },
      smallest: { rows.smallest(first, atLeast: $0) })
    if stopsOutsideWindow, !inWindow { return ([], [], 0, false) }

    var taken: [Int] = []
    var total = 0
    var position = 0
    var after = current
    // Stop once the selection is inside the window and arrangeable.
    while position < cut, total < low || current.contains(where: { $0 > 2 }) {
      let duration = durations[position]
      for show in 0..<dominantCount { after[show] = current[show] + (dominantIndex[position] == show ? 1 : -2) }
      if total + duration <= top, let next = space.index(after),
        rows.containsAny((position + 1) * states + next, in: (low - total - duration)...(top - total - duration))
      {
        taken.append(position)
        total += duration
        swap(&current, &after)
        position += 1
      } else {
        position = groupEnds[position]
      }
    }
    var tailTaken: [Int] = []
    if rest != nil || tail != nil, position >= cut, total < low || current.contains(where: { $0 > 2 }) {
      // The forward pass ran through the head: a completion after it reaches the window from here.
      let chosen = Self.selectAfterHead(
        rest: rest, cut: cut, tail: tail, left: max(0, low - total)...(top - total), start: current)
      taken += chosen.indices
      tailTaken = chosen.tailIndices
      total += chosen.total
    }
    return (taken, tailTaken, total, inWindow)
  }

  /// Whether a pass over this list from the state `start` with at most `top` left cannot end inside it:
  /// some dominant show needs more episodes of the others to be arrangeable (`δ ≤ 2`, two of them a step)
  /// than the list holds, or than fit in `top` together.
  ///
  /// - Complexity: O(*n* log *n*).
  func mustGoOn(from start: [Int], top: Int) -> Bool {
    start.indices.contains { show in
      let needed = Self.othersNeeded(from: start[show])
      guard needed > 0 else { return false }
      // The sums of the shortest that fit in `top`: too few of them when `needed` is past the end.
      return needed >= shortestSums(upTo: top) { $0 != show }.count
    }
  }

  /// How many episodes of the other shows a dominant show at `delta` still needs to be arrangeable: `δ − 2 · j ≤
  /// 2` takes `j = ⌈(δ − 2) / 2⌉` of them (none at `δ ≤ 2`).
  static func othersNeeded(from delta: Int) -> Int { max(0, (delta - 1) / 2) }

  /// The most candidates a search over the totals up to `top` holds as one list, a row each, after a head
  /// (``selectAfterHead(rest:cut:tail:left:start:)``): as many as fit `bytes` at a byte a total.
  static func wholeListLimit(top: Int, bytes: Int = FillTuning.wholeListBytes) -> Int { bytes / (max(top, 0) + 1) }

  /// How long the other shows' free candidates of the tail can be and still be kept by
  /// ``pruned(upTo:from:)`` after a head (in `own`, what is left of this list), with `top` left, from the
  /// state `start` of one dominant show: one of them leaves `start[0] − 2`, from which the show needs *k*
  /// episodes of the others, which last at least as long as the *k* shortest of the others of `own` and of
  /// the tail's generous count (``VarietyTail/shortestOthers``). Longer ones could never be kept, so they
  /// need not be built. `nil` (no bound) for several dominant shows, and where the show needs fewer than
  /// ``pruningNeed`` others from `start` (the bound then saves less than it costs); −1 where fewer than *k*
  /// others exist. With `tailShortest`, the tail's shortest others already read (at least as many as the bound
  /// needs).
  ///
  /// - Complexity: as ``othersSums(own:count:upTo:tailShortest:)``.
  static func othersUpTo(
    own: VarietyFill?, tail: VarietyTail, top: Int, start: [Int], tailShortest: [Int]? = nil
  ) -> Int? {
    guard start.count == 1, let needed = othersNeededPastOne(from: start[0]) else { return nil }
    let shortest = tailShortest ?? tail.shortestOthers(needed, top)
    let sums = othersSums(own: own, count: needed, upTo: top, tailShortest: shortest)
    return sums.count > needed ? top - sums[needed] : -1
  }

  /// How many others one dominant show still needs past one of them from the state `start`, where it needs
  /// ``pruningNeed`` or more from `start`: the count the bound on the others' lengths sums; `nil` elsewhere.
  static func othersNeededPastOne(from start: Int) -> Int? {
    othersNeeded(from: start) >= FillTuning.pruningNeed ? othersNeeded(from: start - 2) : nil
  }

  /// The sums of the `c` shortest episodes of the other shows among `own`'s and, counted generously, the
  /// tail's that last at most `high` (`tailShortest`: its shortest, at least `count` of them where it has as
  /// many, see ``VarietyTail/shortestOthers``), for `c` from 0 up to `count` (fewer where fewer are that
  /// short). Only `own`'s no longer than the tail's `count`-th shortest can be among them, and only those are
  /// sorted.
  ///
  /// - Complexity: O(*n* + *k* log *k*) for `own`'s *n* candidates, with *k* of them and of the tail's at most
  ///   that long.
  static func othersSums(own: VarietyFill?, count: Int, upTo high: Int, tailShortest: [Int]) -> [Int] {
    var lengths = Array(tailShortest.prefix(count))
    let bound = lengths.count == count ? lengths.last ?? 0 : high
    if let own {
      for item in own.durations.indices where own.dominantIndex[item] == nil && own.durations[item] <= bound {
        lengths.append(own.durations[item])
      }
    }
    var sums = [0]
    for length in lengths.sorted().prefix(count) { sums.append(sums[sums.count - 1] + length) }
    return sums
  }

  /// The rule's selection after a head that the forward pass ran through, from the state `start`, with
  /// every total in `left` accepted (the head's search decided one is reachable): among `rest`, this
  /// list's candidates after its head of `cut`, then `tail`'s. Only the candidates that fit in what is left
  /// can be taken, and where the list searched holds every candidate left and a dominant show still needs
  /// ``pruningNeed`` or more of the other shows' episodes, only those that leave room for them
  /// (``pruned(upTo:from:)``; the tail's other free candidates too long for that are then not even built,
  /// see ``othersUpTo(own:tail:top:start:tailShortest:)``). When few of the tail's fit
  /// (``VarietyTail/remaining``), the two lists are searched as one, with a row per candidate, instead of
  /// `rest` with the tail's multiset and then the tail again from where that pass stopped; the answer is the
  /// same, as the built candidates come before the tail's in priority order. Returns `indices` in this list
  /// and `tailIndices` in the tail's numbering.
  ///
  /// - Complexity: one search of the candidates that fit, as ``select(in:fixedLow:start:aim:tail:)``.
  static func selectAfterHead(
    rest: VarietyFill?, cut: Int, tail: VarietyTail?, left: ClosedRange<Int>, start: [Int]
  ) -> (indices: [Int], tailIndices: [Int], total: Int) {
    let pruned = rest?.pruned(upTo: left.upperBound)
    // Keeping only the candidates that leave room for the others pays where a dominant show needs many of
    // them (so that they take much of what is left); elsewhere the pass costs more than the rows it saves.
    let needsMany = start.contains { othersNeeded(from: $0) >= FillTuning.pruningNeed }
    if let tail, pruned.map({ $0.0.mustGoOn(from: start, top: left.upperBound) }) ?? true,
      let (more, numbers) = tail.remaining(
        left.upperBound, othersUpTo(own: pruned?.0, tail: tail, top: left.upperBound, start: start))
    {
      var whole = pruned?.0 ?? more
      let places = pruned?.places ?? []
      if pruned != nil {
        let count = whole.durations.count
        whole.durations += more.durations
        whole.groupEnds += more.groupEnds.map { $0 + count }
        whole.dominantIndex += more.dominantIndex
      }
      var (kept, keptPlaces) = needsMany ? whole.pruned(upTo: left.upperBound, from: start) : (whole, nil)
      kept.headSize = Int.max
      let chosen = kept.select(in: left, fixedLow: left.lowerBound, start: start, aim: nil, tail: nil)
      let ownCount = places.count
      let indices = keptPlaces.map { places in chosen.indices.map { places[$0] } } ?? chosen.indices
      return (
        indices.filter { $0 < ownCount }.map { places[$0] + cut },
        indices.filter { $0 >= ownCount }.map { numbers[$0 - ownCount] }, chosen.total
      )
    }
    if let (kept, places) = pruned, !kept.durations.isEmpty || tail == nil {
      let chosen = kept.select(in: left, fixedLow: left.lowerBound, start: start, aim: nil, tail: tail)
      return (chosen.indices.map { places[$0] + cut }, chosen.tailIndices, chosen.total)
    }
    guard let tail else { return ([], [], 0) }
    let chosen = tail.select(left, start)
    return ([], chosen.indices, chosen.total)
  }

  /// What the forward pass must reach: from `fixedLow` to the window's top when given, else the window
  /// narrowed by `aim`, or, when no selection from the start (`largest` and `smallest` find its totals) lands
  /// in the window, up to the largest total below it.
  ///
  /// - Complexity: a few calls of `largest` and `smallest`.
  static func bounds(
    _ window: ClosedRange<Int>, fixedLow: Int?, aim: Aim?, largest: (Int) -> Int?, smallest: (Int) -> Int?
  ) -> (low: Int, top: Int, inWindow: Bool) {
    if let fixedLow { return (fixedLow, window.upperBound, true) }
    let best = largest(window.upperBound) ?? 0
    guard best >= window.lowerBound else { return (best, window.upperBound, false) }
    guard let aim else { return (window.lowerBound, window.upperBound, true) }
    let narrowed = aim.narrowed(
      window, nearest: aim.nearestDeviation(in: window, largest: largest, smallest: smallest))
    return (narrowed.lowerBound, narrowed.upperBound, true)
  }

  /// The candidates from `start` on as a list of their own, with this search's settings (budget, kinds of
  /// rows, scratch pool, tail reach) and a head of at most `headSize`.
  ///
  /// - Complexity: O(*n*).
  func candidates(from start: Int, headSize: Int) -> VarietyFill {
    var list = VarietyFill(
      durations: Array(durations[start...]), groupEnds: groupEnds[start...].map { $0 - start },
      dominantIndex: Array(dominantIndex[start...]), dominantCount: dominantCount)
    list.budget = budget
    list.headSize = headSize
    list.usesExcessRows = usesExcessRows
    list.scratch = scratch
    list.storesExcessInBytes = storesExcessInBytes
    list.tailReach = tailReach
    return list
  }

  /// The durations of the dominant show `show`'s candidates.
  func lengths(of show: Int) -> [Int] {
    durations.indices.filter { dominantIndex[$0] == show }.map { durations[$0] }
  }

  /// The candidates that can be in a selection with at most `high` left, and each one's place in this list.
  /// A candidate's group is taken from its start, so a candidate comes with those before it in its group,
  /// which must fit together. From the state `start` (each dominant show's `δ`), when this list holds every
  /// candidate left, each dominant show must also end at `δ ≤ 2`: after the candidate's group up to it, it
  /// needs enough of the other shows' candidates, which last at least as long as that many of the shortest
  /// of them. (Where a show needs many others in little time, a small share of the short candidates is kept.)
  ///
  /// - Complexity: O(*n*), and O(*k* · *n* log *n*) with `start` for *k* dominant shows.
  func pruned(upTo high: Int, from start: [Int]? = nil) -> (VarietyFill, places: [Int]) {
    // For each dominant show, the sums of the `j` shortest candidates of the others that fit, in one array:
    // show `k`'s from `offsets[k]` to `offsets[k + 1]`.
    var sums: [Int] = []
    var offsets = [0]
    if start != nil {
      for show in 0..<dominantCount {
        sums += shortestSums(upTo: high) { $0 != show }
        offsets.append(sums.count)
      }
    }
    // Each group's candidates up to `keptEnd[first]` are kept, for the group starting at `first`.
    let count = durations.count
    var keptEnd = [Int](repeatElement(0, count: count))
    var kept = 0
    var deltas = start ?? []
    var first = 0
    if let start, start.count == 1 {
      // One dominant show: its state in a register rather than an array read and written for every candidate.
      let need = sums.count
      while first < count {
        let end = groupEnds[first]
        var (item, sum, delta) = (first, 0, start[0])
        while item < end {
          sum += durations[item]
          delta += dominantIndex[item] == nil ? -2 : 1
          let needed = Self.othersNeeded(from: delta)
          guard sum <= high, needed < need, sum + sums[needed] <= high else { break }
          item += 1
        }
        keptEnd[first] = item
        kept += item - first
        first = end
      }
    }
    while first < count {
      let end = groupEnds[first]
      var item = first
      var sum = 0
      for show in deltas.indices { deltas[show] = start![show] }
      fits: while item < end {
        sum += durations[item]
        guard sum <= high else { break }
        for show in deltas.indices {
          deltas[show] += dominantIndex[item] == show ? 1 : -2
          let needed = offsets[show] + Self.othersNeeded(from: deltas[show])
          if needed >= offsets[show + 1] || sum + sums[needed] > high { break fits }
        }
        item += 1
      }
      keptEnd[first] = item
      kept += item - first
      first = end
    }
    if kept == count { return (self, Array(0..<count)) }
    // The kept candidates' places, and where each one's group ends among them (in two passes over the
    // groups: appending to arrays here took several times as long as the pass above).
    let places = [Int](unsafeUninitializedCapacity: kept) { places, initialized in
      var first = 0
      while first < count {
        for item in first..<keptEnd[first] {
          places[initialized] = item
          initialized += 1
        }
        first = groupEnds[first]
      }
    }
    var rest = self
    rest.groupEnds = [Int](unsafeUninitializedCapacity: kept) { ends, initialized in
      var first = 0
      while first < count {
        let end = initialized + keptEnd[first] - first
        while initialized < end {
          ends[initialized] = end
          initialized += 1
        }
        first = groupEnds[first]
      }
    }
    rest.durations = places.map { durations[$0] }
    rest.dominantIndex = places.map { dominantIndex[$0] }
    return (rest, places)
  }

  /// For one dominant show, what no forward pass can ask of a state's row at some position: the smallest
  /// total from which it is ignored (`Int.max`: none; 0: the whole row, as no pass reaches the state there).
  ///
  /// In this search's states, a pass reaches the position from `base` (the start's state: a step up from
  /// the lowest state starts there) with `shows` episodes of the show and `others` of the others before it,
  /// so with `δ` from `base − 2 · others` to `base + shows`; reaching `δ > base` takes at least `δ − base`
  /// episodes of the show, so at least the sum of its `δ − base` shortest (`shortest[k]`, among those the
  /// pass can have taken), and no total above `high` less that sum can follow. The lowest state stands for
  /// every `δ` below it and is never ignored.
  ///
  /// Ignored totals only ever lead to ignored totals: a completion that reaches one at a later position, or
  /// from the tail's multiset by episodes of the other shows (which lower `δ` and raise the total), would
  /// need a prefix with room for it. In the tail's multiset a row is built from the row of the state two
  /// below, which may be too low to reach where its own is not: there `others` is `nil`, and only the upper
  /// bound counts.
  ///
  /// - Complexity: O(1).
  static func ignoredFrom(
    delta: Int, isLowest: Bool, base: Int, shows: Int, others: Int?, shortest: [Int], high: Int
  ) -> Int {
    if isLowest { return Int.max }
    let needed = delta - base
    if needed > shows { return 0 }
    if let others, delta < base - 2 * others { return 0 }
    if needed <= 0 { return Int.max }
    return needed < shortest.count ? max(0, high - shortest[needed] + 1) : 0
  }

  /// The sums of the `k` shortest candidates among the first `cut` (all by default) that `counts` takes by
  /// their dominant show (`nil` for the others), for every `k`, or with `total` only while the sum is at
  /// most `total` (so a count past the end does not fit in it).
  ///
  /// - Complexity: O(*n* + *l*) for the *n* candidates and the longest length *l* that counts (at most
  ///   `total`), their lengths counted by value, where *l* is at most four times the *c* candidates taken;
  ///   otherwise O(*n* + *k* log *k*), with *k* the candidates of the 64th parts of the lengths up to where
  ///   their sum passes `total` (all *c* without it).
  func shortestSums(before cut: Int? = nil, upTo total: Int? = nil, of counts: (Int?) -> Bool) -> [Int] {
    let end = cut ?? durations.count
    let limit = total ?? Int.max
    var sums = [0]
    var (counted, longest) = (0, 0)
    for item in 0..<end where durations[item] <= limit && counts(dominantIndex[item]) {
      counted += 1
      longest = max(longest, durations[item])
    }
    sums.reserveCapacity(counted + 1)
    if longest <= 4 * counted {
      var byLength = [Int32](repeatElement(0, count: longest + 1))
      for item in 0..<end where durations[item] <= limit && counts(dominantIndex[item]) {
        byLength[durations[item]] += 1
      }
      var sum = 0
      for length in byLength.indices {
        for _ in 0..<Int(byLength[length]) {
          sum += length
          if sum > limit { return sums }
          sums.append(sum)
        }
      }
      return sums
    }
    // Only the shortest lengths whose sum passes `limit` count: by 64 stretches of lengths, those up to the
    // first stretch where the lengths' own sums pass it (all shorter ones come before them), sorted; the rest
    // not at all.
    let stretch = longest / 64 + 1
    var upTo = Int.max
    if limit < Int.max {
      var inStretch = [Int](repeatElement(0, count: 64))
      for item in 0..<end where durations[item] <= limit && counts(dominantIndex[item]) {
        inStretch[durations[item] / stretch] += durations[item]
      }
      var sum = 0
      for index in inStretch.indices {
        sum += inStretch[index]
        if sum > limit {
          upTo = (index + 1) * stretch
          break
        }
      }
    }
    var lengths: [Int] = []
    lengths.reserveCapacity(counted)
    for item in 0..<end where durations[item] < upTo && durations[item] <= limit && counts(dominantIndex[item]) {
      lengths.append(durations[item])
    }
    lengths.sort()
    for length in lengths {
      let sum = sums.last! + length
      if sum > limit { break }
      sums.append(sum)
    }
    return sums
  }

  /// The totals reachable from all the candidates as a multiset, one row per state of `space` (`moves` its
  /// transitions): row *s* holds the totals of selections that keep every `δ` of state *s* plus the
  /// selection's `D` at most 2. With `tail`, the multiset also holds the tail's candidates: `dominant` (its
  /// dominant shows' groups) and `others` (see ``VarietyTail/others``), read shortest first in ranges of
  /// lengths (up to 64, 128, 256 … units) with this list's own, until the rows are dense below the next range.
  ///
  /// With `ignoredFrom` (one dominant show; see
  /// ``ignoredFrom(delta:isLowest:base:shows:others:shortest:high:)``), row *s* also holds every total from
  /// `ignoredFrom[s]` on, which no query can tell apart. The groups of the dominant show go first; then those
  /// totals are added, and the other shows' groups (whose steps lower `δ` and raise the total, so take an
  /// ignored total only to another ignored one) find the rows dense sooner.
  ///
  /// - Complexity: O(*g* · *S* · *w*) word operations for the *g* groups processed before every row's dense
  ///   tail makes the rest irrelevant, *S* states, plus O(*g′* log *g′*) to sort the *g′* groups read.
  func reachableTotals(
    _ space: StateSpace, moves: [[Int]], upTo high: Int, ignoredFrom: [Int]? = nil,
    tail: (dominant: VarietyFill, others: (_ lower: Int, _ upper: Int, _ top: Int) -> VarietyFill)? = nil
  ) -> ReachRows {
    var totals = MultisetTotals(space, moves: moves, upTo: high)
    // This list's groups of the last phase: with a tail, they are read with the tail's by ranges of lengths.
    let last: [Int]
    if let ignoredFrom {
      totals.add(self, groups: byFirstLength(ofDominant: true))
      if let tail { totals.add(tail.dominant, groups: tail.dominant.byFirstLength(ofDominant: true)) }
      totals.insertAll(from: ignoredFrom)
      last = byFirstLength(ofDominant: false)
    } else {
      if let tail { totals.add(tail.dominant, groups: tail.dominant.byFirstLength(ofDominant: nil)) }
      last = byFirstLength(ofDominant: nil)
    }
    guard let tail else {
      totals.add(self, groups: last)
      return totals.finish()
    }
    // Once the rows are dense below a range, no group of it or later adds anything.
    forEachRangeOfLengths(last, others: tail.others, upTo: high, while: { totals.densest() * 64 > $0 }) { groups, _ in
      totals.add(groups, groups: groups.byFirstLength(ofDominant: nil))
    }
    return totals.finish()
  }

  /// The other shows' groups of a tail (`others`) with this list's (`last`: group starts sorted by their first
  /// candidate's length), in ranges of lengths twice as long each time (up to 64, 128, 256 … units), shortest
  /// first: `add` gets each range's groups in one list, and the range's upper bound (every later group starts
  /// there or later), as long as `needed(lower)` says that a group starting at the range's lower bound or later
  /// may still add something.
  ///
  /// - Complexity: O(*g*) for the *g* groups read, plus the calls.
  func forEachRangeOfLengths(
    _ last: [Int], others: (_ lower: Int, _ upper: Int, _ top: Int) -> VarietyFill, upTo high: Int,
    while needed: (_ lower: Int) -> Bool, _ add: (_ groups: VarietyFill, _ upper: Int) -> Void
  ) {
    var lower = 0
    var upper = 64
    var next = 0
    while lower <= high, needed(lower) {
      var groups = others(lower, upper, high)
      // Room for this list's groups in the range too (the tail's are read into arrays just large enough).
      var added = 0
      var inRange = next
      while inRange < last.count, durations[last[inRange]] < upper {
        added += groupEnds[last[inRange]] - last[inRange]
        inRange += 1
      }
      groups.durations.reserveCapacity(groups.durations.count + added)
      groups.dominantIndex.reserveCapacity(groups.dominantIndex.count + added)
      groups.groupEnds.reserveCapacity(groups.groupEnds.count + added)
      while next < inRange {
        let start = last[next]
        let end = groupEnds[start]
        groups.durations += durations[start..<end]
        groups.dominantIndex += dominantIndex[start..<end]
        for _ in start..<end { groups.groupEnds.append(groups.durations.count) }
        next += 1
      }
      add(groups, upper)
      lower = upper
      upper = upper > high ? Int.max : upper * 2
    }
  }

  /// The starts of the groups (all of them, or those with a candidate of a dominant show or those without),
  /// by the length of their first candidate.
  ///
  /// - Complexity: O(*g* log *g*) for *g* groups.
  func byFirstLength(ofDominant dominant: Bool?) -> [Int] {
    var keyed: [Int] = []
    keyed.reserveCapacity(durations.count)
    var start = 0
    while start < durations.count {
      let end = groupEnds[start]
      if let dominant {
        var has = false
        for item in start..<end where dominantIndex[item] != nil { has = true }
        if has != dominant {
          start = end
          continue
        }
      }
      // (length, start) packed in one integer, so that the sort compares integers.
      keyed.append(min(durations[start], Int(Int32.max)) << 32 | start)
      start = end
    }
    keyed.sort()
    for index in keyed.indices { keyed[index] &= 0xFFFF_FFFF }
    return keyed
  }

  /// The totals of a multiset of candidates per state, built group by group (see
  /// ``reachableTotals(_:moves:upTo:ignoredFrom:tail:)``).
  struct MultisetTotals {
    let states: Int
    let moves: [[Int]]
    /// Rows 0 ..< states and states ..< 2 · states: the sets before and after each group.
    var rows: ReachRows
    var old = 0

    /// No candidate yet: `{0}` for the states whose `δ` are all at most 2, the empty set for the others.
    init(_ space: StateSpace, moves: [[Int]], upTo high: Int) {
      states = space.count
      self.moves = moves
      rows = ReachRows(rows: 2 * states, maximum: high)
      for state in 0..<states {
        if space.deltas(state).allSatisfy({ $0 <= 2 }) { rows.setZero(state) } else { rows.setEmpty(state) }
      }
    }

    /// The largest start of the rows' dense tails, in words.
    func densest() -> Int {
      var densest = 0
      for state in 0..<states { densest = max(densest, rows.dense[old * states + state]) }
      return densest
    }

    /// Adds every total from `ignoredFrom[s]` on to each row *s*.
    mutating func insertAll(from ignoredFrom: [Int]) {
      for state in 0..<states { rows.insertAll(old * states + state, from: ignoredFrom[state]) }
    }

    /// Adds the groups of `list` starting at `groups`, which are sorted by their first candidate's length:
    /// a group whose shortest addition lies in a row's dense tail adds nothing to it, and once it lies in
    /// every row's, no later group adds anything either.
    ///
    /// - Complexity: O(*g* · *S* · *w*) word operations for the *g* groups before that point.
    mutating func add(_ list: VarietyFill, groups: [Int]) {
      let dominantCount = list.dominantCount
      /// `rows[target] ∪=` each prefix of the group, shifted in from the row (`row(state)`) of the state each
      /// prefix moves `state` to.
      func addGroup(_ group: Range<Int>, to target: Int, from state: Int, step: [Int], row: (Int) -> Int) {
        var sum = 0
        var source = state
        for item in group {
          sum += list.durations[item]
          source = source >= 0 ? step[source] : -1
          if sum > rows.capacity || source < 0 { break }
          let from = row(source)
          if from == target {
            rows.formUnionShifted(target, by: sum)
          } else {
            rows.combine(into: target, skip: target, next: from, shift: sum)
          }
        }
      }
      // The largest dense tail of the current rows, kept up to date by each group's pass over the states.
      var densest = densest()
      for index in groups {
        let end = list.groupEnds[index]
        let first = list.durations[index]
        guard first < densest * 64 else { break }
        densest = 0
        let step = moves[list.kind(index)]
        if dominantCount == 1 {
          // In place: a step up (+1) reads a higher state, so go up from the lowest; a step down reads a
          // lower one (or the lowest itself, saved first), so go down from the highest.
          let up = list.kind(index) == 0
          rows.copy(old * states, to: (1 - old) * states)
          for offset in 0..<states {
            let state = up ? offset : states - 1 - offset
            let target = old * states + state
            // Nothing to add where the row is already dense below the shortest addition.
            if first < rows.dense[target] * 64 {
              addGroup(index..<end, to: target, from: state, step: step) { [old, states] source in
                source == 0 && state == 0 ? (1 - old) * states : old * states + source
              }
            }
            densest = max(densest, rows.dense[target])
          }
          continue
        }
        let new = 1 - old
        for state in 0..<states {
          let target = new * states + state
          rows.copy(old * states + state, to: target)
          addGroup(index..<end, to: target, from: state, step: step) { [old, states] in old * states + $0 }
          densest = max(densest, rows.dense[target])
        }
        old = new
      }
    }

    /// The rows, with row *s* the set of state *s*.
    mutating func finish() -> ReachRows {
      if old == 1 {
        for state in 0..<states { rows.copy(states + state, to: state) }
        old = 0
      }
      return rows
    }
  }

  /// How many of `values` fit under `high` at most: the smallest ones, as many as fit.
  static func mostThatFit(_ values: [Int], _ high: Int) -> Int {
    var sum = 0
    var count = 0
    for value in values.sorted() {
      sum += value
      if sum > high { break }
      count += 1
    }
    return count
  }
}
