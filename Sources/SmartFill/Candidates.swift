/// The candidates of one time-based request, in priority order (see ``PriorityKey``), after exact pruning.
struct TimeCandidates {
  /// A candidate: its show, its episode, its series position and whether it belongs to a serial chain.
  struct Ref {
    // 13 bytes rather than 25, so that the candidates of a large catalog stay small.
    private var showIndex: Int32
    private var episodeIndex: Int32
    private var seriesPosition: Int32
    var inChain: Bool

    init(show: Int, episode: Int, position: Int, inChain: Bool) {
      showIndex = Int32(show)
      episodeIndex = Int32(episode)
      seriesPosition = Int32(position)
      self.inChain = inChain
    }

    var show: Int { Int(showIndex) }
    var episode: Int { Int(episodeIndex) }
    var position: Int { Int(seriesPosition) }
  }

  var durations: [Int] = []
  var groupEnds: [Int] = []
  var refs: [Ref] = []

  /// These candidates followed by `other`'s.
  ///
  /// - Complexity: O(*n* + *m*).
  func appending(_ other: TimeCandidates) -> TimeCandidates {
    var result = self
    let count = durations.count
    result.reserve(count + other.durations.count)
    result.durations += other.durations
    result.refs += other.refs
    result.groupEnds += other.groupEnds.map { $0 + count }
    return result
  }

  /// Makes room for `count` candidates in all.
  mutating func reserve(_ count: Int) {
    durations.reserveCapacity(count)
    groupEnds.reserveCapacity(count)
    refs.reserveCapacity(count)
  }

  /// The number of candidates before pruning (0: the result is `empty`).
  var available = 0

  /// These candidates with each show in `caps` limited to its first episodes in priority order (a chain
  /// keeps a prefix).
  ///
  /// - Complexity: O(*n*).
  func capped(_ caps: [Int: Int]) -> TimeCandidates {
    var result = TimeCandidates()
    result.available = available
    var taken: [Int: Int] = [:]
    var index = 0
    while index < durations.count {
      let end = groupEnds[index]
      let start = result.durations.count
      for item in index..<end {
        let show = refs[item].show
        if let cap = caps[show] {
          if taken[show, default: 0] >= cap { break }
          taken[show, default: 0] += 1
        }
        result.refs.append(refs[item])
        result.durations.append(durations[item])
      }
      let newEnd = result.durations.count
      for item in start..<newEnd { result.groupEnds.append(end == index + 1 ? item + 1 : newEnd) }
      index = end
    }
    return result
  }
}

/// One request against an indexed catalog: its priority ranks and exclusions resolved.
///
/// A class, although nothing in it changes: the candidate merges and the fills' helpers each keep it, and a
/// reference is one retain where a copy of the index's dozens of arrays was one each (about 4 % of a 45-minute
/// fill's instructions).
final class RequestContext {
  let index: CatalogIndex
  let catalog: Catalog
  let request: FillRequest
  /// The priority shows, by show index, first the most preferred (each once).
  let priorityShows: [Int]
  /// Each show's place in the priority list, `Int.max` for the other shows.
  let rankByShow: [Int]
  /// Whether each show is a priority show.
  let isPriority: [Bool]
  /// Whether each show has excluded episodes.
  let hasExclusions: [Bool]
  /// The excluded episodes as (show index << 32 | episode index), sorted: a few integers searched in order,
  /// no hashing.
  let excludedEpisodes: [Int]
  /// The shows with excluded episodes, each once, in increasing order.
  let excludedShows: [Int]

  init(index: CatalogIndex, request: FillRequest, catalog: Catalog) {
    self.index = index
    self.catalog = catalog
    self.request = request
    var rankByShow = [Int](repeatElement(Int.max, count: catalog.shows.count))
    var isPriority = [Bool](repeatElement(false, count: catalog.shows.count))
    var priorityShows: [Int] = []
    for (rank, feedURL) in request.priorityShows.enumerated() {
      if let show = index.showIndexByURL[feedURL], !isPriority[show] {
        rankByShow[show] = rank
        isPriority[show] = true
        priorityShows.append(show)
      }
    }
    self.rankByShow = rankByShow
    self.isPriority = isPriority
    self.priorityShows = priorityShows
    var excluded: [Int] = []
    excluded.reserveCapacity(request.excluded.count)
    for id in request.excluded {
      if let show = index.showIndexByURL[id.feedURL],
        let episode = index.episode(withGUID: id.guid, inShow: show, of: catalog)
      {
        excluded.append(show << 32 | episode)
      }
    }
    excluded.sort()
    var hasExclusions = [Bool](repeatElement(false, count: catalog.shows.count))
    var excludedShows: [Int] = []
    for entry in excluded where !hasExclusions[entry >> 32] {
      hasExclusions[entry >> 32] = true
      excludedShows.append(entry >> 32)
    }
    self.excludedEpisodes = excluded
    self.excludedShows = excludedShows
    self.hasExclusions = hasExclusions
  }

