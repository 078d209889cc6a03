import Foundation

/// Builds queues from a catalog: fill time, continue series and variety.
///
/// Create one engine per catalog (it indexes the catalog once) and call ``fill(_:)`` for each request; the
/// engine is a value and can be shared across tasks.
///
/// ```swift
/// let engine = try FillEngine(catalog: catalog)
/// let commute = try engine.fill(FillRequest(mode: .fillTime, targetSeconds: 45 * 60))
/// ```
public struct FillEngine: Sendable {
  /// The catalog the engine fills from.
  public internal(set) var catalog: Catalog
  var index: CatalogIndex
  /// How the engine works (head sizes, batches, budgets, where a search starts), never what it answers (see
  /// ``FillTuning``); tests move it.
  var tuning = FillTuning()
  /// Memory the fills reuse (see ``ScratchPool``), shared by copies of the engine; tests give engines one
  /// pool that keeps every array.
  var scratch = ScratchPool()

  /// Checks and indexes `catalog`.
  ///
  /// A catalog read from JSON is already checked; one built in code is checked here with the same invariants
  /// (``Catalog/problems``), so that no value the engine cannot handle reaches it.
  ///
  /// - Throws: The first of the catalog's ``Catalog/problems``.
  /// - Complexity: O(*n* log *n*) for *n* episodes.
  public init(catalog: Catalog) throws(CatalogError) {
    try catalog.validate()
    self.catalog = catalog
    self.index = CatalogIndex(catalog)
  }

  /// Indexes a catalog that ``Catalog/init(json:)`` has just read, which checked the same invariants as
  /// ``init(catalog:)`` does (so they are not checked twice).
  ///
  /// - Complexity: O(*n* log *n*) for *n* episodes.
  package init(readFromJSON catalog: Catalog) {
    self.catalog = catalog
    self.index = CatalogIndex(catalog)
  }

  /// Fills a queue as `request` asks.
  ///
  /// - Throws: ``FillError`` for a target that is missing, not positive or too long; a tolerance that is
  ///   negative, over 30 minutes or not less than the target; a priority show that is not in the catalog.
  /// - Complexity: O(*n* + *s* log *s*) to gather the *n* candidates of *s* shows, then for fill time
  ///   O(*n′* · *k*) word operations, where *n′* ≤ *n* is the number of candidates left after exact pruning and
  ///   *k* ≤ (*T* + *tol*) / 64 the words below the dense tail of the reachable totals; see `FillTime`,
  ///   `ContinueSeries` and `VarietyOrder` for the modes.
  public func fill(_ request: FillRequest) throws(FillError) -> FillResult {
    let window = try validate(request)
    let context = RequestContext(index: index, request: request, catalog: catalog)
    switch request.mode {
    case .fillTime:
      return fillTime(context, window: window!)
    case .variety:
      return variety(context, window: window!)
    case .continueSeries:
      if let window { return continueSeries(context, window: window) }
      return nextEpisodes(context)
    }
  }

  private func validate(_ request: FillRequest) throws(FillError) -> ClosedRange<Int>? {
    for feedURL in request.priorityShows where index.showIndexByURL[feedURL] == nil {
      throw .unknownPriorityShow(feedURL: feedURL)
    }
    guard let target = request.targetSeconds else {
      if request.mode != .continueSeries { throw .missingTarget(mode: request.mode) }
      if request.toleranceSeconds < 0 || request.toleranceSeconds > FillRequest.maximumToleranceSeconds {
        throw .invalidTolerance(seconds: request.toleranceSeconds, targetSeconds: nil)
      }
      return nil
    }
    guard target > 0, target <= FillRequest.maximumTargetSeconds else { throw .invalidTarget(seconds: target) }
    guard request.aimSeconds >= 0, request.aimSeconds <= FillRequest.maximumToleranceSeconds else {
      throw .invalidAim(seconds: request.aimSeconds)
    }
    let tolerance = request.toleranceSeconds
    guard tolerance >= 0, tolerance < target, tolerance <= FillRequest.maximumToleranceSeconds else {
      throw .invalidTolerance(seconds: tolerance, targetSeconds: target)
    }
    return (target - tolerance)...(target + tolerance)
  }

  // MARK: Fill time

