import SmartFillSupport

/// What the engine precomputes once per catalog: series order, the latest played episode of each show, and
/// every episode that may be a free candidate, already in priority order for shows that are not priority
/// shows.
struct CatalogIndex: Sendable {
  /// A potential free candidate: an unplayed, non-trailer episode of known duration that is not part of a
  /// chain (any such episode of an episodic show, a bonus episode of a serial show).
  struct Free: Sendable {
    var show: Int32
    var episode: Int32
    var position: Int32
    var seconds: Int32
    /// How many free episodes of the same show and remaining time come before this one in priority order.
    var sameDurationRank: Int32
    /// How many entries of ``CatalogIndex/freeOrder`` before this one have the same remaining time: without
    /// priority shows and exclusions, fill time keeps a free episode of duration *d* exactly when this rank is
    /// below ⌊*high* / *d*⌋; with them, the rank is corrected (``CandidateMerge/rank(ofFreeAt:)``). Kept here
    /// (in what would be padding) so that it moves with its entry when a change patches the order.
    var freeRank: Int32 = 0
    var listening: Int
    var published: Double
  }

  var showIndexByURL: [String: Int] = [:]
  /// Each show's feed URL.
  var feedURLs: [String] = []
  /// Each show's recent listening, in seconds.
  var listening: [Int] = []
  /// Each show's position among the shows sorted by feed URL.
  var feedRank: [Int] = []
  /// Each show's episodes' indices in series order.
  var series: [[Int]] = []
  /// Whether each show is serial (read here, so that a request never copies a show to ask).
  var isSerial: [Bool] = []
  /// Each show's series position of its latest played full episode, or -1.
  var latestPlayed: [Int] = []
  /// Each show's unplayed full episodes after its latest played full one, in series order: the episode's
  /// index, its series position and its remaining seconds (-1 when unknown).
  var chainCandidates: [[(episode: Int32, position: Int32, seconds: Int32)]] = []
  /// How many of each show's chain candidates have an unknown length.
  var unknownChainCount: [Int] = []
  /// Each show's GUIDs, to resolve exclusions.
  var guidHashes: [[(hash: UInt64, episode: Int32)]] = []
  /// The free candidates' positions in `freeOrder`, show by show (so in priority order within each show):
  /// show `s`'s are `freeByShow[freeByShowStarts[s]..<freeByShowStarts[s + 1]]`.
  var freeByShow: [Int32] = []
  /// Where each show's free candidates start in ``freeByShow``, and the end.
  var freeByShowStarts: [Int] = []
  /// All free candidates by (−listening, published, feed rank, position).
  var freeOrder: [Free] = []
  /// The offsets of ``freeOrder`` by (remaining time, offset): the shortest first, for summarising the
  /// candidates after a fill's head without a pass over the long ones.
  var freeByDuration: [Int32] = []
  /// Each show's published date (seconds since 1970) of the first episode of its continue-series chain with a
  /// target (its first chain candidate of known length for an episodic show, its first chain candidate for a
  /// serial show when that length is known), 0 when there is none.
  var seriesPublished: [Double] = []
  /// Each show's remaining seconds of the episode ``seriesPublished`` dates, −1 when there is none: what a
  /// continue-series chain without exclusions starts with (see ``SeriesChainReader/followingBound()``).
  var seriesFirstSeconds: [Int32] = []
  /// The shows in continue series' order for a request without priority shows or exclusions:
  /// (−listening, ``seriesPublished``, feed rank).
  var seriesOrder: [Int32] = []
  /// A common divisor of every free candidate's and every chain candidate's remaining time (their greatest
  /// common divisor when the index is built, 1 when there are none; after a change it may be a divisor of
  /// the greatest, see ``replaceShow(at:with:)``): totals are counted in this unit without changing any
  /// answer.
  var durationUnit = 1

  init(_ catalog: Catalog) {
    let shows = catalog.shows
    for (index, show) in shows.enumerated() { showIndexByURL[show.feedURL] = index }
    feedURLs = shows.map(\.feedURL)
    listening = shows.map(\.recentListeningSeconds)
    feedRank = Self.ranks(of: feedURLs)
    series.reserveCapacity(shows.count)
    for (showIndex, show) in shows.enumerated() {
      let part = ShowPart(show, index: showIndex)
      store(part, at: showIndex)
      freeOrder.append(contentsOf: part.free)
    }
    let rank = feedRank
    freeOrder.sort { Self.precedes($0, $1, feedRank: rank) }
    indexFreeByShow()
  }

  /// Each feed URL's place among `feedURLs` sorted.
  static func ranks(of feedURLs: [String]) -> [Int] {
    var ranks = Array(repeating: 0, count: feedURLs.count)
    for (rank, index) in feedURLs.indices.sorted(by: { feedURLs[$0] < feedURLs[$1] }).enumerated() {
      ranks[index] = rank
    }
    return ranks
  }

