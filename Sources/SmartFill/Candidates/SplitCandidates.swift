/// A request's candidates, built only as far as a fill needs them: the head that ``FillTime`` gives
/// per-candidate suffix sets, and the totals reachable from the rest, read from the index without building the
/// rest. Priority shows and exclusions correct the index's ranks (``CandidateMerge/rank(ofFreeAt:)``).
///
/// Fill time and variety split a long candidate list anyway: the suffix set at the cut is all the head's
/// search needs of the tail, and the order of the tail does not change which totals it reaches. The index
/// holds the free candidates sorted by duration (``CatalogIndex/freeByDuration``) with their ranks among the
/// earlier ones of the same duration (``CatalogIndex/Free/freeRank``, or per show for variety), so the tail's totals
/// come from its chains and then its free candidates, shortest first, admitted by rank, stopping at the first
/// one that lands in the dense tail of the totals (every longer one adds nothing). More candidates are built
/// only when the forward pass runs past those built (``extend(toAtLeast:)``, four times as many each time, or as
/// many once where few groups are left, see ``FillEngine``);
/// either way the candidates and the totals are exactly those of the whole list.
struct SplitCandidates {
  /// The merge, stopped after the candidates built so far.
  private var merge: CandidateMerge

  /// No candidate built yet: the chains gathered.
  ///
  /// - Complexity: O(*c*) in the chains' candidates.
  init(_ context: RequestContext, upTo high: Int, pruneByShow: Bool) {
    merge = CandidateMerge(context, upTo: high, caps: [:], pruneByShow: pruneByShow)
  }

  /// The candidates built so far, in priority order (every candidate once ``isComplete``).
  var built: TimeCandidates { merge.builder.candidates }

  /// How many candidates the priority shows' groups hold (the first ones).
  var priorityCandidates: Int { merge.priorityCandidates }

  /// How many chains (and priority shows' groups) are not built yet: each costs the tail's totals (see
  /// ``tailTotals(unit:upTo:)``) at least one shift.
  var unbuiltGroups: Int { merge.special.count - merge.nextSpecial }

  /// Whether every candidate is built.
  var isComplete: Bool { merge.isFinished }

  /// Builds candidates (whole groups) until at least `count` are built or none is left.
  ///
  /// - Complexity: O(*m*) in the free candidates passed.
  mutating func extend(toAtLeast count: Int) { merge.run(until: count) }

  /// Leaves out, of the candidates built from now on, those that last more than `seconds`: free episodes
  /// longer, and each chain's episodes from its first longer one. For a selection that has at most `seconds`
  /// left to fill: no candidate left out can be part of it (a chain's episode only follows its predecessor),
  /// the candidates built stay in priority order, and the totals of those not built
  /// (``tailTotals(unit:upTo:)`` up to `seconds` or less) are the same, so a forward pass past the head reads
  /// only what it can take instead of building every candidate in turn.
  ///
  /// The built candidates are then no longer a prefix of the full list: only a fill that is done with the
  /// longer ones narrows.
  mutating func narrow(toLongest seconds: Int) { merge.builder.longest = min(merge.builder.longest, seconds) }

  /// Makes room for `count` candidates in all (at most as many as there can be), so that extending to them
  /// allocates nothing more.
  mutating func reserve(_ count: Int) { merge.reserve(count) }

