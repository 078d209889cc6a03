/// The merge behind ``RequestContext/timeCandidates(upTo:caps:pruneByShow:)``: the groups that are not in the
/// index's precomputed order (chains, and priority shows' free episodes), sorted, merged into the index's
/// free candidates. It can stop after a head of candidates and go on later, so that a fill whose answer lies
/// in the head never builds the rest (see ``SplitCandidates``).
struct CandidateMerge {
  let context: RequestContext
  let high: Int
  /// A group outside the index's order: its candidates are ``specialRefs`` and ``specialDurations`` over
  /// `start..<end`.
  struct Group {
    var key: PriorityKey
    var start: Int
    var end: Int
  }
  /// The groups outside the index's order, by priority key.
  var special: [Group] = []
  /// The candidates of every group in ``special``, group after group (one flat list, not an array per
  /// group).
  var specialRefs: [TimeCandidates.Ref] = []
  var specialDurations: [Int] = []
  var nextSpecial = 0
  /// The next offset of the index's free order.
  var nextFree = 0
  var builder: CandidateBuilder
  /// Whether each free candidate's admission is read from the index's ranks (a request without caps).
  let ranked: Bool
  /// The free episodes the index's ranks count but this request does not (excluded ones, and for fill time
  /// every free episode of a priority show, which come first as groups of their own), sorted by key (the
  /// duration for fill time, the show and duration for variety, see ``rankKey(show:seconds:)``) and offset.
  private var uncounted: [(key: Int, offset: Int32)] = []
  /// For fill time, how many free episodes of each duration the priority shows' groups take, by duration.
  private var priorityTaken: [(seconds: Int, count: Int)] = []
  /// For fill time, one bit per duration up to `high`: whether ``uncounted`` or ``priorityTaken`` has it (so
  /// that most ranks need no lookup).
  private var touchedDurations: [UInt64] = []

  /// How many candidates the priority shows' groups hold: they come before every other candidate.
  var priorityCandidates: Int {
    special.reduce(0) { $0 + ($1.key.rank == Int.max ? 0 : $1.end - $1.start) }
  }

  /// The candidates of `group`.
  func refs(of group: Group) -> ArraySlice<TimeCandidates.Ref> { specialRefs[group.start..<group.end] }
  /// The durations of `group`'s candidates.
  func durations(of group: Group) -> ArraySlice<Int> { specialDurations[group.start..<group.end] }