  private func fillTime(_ context: RequestContext, window: ClosedRange<Int>) -> FillResult {
    var split = SplitCandidates(context, upTo: window.upperBound, pruneByShow: false)
    let outcome = gatherAndSolve(context, window: window, split: &split)
    return timeResult(
      context, candidates: outcome.candidates, picked: outcome.picked, inWindow: outcome.inWindow,
      window: window, ordered: nil)
  }

  /// The candidates and the rule's selection among them. Only the head of the candidates in `split` (made
  /// for `window`'s top, none built yet) is built, and the rest only as far as the selection reaches into it
  /// (see ``SplitCandidates``): `candidates` holds at least every candidate the selection names, and `split`
  /// can build the rest.
  private func gatherAndSolve(
    _ context: RequestContext, window: ClosedRange<Int>, split: inout SplitCandidates
  ) -> (candidates: TimeCandidates, picked: [Int], inWindow: Bool) {
    let first = gatherHead(context, window: window, split: &split)
    return solveGathered(context, window: window, split: &split, head: first, narrows: true)
  }

  /// Builds the head of the candidates for fill time's selection in `window` (see `gatherAndSolve`) and
  /// returns its size.
  private func gatherHead(
    _ context: RequestContext, window: ClosedRange<Int>, split: inout SplitCandidates
  ) -> Int {
    let aim = context.request.aimSeconds
    // The priority shows' candidates come first, and the forward pass goes through them all before the
    // others: when they fill much of the head, it holds the others' head besides, so that a priority show
    // with many episodes does not push the pass past it (any head size gives the same answer; this one saves
    // building and summarising a second segment).
    var first = headSize(window)
    if tuning.lookaheadHeadSize == nil {
      let priority = split.priorityCandidates
      // A head of `size`, with the priority shows' candidates besides when they hold more than half of it.
      func withPriority(_ size: Int) -> Int { priority > size / 2 ? size + priority : size }
      // A short head where the pass likely ends in it: each candidate of the head costs a suffix set. A greedy
      // pass (each candidate that fits, in order) into the window narrowed by the aim estimates where the rule's
      // forward pass ends (on all but a few requests checked, on the same candidate).
      let middle = (window.lowerBound + window.upperBound) / 2
      let aimed = max(window.lowerBound, middle - aim)...min(window.upperBound, middle + aim)
      let short = withPriority(FillTuning.shortHeadSize)
      // Room for the longer head at once: the candidates' three arrays are then allocated once, not again at
      // each extension (a reservation for the short head, then for the long one, then for each segment).
      split.reserve(withPriority(first))
      split.extend(toAtLeast: short)
      if let end = FillTime.greedyEnd(split.built.durations, window: aimed), end <= short {
        first = short
      } else {
        first = withPriority(first)
      }
    }
    split.extend(toAtLeast: first)
    return first
  }