  /// The order of ``freeOrder``: the priority order (``PriorityKey``) without a priority rank.
  static func precedes(_ lhs: Free, _ rhs: Free, feedRank: [Int]) -> Bool {
    PriorityKey.precedes(
      rank: (0, 0), listening: (lhs.listening, rhs.listening), published: (lhs.published, rhs.published),
      feedRank: (feedRank[Int(lhs.show)], feedRank[Int(rhs.show)]), position: (Int(lhs.position), Int(rhs.position)))
  }

  /// Rebuilds ``seriesOrder``, ``freeByShow``, each entry's ``Free/freeRank``, ``freeByDuration`` and
  /// ``durationUnit`` from ``freeOrder``, ``chainCandidates`` and the shows' keys.
  ///
  /// - Complexity: O(*n* + *c* + *D*) in the free candidates, the chain candidates and the longest remaining
  ///   time *D* (a counting sort; O(*n* log *n*) instead when *D* is far larger than *n*).
  mutating func indexFreeByShow() {
    let index = self
    seriesOrder = listening.indices.map(Int32.init).sorted { index.seriesPrecedes(Int($0), Int($1)) }
    let count = freeOrder.count
    var unit = 0
    var longest = 0
    var starts = [Int](repeating: 0, count: listening.count + 1)
    freeOrder.withUnsafeBufferPointer { free in
      for entry in free {
        longest = max(longest, Int(entry.seconds))
        if unit != 1 { unit = gcd(unit, Int(entry.seconds)) }
        starts[Int(entry.show) + 1] += 1
      }
    }
    for chain in chainCandidates where unit != 1 {
      for link in chain where link.seconds > 0 { unit = gcd(unit, Int(link.seconds)) }
    }
    durationUnit = max(unit, 1)
    for show in 0..<listening.count { starts[show + 1] += starts[show] }
    freeByShowStarts = starts
    var byShow = [Int32](repeating: 0, count: count)
    var ranks = [Int32](repeating: 0, count: count)
    var byDuration = [Int32](repeating: 0, count: count)
    if longest <= 4 * count + 65_536 {
      // Counting sorts by show and by remaining time, stable, so offsets stay increasing within each.
      var counts = [Int32](repeating: 0, count: longest + 2)
      freeOrder.withUnsafeBufferPointer { free in
        counts.withUnsafeMutableBufferPointer { counts in
          ranks.withUnsafeMutableBufferPointer { ranks in
            for offset in 0..<count {
              let seconds = Int(free[offset].seconds) + 1
              ranks[offset] = counts[seconds]
              counts[seconds] += 1
            }
          }
          for seconds in 1..<counts.count { counts[seconds] += counts[seconds - 1] }
          for offset in 0..<count {
            byDuration[Int(counts[Int(free[offset].seconds)] + ranks[offset])] = Int32(offset)
            let show = Int(free[offset].show)
            byShow[starts[show]] = Int32(offset)
            starts[show] += 1
          }
        }
      }
    } else {
      var seen: [Int32: Int32] = [:]
      for (offset, free) in freeOrder.enumerated() {
        ranks[offset] = seen[free.seconds, default: 0]
        seen[free.seconds, default: 0] += 1
        byShow[starts[Int(free.show)]] = Int32(offset)
        starts[Int(free.show)] += 1
      }
      let order = freeOrder
      byDuration = freeOrder.indices.map(Int32.init).sorted {
        (order[Int($0)].seconds, $0) < (order[Int($1)].seconds, $1)
      }
    }
    freeByShow = byShow
    freeOrder.withUnsafeMutableBufferPointer { free in
      for offset in 0..<count { free[offset].freeRank = ranks[offset] }
    }
    freeByDuration = byDuration
  }

  /// The order of ``seriesOrder``: the priority order (``PriorityKey``) of the shows' keys without a priority
  /// rank, dated by ``seriesPublished``.
  func seriesPrecedes(_ lhs: Int, _ rhs: Int) -> Bool {
    PriorityKey.precedes(
      rank: (0, 0), listening: (listening[lhs], listening[rhs]),
      published: (seriesPublished[lhs], seriesPublished[rhs]),
      feedRank: (feedRank[lhs], feedRank[rhs]), position: (0, 0))
  }

  /// Show `show`'s free candidates, as positions in ``freeOrder``.
  func freeOffsets(ofShow show: Int) -> ArraySlice<Int32> {
    freeByShow[freeByShowStarts[show]..<freeByShowStarts[show + 1]]
  }

  /// The position in ``freeOrder`` of show `show`'s episode `episode`, if it is a free candidate: for the few
  /// excluded episodes of a request, integer comparisons against the show's free candidates, no hashing.
  ///
  /// - Complexity: O(*f*) for the show's *f* free candidates.
  func freeOffset(ofShow show: Int, episode: Int) -> Int32? {
    freeOffsets(ofShow: show).first { freeOrder[Int($0)].episode == episode }
  }

