extension Rules {
  /// What a rule chose: the items taken (their places in the list, in the order taken), their total, and
  /// whether the total is in the window.
  package struct Selection: Sendable, Hashable {
    package var taken: [Int]
    package var total: Int
    package var inWindow: Bool

    package init(taken: [Int], total: Int, inWindow: Bool) {
      self.taken = taken
      self.total = total
      self.inWindow = inWindow
    }
  }

  /// Every mode's rule, by brute force over every selection, for a few items (at most 20):
  ///
  /// A selection is admissible when it takes a prefix of each chain (an item only after its chain's previous one)
  /// and `admits` it (variety admits the arrangeable ones). The target range is ``targetRange(_:totals:aim:)``
  /// of every admissible selection's total. Then, in `items`' order: stop once the total is in the target range
  /// and the selection so far is admitted; otherwise take the item when some admissible selection that keeps
  /// every decision so far and holds it lands in the target range.
  ///
  /// - Parameter admits: Whether a selection, as a bit mask over `items`, is admissible beyond its prefixes.
  /// - Complexity: O(2^*n* · *n*) for *n* items.
  package static func select(
    _ items: [Item], window: ClosedRange<Int>, aim: Int, admits: (UInt32) -> Bool = { _ in true }
  ) -> Selection {
    precondition(items.count <= 20, "brute force over \(items.count) items")
    var consistent = admissibleSelections(items).filter { admits($0.mask) }
    let (target, inWindow) = targetRange(window, totals: consistent.map(\.total), aim: aim)
    var taken: [Int] = []
    var mask: UInt32 = 0
    var total = 0
    for index in items.indices {
      if target.contains(total) && admits(mask) { break }
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
    return Selection(taken: taken, total: total, inWindow: inWindow)
  }

  /// Every selection of `items` that takes a prefix of each chain: a bit mask over the items and its total.
  static func admissibleSelections(_ items: [Item]) -> [(mask: UInt32, total: Int)] {
    var selections: [(mask: UInt32, total: Int)] = [(0, 0)]
    for (index, item) in items.enumerated() {
      // A chain's item joins only the selections that hold the chain's previous one.
      let previous = item.link > 0 ? items.firstIndex { $0.chain == item.chain && $0.link == item.link - 1 } : nil
      selections += selections.compactMap { selection in
        if let previous, selection.mask & (1 << previous) == 0 { return nil }
        return (selection.mask | (1 << index), selection.total + item.seconds)
      }
    }
    return selections
  }

  /// Whether the items of `mask` can be ordered without three in a row from one show.
  package static func isArrangeable(_ mask: UInt32, of items: [Item]) -> Bool {
    var counts: [Int: Int] = [:]
    for index in items.indices where mask & (1 << index) != 0 { counts[items[index].show, default: 0] += 1 }
    return isArrangeable(counts: counts.values)
  }
}