  /// Fill time's selection from the head of `head` candidates that ``gatherHead(_:window:split:)`` built.
  /// With `narrows`, a forward pass past the head builds only the candidates it can still take (see
  /// ``SplitCandidates/narrow(toLongest:)``); a caller that reads `split` afterwards passes `false`.
  private func solveGathered(
    _ context: RequestContext, window: ClosedRange<Int>, split: inout SplitCandidates, head first: Int,
    narrows: Bool
  ) -> (candidates: TimeCandidates, picked: [Int], inWindow: Bool) {
    let aim = context.request.aimSeconds
    guard !split.isComplete else {
      let outcome = solve(split.built, window: window, aim: aim)
      return (split.built, outcome.picked, outcome.inWindow)
    }
    let unit = index.durationUnit
    let searched = SearchWindow(window, unit: unit, aimSeconds: aim)
    // The short candidates past the built ones, when the selection goes on among them.
    var appended: TimeCandidates?
    // The candidates from `start` on, `size` of them built (more each time the forward pass runs past them).
    func segment(from start: Int, size: Int, in window: ClosedRange<Int>, fixedLow: Int?, aim: Aim?) -> (
      selection: FillTime.Selection, inWindow: Bool
    ) {
      split.extend(toAtLeast: start + size)
      let built = split.built
      let end = built.durations.count
      var fill = FillTime(
        durations: built.durations[start..<end].inUnits(of: unit),
        groupEnds: built.groupEnds[start..<end].map { $0 - start })
      fill.headSize = size
      fill.scratch = scratch
      if split.isComplete { return fill.select(in: window, fixedLow: fixedLow, aim: aim) }
      let totals = split.tailTotals(unit: unit, upTo: window.upperBound)
      return FillTime.select(head: fill, tailTotals: totals, in: window, fixedLow: fixedLow, aim: aim) { window, low in
        // Past the built candidates, with `window.upperBound` units left: only the shorter ones matter. The next
        // segment is four times as long, so that a long pass costs O(n log n) in all; but the first past the
        // head is as long as the head where fewer groups are left than three heads hold: summarising them once
        // more costs less than building and solving three heads more, and the pass usually ends within one. Only
        // speed depends on it.
        let next = start == 0 && split.unbuiltGroups < 3 * size ? size : size * FillTuning.segmentGrowth
        if let rest = split.remaining(upTo: window.upperBound, unit: unit, limit: next) {
          appended = rest
          var fill = FillTime(durations: rest.durations.inUnits(of: unit), groupEnds: rest.groupEnds)
          fill.headSize = next
          fill.scratch = scratch
          return fill.select(in: window, fixedLow: low, aim: nil).selection
        }
        // Else only the candidates that fit what is left are built from here on; so few are left to take that
        // the first segment of them is short (``FillTuning/narrowedSegmentSize``).
        if narrows {
          split.narrow(toLongest: window.upperBound * unit)
          if start == 0 {
            return segment(from: end, size: FillTuning.narrowedSegmentSize, in: window, fixedLow: low, aim: nil)
              .selection
          }
        }
        return segment(from: end, size: next, in: window, fixedLow: low, aim: nil).selection
      }
    }
    let outcome = segment(from: 0, size: first, in: searched.units, fixedLow: nil, aim: searched.aim)
    let candidates = appended.map { split.built.appending($0) } ?? split.built
    return (candidates, outcome.selection.indices, outcome.inWindow && searched.isReachable)
  }

  private func solve(
    _ candidates: TimeCandidates, window: ClosedRange<Int>, aim: Int
  ) -> (picked: [Int], inWindow: Bool) {
    guard !candidates.durations.isEmpty else { return ([], false) }
    // The durations' greatest common divisor shrinks the sets of totals without changing any answer.
    var unit = 0
    for duration in candidates.durations {
      unit = gcd(unit, duration)
      if unit == 1 { break }
    }
    let searched = SearchWindow(window, unit: unit, aimSeconds: aim)
    var fill = FillTime(durations: candidates.durations.inUnits(of: unit), groupEnds: candidates.groupEnds)
    fill.headSize = headSize(window)
    fill.scratch = scratch
    let outcome = fill.select(in: searched.units, aim: searched.aim)
    return (outcome.selection.indices, outcome.inWindow && searched.isReachable)
  }

  /// The head fill time splits off for `window` (the window before scaling).
  private func headSize(_ window: ClosedRange<Int>) -> Int {
    tuning.lookaheadHeadSize ?? FillTuning.fillTimeHeadSize(forTop: window.upperBound)
  }

  // MARK: Variety

  /// The show that holds more than twice the others plus two in `picked`, if any: whose
  /// `count(show) − 2 · count(others)` is more than 2.
  private func dominantShow(_ candidates: TimeCandidates, _ picked: [Int]) -> Int? {
    Self.show(in: picked.lazy.map { candidates.refs[$0].show }, withExcessAtLeast: 3)
  }

  /// The show of `shows` (one entry per episode) whose `count(show) − 2 · count(others)` is at least
  /// `excess`, if any (at most one can be, for an excess above 0).
  ///
  /// - Complexity: O(*n*) for the *n* entries.
  private static func show(in shows: some Sequence<Int>, withExcessAtLeast excess: Int) -> Int? {
    var counts: [Int: Int] = [:]
    var total = 0
    for show in shows {
      counts[show, default: 0] += 1
      total += 1
    }
    return counts.first { $0.value - 2 * (total - $0.value) >= excess }?.key
  }

