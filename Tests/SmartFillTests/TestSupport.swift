import Foundation
import SmartFillSupport
import SyntheticCatalogs

@testable import SmartFill

/// The seeded generator of the property tests (SplitMix64), so that every failure can be replayed from its seed.
typealias SeededGenerator = SplitMix64

let epoch = Date(timeIntervalSince1970: 1_700_000_000)

func day(_ offset: Int) -> Date { epoch.addingTimeInterval(Double(offset) * 86_400) }

/// A full, unplayed episode of `minutes` minutes.
func ep(
  _ guid: String, minutes: Int, day offset: Int = 0, season: Int? = nil, episode: Int? = nil,
  kind: Episode.Kind = .full, played: Bool = false
) -> Episode {
  Episode(
    guid: guid, title: guid, published: day(offset), durationSeconds: minutes * 60, season: season,
    episode: episode, kind: kind, isPlayed: played)
}

/// A random small catalog: up to `maximumShows` shows, a mix of serial and episodic, with played, partly
/// played, trailer, bonus, excluded-to-be and unknown-duration episodes, repeated numbers and equal dates.
func randomCatalog(
  _ random: inout SeededGenerator, maximumShows: Int = 4, maximumEpisodes: Int = 5, minuteScale: Bool = true
) -> Catalog {
  var shows: [Show] = []
  let showCount = Int.random(in: 1...maximumShows, using: &random)
  for showIndex in 0..<showCount {
    var episodes: [Episode] = []
    let episodeCount = Int.random(in: 0...maximumEpisodes, using: &random)
    for episodeIndex in 0..<episodeCount {
      var duration: Int? =
        minuteScale
        ? Int.random(in: 1...40, using: &random) * 60 + (Bool.random(using: &random) ? 0 : 30)
        : Int.random(in: 1...600, using: &random)
      if Int.random(in: 0..<12, using: &random) == 0 { duration = nil }
      let kindRoll = Int.random(in: 0..<10, using: &random)
      let kind: Episode.Kind = kindRoll == 0 ? .trailer : kindRoll == 1 ? .bonus : .full
      let isPlayed = Int.random(in: 0..<5, using: &random) == 0
      var played = 0
      if let duration, !isPlayed, Int.random(in: 0..<5, using: &random) == 0 {
        played = Int.random(in: 0..<duration, using: &random)
      }
      episodes.append(
        Episode(
          guid: "s\(showIndex)e\(episodeIndex)", title: "Episode \(episodeIndex)",
          published: day(Int.random(in: 0..<6, using: &random)), durationSeconds: duration,
          season: Bool.random(using: &random) ? Int.random(in: 1...2, using: &random) : nil,
          episode: Int.random(in: 0..<4, using: &random) == 0 ? nil : Int.random(in: 1...4, using: &random),
          kind: kind, playedSeconds: played, isPlayed: isPlayed))
    }
    shows.append(
      Show(
        feedURL: "https://example.com/\(showIndex).xml", title: "Show \(showIndex)",
        ordering: Bool.random(using: &random) ? .serial : .episodic,
        categories: [["News", "History", "Comedy"][Int.random(in: 0..<3, using: &random)]],
        recentListeningSeconds: [0, 0, 3600, 7200][Int.random(in: 0..<4, using: &random)], episodes: episodes))
  }
  return Catalog(shows: shows.shuffled(using: &random))
}

/// The oracle's view of one catalog and request, built from the README's definitions alone.
struct Oracle {
  struct Item {
    var id: EpisodeID
    var show: Int
    var seconds: Int
    /// The chain this item belongs to and its place in it; `nil` for a free item.
    var chain: Int?
    var link: Int
  }

  /// Series order as documented: serial by (season, number, date, GUID), missing numbers last; episodic by
  /// (date, GUID).
  static func seriesOrder(_ show: Show) -> [Episode] {
    show.episodes.sorted { a, b in
      if show.ordering == .serial {
        let sa = a.season ?? Int.max
        let sb = b.season ?? Int.max
        if sa != sb { return sa < sb }
        let na = a.episode ?? Int.max
        let nb = b.episode ?? Int.max
        if na != nb { return na < nb }
      }
      if a.published != b.published { return a.published < b.published }
      return a.guid < b.guid
    }
  }

