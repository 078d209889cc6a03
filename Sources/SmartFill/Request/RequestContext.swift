/// One request against an indexed catalog: its priority ranks and exclusions resolved.
///
/// A class, although nothing in it changes: the candidate merges and the fills' helpers each keep it, and a
/// reference is one retain where a copy of the index's dozens of arrays was one each.
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
  /// more.
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