  /// Whether the request excludes this episode.
  ///
  /// - Complexity: O(1) for a show without exclusions, O(log *x*) for *x* excluded episodes otherwise.
  func isExcluded(show: Int, episode: Int) -> Bool {
    guard hasExclusions[show] else { return false }
    let key = show << 32 | episode
    let excluded = excludedEpisodes
    let low = excluded.partitioningIndex { $0 >= key }
    return low < excluded.count && excluded[low] == key
  }

  /// The excluded episodes of `show`, as episode indices in increasing order.
  ///
  /// - Complexity: O(log *x*) for *x* excluded episodes, then O(1) per episode read (no array is made).
  func excluded(ofShow show: Int) -> LazyMapSequence<ArraySlice<Int>, Int> {
    let low = excludedEpisodes.partitioningIndex { $0 >> 32 >= show }
    let high = excludedEpisodes.partitioningIndex { $0 >> 32 > show }
    return excludedEpisodes[low..<high].lazy.map { $0 & 0xFFFF_FFFF }
  }

  func rank(_ show: Int) -> Int { rankByShow[show] }

  func key(show: Int, published: Double, position: Int) -> PriorityKey {
    PriorityKey(
      rank: rank(show), listening: index.listening[show], published: published, feedRank: index.feedRank[show],
      position: position)
  }

  /// What a chain does at an episode of unknown length.
  enum UnknownLength {
    /// The chain stops before it (a story is never skipped).
    case stop
    /// The episode is passed over and the chain goes on (an episodic show's episodes are no story).
    case skip
    /// The episode is part of the chain (continue series without a target needs no lengths).
    case include
  }

  /// The show's chain: unplayed full episodes after the latest played one, in series order, without the
  /// excluded ones; an episode of unknown length (`seconds` −1) stops, is skipped or is kept, as `unknown`
  /// says. Stops after the first episode whose running total passes `limit`. Also returns how many episodes
  /// of unknown length were skipped, and, when the chain stopped at one, its episode index.
  ///
  /// Not inlined: inlined with its reservation below, it made the candidate merge's loop over every show cost
  /// more (gen-10000-s1 fill time at 8 hours: 2,544 k → 2,826 k instructions; not inlined, 2,533 k).
  ///
  /// - Complexity: O(*n*) in the show's episodes.
  @inline(never)
  func chain(of show: Int, limit: Int = Int.max, unknown: UnknownLength = .stop) -> (
    links: [Link], skipped: Int, stoppedAt: Int?
  ) {
    var links: [Link] = []
    // Room for the show's chain episodes, up to 64 (an 8-hour chain of 7.5-minute episodes): one allocation
    // instead of a list doubling from empty (the gathered chains of a continue-series request at 8 hours: 16 a
    // fill); room for all of a long show's would cost more than the few that fit under the limit.
    links.reserveCapacity(min(index.chainCandidates[show].count, 64))
    let found = appendChain(of: show, limit: limit, unknown: unknown, to: &links)
    return (links, found.skipped, found.stoppedAt)
  }

  /// A chain's episode: its series position, episode index and remaining seconds (−1 when unknown).
  typealias Link = (position: Int, episode: Int, seconds: Int)

  /// ``chain(of:limit:unknown:)`` appended to `links` (one flat list for many chains, no array per chain).
  func appendChain(of show: Int, limit: Int, unknown: UnknownLength, to links: inout [Link]) -> (
    skipped: Int, stoppedAt: Int?
  ) {
    let checksExclusions = hasExclusions[show]
    var sum = 0
    var skipped = 0
    var isFull = false
    var unknownSeen = 0
    let candidates = index.chainCandidates[show]
    for (offset, link) in zip(candidates.indices, candidates) {
      if link.seconds < 0 { unknownSeen += 1 }
      if isFull, unknown == .skip {
        // The rest need only be counted: from the index, without a pass over them, less the show's excluded
        // ones of unknown length among them (when they are few, each looked for in the rest).
        let rest = index.unknownChainCount[show] - unknownSeen + (link.seconds < 0 ? 1 : 0)
        guard checksExclusions else { return (rest + skipped, nil) }
        let excludedHere = excluded(ofShow: show)
        if excludedHere.count <= FillTuning.fewExclusions {
          let after = candidates[offset...]
          let excludedUnknown = excludedHere.count { episode in
            after.contains { $0.seconds < 0 && Int($0.episode) == episode }
          }
          return (rest - excludedUnknown + skipped, nil)
        }
      }
      if checksExclusions && isExcluded(show: show, episode: Int(link.episode)) { continue }
      if link.seconds < 0 {
        switch unknown {
        case .stop: return (skipped, isFull ? nil : Int(link.episode))
        case .skip:
          // Every one is counted, also past the limit, so that the listener hears of all of them.
          skipped += 1
          continue
        case .include: break
        }
      }
      if isFull {
        if unknown == .skip { continue }
        break
      }
      links.append((Int(link.position), Int(link.episode), Int(link.seconds)))
      sum += max(0, Int(link.seconds))
      if sum > limit { isFull = true }
    }
    return (skipped, nil)
  }