  /// Gathers the chains and the priority shows' free episodes.
  ///
  /// The chains of serial shows that are neither priority shows nor have exclusions come in the index's
  /// order (``CatalogIndex/seriesOrder``: for a serial show whose first chain episode has a known length it
  /// is the chain's priority key without the rank), read straight from the index; only the others' groups
  /// are keyed and sorted, then merged in.
  ///
  /// - Complexity: O(*s* + *c* + *p* log *p*) in the shows, the chains' candidates and the other groups.
  init(_ context: RequestContext, upTo high: Int, caps: [Int: Int], pruneByShow: Bool) {
    self.context = context
    self.high = high
    let shows = context.catalog.shows
    let index = context.index
    ranked = caps.isEmpty
    builder = CandidateBuilder(high: high, caps: caps, pruneByShow: pruneByShow, ranked: ranked)
    var available = 0
    // The chains in the index's order, read from the index.
    var ordered: [Group] = []
    // The other groups, sorted below.
    var others: [Group] = []
    // Room for a few dozen chains of a few episodes each without regrowing (each regrowth is an allocation).
    ordered.reserveCapacity(64)
    specialRefs.reserveCapacity(256)
    specialDurations.reserveCapacity(256)
    let isPriority = context.isPriority
    let hasExclusions = context.hasExclusions
    for value in index.seriesOrder {
      let show = Int(value)
      guard index.isSerial[show] else { continue }
      if isPriority[show] || hasExclusions[show] {
        let chain = context.chain(of: show, limit: high).links
        available += chain.count
        let start = specialRefs.count
        var sum = 0
        for link in chain {
          sum += link.seconds
          if sum > high { break }
          specialRefs.append(
            TimeCandidates.Ref(show: show, episode: link.episode, position: link.position, inChain: true))
          specialDurations.append(link.seconds)
        }
        if let first = chain.first, specialRefs.count > start {
          let published = shows[show].episodes[first.episode].published.timeIntervalSince1970
          others.append(
            Group(
              key: context.key(show: show, published: published, position: first.position), start: start,
              end: specialRefs.count))
        }
        continue
      }
      // As `chain(of:limit:)` would give it: up to the first episode of unknown length, and through the
      // first whose running total passes `high` (counted as available, not a candidate).
      let start = specialRefs.count
      var sum = 0
      for link in index.chainCandidates[show] {
        guard link.seconds >= 0 else { break }
        available += 1
        sum += Int(link.seconds)
        if sum > high { break }
        specialRefs.append(
          TimeCandidates.Ref(
            show: show, episode: Int(link.episode), position: Int(link.position), inChain: true))
        specialDurations.append(Int(link.seconds))
      }
      if specialRefs.count > start {
        let first = index.chainCandidates[show][0]
        let key = PriorityKey(
          rank: Int.max, listening: index.listening[show], published: index.seriesPublished[show],
          feedRank: index.feedRank[show], position: Int(first.position))
        ordered.append(Group(key: key, start: start, end: specialRefs.count))
      }
    }
    Self.gatherPriorityFree(
      context, upTo: high, byIndexRank: pruneByShow && ranked, refs: &specialRefs, durations: &specialDurations,
      groups: &others, available: &available)
    others.sort { $0.key < $1.key }
    special = Self.merged(ordered, others)
    guard ranked else {
      builder.candidates.available = available
      return
    }
    var left = index.freeOrder.count
    // (key, offset) packed in one integer, so that the sort compares integers.
    var packed: [Int] = []
    for show in context.priorityShows {
      let offsets = index.freeOffsets(ofShow: show)
      left -= offsets.count
      if !pruneByShow {
        // Only those that can be candidates at all change a candidate's rank.
        for offset in offsets where Int(index.freeOrder[Int(offset)].seconds) <= high {
          packed.append(Int(index.freeOrder[Int(offset)].seconds) << 32 | Int(offset))
        }
      }
    }
    for show in context.excludedShows where !context.isPriority[show] {
      for episode in context.excluded(ofShow: show) {
        guard let offset = index.freeOffset(ofShow: show, episode: episode) else { continue }
        left -= 1
        packed.append(rankKey(show: show, seconds: Int(index.freeOrder[Int(offset)].seconds)) << 32 | Int(offset))
      }
    }
    packed.sort()
    if !context.priorityShows.isEmpty && !pruneByShow {
      // The priority shows' free episodes come before every other free one: of one duration only the first
      // ⌊high / d⌋ can be chosen, so the rest are dropped here, where the tail's totals can see it, and the
      // builder needs no counts (variety's were dropped as they were gathered).
      dropPriorityFree(sortedByDuration: packed)
    }
    uncounted = packed.map { ($0 >> 32, Int32(truncatingIfNeeded: $0)) }
    if !pruneByShow, !(uncounted.isEmpty && priorityTaken.isEmpty) {
      touchedDurations = [UInt64](repeatElement(0, count: high / 64 + 1))
      for seconds in uncounted.map(\.key) + priorityTaken.map(\.seconds) where seconds <= high {
        touchedDurations[seconds >> 6] |= 1 << UInt64(seconds & 63)
      }
    }
    available += left
    builder.candidates.available = available
  }

  /// The priority shows' free episodes up to `high`, each a group of its own appended to `groups` (its
  /// candidate to `refs` and `durations`), and those counted as available.
  ///
  /// With `byIndexRank` (variety), of one show and one duration `d` only the first ⌊high / d⌋ free episodes can
  /// be chosen, so the rest are dropped here, where the tail's totals can see it, and the builder needs no
  /// counts. A free episode's rank among the show's earlier ones of its duration is the index's, less the
  /// excluded ones (a show's free episodes are in key order in the index, and its exclusions are few).
  ///
  /// Not inlined: in the initializer, beside the chains' loop over every show, it made the initializer cost more.
  ///
  /// - Complexity: O(*f* + *x* · *f*) for the priority shows' *f* free episodes and the *x* excluded ones.
  @inline(never)
  private static func gatherPriorityFree(
    _ context: RequestContext, upTo high: Int, byIndexRank: Bool, refs: inout [TimeCandidates.Ref],
    durations: inout [Int], groups: inout [Group], available: inout Int
  ) {
    let index = context.index
    // One group per priority free episode: room for them all without regrowing.
    groups.reserveCapacity(context.priorityShows.reduce(groups.count) { $0 + index.freeOffsets(ofShow: $1).count })
    for show in context.priorityShows {
      let offsets = index.freeOffsets(ofShow: show)
      var excludedFree: [(seconds: Int32, offset: Int32)] = []
      if byIndexRank && context.hasExclusions[show] {
        for episode in context.excluded(ofShow: show) {
          guard let offset = index.freeOffset(ofShow: show, episode: episode) else { continue }
          excludedFree.append((index.freeOrder[Int(offset)].seconds, offset))
        }
      }
      for offset in offsets {
        let free = index.freeOrder[Int(offset)]
        if context.isExcluded(show: show, episode: Int(free.episode)) { continue }
        available += 1
        guard Int(free.seconds) <= high else { continue }
        if byIndexRank {
          var rank = Int(free.sameDurationRank)
          for entry in excludedFree where entry.seconds == free.seconds && entry.offset < offset { rank -= 1 }
          if (rank + 1) * Int(free.seconds) > high { continue }
        }
        refs.append(
          TimeCandidates.Ref(show: show, episode: Int(free.episode), position: Int(free.position), inChain: false))
        durations.append(Int(free.seconds))
        groups.append(
          Group(
            key: context.key(show: show, published: free.published, position: Int(free.position)),
            start: refs.count - 1, end: refs.count))
      }
    }
  }