  /// Variety's answer: fill time's selection when no show dominates it, else the exact search holding back
  /// the dominant shows. The search may also start without fill time's selection, holding back a show that
  /// a greedy pass over fill time's head says likely dominates (``likelyDominantShow(_:window:)``): holding
  /// back any one show *s* gives the answer whenever its result is arrangeable, since that result is then a
  /// witness for every candidate the rule takes, fill time's selection is its result when that one is
  /// arrangeable (the same witness argument), and the aim narrows alike (*d\** among selections arrangeable
  /// for *s* is at most the result's deviation). When another show dominates the result, it is held back too,
  /// as after fill time's selection. Which show the search starts from changes only its cost (the tests
  /// start it from every show); fill time's selection is then made only for the message of a `short` result.
  private func variety(_ context: RequestContext, window: ClosedRange<Int>) -> FillResult {
    var split = SplitCandidates(context, upTo: window.upperBound, pruneByShow: true)
    let head = gatherHead(context, window: window, split: &split)
    let guess: (show: Int, short: Bool)?
    switch tuning.varietyStart {
    case .plainSelection: guess = nil
    case .likelyDominant: guess = likelyDominantShow(split.built, window: window)
    case .show(let show): guess = (show, false)
    }
    if let guess {
      // After a pass that fell short, the search builds the candidates that fill time's selection would have.
      return varietySearch(context, window: window, split: split, dominant: guess.show, heads: guess.short ? 3 : 1) {
        var split = SplitCandidates(context, upTo: window.upperBound, pruneByShow: true)
        return gatherAndSolve(context, window: window, split: &split).inWindow
      }
    }
    let gathered = solveGathered(context, window: window, split: &split, head: head, narrows: false)
    guard let dominant = dominantShow(gathered.candidates, gathered.picked) else {
      return varietyResult(
        context, gathered.candidates, gathered.picked, inWindow: gathered.inWindow, window: window,
        plainInWindow: { gathered.inWindow })
    }
    return varietySearch(context, window: window, split: split, dominant: dominant) { gathered.inWindow }
  }

  /// The show that a greedy pass over `candidates` (each one that keeps the total at most the window's top, in
  /// priority order, until the total reaches the window) takes well past arrangeable (see
  /// ``FillTuning/likelyExcess``): the likely dominant show of fill time's selection, and whether the pass fell
  /// short of the window (it then names a show only further past, ``FillTuning/likelyShortExcess``); `nil` when
  /// none is.
  ///
  /// - Complexity: O(*n*) for the *n* candidates passed.
  private func likelyDominantShow(_ candidates: TimeCandidates, window: ClosedRange<Int>) -> (
    show: Int, short: Bool
  )? {
    var taken: [Int] = []
    var total = 0
    for (duration, ref) in zip(candidates.durations, candidates.refs) where total + duration <= window.upperBound {
      total += duration
      taken.append(ref.show)
      if total >= window.lowerBound { break }
    }
    let short = total < window.lowerBound
    return Self.show(in: taken, withExcessAtLeast: short ? FillTuning.likelyShortExcess : FillTuning.likelyExcess).map {
      ($0, short)
    }
  }

