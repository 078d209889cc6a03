import SmartFill

/// Fill time's rule at a full catalog's size, from the plain definitions: the candidates in priority order
/// (``Rules/fillTimeItems(_:priorityShows:excluded:)``) and, for each, the totals its suffix reaches as an array
/// of Booleans, `S[i] = S[after i's group] ∪ (S[i + 1] + d(i))`: no pruning, no common unit, no head and tail,
/// no checkpoints.
///
/// The rule then reads as the SmartFill DocC article "The fill rules and explanations" says it: in priority order, take a candidate (a chain's only right after
/// its predecessor) when some completion from those after it lands the total in the target range; stop once
/// inside.
package struct FillTimeRule: Sendable {
  /// The candidates in priority order.
  package let items: [Rules.Item]
  /// For each candidate, the place just after its group: the next place for a free episode, the chain's end for
  /// a chain's episode.
  package let groupEnds: [Int]

  /// The rule over `items`, in the order given (chains' items together, in chain order).
  package init(items: [Rules.Item]) {
    self.items = items
    groupEnds = items.indices.map { index in
      guard let chain = items[index].chain else { return index + 1 }
      return items[index...].firstIndex { $0.chain != chain } ?? items.count
    }
  }

  /// The rule over `catalog`'s candidates for a request with `priorityShows` and `excluded`.
  package init(catalog: Catalog, priorityShows: [String], excluded: Set<EpisodeID>) {
    self.init(items: Rules.fillTimeItems(catalog, priorityShows: priorityShows, excluded: excluded))
  }

  /// The rule's selection for `window`, aiming within `aim` seconds of its centre: the episodes taken and their
  /// total.
  ///
  /// - Complexity: O(*n* · *hi*) time and Booleans for *n* candidates and a window's top of *hi* seconds.
  package func select(window: ClosedRange<Int>, aim: Int) -> (taken: Set<EpisodeID>, total: Int) {
    let high = window.upperBound
    let count = items.count
    var suffix = [[Bool]](repeating: [Bool](repeating: false, count: high + 1), count: count + 1)
    suffix[count][0] = true
    for index in stride(from: count - 1, through: 0, by: -1) {
      let duration = items[index].seconds
      for sum in 0...high {
        suffix[index][sum] =
          suffix[groupEnds[index]][sum] || (sum >= duration && suffix[index + 1][sum - duration])
      }
    }
    let (target, _) = Rules.targetRange(window, totals: (0...high).filter { suffix[0][$0] }, aim: aim)
    var taken: Set<EpisodeID> = []
    var total = 0
    var index = 0
    while index < count, !target.contains(total) {
      let duration = items[index].seconds
      let left = (target.lowerBound - total - duration)...(target.upperBound - total - duration)
      if left.upperBound >= 0, left.clamped(to: 0...high).contains(where: { suffix[index + 1][$0] }) {
        taken.insert(items[index].id)
        total += duration
        index += 1
      } else {
        index = groupEnds[index]
      }
    }
    return (taken, total)
  }
}