  /// Fill time's drop of the priority shows' free episodes that cannot be chosen, read off `packed`: the
  /// request's uncounted free episodes as (duration << 32 | offset), sorted, which hold every priority show's
  /// free episode up to `high`. Of one duration `d`, the first ⌊`high` / `d`⌋ in priority order are kept, and
  /// ``priorityTaken`` gets, per duration, how many are.
  ///
  /// A duration's episodes in priority order are those of the first priority show in offset order (a show's
  /// free episodes are in key order in the index), then the second's, and so on; they only need that order
  /// when more are left than can be kept, which is rare, so the common case sorts nothing (the list it
  /// reads is sorted anyway for ranking).
  ///
  /// - Complexity: O(*u*) for the *u* entries of `packed`, plus O(*r* log *r*) per duration with more than can
  ///   be kept (*r* of them) and O(*g* log *k*) to drop the *k* dropped from the *g* groups.
  private mutating func dropPriorityFree(sortedByDuration packed: [Int]) {
    let freeOrder = context.index.freeOrder
    // The dropped ones as (show << 32 | episode), sorted.
    var dropped: [Int] = []
    var position = 0
    func isCandidate(_ entry: Int) -> Bool {
      let free = freeOrder[entry & 0xFFFF_FFFF]
      let show = Int(free.show)
      return context.isPriority[show] && !context.isExcluded(show: show, episode: Int(free.episode))
    }
    while position < packed.count {
      let seconds = packed[position] >> 32
      let start = position
      var count = 0
      while position < packed.count, packed[position] >> 32 == seconds {
        if isCandidate(packed[position]) { count += 1 }
        position += 1
      }
      guard count > 0 else { continue }
      let kept = high / seconds
      priorityTaken.append((seconds, min(count, kept)))
      if count > kept {
        // (rank << 32 | offset): priority order.
        var run = packed[start..<position].filter(isCandidate).map {
          context.rank(Int(freeOrder[$0 & 0xFFFF_FFFF].show)) << 32 | $0 & 0xFFFF_FFFF
        }
        run.sort()
        for entry in run[kept...] {
          let free = freeOrder[entry & 0xFFFF_FFFF]
          dropped.append(Int(free.show) << 32 | Int(free.episode))
        }
      }
    }
    guard !dropped.isEmpty else { return }
    dropped.sort()
    let refs = specialRefs
    special.removeAll { group in
      let ref = refs[group.start]
      guard !ref.inChain else { return false }
      let key = ref.show << 32 | ref.episode
      let low = dropped.partitioningIndex { $0 >= key }
      return low < dropped.count && dropped[low] == key
    }
  }

  /// Two lists of groups sorted by key, merged.
  ///
  /// - Complexity: O(*m* + *n*).
  private static func merged(_ first: [Group], _ second: [Group]) -> [Group] {
    guard !second.isEmpty else { return first }
    guard !first.isEmpty else { return second }
    var result: [Group] = []
    result.reserveCapacity(first.count + second.count)
    var next = 0
    for group in first {
      while next < second.count, second[next].key < group.key {
        result.append(second[next])
        next += 1
      }
      result.append(group)
    }
    result.append(contentsOf: second[next...])
    return result
  }