  /// The exact variety search holding back `dominant` first (and each show that dominates its result after
  /// it), from the candidates `split` has built on, building at least `heads` heads of them first;
  /// `plainInWindow` tells whether fill time's selection lands in the window, for the message of a `short`
  /// result.
  private func varietySearch(
    _ context: RequestContext, window: ClosedRange<Int>, split: consuming SplitCandidates, dominant: Int,
    heads: Int = 1, plainInWindow: () -> Bool
  ) -> FillResult {
    var split = split
    // The exact search goes on from where the candidates built so far end: it builds a head and reads the
    // rest from the index as far as it needs (see `VarietyTail`).
    let unit = index.durationUnit
    let searched = SearchWindow(window, unit: unit, aimSeconds: context.request.aimSeconds)
    // The search's head has rows per state and is kept short; the candidates built before the tail is read
    // lazily also hold the priority shows' (the first ones) when they are many, which the head's tail then
    // has in memory.
    let head = tuning.lookaheadHeadSize ?? FillTuning.varietyHeadSize
    let first =
      tuning.lookaheadHeadSize == nil && split.priorityCandidates > head / 2
      ? head + split.priorityCandidates : head > Int.max / heads ? Int.max : head * heads
    var dominants = [dominant]
    // The short candidates past the built ones, when the selection goes on among them.
    var appended: TimeCandidates?
    let budget = tuning.varietyBudget
    let wholeListBytes = tuning.varietyWholeListBytes
    /// The rule's selection among the candidates from `start` on, `size` of them built and the rest read
    /// from the index (more built each time the forward pass runs past them); indices in `split.built`
    /// followed by `appended`.
    func segment(
      from start: Int, size: Int, headSize: Int, in window: ClosedRange<Int>, fixedLow: Int?, deltas: [Int],
      aim: Aim?
    ) -> (indices: [Int], total: Int, inWindow: Bool) {
      split.extend(toAtLeast: size >= Int.max - start ? Int.max : start + size)
      let end = split.built.durations.count
      let shows = dominants
      var fill = VarietyFill(
        durations: split.built.durations[start..<end].inUnits(of: unit),
        groupEnds: split.built.groupEnds[start..<end].map { $0 - start },
        dominantIndex: split.built.refs[start..<end].map { shows.firstIndex(of: $0.show) },
        dominantCount: shows.count)
      fill.budget = budget
      fill.headSize = headSize
      fill.tailReach = tuning.varietyTailReach
      fill.scratch = scratch
      let larger = size > Int.max / FillTuning.segmentGrowth ? Int.max : size * FillTuning.segmentGrowth
      /// The candidates past the built ones no longer than `top` units, as a list searched whole, and their
      /// numbers; `nil` when there are more than `limit`.
      func remaining(upTo top: Int, limit: Int, othersUpTo: Int? = nil) -> (list: VarietyFill, numbers: [Int])? {
        guard
          let rest = split.remaining(
            upTo: top, unit: unit, limit: limit, others: othersUpTo.map { (longest: $0, dominants: shows) })
        else { return nil }
        let base = split.built.durations.count
        appended = rest
        var fill = VarietyFill(
          durations: rest.durations.inUnits(of: unit), groupEnds: rest.groupEnds,
          dominantIndex: rest.refs.map { shows.firstIndex(of: $0.show) }, dominantCount: shows.count)
        fill.budget = budget
        fill.headSize = Int.max
        fill.tailReach = tuning.varietyTailReach
        fill.scratch = scratch
        return (fill, rest.durations.indices.map { $0 + base })
      }
      let tail =
        split.isComplete
        ? nil
        : VarietyTail(
          dominant: { top in
            split.varietyGroups(unit: unit, upTo: top, dominants: shows, dominant: true, from: 0, below: Int.max)
          },
          others: { lower, upper, top in
            split.varietyGroups(unit: unit, upTo: top, dominants: shows, dominant: false, from: lower, below: upper)
          },
          select: { window, deltas in
            // Past the built candidates, with `window.upperBound` units left: only the shorter ones matter.
            let top = window.upperBound
            if let (fill, numbers) = remaining(
              upTo: top, limit: max(larger, VarietyFill.wholeListLimit(top: top, bytes: wholeListBytes)))
            {
              let chosen = fill.select(in: window, fixedLow: window.lowerBound, start: deltas, aim: nil, tail: nil)
              return (chosen.indices.map { numbers[$0] }, chosen.total)
            }
            let chosen = segment(
              from: end, size: larger, headSize: larger, in: window, fixedLow: window.lowerBound, deltas: deltas,
              aim: nil)
            return (chosen.indices, chosen.total)
          },
          remaining: { top, othersUpTo in
            remaining(
              upTo: top, limit: VarietyFill.wholeListLimit(top: top, bytes: wholeListBytes), othersUpTo: othersUpTo)
          },
          shortestOthers: { count, top in
            split.shortestOthers(count: count, unit: unit, upTo: top, dominants: shows)
          }
        )
      let chosen = fill.select(in: window, fixedLow: fixedLow, start: deltas, aim: aim, tail: tail)
      return (chosen.indices.map { $0 + start } + chosen.tailIndices, chosen.total, chosen.inWindow)
    }
    while true {
      appended = nil
      let outcome = segment(
        from: 0, size: first, headSize: head, in: searched.units, fixedLow: nil,
        deltas: [Int](repeatElement(0, count: dominants.count)), aim: searched.aim)
      let candidates = appended.map { split.built.appending($0) } ?? split.built
      // Another show may dominate once the first is held back: track it too, and solve again.
      guard let next = dominantShow(candidates, outcome.indices), !dominants.contains(next) else {
        return varietyResult(
          context, candidates, outcome.indices, inWindow: outcome.inWindow && searched.isReachable, window: window,
          plainInWindow: plainInWindow)
      }
      dominants.append(next)
    }
  }