  /// Unplayed full episodes after the latest played full one, without excluded ones, up to an unknown
  /// duration; with `passingOverUnknown`, episodes of unknown duration are left out instead (the chain goes on).
  static func chain(_ show: Show, excluded: Set<EpisodeID>, passingOverUnknown: Bool = false) -> [Episode] {
    let order = seriesOrder(show)
    let latest = order.lastIndex { $0.kind == .full && $0.isPlayed } ?? -1
    var result: [Episode] = []
    for episode in order[(latest + 1)...] where episode.kind == .full && !episode.isPlayed {
      if excluded.contains(EpisodeID(feedURL: show.feedURL, guid: episode.guid)) { continue }
      if episode.durationSeconds == nil {
        if passingOverUnknown { continue }
        break
      }
      result.append(episode)
    }
    return result
  }

  /// Every way to choose: a bit mask over `items` and its total, for selections that take a prefix of each
  /// chain.
  static func admissible(_ items: [Item]) -> [(mask: UInt32, total: Int)] {
    var result: [(mask: UInt32, total: Int)] = [(0, 0)]
    for (index, item) in items.enumerated() {
      var extended: [(mask: UInt32, total: Int)] = []
      for selection in result {
        // An item of a chain may join only if the chain's previous item is in.
        if item.chain != nil, item.link > 0 {
          let previous = items.firstIndex { $0.chain == item.chain && $0.link == item.link - 1 }!
          if selection.mask & (1 << previous) == 0 { continue }
        }
        extended.append((selection.mask | (1 << index), selection.total + item.seconds))
      }
      result += extended
    }
    return result
  }

  /// The documented rule: in `items`' order, take an item when some consistent selection that includes it
  /// lands in the window; stop once inside. The window shrinks to the best total below its top when no
  /// selection reaches it.
  ///
  /// With `aim`, a reachable window is first narrowed to `centre ± max(d*, aim)`, where *d\** is the smallest
  /// `|total − centre|` of a consistent selection inside it.
  static func apply(
    _ items: [Item], window: ClosedRange<Int>, aim: Int? = nil, valid: (UInt32) -> Bool = { _ in true }
  ) -> (taken: [Int], total: Int, inWindow: Bool) {
    var consistent = admissible(items).filter { valid($0.mask) }
    let best = consistent.map(\.total).filter { $0 <= window.upperBound }.max() ?? 0
    let inWindow = best >= window.lowerBound
    var target = inWindow ? window : best...best
    if inWindow, let aim { target = aimed(window, totals: consistent.map(\.total), aim: aim) }
    var taken: [Int] = []
    var mask: UInt32 = 0
    var total = 0
    for index in items.indices {
      if target.contains(total) && valid(mask) { break }
      let bit: UInt32 = 1 << index
      if consistent.contains(where: { $0.mask & bit != 0 && target.contains($0.total) }) {
        taken.append(index)
        mask |= bit
        total += items[index].seconds
        consistent = consistent.filter { $0.mask & bit != 0 }
      } else {
        consistent = consistent.filter { $0.mask & bit == 0 }
      }
    }
    return (taken, total, inWindow)
  }

  /// `window` narrowed around its centre to the closest of `totals` inside it, or `aim` when that is wider.
  static func aimed(_ window: ClosedRange<Int>, totals: [Int], aim: Int) -> ClosedRange<Int> {
    let centre = (window.lowerBound + window.upperBound) / 2
    let closest = totals.filter { window.contains($0) }.map { abs($0 - centre) }.min()!
    let reach = max(closest, aim)
    return max(window.lowerBound, centre - reach)...min(window.upperBound, centre + reach)
  }

  /// Whether the items in `mask` can be ordered without three in a row from one show.
  static func isArrangeable(_ mask: UInt32, _ items: [Item]) -> Bool {
    var counts: [Int: Int] = [:]
    for index in items.indices where mask & (1 << index) != 0 { counts[items[index].show, default: 0] += 1 }
    return VarietyOrder.isArrangeable(counts: Array(counts.values))
  }