  /// The candidates for fill time and variety: chains of serial shows and free episodes, merged in priority
  /// order; episodes longer than `high` dropped, chains cut where their total passes `high`, and of the free
  /// episodes of one duration *d* only the first ⌊`high` / *d*⌋ kept (no more can ever be chosen, and the
  /// rule always prefers the earlier of two equal ones). With `pruneByShow`, that count is kept per show and
  /// duration, as variety needs (swapping episodes of two shows changes the counts its rule depends on).
  /// `caps` limits a show to its first episodes.
  ///
  /// - Complexity: O(*n* + *s* log *s*) for *n* episodes and *s* shows.
  func timeCandidates(upTo high: Int, caps: [Int: Int], pruneByShow: Bool = false) -> TimeCandidates {
    var merge = CandidateMerge(self, upTo: high, caps: caps, pruneByShow: pruneByShow)
    merge.run(until: Int.max)
    return merge.builder.candidates
  }

  /// Whether the request has neither priority shows nor exclusions: the free candidates then come in the
  /// index's order unchanged, and each one's admission is read from a precomputed rank.
  var isDefault: Bool { priorityShows.isEmpty && excludedEpisodes.isEmpty }

  /// One show's chain for continue series without a target: its episodes in series order.
  struct SeriesChain {
    var show: Int
    /// The episodes: series position, episode index and remaining seconds (−1 for an unknown length). A
    /// slice of one list shared by every chain of the request: index it from `links.startIndex`.
    var links: ArraySlice<Link>
  }

  /// Every show's chain for continue series without a target, with its episodes of unknown length, the shows
  /// ordered by (priority rank, −listening, published date of the next episode, feed URL). (With a target,
  /// ``SeriesChainReader`` reads the chains as they are needed.)
  ///
  /// - Complexity: O(*s* log *s* + *c*) in the shows and the chains' episodes.
  func seriesChains() -> [SeriesChain] {
    // Every chain's links in one list; each chain gets its slice once all are gathered.
    var links: [Link] = []
    var keyed: [(key: PriorityKey, show: Int, range: Range<Int>)] = []
    keyed.reserveCapacity(catalog.shows.count)
    for show in catalog.shows.indices {
      let start = links.count
      _ = appendChain(of: show, limit: Int.max, unknown: .include, to: &links)
      let published =
        start == links.count ? 0 : catalog.shows[show].episodes[links[start].episode].published.timeIntervalSince1970
      keyed.append((key(show: show, published: published, position: 0), show, start..<links.count))
    }
    keyed.sort { $0.key < $1.key }
    let all = links
    return keyed.map { SeriesChain(show: $0.show, links: all[$0.range]) }
  }

  /// Why this request has no candidate at all: no episodes, every one played, every unplayed one excluded, or
  /// none of the rest with a known duration. Called only for an empty result.
  ///
  /// - Complexity: O(*n*) in the catalog's episodes.
  func emptyExplanation() -> FillResult.Explanation {
    var episodes = 0
    var unplayed = 0
    var included = 0
    var timed = 0
    for (show, value) in catalog.shows.enumerated() {
      episodes += value.episodes.count
      let latest = index.latestPlayed[show]
      for (position, episodeIndex) in index.series[show].enumerated() {
        let episode = value.episodes[episodeIndex]
        guard !episode.isPlayed, episode.kind != .trailer else { continue }
        // Continue series offers full episodes after each show's latest played one; the time modes also
        // offer an episodic show's earlier episodes and a serial show's bonus episodes.
        let isChain = episode.kind == .full && (value.ordering == .serial || request.mode == .continueSeries)
        if isChain, position < latest { continue }
        if request.mode == .continueSeries, episode.kind != .full { continue }
        unplayed += 1
        guard !isExcluded(show: show, episode: episodeIndex) else { continue }
        included += 1
        if episode.remainingSeconds != nil { timed += 1 }
      }
    }
    if episodes == 0 { return .noEpisodes }
    if unplayed == 0 { return .everythingPlayed }
    if included == 0 { return .everythingExcluded(count: unplayed) }
    // Timed episodes may remain, but none is a candidate: each story's next episode has no known duration.
    return .noKnownDuration(count: included - timed)
  }