  private func varietyResult(
    _ context: RequestContext, _ candidates: TimeCandidates, _ picked: [Int], inWindow: Bool,
    window: ClosedRange<Int>, plainInWindow: () -> Bool
  ) -> FillResult {
    let arranged = arrangeVariety(context, candidates: candidates, picked: picked)
    var result = timeResult(
      context, candidates: candidates, picked: picked, inWindow: inWindow, window: window, ordered: arranged)
    if result.status == .short, plainInWindow() {
      result.explanation = .varietyConflict(window: window, closestSeconds: result.totalSeconds)
    }
    return result
  }

  private func arrangeVariety(_ context: RequestContext, candidates: TimeCandidates, picked: [Int]) -> [Int] {
    // The picked episodes by show, each show's in series order, the shows in the order they first appear: one
    // sort of (show, position, place) rather than a dictionary of arrays (about a third of the arrangement).
    let keyed = picked.enumerated().map { place, item in
      let ref = candidates.refs[item]
      return (show: ref.show, position: ref.position, place: place)
    }.sorted { ($0.show, $0.position, $0.place) < ($1.show, $1.position, $1.place) }
    var groups: [(first: Int, category: String?, items: [Int])] = []
    var start = 0
    while start < keyed.count {
      var end = start + 1
      while end < keyed.count, keyed[end].show == keyed[start].show { end += 1 }
      let items = keyed[start..<end].map { picked[$0.place] }
      let first = keyed[start..<end].lazy.map(\.place).min()!
      groups.append((first, catalog.shows[keyed[start].show].categories.first, items))
      start = end
    }
    groups.sort { $0.first < $1.first }
    guard let order = VarietyOrder.arrange(groups.map { ($0.category, $0.items) }) else {
      preconditionFailure("variety selection was checked to be arrangeable")
    }
    return order
  }

  // MARK: Continue series

  /// Without a target: each show's next episode, whatever is known of its length.
  private func nextEpisodes(_ context: RequestContext) -> FillResult {
    let chains = context.seriesChains().filter { !$0.links.isEmpty }
    let entries = chains.map { context.entry(show: $0.show, episode: $0.links.first!.episode, reason: .nextInSeries) }
    let total = entries.reduce(0) { $0 + ($1.seconds ?? 0) }
    return FillResult(
      mode: .continueSeries, status: entries.isEmpty ? .empty : .filled, targetSeconds: nil,
      toleranceSeconds: context.request.toleranceSeconds, totalSeconds: total, entries: entries,
      explanation: entries.isEmpty ? context.emptyExplanation() : nil)
  }

  private func continueSeries(_ context: RequestContext, window: ClosedRange<Int>) -> FillResult {
    // Every chain episode's length is known with a target; the index's unit divides them all.
    let unit = index.durationUnit
    let searched = SearchWindow(window, unit: unit, aimSeconds: context.request.aimSeconds)
    // The first shows' chains, then more until they settle the answer (see `SeriesChainReader`).
    var reader = SeriesChainReader(context, upTo: window.upperBound, unit: unit)
    var batch = tuning.seriesBatchSize ?? FillTuning.seriesFirstBatch(forTop: window.upperBound)
    var solver = ContinueSeries(durations: [], starts: [0])
    solver.scratch = scratch
    while true {
      reader.read(atLeast: batch)
      guard reader.chainCount > 0 else {
        return FillResult(
          mode: .continueSeries, status: .empty, targetSeconds: context.request.targetSeconds,
          toleranceSeconds: context.request.toleranceSeconds, totalSeconds: 0, entries: [],
          explanation: context.emptyExplanation(), notes: notes(reader.allOmissions(), taken: [:]))
      }
      // The chains read are appended: the solver goes on where its first round ran out of them.
      solver.durations = reader.durations
      solver.starts = reader.starts
      let outcome = solver.select(in: searched.units, aim: searched.aim, following: reader.followingBound())
      if !outcome.settled {
        // Four times as many, or all of them once that is near.
        batch = batch > catalog.shows.count / 8 ? Int.max : batch * FillTuning.segmentGrowth
        continue
      }
      var taken: [Int: Int] = [:]
      let entries = outcome.picks.map { pick in
        let show = reader.shows[pick.chain]
        taken[show, default: 0] += 1
        return context.entry(
          show: show, episode: reader.links[reader.starts[pick.chain] + pick.position].episode,
          reason: .nextInSeries)
      }
      var result = finish(context, entries: entries, inWindow: outcome.inWindow && searched.isReachable, window: window)
      result.notes = notes(reader.allOmissions(), taken: taken)
      return result
    }
  }

