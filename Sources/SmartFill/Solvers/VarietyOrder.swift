/// Arranges a selection so that no show plays three times in a row, and no two consecutive episodes share a
/// category whenever some order of the selection allows that.
///
/// Such an order without three in a row exists exactly when the show with the most episodes, *m* of them,
/// has *m* ≤ 2 · (*o* + 1), where *o* is the number of the other episodes (``isArrangeable(counts:)``).
///
/// The arrangement places items of *classes*, each with a longest allowed run *r*. First it tries the strict
/// order: a category's shows form one class with *r* = 1 (no two of the category in a row, which also keeps
/// each show apart), and a show without a category is a class of its own with *r* = 2. If that order cannot
/// exist it arranges by show alone (every show a class with *r* = 2), still preferring a change of category.
///
/// Each pass is greedy with an exact feasibility test: with *c* items of a class left, *N* items in all and
/// the sequence ending in a run of ρ of class *L*, a completion exists exactly when every class has
/// *c* ≤ *r* · (*N* − *c* + 1) − (ρ if it is *L*). Only the largest classes of each run length can break it,
/// so the test reads the tops of two heaps, and each step costs O(log *s*). The greedy places the allowed,
/// feasible class with the most items left (ties: the show of higher priority), so when the test says an
/// order exists the greedy finds one. Each show's episodes keep their given order (series order).
enum VarietyOrder {
  /// Whether episodes with these per-show counts can be ordered without three in a row from one show.
  ///
  /// - Complexity: O(*s*) for *s* shows.
  static func isArrangeable(counts: [Int]) -> Bool {
    let total = counts.reduce(0, +)
    let largest = counts.max() ?? 0
    return largest <= 2 * (total - largest + 1)
  }

  /// Orders the shows' episodes without three in a row from one show, and without two of one category in a
  /// row when possible, or returns `nil` when the counts make the first impossible.
  ///
  /// - Parameters:
  ///   - shows: Each show's category (or `nil` when unknown) and its episodes in the order they must keep, the
  ///     shows in priority order.
  ///   - scanLimit: The most classes (or shows of a class) whose largest are found by a scan rather than a
  ///     heap (see ``LazyHeap``); the order is the same either way, and tests compare the two.
  /// - Complexity: O(*n* log *s*) for *n* episodes and *s* shows (at most `scanLimit` of them scanned).
  static func arrange<Element>(
    _ shows: [(category: String?, items: [Element])], scanLimit: Int = FillTuning.arrangementScanLimit
  ) -> [Element]? {
    // A closure, not a key path: in this generic function a key path is built at run time on every call.
    let counts = shows.map { $0.items.count }
    guard isArrangeable(counts: counts) else { return nil }
    // Categories as small integers (−1 for none), so that the passes compare integers, not strings.
    var ids: [String: Int] = [:]
    ids.reserveCapacity(shows.count)
    let categories = shows.map { show -> Int in
      guard let category = show.category else { return -1 }
      if let id = ids[category] { return id }
      ids[category] = ids.count
      return ids.count - 1
    }
    let order =
      arrange(counts: counts, categories: categories, byCategory: true, scanLimit: scanLimit)
      ?? arrange(counts: counts, categories: categories, byCategory: false, scanLimit: scanLimit)
    guard let order else { return nil }
    var next = [Int](repeatElement(0, count: shows.count))
    return order.map { show in
      defer { next[show] += 1 }
      return shows[show].items[next[show]]
    }
  }

  /// One pass: classes by category (*r* = 1, shows without one alone with *r* = 2) or by show (*r* = 2).
  /// Returns the shows in the order their next episode is placed.
  private static func arrange(counts: [Int], categories: [Int], byCategory: Bool, scanLimit: Int) -> [Int]? {
    // Classes, each with its shows (in priority order) and its longest run.
    var classOfCategory = [Int](repeatElement(-1, count: (categories.max() ?? -1) + 1))
    var members: [[Int]] = []
    var runLimit: [Int] = []
    var classCategory: [Int] = []
    for (show, count) in counts.enumerated() where count > 0 {
      let category = categories[show]
      if byCategory, category >= 0 {
        let existing = classOfCategory[category]
        if existing >= 0 {
          members[existing].append(show)
          continue
        }
        classOfCategory[category] = members.count
        runLimit.append(1)
      } else {
        runLimit.append(2)
      }
      members.append([show])
      classCategory.append(category)
    }
    var remaining = members.map { $0.reduce(0) { $0 + counts[$1] } }
    var total = remaining.reduce(0, +)
    for id in members.indices where remaining[id] > runLimit[id] * (total - remaining[id] + 1) { return nil }
    // Per class, its shows by (items left, priority); per run length, the classes by (items left, their first
    // show's priority). Keys are read from `showsLeft` and `remaining` (see ``LazyHeap``).
    var showsLeft = counts
    let shows = counts.indices.map { $0 }
    let leaders = members.map { $0[0] }
    var inClass = members.map { list in LazyHeap(list, counts: showsLeft, ranks: shows, scanLimit: scanLimit) }
    var byRun = [1, 2].map { limit in
      LazyHeap(
        members.indices.filter { runLimit[$0] == limit }, counts: remaining, ranks: leaders, scanLimit: scanLimit)
    }

    var result: [Int] = []
    result.reserveCapacity(total)
    var last = -1
    var run = 0
    // The category of the last placed episode (−1 for none or before the first).
    var lastCategory = -1
    while total > 0 {
      // The candidates: the two largest classes of each run length (the tops do not change within a step).
      let shorter = byRun[0].top2(counts: remaining, ranks: leaders)
      let longer = byRun[1].top2(counts: remaining, ranks: leaders)
      let left = total - 1
      var chosen = -1
      var chosenScore = (0, 0, 0)
      for candidate in [shorter.first, shorter.second, longer.first, longer.second] {
        guard let candidate else { continue }
        // Whether placing one item of `candidate` after a run of `run` of `last` leaves a completion: its own
        // count, then every other class's, of which only the largest of each run length can fail.
        let newRun = candidate == last ? run + 1 : 1
        let own = remaining[candidate] - 1
        guard newRun <= runLimit[candidate], own <= runLimit[candidate] * (left - own + 1) - newRun else { continue }
        var feasible = true
        for pair in [shorter, longer] {
          guard let other = pair.first != candidate ? pair.first : pair.second else { continue }
          if remaining[other] > runLimit[other] * (left - remaining[other] + 1) { feasible = false }
        }
        guard feasible else { continue }
        let clashes = classCategory[candidate] >= 0 && classCategory[candidate] == lastCategory
        let score = (clashes ? 0 : 1, remaining[candidate], -leaders[candidate])
        if chosen < 0 || score > chosenScore {
          chosen = candidate
          chosenScore = score
        }
      }
      // The test says whether an order exists; if the tops cannot continue it, none can.
      guard chosen >= 0 else { return nil }
      let show = inClass[chosen].top2(counts: showsLeft, ranks: shows).first!
      result.append(show)
      showsLeft[show] -= 1
      inClass[chosen].update(show, counts: showsLeft, ranks: shows)
      remaining[chosen] -= 1
      byRun[runLimit[chosen] - 1].update(chosen, counts: remaining, ranks: leaders)
      total -= 1
      run = chosen == last ? run + 1 : 1
      last = chosen
      lastCategory = categories[show]
    }
    return result
  }

