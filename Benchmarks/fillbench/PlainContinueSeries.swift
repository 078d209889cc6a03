import Foundation
import SmartFill

/// Continue series' documented rule with a target, implemented plainly from the README's definitions: each
/// show's chain built from the catalog, the shows in continue series' priority order, and for every decision the
/// completions recomputed from scratch as a plain bitset subset sum over the prefixes of every chain still open — no
/// batches of chains, no sets kept between decisions, no common unit. Slow (O(*d* · *e* · *hi*) for *d*
/// decisions, *e* chain episodes and a window's top of *hi* seconds), so the suite runs it on a few instances of
/// the 100-subscription cases and compares the engine's selection with it, episode for episode.
struct PlainContinueSeries {
  /// The chains with a target, in show priority order: each episode's ID and remaining seconds.
  let chains: [[(id: EpisodeID, seconds: Int)]]

  init(catalog: Catalog, priority: [String], excluded: Set<EpisodeID>) {
    typealias Key = (rank: Int, listening: Int, published: Date, feedURL: String)
    var keyed: [(key: Key, chain: [(id: EpisodeID, seconds: Int)])] = []
    for show in catalog.shows {
      let order = SeriesOrder.indices(of: show).map { show.episodes[$0] }
      let chain = IndependentCheck.chain(of: show, inOrder: order, mode: .continueSeries, excluded: excluded)
      guard let first = chain.first else { continue }
      let rank = priority.firstIndex(of: show.feedURL) ?? Int.max
      keyed.append(
        (
          (rank, show.recentListeningSeconds, first.episode.published, show.feedURL),
          chain.map { (EpisodeID(feedURL: show.feedURL, guid: $0.episode.guid), $0.seconds) }
        ))
    }
    // (priority rank, −recentListeningSeconds, published date of the show's next episode, feed URL).
    keyed.sort { a, b in
      if a.key.rank != b.key.rank { return a.key.rank < b.key.rank }
      if a.key.listening != b.key.listening { return a.key.listening > b.key.listening }
      if a.key.published != b.key.published { return a.key.published < b.key.published }
      return a.key.feedURL < b.key.feedURL
    }
    chains = keyed.map(\.chain)
  }

  /// The totals up to `high` that `base` plus a prefix (possibly empty) of each chain's rest reaches, as bits
  /// (total `t` is bit `t % 64` of word `t / 64`): `rests[c]` is the first episode of chain `c` still open, `nil`
  /// for a closed chain.
  func completions(from base: Int, rests: [Int?], upTo high: Int) -> [UInt64] {
    var reach = [UInt64](repeating: 0, count: high / 64 + 1)
    guard base <= high else { return reach }
    reach[base / 64] = 1 << UInt64(base % 64)
    for (chain, rest) in zip(chains, rests) {
      guard let rest else { continue }
      var next = reach
      var sum = 0
      for episode in chain[rest...] {
        sum += episode.seconds
        if sum > high { break }
        IndependentCheck.orShifted(reach, by: sum, into: &next)
      }
      reach = next
    }
    return reach
  }

  /// Whether `totals` (as ``completions(from:rests:upTo:)`` gives them) holds a total in `range`.
  static func contains(_ totals: [UInt64], anyOf range: ClosedRange<Int>) -> Bool {
    range.contains { $0 / 64 < totals.count && totals[$0 / 64] >> UInt64($0 % 64) & 1 == 1 }
  }

  /// The rule's selection for `target ± tolerance`, aiming within `aim` of the target: the episodes taken and
  /// their total.
  func select(target: Int, tolerance: Int, aim: Int) -> (taken: Set<EpisodeID>, total: Int) {
    let window = (target - tolerance)...(target + tolerance)
    let high = window.upperBound
    // Every chain open from its first episode: every combination of prefixes.
    let all = completions(from: 0, rests: chains.map { _ in 0 }, upTo: high)
    let best = (0...high).last { Self.contains(all, anyOf: $0...$0) } ?? 0
    var low = best
    var top = high
    if best >= window.lowerBound {
      let closest = window.filter { Self.contains(all, anyOf: $0...$0) }.map { abs($0 - target) }.min()!
      let reach = max(closest, aim)
      low = max(window.lowerBound, target - reach)
      top = min(high, target + reach)
    }
    // Round by round: every open chain's next episode in show order, taken when some completion of the chains
    // still open lands the total in [low, top]; a chain whose episode is passed over is closed.
    var rests: [Int?] = chains.map { _ in 0 }
    var taken: Set<EpisodeID> = []
    var total = 0
    while total < low, rests.contains(where: { $0 != nil }) {
      for chain in chains.indices where total < low {
        guard let rest = rests[chain] else { continue }
        guard rest < chains[chain].count else {
          rests[chain] = nil
          continue
        }
        let episode = chains[chain][rest]
        var after = rests
        after[chain] = rest + 1
        if total + episode.seconds <= top,
          Self.contains(completions(from: total + episode.seconds, rests: after, upTo: top), anyOf: low...top)
        {
          taken.insert(episode.id)
          total += episode.seconds
          rests[chain] = rest + 1
        } else {
          rests[chain] = nil
        }
      }
    }
    return (taken, total)
  }
}