  /// Fill time's candidates in the documented priority order.
  static func fillTimeItems(_ catalog: Catalog, priority: [String], excluded: Set<EpisodeID>) -> [Item] {
    typealias Key = (rank: Int, listening: Int, published: Date, feedURL: String, position: Int)
    var groups: [(key: Key, items: [Item])] = []
    for (showIndex, show) in catalog.shows.enumerated() {
      let rank = priority.firstIndex(of: show.feedURL) ?? Int.max
      let order = seriesOrder(show)
      func key(_ episode: Episode) -> Key {
        (
          rank, show.recentListeningSeconds, episode.published, show.feedURL,
          order.firstIndex { $0.guid == episode.guid }!
        )
      }
      if show.ordering == .serial {
        let chain = chain(show, excluded: excluded)
        if let head = chain.first {
          groups.append(
            (
              key(head),
              chain.enumerated().map { link, episode in
                Item(
                  id: EpisodeID(feedURL: show.feedURL, guid: episode.guid), show: showIndex,
                  seconds: episode.durationSeconds! - episode.playedSeconds, chain: showIndex, link: link)
              }
            ))
        }
      }
      for episode in order where !episode.isPlayed && episode.durationSeconds != nil {
        let isFree = show.ordering == .serial ? episode.kind == .bonus : episode.kind != .trailer
        let id = EpisodeID(feedURL: show.feedURL, guid: episode.guid)
        guard isFree, !excluded.contains(id) else { continue }
        groups.append(
          (
            key(episode),
            [
              Item(
                id: id, show: showIndex, seconds: episode.durationSeconds! - episode.playedSeconds, chain: nil,
                link: 0)
            ]
          ))
      }
    }
    groups.sort { a, b in
      if a.key.rank != b.key.rank { return a.key.rank < b.key.rank }
      if a.key.listening != b.key.listening { return a.key.listening > b.key.listening }
      if a.key.published != b.key.published { return a.key.published < b.key.published }
      if a.key.feedURL != b.key.feedURL { return a.key.feedURL < b.key.feedURL }
      return a.key.position < b.key.position
    }
    return groups.flatMap(\.items)
  }

  /// Continue series' chains, the shows in the documented order, as items in round-robin order.
  /// The items of continue series with a target: each show's chain (an episodic show's passing over episodes
  /// of unknown duration, a serial show's stopping before one), taken in rounds.
  static func roundRobinItems(_ catalog: Catalog, priority: [String], excluded: Set<EpisodeID>) -> [Item] {
    var chains: [(show: Int, episodes: [Episode])] = []
    for (showIndex, show) in catalog.shows.enumerated() {
      let chain = chain(show, excluded: excluded, passingOverUnknown: show.ordering == .episodic)
      if !chain.isEmpty { chains.append((showIndex, chain)) }
    }
    chains.sort { a, b in
      let showA = catalog.shows[a.show]
      let showB = catalog.shows[b.show]
      let rankA = priority.firstIndex(of: showA.feedURL) ?? Int.max
      let rankB = priority.firstIndex(of: showB.feedURL) ?? Int.max
      if rankA != rankB { return rankA < rankB }
      if showA.recentListeningSeconds != showB.recentListeningSeconds {
        return showA.recentListeningSeconds > showB.recentListeningSeconds
      }
      if a.episodes[0].published != b.episodes[0].published {
        return a.episodes[0].published < b.episodes[0].published
      }
      return showA.feedURL < showB.feedURL
    }
    var items: [Item] = []
    let rounds = chains.map(\.episodes.count).max() ?? 0
    for round in 0..<rounds {
      for (chainIndex, chain) in chains.enumerated() where chain.episodes.count > round {
        let episode = chain.episodes[round]
        items.append(
          Item(
            id: EpisodeID(feedURL: catalog.shows[chain.show].feedURL, guid: episode.guid), show: chain.show,
            seconds: episode.durationSeconds! - episode.playedSeconds, chain: chainIndex, link: round))
      }
    }
    return items
  }
}