  /// The candidates not built yet whose duration is at most `top` units of `unit` seconds, in priority order,
  /// each chain cut before its first longer episode: exactly those a selection with at most `top` units left
  /// can still take (a longer one never fits, and a chain's episodes after one that does not fit can never
  /// follow it). `nil` when more than `limit` free candidates are that short, so that building them would
  /// cost more than extending the built list. `marksOffsets` chooses how they are put in order (`nil`: the
  /// cheaper way); tests set it to check both. With `others`, the free candidates of shows other than
  /// `others.dominants` are left out where they last more than `others.longest` units (the limit still
  /// counts them).
  ///
  /// - Complexity: O(log *n* + min(*m* log *m*, *m* + *f* / 64) + *c*) for the *m* short free candidates
  ///   (with `others`, those up to its bound, and the dominant shows' free candidates, read from their own
  ///   lists), the *f* free candidates not built and the chains' *c*.
  func remaining(
    upTo top: Int, unit: Int, limit: Int, others: (longest: Int, dominants: [Int])? = nil, marksOffsets: Bool? = nil
  ) -> TimeCandidates? {
    let index = merge.context.index
    let freeOrder = index.freeOrder
    let byDuration = index.freeByDuration
    let longest = top * unit
    let low = byDuration.partitioningIndex { Int(freeOrder[Int($0)].seconds) > longest }
    guard low <= limit else { return nil }
    let first = merge.nextFree
    // With `others`, the free candidates up to `others.longest` units (the first `shorter` by duration), then
    // the dominant shows' longer ones, read from their own lists.
    var shorter = low
    var longer: [Int] = []
    if let others {
      let bound = min(max(-1, others.longest), top) * unit
      shorter = byDuration.partitioningIndex { Int(freeOrder[Int($0)].seconds) > bound }
      for show in others.dominants where shorter < low {
        for offset in index.freeOffsets(ofShow: show).lazy.map(Int.init) where offset >= first {
          let seconds = Int(freeOrder[offset].seconds)
          if seconds > bound, seconds <= longest { longer.append(offset) }
        }
      }
    }
    // Their offsets in the free list, in its (priority) order: marked in a bitset over the offsets not built
    // where it has fewer words than a few per candidate, else sorted.
    let span = max(0, freeOrder.count - first)
    let count = shorter + longer.count
    var offsets: [Int] = []
    offsets.reserveCapacity(count)
    if marksOffsets ?? (span / 64 < count * 4) {
      var marks = [UInt64](repeatElement(0, count: (span + 63) / 64))
      func mark(_ offset: Int) {
        if offset >= first, merge.admitsFree(at: offset) {
          marks[(offset - first) >> 6] |= 1 << ((offset - first) & 63)
        }
      }
      for position in 0..<shorter { mark(Int(byDuration[position])) }
      for offset in longer { mark(offset) }
      for (word, bits) in marks.enumerated() {
        var bits = bits
        while bits != 0 {
          offsets.append(first + word << 6 + bits.trailingZeroBitCount)
          bits &= bits - 1
        }
      }
    } else {
      for position in 0..<shorter {
        let offset = Int(byDuration[position])
        if offset >= first, merge.admitsFree(at: offset) { offsets.append(offset) }
      }
      for offset in longer where merge.admitsFree(at: offset) { offsets.append(offset) }
      offsets.sort()
    }
    var result = TimeCandidates()
    result.available = merge.builder.candidates.available
    // Room for every candidate left (each append would otherwise grow three arrays about log n times).
    let chained =
      merge.nextSpecial < merge.special.count
      ? merge.specialDurations.count - merge.special[merge.nextSpecial].start : 0
    result.reserve(offsets.count + chained)
    var nextSpecial = merge.nextSpecial
    func emitSpecial() {
      let group = merge.special[nextSpecial]
      nextSpecial += 1
      let start = result.durations.count
      for (ref, duration) in zip(merge.refs(of: group), merge.durations(of: group)) {
        if duration > longest { break }
        result.refs.append(ref)
        result.durations.append(duration)
      }
      let end = result.durations.count
      for _ in start..<end { result.groupEnds.append(end) }
    }
    for offset in offsets {
      let free = freeOrder[offset]
      let show = Int(free.show)
      let key = PriorityKey(
        rank: Int.max, listening: free.listening, published: free.published, feedRank: index.feedRank[show],
        position: Int(free.position))
      while nextSpecial < merge.special.count, merge.special[nextSpecial].key < key { emitSpecial() }
      result.refs.append(
        TimeCandidates.Ref(show: show, episode: Int(free.episode), position: Int(free.position), inChain: false))
      result.durations.append(Int(free.seconds))
      result.groupEnds.append(result.durations.count)
    }
    while nextSpecial < merge.special.count { emitSpecial() }
    return result
  }

