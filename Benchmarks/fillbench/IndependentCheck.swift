import SmartFill

/// Checks every timed result without the engine under test: which totals are reachable (a plain bitset
/// subset sum, serial chains as groups of prefixes), and whether a result obeys the rules.
struct IndependentCheck {
  let catalog: Catalog
  let mode: FillRequest.Mode
  let excluded: Set<EpisodeID>
  /// Each show's chain for the mode (see ``chain(of:inOrder:mode:excluded:)``; none for an episodic show in fill
  /// time and variety): their GUIDs and remaining seconds.
  let chains: [[(guid: String, seconds: Int)]]
  /// The remaining seconds of every free episode for fill time and variety.
  let free: [Int]

  init(catalog: Catalog, mode: FillRequest.Mode, excluded: Set<EpisodeID>) {
    self.catalog = catalog
    self.mode = mode
    self.excluded = excluded
    var chains: [[(guid: String, seconds: Int)]] = []
    var free: [Int] = []
    for show in catalog.shows {
      let order = SeriesOrder.indices(of: show).map { show.episodes[$0] }
      let usesChain = mode == .continueSeries || show.ordering == .serial
      let chain = usesChain ? Self.chain(of: show, inOrder: order, mode: mode, excluded: excluded) : []
      chains.append(chain.map { ($0.episode.guid, $0.seconds) })
      guard mode != .continueSeries else { continue }
      for episode in order where !episode.isPlayed {
        guard let seconds = episode.remainingSeconds,
          show.ordering == .serial ? episode.kind == .bonus : episode.kind != .trailer,
          !excluded.contains(EpisodeID(feedURL: show.feedURL, guid: episode.guid))
        else { continue }
        free.append(seconds)
      }
    }
    self.chains = chains
    self.free = free
  }

  /// A show's chain with a target (see the README): its unplayed full episodes after the latest played full one,
  /// in series order (`order`), excluded ones left out; an episode of unknown length ends a serial show's chain,
  /// and in continue series is passed over in an episodic show's.
  static func chain(
    of show: Show, inOrder order: [Episode], mode: FillRequest.Mode, excluded: Set<EpisodeID>
  ) -> [(episode: Episode, seconds: Int)] {
    let latest = order.lastIndex { $0.kind == .full && $0.isPlayed } ?? -1
    var chain: [(episode: Episode, seconds: Int)] = []
    for episode in order[(latest + 1)...] where episode.kind == .full && !episode.isPlayed {
      if excluded.contains(EpisodeID(feedURL: show.feedURL, guid: episode.guid)) { continue }
      guard let seconds = episode.remainingSeconds else {
        if show.ordering == .episodic && mode == .continueSeries { continue }
        break
      }
      chain.append((episode, seconds))
    }
    return chain
  }

  /// `target |= source << shift`, for sets of totals as bits (total `t` is bit `t % 64` of word `t / 64`), the
  /// totals past the last word dropped. `target` may be `source`: the words are written from the top down.
  static func orShifted(_ source: [UInt64], by shift: Int, into target: inout [UInt64]) {
    let count = target.count
    let words = shift / 64
    let bits = shift % 64
    guard words < count else { return }
    for index in stride(from: count - 1, through: words, by: -1) {
      var value = source[index - words] << UInt64(bits)
      if bits > 0, index - words - 1 >= 0 { value |= source[index - words - 1] >> UInt64(64 - bits) }
      target[index] |= value
    }
  }

  /// The largest reachable total at or below the window's top, and whether one lies in the window.
  func reachability(_ window: ClosedRange<Int>) -> (best: Int, feasible: Bool) {
    let high = window.upperBound
    let count = high / 64 + 1
    var reach = [UInt64](repeating: 0, count: count)
    reach[0] = 1
    for seconds in free where seconds <= high {
      Self.orShifted(reach, by: seconds, into: &reach)
    }
    for chain in chains where !chain.isEmpty {
      var next = reach
      var sum = 0
      for episode in chain {
        sum += episode.seconds
        if sum > high { break }
        Self.orShifted(reach, by: sum, into: &next)
      }
      reach = next
    }
    var best = 0
    for sum in stride(from: high, through: 0, by: -1) where reach[sum / 64] >> UInt64(sum % 64) & 1 == 1 {
      best = sum
      break
    }
    return (best, best >= window.lowerBound)
  }

  /// The rules every result must keep, as a list of violations (empty when it keeps them all).
  func violations(of result: FillResult, window: ClosedRange<Int>?) -> [String] {
    var problems: [String] = []
    var seen: Set<EpisodeID> = []
    var byURL: [String: Int] = [:]
    for (index, show) in catalog.shows.enumerated() { byURL[show.feedURL] = index }
    var chosenPerShow: [Int: [String]] = [:]
    var total = 0
    for entry in result.entries {
      if !seen.insert(entry.id).inserted { problems.append("\(entry.id) chosen twice") }
      if excluded.contains(entry.id) { problems.append("\(entry.id) was excluded") }
      guard let showIndex = byURL[entry.id.feedURL],
        let episode = catalog.shows[showIndex].episodes.first(where: { $0.guid == entry.id.guid })
      else {
        problems.append("\(entry.id) is not in the catalog")
        continue
      }
      if episode.isPlayed { problems.append("\(entry.id) is played") }
      if episode.kind == .trailer { problems.append("\(entry.id) is a trailer") }
      if entry.seconds != episode.remainingSeconds { problems.append("\(entry.id) counts the wrong time") }
      total += entry.seconds ?? 0
      if episode.kind == .full { chosenPerShow[showIndex, default: []].append(episode.guid) }
    }
    if total != result.totalSeconds { problems.append("total \(result.totalSeconds) is not the sum \(total)") }
    if let window, total > window.upperBound { problems.append("total \(total) overfills \(window)") }
    // Series order: what is taken of a chain is a prefix of it.
    for (showIndex, guids) in chosenPerShow
    where catalog.shows[showIndex].ordering == .serial || mode == .continueSeries {
      let chain = chains[showIndex].map(\.guid)
      let taken = Set(guids)
      let prefix = chain.prefix(taken.count)
      if Set(prefix) != taken {
        problems.append("\(catalog.shows[showIndex].feedURL): not a prefix of its chain")
      }
    }
    if mode == .variety {
      let shows = result.entries.map(\.id.feedURL)
      if shows.count >= 3 {
        for index in 2..<shows.count where shows[index] == shows[index - 1] && shows[index] == shows[index - 2] {
          problems.append("three in a row from \(shows[index])")
          break
        }
      }
    }
    return problems
  }
}

/// Whether an ordered list of episodes has three in a row from one show.
func hasThreeInARow(_ episodes: [EpisodeID]) -> Bool {
  guard episodes.count >= 3 else { return false }
  for index in 2..<episodes.count
  where episodes[index].feedURL == episodes[index - 1].feedURL
    && episodes[index].feedURL == episodes[index - 2].feedURL
  {
    return true
  }
  return false
}