  /// The key of ``uncounted`` for a free episode of `show` lasting `seconds`.
  private func rankKey(show: Int, seconds: Int) -> Int {
    Self.rankKey(show: show, seconds: seconds, high: high, byShow: builder.pruneByShow)
  }

  /// The key of ``uncounted``: the duration, or with `byShow` the show and the duration.
  private static func rankKey(show: Int, seconds: Int, high: Int, byShow: Bool) -> Int {
    byShow ? show * (high + 1) + seconds : seconds
  }

  /// How many free episodes of the same duration (of the same show, for variety) this request admits before
  /// the free episode at `offset` of the index's order, which is neither excluded nor a priority show's: its
  /// rank in the index, less the earlier ones the request does not count, plus (for fill time) those the
  /// priority shows' groups took.
  ///
  /// - Complexity: O(1) for a request without priority shows or exclusions, O(log *u*) otherwise.
  func rank(ofFreeAt offset: Int) -> Int {
    Self.rank(
      of: context.index.freeOrder[offset], at: offset, high: high, byShow: builder.pruneByShow,
      hasExclusions: context.hasExclusions, uncounted: uncounted, priorityTaken: priorityTaken,
      touchedDurations: touchedDurations)
  }

  /// ``rank(ofFreeAt:)`` from the tables it reads, so that the merge's loop calls it without copying the
  /// merge (a method call on `self` inside a mutating method copies it).
  private static func rank(
    of free: CatalogIndex.Free, at offset: Int, high: Int, byShow: Bool, hasExclusions: [Bool],
    uncounted: [(key: Int, offset: Int32)], priorityTaken: [(seconds: Int, count: Int)], touchedDurations: [UInt64]
  ) -> Int {
    var rank = Int(byShow ? free.sameDurationRank : free.freeRank)
    if uncounted.isEmpty && priorityTaken.isEmpty { return rank }
    let seconds = Int(free.seconds)
    if byShow {
      if !hasExclusions[Int(free.show)] { return rank }
    } else {
      guard seconds <= high, touchedDurations[seconds >> 6] & (1 << UInt64(seconds & 63)) != 0 else { return rank }
      let low = priorityTaken.partitioningIndex { $0.seconds >= seconds }
      if low < priorityTaken.count, priorityTaken[low].seconds == seconds { rank += priorityTaken[low].count }
    }
    let key = rankKey(show: Int(free.show), seconds: seconds, high: high, byShow: byShow)
    let first = uncounted.partitioningIndex { $0.key >= key }
    var end = first
    while end < uncounted.count, uncounted[end].key == key, Int(uncounted[end].offset) < offset { end += 1 }
    return rank - (end - first)
  }

  /// Whether the free episode at `offset` of the index's order is a candidate of this request with a rank
  /// that admits it (see ``rank(ofFreeAt:)``).
  func admitsFree(at offset: Int) -> Bool {
    let free = context.index.freeOrder[offset]
    guard
      Self.isFreeCandidate(
        free, of: context, isPriority: context.isPriority, hasExclusions: context.hasExclusions)
    else { return false }
    return (rank(ofFreeAt: offset) + 1) * Int(free.seconds) <= high
  }

  /// Whether the free episode `free` is one of this request's free candidates at all: not a priority show's
  /// (those come as groups of their own) and not excluded. From the tables it reads, so that a loop over many
  /// episodes reads them once.
  @inline(__always)
  private static func isFreeCandidate(
    _ free: CatalogIndex.Free, of context: RequestContext, isPriority: [Bool], hasExclusions: [Bool]
  ) -> Bool {
    let show = Int(free.show)
    return !isPriority[show] && !(hasExclusions[show] && context.isExcluded(show: show, episode: Int(free.episode)))
  }