  /// The `count` shortest lengths, in units of `unit` seconds and at most `top`, among the episodes not built
  /// yet of shows other than `dominants`, counted generously: every free one past the built ones, admitted or
  /// not, and every episode of their chains (fewer where fewer are that short). They hold those of every
  /// other show's candidate that ``remaining(upTo:unit:limit:others:marksOffsets:)`` builds, so the sum of the
  /// first `j` is at most that of the `j` shortest of those: a bound from it leaves out no candidate a
  /// selection could take.
  ///
  /// - Complexity: O(*m* + *c* + *k* log *k*) for the *m* free candidates read, the chains' *c* episodes and
  ///   the *k* chained ones shorter than the longest free one kept.
  func shortestOthers(count: Int, unit: Int, upTo top: Int, dominants: [Int]) -> [Int] {
    guard count > 0 else { return [] }
    let index = merge.context.index
    let (byDuration, freeOrder) = (index.freeByDuration, index.freeOrder)
    var lengths: [Int] = []
    lengths.reserveCapacity(count)
    for position in byDuration.indices {
      let free = freeOrder[Int(byDuration[position])]
      let length = Int(free.seconds).inUnits(of: unit)
      if length > top || lengths.count == count { break }
      if Int(byDuration[position]) >= merge.nextFree, !dominants.contains(Int(free.show)) { lengths.append(length) }
    }
    // Chained episodes can be shorter: those below the longest kept.
    let bound = lengths.count == count ? lengths[count - 1] : top + 1
    var chained: [Int] = []
    for group in merge.special[merge.nextSpecial...] where !dominants.contains(merge.specialRefs[group.start].show) {
      for duration in merge.durations(of: group) {
        let length = duration.inUnits(of: unit)
        if length < bound { chained.append(length) }
      }
    }
    guard !chained.isEmpty else { return lengths }
    lengths += chained
    lengths.sort()
    return Array(lengths.prefix(count))
  }

  /// The totals up to `high` reachable from the candidates not built yet, as compact reach words, with
  /// durations counted in `unit` seconds (a divisor of every duration).
  ///
  /// On long rows (more than twice ``FillTuning/certifiedWords``) with few chains left
  /// (``FillTuning/certifiedGroups``) the totals are first tried below ``FillTuning/certifiedWords`` words only (``certifiedTailTotals(unit:upTo:lowWords:)``); they
  /// are computed in full where that cannot show every total above reachable.
  ///
  /// - Complexity: O(*c* · *k* + *m* · *k*) word operations, where *c* is the tail's chain candidates, *m* the
  ///   free candidates shorter than the dense tail's start, and *k* the words below it.
  func tailTotals(unit: Int, upTo high: Int) -> ArraySlice<UInt64> {
    tailTotals(unit: unit, upTo: high, chainsFirst: unbuiltGroups > FillTuning.chainsFirstGroups)
  }

  /// ``tailTotals(unit:upTo:)`` with the chains added before the free candidates or after them (the tests check
  /// both orders).
  func tailTotals(unit: Int, upTo high: Int, chainsFirst: Bool) -> ArraySlice<UInt64> {
    if high / 64 + 1 > 2 * FillTuning.certifiedWords, unbuiltGroups <= FillTuning.certifiedGroups,
      let totals = certifiedTailTotals(unit: unit, upTo: high, lowWords: FillTuning.certifiedWords)
    {
      return totals
    }
    var rows = ReachRows(rows: 2, maximum: high)
    rows.setZero(0)
    // Each chain as far as its prefixes add anything: one whose first episode starts inside the dense tail is
    // passed over.
    func addChains() {
      for group in merge.special[merge.nextSpecial...] {
        let durations = merge.durations(of: group)
        guard let first = durations.first, first.inUnits(of: unit) < rows.dense[0] * 64 else { continue }
        rows.copy(0, to: 1)
        var sum = 0
        for duration in durations {
          sum += duration.inUnits(of: unit)
          if sum >= rows.dense[0] * 64 { break }
          rows.combine(into: 0, skip: 0, next: 1, shift: sum)
        }
      }
    }
    // The order changes only how soon the row turns dense, after which the rest is cheap or passed over: many
    // chains first (their prefixes alone make it dense), a few last (each would cost a pass over the row).
    if chainsFirst { addChains() }
    // The free candidates, shortest first, until the dense tail; those admitted of one length in bundles (see
    // ``CopyBundles``).
    var free = FreeLengths(merge.context.index, unit: unit)
    while let length = free.next, length < rows.dense[0] * 64 {
      for taken in CopyBundles(copies: free.admitted(by: merge)) where taken * length < rows.dense[0] * 64 {
        rows.formUnionShifted(0, by: taken * length)
      }
    }
    if !chainsFirst { addChains() }
    var archive = ReachArchive()
    archive.append(rows, row: 0)
    return archive[0]
  }

