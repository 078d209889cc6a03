import Foundation
import SmartFill

/// Fill time's documented rule, implemented plainly from the README's definitions: candidates and groups in
/// priority order built from the catalog, suffix sets as arrays of Booleans, no pruning, no common unit, no
/// head and tail, no checkpoints. Slow (O(*n* · *hi*) Booleans), so the suite runs it on a few instances of
/// the 100-subscription cases and compares the engine's selection with it, episode for episode.
struct PlainRule {
  struct Item {
    var id: EpisodeID
    var seconds: Int
    /// The index after the item's group: the next item for a free episode, the chain's end for a chain's.
    var groupEnd: Int
  }

  let items: [Item]

  init(catalog: Catalog, priority: [String], excluded: Set<EpisodeID>) {
    typealias Key = (rank: Int, listening: Int, published: Date, feedURL: String, position: Int)
    var groups: [(key: Key, items: [(EpisodeID, Int)])] = []
    for show in catalog.shows {
      let rank = priority.firstIndex(of: show.feedURL) ?? Int.max
      let order = SeriesOrder.indices(of: show).map { show.episodes[$0] }
      func key(_ position: Int) -> Key {
        (rank, show.recentListeningSeconds, order[position].published, show.feedURL, position)
      }
      func id(_ episode: Episode) -> EpisodeID { EpisodeID(feedURL: show.feedURL, guid: episode.guid) }
      if show.ordering == .serial {
        // The chain: unplayed full episodes after the latest played full one, excluded ones left out, up to
        // the first of unknown length.
        let latest = order.lastIndex { $0.kind == .full && $0.isPlayed } ?? -1
        var chain: [(EpisodeID, Int)] = []
        var head: Int?
        for position in (latest + 1)..<order.count where order[position].kind == .full && !order[position].isPlayed {
          if excluded.contains(id(order[position])) { continue }
          guard let seconds = order[position].remainingSeconds else { break }
          if head == nil { head = position }
          chain.append((id(order[position]), seconds))
        }
        if let head { groups.append((key(head), chain)) }
      }
      for (position, episode) in order.enumerated() where !episode.isPlayed {
        let isFree = show.ordering == .serial ? episode.kind == .bonus : episode.kind != .trailer
        guard isFree, let seconds = episode.remainingSeconds, !excluded.contains(id(episode)) else { continue }
        groups.append((key(position), [(id(episode), seconds)]))
      }
    }
    groups.sort { a, b in
      if a.key.rank != b.key.rank { return a.key.rank < b.key.rank }
      if a.key.listening != b.key.listening { return a.key.listening > b.key.listening }
      if a.key.published != b.key.published { return a.key.published < b.key.published }
      if a.key.feedURL != b.key.feedURL { return a.key.feedURL < b.key.feedURL }
      return a.key.position < b.key.position
    }
    var items: [Item] = []
    for group in groups {
      let end = items.count + group.items.count
      for (id, seconds) in group.items { items.append(Item(id: id, seconds: seconds, groupEnd: end)) }
    }
    self.items = items
  }

  /// Whether the episodes `taken` can be ordered without three in a row from one show: the show with the most
  /// of them, *m*, has *m* ≤ 2 · (the others + 1).
  static func isArrangeable(_ taken: Set<EpisodeID>) -> Bool {
    var counts: [String: Int] = [:]
    for id in taken { counts[id.feedURL, default: 0] += 1 }
    let most = counts.values.max() ?? 0
    return most <= 2 * (taken.count - most + 1)
  }

  /// The rule's selection for `target ± tolerance`, aiming within `aim` of the target.
  func select(target: Int, tolerance: Int, aim: Int) -> (taken: Set<EpisodeID>, total: Int) {
    let window = (target - tolerance)...(target + tolerance)
    let high = window.upperBound
    let count = items.count
    var suffix = [[Bool]](repeating: [Bool](repeating: false, count: high + 1), count: count + 1)
    suffix[count][0] = true
    for index in stride(from: count - 1, through: 0, by: -1) {
      let duration = items[index].seconds
      let skip = suffix[items[index].groupEnd]
      for sum in 0...high {
        suffix[index][sum] = skip[sum] || (sum >= duration && suffix[index + 1][sum - duration])
      }
    }
    let best = (0...high).last { suffix[0][$0] } ?? 0
    var low = best
    var top = high
    if best >= window.lowerBound {
      let closest = window.filter { suffix[0][$0] }.map { abs($0 - target) }.min()!
      let reach = max(closest, aim)
      low = max(window.lowerBound, target - reach)
      top = min(high, target + reach)
    }
    var taken: Set<EpisodeID> = []
    var total = 0
    var index = 0
    while index < count, total < low {
      let duration = items[index].seconds
      let fits =
        total + duration <= top
        && (max(0, low - total - duration)...(top - total - duration)).contains { suffix[index + 1][$0] }
      if fits {
        taken.insert(items[index].id)
        total += duration
        index += 1
      } else {
        index = items[index].groupEnd
      }
    }
    return (taken, total)
  }
}