  /// A heap key: more items first, then the higher priority (the lower show index).
  struct HeapKey: Comparable {
    var count: Int
    var rank: Int

    static func < (lhs: HeapKey, rhs: HeapKey) -> Bool {
      lhs.count != rhs.count ? lhs.count < rhs.count : lhs.rank > rhs.rank
    }
  }

  /// A max-heap of ids by key, with updates as new entries and stale ones skipped when they surface; or, for
  /// at most ``FillTuning/arrangementScanLimit`` ids, just the ids, whose current keys ``top2(counts:ranks:)``
  /// reads in one scan (a heap step moves entries about and checks their array's uniqueness on every move).
  struct LazyHeap {
    private var entries: [(key: HeapKey, id: Int)] = []
    /// The ids, where they are few enough to scan.
    private var ids: [Int]?

    /// A heap of `ids`, each keyed by its count in `counts` and its rank in `ranks`, which the later calls
    /// must pass as they are then.
    init(_ ids: [Int], counts: [Int], ranks: [Int], scanLimit: Int = FillTuning.arrangementScanLimit) {
      if ids.count <= scanLimit {
        self.ids = ids
        return
      }
      for id in ids { push((HeapKey(count: counts[id], rank: ranks[id]), id)) }
    }

    /// Records that `id`'s count changed.
    mutating func update(_ id: Int, counts: [Int], ranks: [Int]) {
      if ids == nil, counts[id] > 0 { push((HeapKey(count: counts[id], rank: ranks[id]), id)) }
    }

    private mutating func push(_ item: (key: HeapKey, id: Int)) {
      entries.append(item)
      var child = entries.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard entries[parent].key < entries[child].key else { break }
        entries.swapAt(parent, child)
        child = parent
      }
    }

    private mutating func pop() -> (key: HeapKey, id: Int) {
      let top = entries[0]
      let last = entries.removeLast()
      if !entries.isEmpty {
        entries[0] = last
        var parent = 0
        while true {
          let left = 2 * parent + 1
          let right = left + 1
          var largest = parent
          if left < entries.count, entries[largest].key < entries[left].key { largest = left }
          if right < entries.count, entries[largest].key < entries[right].key { largest = right }
          if largest == parent { break }
          entries.swapAt(parent, largest)
          parent = largest
        }
      }
      return top
    }

    /// The ids of the two largest live entries, the larger first (an entry is live when its key is the id's
    /// current key, from `counts` and `ranks`, and that has items left).
    ///
    /// - Complexity: O(log *n*) amortized: stale entries are removed for good.
    mutating func top2(counts: [Int], ranks: [Int]) -> (first: Int?, second: Int?) {
      if let ids {
        var first = -1
        var second = -1
        var firstKey = HeapKey(count: 0, rank: 0)
        var secondKey = firstKey
        for id in ids where counts[id] > 0 {
          let key = HeapKey(count: counts[id], rank: ranks[id])
          if first < 0 || firstKey < key {
            (second, secondKey) = (first, firstKey)
            (first, firstKey) = (id, key)
          } else if second < 0 || secondKey < key {
            (second, secondKey) = (id, key)
          }
        }
        return (first < 0 ? nil : first, second < 0 ? nil : second)
      }
      var first: (key: HeapKey, id: Int)?
      var second: (key: HeapKey, id: Int)?
      while second == nil, !entries.isEmpty {
        let entry = pop()
        let key = HeapKey(count: counts[entry.id], rank: ranks[entry.id])
        guard key == entry.key, key.count > 0, first?.id != entry.id else { continue }
        if first == nil { first = entry } else { second = entry }
      }
      if let first { push(first) }
      if let second { push(second) }
      return (first?.id, second?.id)
    }
  }
}