  /// The tail's totals as ``tailTotals(unit:upTo:)`` gives them, computed exactly only below `lowWords` words,
  /// where a ``ReachInterval`` grown over the same candidates shows that every total from there up to the
  /// row's capacity is reachable; `nil` where it does not.
  ///
  /// The totals below the bound are exact: every candidate shorter than the bound is added (a longer one reaches
  /// nothing below it). The interval takes the candidates by their longest step, shortest first (the free ones by
  /// length, the chains by their longest episode, each chain's prefixes up to the bound only: a subset of the
  /// choices reaches a subset of the totals, so the interval stays right), and joins after each the run of exact
  /// totals that ends at the bound; once it holds everything from the bound to the capacity, only the candidates
  /// shorter than the start of the exact totals' dense tail are still read (a longer one reaches only totals
  /// already there), as in the full computation. On long windows the rest reaches every total from a few hundred
  /// seconds up, which the full computation finds only after many shifts of the whole row.
  ///
  /// - Complexity: O((*c* + *m*) · `lowWords`) word operations for the *c* chain candidates up to the bound
  ///   and the *m* free candidates read (those below the exact totals' dense tail, and until the interval is
  ///   complete those up to its length), plus O(*g* log *g*) for the *g* chains.
  func certifiedTailTotals(unit: Int, upTo high: Int, lowWords: Int) -> ArraySlice<UInt64>? {
    let words = high / 64 + 1
    var tail = CertifiedTail(capacity: words * 64 - 1, lowWords: min(lowWords, words))
    // Each chain's prefix sums up to the bound (the interval may take fewer choices than there are), and its
    // longest step.
    var sums: [Int] = []
    var chains: [(step: Int, start: Int, end: Int)] = []
    for group in merge.special[merge.nextSpecial...] {
      let start = sums.count
      var (sum, step) = (0, 0)
      for duration in merge.durations(of: group) {
        let length = duration.inUnits(of: unit)
        sum += length
        if sum > tail.bound { break }
        step = max(step, length)
        sums.append(sum)
      }
      if sums.count > start { chains.append((step, start, sums.count)) }
    }
    chains.sort { $0.step < $1.step }
    // The free candidates by length, each chain before the first longer than its longest step.
    var nextChain = 0
    var free = FreeLengths(merge.context.index, unit: unit)
    while let length = free.next, tail.reads(length) {
      while nextChain < chains.count, chains[nextChain].step <= length {
        tail.add(prefixes: sums[chains[nextChain].start..<chains[nextChain].end])
        nextChain += 1
      }
      for taken in CopyBundles(copies: free.admitted(by: merge)) { tail.add(prefixes: CollectionOfOne(taken * length)) }
    }
    for chain in chains[nextChain...] { tail.add(prefixes: sums[chain.start..<chain.end]) }
    return tail.complete ? tail.rows.compact(0) : nil
  }

  /// The groups not built yet, as a variety search over `dominants` reads its tail (see ``VarietyTail``):
  /// those of the dominant shows, or those of the other shows, whose first candidate lasts from `lower` to
  /// below `upper` units of `unit` seconds; their durations in units. A chain is cut after the candidates
  /// whose total is at most `top` units (no longer prefix fits).
  ///
  /// - Complexity: O(*c* + *f*) for the *c* chains and priority shows' groups not built and the *f* free
  ///   candidates in the range (of the dominant shows, their free candidates), plus O(log *n*).
  func varietyGroups(
    unit: Int, upTo top: Int, dominants: [Int], dominant: Bool, from lower: Int, below upper: Int
  ) -> VarietyFill {
    let index = merge.context.index
    var result = VarietyFill(durations: [], groupEnds: [], dominantIndex: [], dominantCount: dominants.count)
    func append(_ show: Int, _ duration: Int) {
      result.durations.append(duration)
      result.dominantIndex.append(dominants.firstIndex(of: show))
    }
    let below = min(upper, top + 1)
    guard lower < below else { return result }
    for group in merge.special[merge.nextSpecial...] {
      let show = merge.specialRefs[group.start].show
      guard dominants.contains(show) == dominant else { continue }
      let first = merge.specialDurations[group.start].inUnits(of: unit)
      guard first >= lower, first < below else { continue }
      var sum = 0
      for duration in merge.durations(of: group) {
        let length = duration.inUnits(of: unit)
        sum += length
        if sum > top { break }
        append(show, length)
      }
      let end = result.durations.count
      while result.groupEnds.count < end { result.groupEnds.append(end) }
    }
    let freeOrder = index.freeOrder
    func appendFree(_ offset: Int) {
      guard offset >= merge.nextFree else { return }
      let duration = Int(freeOrder[offset].seconds).inUnits(of: unit)
      guard duration >= lower, duration < below, merge.admitsFree(at: offset) else { return }
      append(Int(freeOrder[offset].show), duration)
      result.groupEnds.append(result.durations.count)
    }
    if dominant {
      for show in dominants {
        for offset in index.freeOffsets(ofShow: show) { appendFree(Int(offset)) }
      }
    } else {
      let byDuration = index.freeByDuration
      let start = byDuration.partitioningIndex { Int(freeOrder[Int($0)].seconds) >= lower * unit }
      let end = byDuration.partitioningIndex { Int(freeOrder[Int($0)].seconds) >= below * unit }
      // The others' free candidates, each a group of its own: the range holds exactly their lengths.
      let lengths = merge.admittedFreeSeconds(byDuration: start..<end, notOf: dominants).inUnits(of: unit)
      let base = result.durations.count
      if base == 0 { result.durations = lengths } else { result.durations += lengths }
      result.dominantIndex.reserveCapacity(base + lengths.count)
      result.groupEnds.reserveCapacity(base + lengths.count)
      for end in base..<base + lengths.count {
        result.dominantIndex.append(nil)
        result.groupEnds.append(end + 1)
      }
    }
    return result
  }
}