  /// Keeps `part`'s per-show entries as show `show`'s, replacing them, or appending them when `show` is the
  /// next show (its free candidates are merged by the caller).
  mutating func store(_ part: ShowPart, at show: Int) {
    if show == series.count {
      isSerial.append(part.isSerial)
      series.append(part.series)
      latestPlayed.append(part.latestPlayed)
      chainCandidates.append(part.chain)
      unknownChainCount.append(part.unknownChainCount)
      guidHashes.append(part.guids)
      seriesPublished.append(part.seriesPublished)
      seriesFirstSeconds.append(part.seriesFirstSeconds)
    } else {
      isSerial[show] = part.isSerial
      series[show] = part.series
      latestPlayed[show] = part.latestPlayed
      chainCandidates[show] = part.chain
      unknownChainCount[show] = part.unknownChainCount
      guidHashes[show] = part.guids
      seriesPublished[show] = part.seriesPublished
      seriesFirstSeconds[show] = part.seriesFirstSeconds
    }
  }

  /// What the index holds for one show, computed from the show alone.
  struct ShowPart {
    var isSerial: Bool
    var series: [Int]
    var latestPlayed: Int
    var chain: [(episode: Int32, position: Int32, seconds: Int32)]
    var unknownChainCount: Int
    var guids: [(hash: UInt64, episode: Int32)]
    /// The show's free candidates in priority order within the show: (published, position).
    var free: [Free]
    /// See ``CatalogIndex/seriesPublished``.
    var seriesPublished: Double
    /// See ``CatalogIndex/seriesFirstSeconds``.
    var seriesFirstSeconds: Int32

    /// - Complexity: O(*e* log *e*) for the show's *e* episodes.
    init(_ show: Show, index showIndex: Int) {
      let order = SeriesOrder.indices(of: show)
      isSerial = show.ordering == .serial
      series = order
      var latest = -1
      var free: [Free] = []
      var guids: [(hash: UInt64, episode: Int32)] = []
      guids.reserveCapacity(show.episodes.count)
      var chain: [(episode: Int32, position: Int32, seconds: Int32)] = []
      let isEpisodic = show.ordering == .episodic
      let listening = show.recentListeningSeconds
      // The episodes read in place (fields through the buffer), not copied out one by one with their strings.
      show.episodes.withUnsafeBufferPointer { episodes in
        for (position, episodeIndex) in order.enumerated() {
          guids.append((CatalogIndex.hash(episodes[episodeIndex].guid), Int32(episodeIndex)))
          let kind = episodes[episodeIndex].kind
          let isPlayed = episodes[episodeIndex].isPlayed
          if kind == .full && isPlayed { latest = position }
          let isFree = isEpisodic ? kind != .trailer : kind == .bonus
          if isFree, !isPlayed, let seconds = episodes[episodeIndex].remainingSeconds {
            free.append(
              Free(
                show: Int32(showIndex), episode: Int32(episodeIndex), position: Int32(position),
                seconds: Int32(clamping: seconds), sameDurationRank: 0, listening: listening,
                published: episodes[episodeIndex].published.timeIntervalSince1970))
          }
        }
        for position in (latest + 1)..<order.count {
          let episodeIndex = order[position]
          guard episodes[episodeIndex].kind == .full, !episodes[episodeIndex].isPlayed else { continue }
          chain.append(
            (Int32(episodeIndex), Int32(position), Int32(clamping: episodes[episodeIndex].remainingSeconds ?? -1)))
        }
      }
      latestPlayed = latest
      self.chain = chain
      let first = isEpisodic ? chain.first { $0.seconds >= 0 } : chain.first.flatMap { $0.seconds >= 0 ? $0 : nil }
      seriesPublished = first.map { show.episodes[Int($0.episode)].published.timeIntervalSince1970 } ?? 0
      seriesFirstSeconds = first?.seconds ?? -1
      unknownChainCount = chain.reduce(0) { $0 + ($1.seconds < 0 ? 1 : 0) }
      guids.sort { $0.hash < $1.hash }
      self.guids = guids
      // Episodic shows' free episodes are already in (published, position) order: series order is by date.
      if !isEpisodic {
        free.sort { ($0.published, $0.position) < ($1.published, $1.position) }
      }
      // Each one's rank among the earlier ones of its length: (length, offset) sorted as packed integers, then
      // counted along each run of one length (no dictionary).
      var byLength = free.indices.map { Int(free[$0].seconds) << 32 | $0 }
      byLength.sort()
      var rank: Int32 = 0
      for (position, entry) in byLength.enumerated() {
        rank = position > 0 && byLength[position - 1] >> 32 == entry >> 32 ? rank + 1 : 0
        free[entry & 0xFFFF_FFFF].sameDurationRank = rank
      }
      self.free = free
    }
  }

  /// The index of the episode with `guid` in show `show`, if any.
  ///
  /// - Complexity: O(log *n*) for *n* episodes of the show.
  func episode(withGUID guid: String, inShow show: Int, of catalog: Catalog) -> Int? {
    let hashes = guidHashes[show]
    let target = Self.hash(guid)
    var low = hashes.partitioningIndex { $0.hash >= target }
    while low < hashes.count, hashes[low].hash == target {
      let episode = Int(hashes[low].episode)
      if catalog.shows[show].episodes[episode].guid == guid { return episode }
      low += 1
    }
    return nil
  }

  /// The stable hash the index keys GUIDs by.
  static func hash(_ text: String) -> UInt64 { StableHash.fnv1a64(text) }
}