  /// The seconds of the free episodes at `positions` of the index's order by duration
  /// (``CatalogIndex/freeByDuration``) that are not emitted yet, not of `shows`, and admitted
  /// (``admitsFree(at:)``), in that order: one loop with the tables read once, for the hundreds of a
  /// variety search's tail.
  ///
  /// - Complexity: O(*n*) for the *n* positions, with O(log *u*) more for each of a show with exclusions or
  ///   whose rank is corrected.
  func admittedFreeSeconds(byDuration positions: Range<Int>, notOf shows: [Int]) -> [Int] {
    let index = context.index
    let (freeOrder, byDuration) = (index.freeOrder, index.freeByDuration)
    let (isPriority, hasExclusions) = (context.isPriority, context.hasExclusions)
    let (uncounted, priorityTaken, touchedDurations) = (self.uncounted, self.priorityTaken, self.touchedDurations)
    let (byShow, first, high) = (builder.pruneByShow, nextFree, high)
    var seconds: [Int] = []
    seconds.reserveCapacity(positions.count)
    for position in positions {
      let offset = Int(byDuration[position])
      guard offset >= first else { continue }
      let free = freeOrder[offset]
      guard !shows.contains(Int(free.show)),
        Self.isFreeCandidate(free, of: context, isPriority: isPriority, hasExclusions: hasExclusions)
      else { continue }
      let rank = Self.rank(
        of: free, at: offset, high: high, byShow: byShow, hasExclusions: hasExclusions, uncounted: uncounted,
        priorityTaken: priorityTaken, touchedDurations: touchedDurations)
      if (rank + 1) * Int(free.seconds) <= high { seconds.append(Int(free.seconds)) }
    }
    return seconds
  }

  /// Whether every candidate was emitted.
  var isFinished: Bool { nextFree == context.index.freeOrder.count && nextSpecial == special.count }

  /// Makes room for `count` candidates in all, at most as many as there can be.
  mutating func reserve(_ count: Int) {
    builder.reserve(
      min(
        count,
        builder.candidates.durations.count + context.index.freeOrder.count - nextFree + specialDurations.count))
  }

  /// Emits groups in priority order until at least `count` candidates are out (a group is never split) or
  /// none is left.
  ///
  /// - Complexity: O(*m*) in the free candidates passed.
  mutating func run(until count: Int) {
    let index = context.index
    let freeOrder = index.freeOrder
    let feedRank = index.feedRank
    let isPriority = context.isPriority
    let hasExclusions = context.hasExclusions
    let (uncounted, priorityTaken, touchedDurations) = (self.uncounted, self.priorityTaken, self.touchedDurations)
    let byShow = builder.pruneByShow
    var available = 0
    defer { if !ranked { builder.candidates.available += available } }
    // Room for the candidates asked for, at most as many as are left: no regrowth while appending.
    reserve(count)
    // The priority shows' groups (their rank comes before every other show's) go before every free episode of
    // the index's order: emitted without a free episode's key to compare with, a free episode without slices
    // (a priority show may have hundreds).
    while nextSpecial < special.count, special[nextSpecial].key.rank != Int.max {
      if builder.candidates.durations.count >= count { return }
      let group = special[nextSpecial]
      if group.end - group.start == 1, !specialRefs[group.start].inChain {
        builder.emitFree(specialRefs[group.start], specialDurations[group.start])
      } else {
        builder.emit(refs(of: group), durations(of: group))
      }
      nextSpecial += 1
    }
    while nextFree < freeOrder.count {
      if builder.candidates.durations.count >= count { return }
      let offset = nextFree
      let free = freeOrder[offset]
      nextFree += 1
      let show = Int(free.show)
      guard Self.isFreeCandidate(free, of: context, isPriority: isPriority, hasExclusions: hasExclusions) else {
        continue
      }
      available += 1
      let seconds = Int(free.seconds)
      guard seconds <= high else { continue }
      // Past a narrowing (see ``SplitCandidates/narrow(toLongest:)``), a longer one is passed over at once.
      guard seconds <= builder.longest else { continue }
      if nextSpecial < special.count {
        let freeKey = PriorityKey(
          rank: Int.max, listening: free.listening, published: free.published, feedRank: feedRank[show],
          position: Int(free.position))
        if special[nextSpecial].key < freeKey {
          // The groups before this free episode go first; it waits for the next round.
          nextFree -= 1
          available -= 1
          builder.emit(refs(of: special[nextSpecial]), durations(of: special[nextSpecial]))
          nextSpecial += 1
          continue
        }
      }
      let rank: Int? =
        ranked
        ? Self.rank(
          of: free, at: offset, high: high, byShow: byShow, hasExclusions: hasExclusions, uncounted: uncounted,
          priorityTaken: priorityTaken, touchedDurations: touchedDurations)
        : hasExclusions[show] ? nil : Int(free.sameDurationRank)
      builder.emitFree(
        TimeCandidates.Ref(show: show, episode: Int(free.episode), position: Int(free.position), inChain: false),
        seconds, sameDurationRank: rank)
    }
    while nextSpecial < special.count {
      if builder.candidates.durations.count >= count { return }
      builder.emit(refs(of: special[nextSpecial]), durations(of: special[nextSpecial]))
      nextSpecial += 1
    }
  }
}