  /// The notes of continue series: each episodic show's passed-over episodes of unknown length, and each
  /// serial show whose story stops before one because every episode before it was taken.
  private func notes(_ omissions: [SeriesChainReader.Omission], taken: [Int: Int]) -> [FillResult.Note] {
    var notes: [FillResult.Note] = []
    // The shows' fields read in place: a copy of a whole show would retain every one of them.
    catalog.shows.withUnsafeBufferPointer { shows in
      for omission in omissions {
        if omission.skippedUnknown > 0 {
          notes.append(
            .unknownLengthsPassedOver(
              feedURL: shows[omission.show].feedURL, showTitle: shows[omission.show].title,
              count: omission.skippedUnknown))
        }
        if let stop = omission.stoppedAt, taken[omission.show, default: 0] == omission.length {
          notes.append(
            .storyStopsAtUnknownLength(
              feedURL: shows[omission.show].feedURL, showTitle: shows[omission.show].title,
              episodeTitle: shows[omission.show].episodes[stop].title))
        }
      }
    }
    return notes
  }

  // MARK: Results

  private func timeResult(
    _ context: RequestContext, candidates: TimeCandidates, picked: [Int], inWindow: Bool,
    window: ClosedRange<Int>, ordered: [Int]?
  ) -> FillResult {
    if candidates.available == 0 {
      return FillResult(
        mode: context.request.mode, status: .empty, targetSeconds: context.request.targetSeconds,
        toleranceSeconds: context.request.toleranceSeconds, totalSeconds: 0, entries: [],
        explanation: context.emptyExplanation())
    }
    let order: [Int]
    if let ordered {
      order = ordered
    } else {
      // Shows together, in the order their first episode was chosen; each show in series order.
      var firstPick: [Int: Int] = Dictionary(minimumCapacity: picked.count)
      for (rank, item) in picked.enumerated() where firstPick[candidates.refs[item].show] == nil {
        firstPick[candidates.refs[item].show] = rank
      }
      order = picked.sorted {
        let lhs = candidates.refs[$0]
        let rhs = candidates.refs[$1]
        if lhs.show != rhs.show { return firstPick[lhs.show]! < firstPick[rhs.show]! }
        return lhs.position < rhs.position
      }
    }
    let entries = order.map { item in
      let ref = candidates.refs[item]
      return context.entry(show: ref.show, episode: ref.episode, reason: context.reason(for: ref))
    }
    return finish(context, entries: entries, inWindow: inWindow, window: window)
  }

  private func finish(
    _ context: RequestContext, entries: [FillResult.Entry], inWindow: Bool, window: ClosedRange<Int>
  ) -> FillResult {
    let total = entries.reduce(0) { $0 + ($1.seconds ?? 0) }
    let status: FillResult.Status = inWindow && window.contains(total) ? .filled : .short
    var explanation: FillResult.Explanation?
    if status == .short {
      explanation =
        entries.isEmpty
        ? .nothingShortEnough(window: window) : .windowUnreachable(window: window, closestSeconds: total)
    }
    return FillResult(
      mode: context.request.mode, status: status, targetSeconds: context.request.targetSeconds,
      toleranceSeconds: context.request.toleranceSeconds, totalSeconds: total, entries: entries,
      explanation: explanation)
  }
}