/// The free candidates not built yet, read by length, shortest first: ``next`` is the length (in units) of
/// those still to read, ``admitted(by:)`` how many of that length the request admits, moving on to the next.
private struct FreeLengths {
  private let byDuration: [Int32]
  private let freeOrder: [CatalogIndex.Free]
  private let unit: Int
  private var position = 0

  @inline(__always)
  init(_ index: CatalogIndex, unit: Int) {
    (byDuration, freeOrder) = (index.freeByDuration, index.freeOrder)
    self.unit = unit
  }

  /// The next length, or `nil` when every free candidate is read.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  var next: Int? {
    guard position < byDuration.count else { return nil }
    return Int(freeOrder[Int(byDuration[position])].seconds).inUnits(of: unit)
  }

  /// How many free candidates of the next length `merge` admits (those not built yet); moves past them.
  ///
  /// - Complexity: O(*k*) rank checks for the *k* free candidates of that length.
  @inline(__always)
  mutating func admitted(by merge: CandidateMerge) -> Int {
    let seconds = freeOrder[Int(byDuration[position])].seconds
    var copies = 0
    while position < byDuration.count, freeOrder[Int(byDuration[position])].seconds == seconds {
      let offset = Int(byDuration[position])
      position += 1
      if offset >= merge.nextFree, merge.admitsFree(at: offset) { copies += 1 }
    }
    return copies
  }
}

/// The state of ``SplitCandidates/certifiedTailTotals(unit:upTo:lowWords:)``: the exact totals below the
/// bound, and the interval of totals known reachable.
private struct CertifiedTail {
  /// The exact totals below the bound (row 0; row 1 holds them before a chain).
  var rows: ReachRows
  /// The largest total computed exactly.
  let bound: Int
  /// The largest total of the full row.
  let capacity: Int
  var interval = ReachInterval()
  /// Whether the interval holds every total from the bound to the capacity.
  private(set) var complete = false

  init(capacity: Int, lowWords: Int) {
    rows = ReachRows(rows: 2, maximum: lowWords * 64 - 1)
    rows.setZero(0)
    bound = rows.capacity
    self.capacity = capacity
    complete = bound >= capacity
  }

  /// Whether a candidate of `length` can still change anything: the exact totals, below their dense tail, or
  /// the interval while incomplete, up to its length (every later candidate, no shorter, grows it no more).
  func reads(_ length: Int) -> Bool {
    length < rows.dense[0] * 64 || (!complete && length <= min(interval.length, capacity))
  }

  /// Adds a candidate whose choices are nothing or one of `prefixes` (increasing sums).
  ///
  /// - Complexity: O(*k* · `lowWords`) word operations for the *k* prefixes below the dense tail.
  mutating func add(prefixes: some Collection<Int>) {
    if prefixes.count == 1, let sum = prefixes.first {
      if sum < rows.dense[0] * 64 { rows.formUnionShifted(0, by: sum) }
    } else if let first = prefixes.first, first < rows.dense[0] * 64 {
      rows.copy(0, to: 1)
      for sum in prefixes {
        if sum >= rows.dense[0] * 64 { break }
        rows.combine(into: 0, skip: 0, next: 1, shift: sum)
      }
    }
    guard !complete else { return }
    interval.add(sums: prefixes)
    if let run = rows.topRun(0) { interval.join(run) }
    complete = interval.low <= bound + 1 && interval.high >= capacity
  }
}
