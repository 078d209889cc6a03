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
      var marks = [UInt64](repeating: 0, count: (span + 63) / 64)
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
  /// - Complexity: O(*c* · *k* + *m* · *k*) word operations, where *c* is the tail's chain candidates, *m* the
  ///   free candidates shorter than the dense tail's start, and *k* the words below it.
  func tailTotals(unit: Int, upTo high: Int) -> ArraySlice<UInt64> {
    var rows = ReachRows(rows: 2, maximum: high)
    rows.setZero(0)
    // The chains first (they make the row dense soonest), each as far as its prefixes add anything: one whose
    // first episode starts inside the dense tail is passed over.
    for group in merge.special[merge.nextSpecial...] {
      // A chain: its prefixes.
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
    // Then the free candidates, shortest first, until the dense tail; those admitted of one length in bundles
    // (see ``CopyBundles``).
    let index = merge.context.index
    let (byDuration, freeOrder) = (index.freeByDuration, index.freeOrder)
    var position = 0
    while position < byDuration.count {
      let seconds = freeOrder[Int(byDuration[position])].seconds
      let duration = Int(seconds).inUnits(of: unit)
      if duration >= rows.dense[0] * 64 { break }
      var copies = 0
      while position < byDuration.count, freeOrder[Int(byDuration[position])].seconds == seconds {
        let offset = Int(byDuration[position])
        position += 1
        if offset >= merge.nextFree, merge.admitsFree(at: offset) { copies += 1 }
      }
      for taken in CopyBundles(copies: copies) where taken * duration < rows.dense[0] * 64 {
        rows.formUnionShifted(0, by: taken * duration)
      }
    }
    var archive = ReachArchive()
    archive.append(rows, row: 0)
    return archive[0]
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