  func reason(for ref: TimeCandidates.Ref) -> FillResult.Reason {
    if isPriority[ref.show] { return .priorityShow }
    if ref.inChain { return .nextInSeries }
    if catalog.shows[ref.show].recentListeningSeconds > 0 { return .listeningHistory }
    return .oldestUnplayed
  }

  func entry(show: Int, episode: Int, reason: FillResult.Reason) -> FillResult.Entry {
    let showValue = catalog.shows[show]
    let value = showValue.episodes[episode]
    let reason = isPriority[show] ? .priorityShow : reason
    return FillResult.Entry(
      id: EpisodeID(feedURL: showValue.feedURL, guid: value.guid), showTitle: showValue.title, title: value.title,
      seconds: value.remainingSeconds, season: value.season, episode: value.episode, reason: reason)
  }
}

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
  /// Not inlined: in the initializer, beside the chains' loop over every show, it made the initializer cost more
  /// (gen-10000-s1 fill time at 8 hours: 2,586 k instructions against 2,548 k).
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
    // (gen-100-s42 at 8 hours, instance 2, 408 of them: fill time 959 k → 902 k instructions, variety 1,040 k →
    // 982 k).
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

/// Appends candidates in priority order, applying caps and the exact pruning of equal durations.
struct CandidateBuilder {
  let high: Int
  let caps: [Int: Int]
  let pruneByShow: Bool
  var candidates = TimeCandidates()
  private var kept: [Int32]
  private var keptByShow: [Int: Int] = [:]
  private var perShow: [Int: Int] = [:]

  /// Whether free episodes come with their rank among the earlier ones of the same duration (per show with
  /// `pruneByShow`), so that no counts are kept.
  let ranked: Bool
  /// The longest candidate admitted from now on, in seconds (see ``SplitCandidates/narrow(toLongest:)``): a
  /// longer free episode is left out, and a chain ends before its first longer episode.
  var longest = Int.max

  init(high: Int, caps: [Int: Int], pruneByShow: Bool, ranked: Bool = false) {
    self.high = high
    self.caps = caps
    self.pruneByShow = pruneByShow
    self.ranked = ranked
    kept = [Int32](repeatElement(0, count: pruneByShow || ranked ? 0 : high + 1))
  }

  private mutating func admit(_ ref: TimeCandidates.Ref, _ duration: Int, sameDurationRank: Int? = nil) -> Bool {
    if duration > longest { return false }
    if !caps.isEmpty, let cap = caps[ref.show] {
      if perShow[ref.show, default: 0] >= cap { return false }
    }
    if !ref.inChain {
      if ranked, let rank = sameDurationRank {
        // Every earlier free episode of this duration (of this show, with `pruneByShow`) was admitted.
        if (rank + 1) * duration > high { return false }
      } else if pruneByShow, let rank = sameDurationRank, caps.isEmpty {
        // The show's earlier free episodes of this duration were all admitted: the rank is the count.
        if (rank + 1) * duration > high { return false }  // rank ≥ ⌊high / duration⌋
      } else if ranked {
        // A priority show's free episode: those that cannot be chosen were dropped when gathered.
      } else if pruneByShow {
        let key = ref.show * (high + 1) + duration
        if (keptByShow[key, default: 0] + 1) * duration > high { return false }
        keptByShow[key, default: 0] += 1
      } else {
        if (Int(kept[duration]) + 1) * duration > high { return false }
        kept[duration] += 1
      }
    }
    if !caps.isEmpty, caps[ref.show] != nil { perShow[ref.show, default: 0] += 1 }
    candidates.refs.append(ref)
    candidates.durations.append(duration)
    return true
  }

  /// Makes room for `count` candidates in all (the merge asks for at most as many as are left).
  mutating func reserve(_ count: Int) {
    guard count > candidates.durations.capacity else { return }
    candidates.reserve(count)
  }

  /// Appends a free episode, a group of its own. `sameDurationRank`, when known, is how many free episodes of
  /// the same show and duration come before it (none of them excluded).
  mutating func emitFree(_ ref: TimeCandidates.Ref, _ duration: Int, sameDurationRank: Int? = nil) {
    if admit(ref, duration, sameDurationRank: sameDurationRank) {
      candidates.groupEnds.append(candidates.durations.count)
    }
  }

  /// Appends a group: a chain, or a single free episode.
  mutating func emit(_ refs: ArraySlice<TimeCandidates.Ref>, _ durations: ArraySlice<Int>) {
    guard refs[refs.startIndex].inChain else { return emitFree(refs[refs.startIndex], durations[durations.startIndex]) }
    let start = candidates.durations.count
    for (ref, duration) in zip(refs, durations) where !admit(ref, duration) { break }
    let end = candidates.durations.count
    for _ in start..<end { candidates.groupEnds.append(end) }
  }
}
