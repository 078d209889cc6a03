/// Changes to the index in place, for ``FillEngine/apply(_:)``.
///
/// A change to one show (an episode played, unplayed, in progress, added or removed, the show's listening
/// changed) re-indexes that show alone (``CatalogIndex/ShowPart``, O(*e* log *e*) for its *e* episodes) and
/// then patches the catalog-wide structures instead of rebuilding them:
///
/// - The show's old and new free candidates are compared by key (listening, published, series position). An
///   entry with the same key and the same remaining time stays where it is and is updated in place; the others
///   are removed, and the new ones inserted where a binary search over ``CatalogIndex/freeOrder`` puts them.
///   Marking a free episode played removes one entry; marking a story's episode played moves none.
/// - When entries come or go, the order closes and opens its gaps in place with `memmove`s, every stored
///   offset is moved by a table of old to new offsets, and each entry's ``CatalogIndex/Free/freeRank`` is recounted only for the
///   durations that came or went (the other durations' entries keep their relative order, so their ranks).
/// - ``CatalogIndex/seriesOrder`` moves the one show (a binary search), and ``CatalogIndex/durationUnit``
///   becomes its greatest common divisor with the show's new durations: still a divisor of every duration,
///   perhaps no longer the greatest after a removal, which changes no answer.
///
/// So a change costs O(*e* log *e* + log *n*) when no free candidate comes or goes, and otherwise
/// O(*e* log *n* + *n*) simple word moves (`memmove`s and an offset table, no comparison per entry and no sort) for
/// the *n* free candidates. Adding or removing a show renumbers the shows and rebuilds the derived order
/// (``CatalogIndex/indexFreeByShow()``).
///
/// In debug builds every change ends by checking the index's invariants (``CatalogIndex/checkInvariants()``),
/// so that the tests' thousands of random changes catch a patch that breaks one where it happens; the tests also
/// compare the patched index with one built from scratch.
extension CatalogIndex {
  /// Re-indexes show `show` as `value` (same feed URL).
  ///
  /// - Complexity: O(*e* log *e* + log *n*) without free candidates coming or going; O(*e* log *n* + *n*)
  ///   word moves with them.
  mutating func replaceShow(at show: Int, with value: Show) {
    let part = ShowPart(value, index: show)
    let oldPublished = seriesPublished[show]
    let listeningChanged = listening[show] != value.recentListeningSeconds
    listening[show] = value.recentListeningSeconds
    store(part, at: show)
    if listeningChanged || oldPublished != part.seriesPublished { moveInSeriesOrder(show) }
    widenUnit(with: part)
    patchFree(ofShow: show, with: part.free)
    #if DEBUG
      checkInvariants()
    #endif
  }

  /// Indexes a show added at the end of the catalog.
  ///
  /// - Complexity: O(*e* log *e* + *n* + *s* log *s*) for *s* shows (their feed ranks change).
  mutating func appendShow(_ value: Show) {
    let show = listening.count
    let part = ShowPart(value, index: show)
    showIndexByURL[value.feedURL] = show
    listening.append(value.recentListeningSeconds)
    store(part, at: show)
    feedURLs.append(value.feedURL)
    feedRank = Self.ranks(of: feedURLs)
    mergeFree(part.free)
    #if DEBUG
      checkInvariants()
    #endif
  }

  /// Forgets show `show`; the later shows move down by one.
  ///
  /// - Complexity: O(*n* + *s* log *s*).
  mutating func removeShow(at show: Int) {
    showIndexByURL.removeValue(forKey: feedURLs[show])
    for (url, index) in showIndexByURL where index > show { showIndexByURL[url] = index - 1 }
    listening.remove(at: show)
    isSerial.remove(at: show)
    series.remove(at: show)
    latestPlayed.remove(at: show)
    chainCandidates.remove(at: show)
    unknownChainCount.remove(at: show)
    guidHashes.remove(at: show)
    seriesPublished.remove(at: show)
    seriesFirstSeconds.remove(at: show)
    feedURLs.remove(at: show)
    let marker = Int32(show)
    freeOrder.removeAll { $0.show == marker }
    for offset in freeOrder.indices where freeOrder[offset].show > marker { freeOrder[offset].show -= 1 }
    feedRank = Self.ranks(of: feedURLs)
    indexFreeByShow()
    #if DEBUG
      checkInvariants()
    #endif
  }

  /// Merges one new show's free candidates (in their own order) into ``freeOrder`` and rebuilds the derived
  /// order.
  private mutating func mergeFree(_ free: [Free]) {
    let rank = feedRank
    var merged: [Free] = []
    merged.reserveCapacity(freeOrder.count + free.count)
    var next = 0
    for entry in freeOrder {
      while next < free.count, Self.precedes(free[next], entry, feedRank: rank) {
        merged.append(free[next])
        next += 1
      }
      merged.append(entry)
    }
    merged.append(contentsOf: free[next...])
    freeOrder = merged
    indexFreeByShow()
  }

  /// Moves `show` to its place in ``seriesOrder`` after its keys changed.
  ///
  /// - Complexity: O(*s*).
  private mutating func moveInSeriesOrder(_ show: Int) {
    guard let old = seriesOrder.firstIndex(of: Int32(show)) else { return }
    seriesOrder.remove(at: old)
    let place = seriesOrder.partitioningIndex { !seriesPrecedes(Int($0), show) }
    seriesOrder.insert(Int32(show), at: place)
  }

  /// Makes ``durationUnit`` divide every duration of `part` too.
  private mutating func widenUnit(with part: ShowPart) {
    var unit = durationUnit
    for entry in part.free where unit != 1 { unit = gcd(unit, Int(entry.seconds)) }
    for link in part.chain where unit != 1 && link.seconds > 0 { unit = gcd(unit, Int(link.seconds)) }
    durationUnit = max(unit, 1)
  }

  /// Replaces show `show`'s free candidates in ``freeOrder`` with `new` (in the show's priority order) and
  /// patches ``freeByShow``, ``freeByDuration`` and the ranks (see the extension's comment).
  private mutating func patchFree(ofShow show: Int, with new: [Free]) {
    let old = freeOffsets(ofShow: show)
    var removed: [Int] = []
    var inserted: [Free] = []
    var next = old.startIndex
    for entry in new {
      // Old entries before this one are gone; one with the same key and length stays where it is.
      while next < old.endIndex, Self.precedes(freeOrder[Int(old[next])], entry, feedRank: feedRank) {
        removed.append(Int(old[next]))
        next += 1
      }
      if next < old.endIndex, Self.sameKey(freeOrder[Int(old[next])], entry),
        freeOrder[Int(old[next])].seconds == entry.seconds
      {
        let offset = Int(old[next])
        freeOrder[offset].episode = entry.episode
        freeOrder[offset].sameDurationRank = entry.sameDurationRank
        next += 1
      } else {
        inserted.append(entry)
      }
    }
    removed.append(contentsOf: old[next...].map(Int.init))
    guard !(removed.isEmpty && inserted.isEmpty) else { return }
    // Where each new entry goes: before the first old entry it does not follow (old entries of the show
    // included, since the whole order is sorted; the removed ones then go).
    let places = inserted.map { entry in freeOrder.partitioningIndex { !Self.precedes($0, entry, feedRank: feedRank) } }
    let (moved, newOffsets) = Self.offsetTable(count: freeOrder.count, removed: removed, places: places)
    // The durations whose entries came or went: only their ranks change.
    var durations = Set(removed.map { freeOrder[$0].seconds })
    durations.formUnion(inserted.map(\.seconds))
    Self.move(&freeOrder, removing: removed, inserting: inserted, at: places)
    patchFreeByShow(show, moved: moved, newOffsets: newOffsets)
    patchFreeByDuration(moved: moved, removed: removed.count, newOffsets: newOffsets)
    for seconds in durations { recountRanks(ofDuration: seconds) }
  }

  /// Whether two entries of the same show have the same place in the order.
  private static func sameKey(_ lhs: Free, _ rhs: Free) -> Bool {
    lhs.listening == rhs.listening && lhs.published == rhs.published && lhs.position == rhs.position
  }

  /// Old offset to new offset, for `count` entries of which those at `removed` (increasing) go and new ones
  /// come before the old entries at `places` (non-decreasing): a kept entry's new offset, and for a removed
  /// one −1 − the new offset of the entry after it, so that the table stays monotone. Also the new entries'
  /// offsets.
  ///
  /// - Complexity: O(*n* + *k*).
  private static func offsetTable(count: Int, removed: [Int], places: [Int]) -> (moved: [Int32], new: [Int32]) {
    var newOffsets: [Int32] = []
    newOffsets.reserveCapacity(places.count)
    let moved = [Int32](unsafeUninitializedCapacity: count) { moved, initialized in
      var shift = 0
      var cursor = 0
      var nextRemoved = 0
      var nextPlace = 0
      while cursor < count || nextPlace < places.count {
        let removal = nextRemoved < removed.count ? removed[nextRemoved] : count
        let place = nextPlace < places.count ? places[nextPlace] : count
        let event = min(removal, place)
        while cursor < event {
          moved[cursor] = Int32(truncatingIfNeeded: cursor + shift)
          cursor += 1
        }
        if nextPlace < places.count, place == event {
          newOffsets.append(Int32(truncatingIfNeeded: event + shift))
          shift += 1
          nextPlace += 1
        } else if nextRemoved < removed.count, removal == event {
          moved[event] = Int32(truncatingIfNeeded: -1 - (event + shift))
          shift -= 1
          cursor += 1
          nextRemoved += 1
        }
      }
      initialized = count
    }
    return (moved, newOffsets)
  }

  /// Removes the entries at `removed` (increasing) from `order` and inserts `inserted` before the old entries
  /// at `places` (non-decreasing), in place (see ``remove(at:from:)`` and ``insert(_:at:into:)``).
  ///
  /// - Complexity: O(*n*) word moves, and none before the first change.
  private static func move(_ order: inout [Free], removing removed: [Int], inserting inserted: [Free], at places: [Int])
  {
    remove(at: removed, from: &order)
    // The places after the removals: less the removed entries before each.
    var gone = 0
    let targets = places.map { place in
      while gone < removed.count, removed[gone] < place { gone += 1 }
      return place - gone
    }
    insert(inserted, at: targets, into: &order)
  }

  /// Removes the elements at `positions` (increasing) from `array`, closing the gaps from the front with
  /// overlapping moves (`update(from:count:)`, a `memmove` for plain values).
  ///
  /// - Complexity: O(*n*) element moves after the first position.
  static func remove<Element>(at positions: [Int], from array: inout [Element]) {
    guard let first = positions.first else { return }
    array.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      var write = first
      for (index, position) in positions.enumerated() {
        let end = index + 1 < positions.count ? positions[index + 1] : buffer.count
        if end > position + 1 { (base + write).update(from: base + position + 1, count: end - position - 1) }
        write += end - position - 1
      }
    }
    array.removeLast(positions.count)
  }

  /// Inserts `items[i]` before the element at `positions[i]` (non-decreasing; equal positions keep the items'
  /// order) into `array`, opening the gaps from the back with overlapping moves.
  ///
  /// - Complexity: O(*n*) element moves after the first position.
  static func insert<Element>(_ items: [Element], at positions: [Int], into array: inout [Element]) {
    guard let first = items.first else { return }
    var end = array.count
    array.append(contentsOf: repeatElement(first, count: items.count))
    array.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      for index in stride(from: items.count - 1, through: 0, by: -1) {
        let position = positions[index]
        if end > position { (base + position + index + 1).update(from: base + position, count: end - position) }
        (base + position + index).pointee = items[index]
        end = position
      }
    }
  }

  /// ``freeByShow`` with every offset moved and show `show`'s replaced by its kept ones and `newOffsets`.
  ///
  /// - Complexity: O(*n*).
  private mutating func patchFreeByShow(_ show: Int, moved: [Int32], newOffsets: [Int32]) {
    let start = freeByShowStarts[show]
    let end = freeByShowStarts[show + 1]
    var own: [Int32] = []
    for offset in freeByShow[start..<end] where moved[Int(offset)] >= 0 { own.append(moved[Int(offset)]) }
    own += newOffsets
    own.sort()
    moved.withUnsafeBufferPointer { moved in
      freeByShow.withUnsafeMutableBufferPointer { byShow in
        for position in 0..<start { byShow[position] = moved[Int(byShow[position])] }
        for position in end..<byShow.count { byShow[position] = moved[Int(byShow[position])] }
      }
    }
    freeByShow.replaceSubrange(start..<end, with: own)
    let change = own.count - (end - start)
    if change != 0 {
      for later in (show + 1)..<freeByShowStarts.count { freeByShowStarts[later] += change }
    }
  }

  /// ``freeByDuration`` with every offset moved, the `removed` entries dropped and `newOffsets` merged in by
  /// (remaining time, offset), in place. Called after ``freeOrder`` changed, whose remaining times it reads.
  ///
  /// - Complexity: O(*n* + *k* log *n*): one pass of table lookups, then `memmove`s.
  private mutating func patchFreeByDuration(moved: [Int32], removed: Int, newOffsets: [Int32]) {
    let order = freeOrder
    var gaps: [Int] = []
    gaps.reserveCapacity(removed)
    moved.withUnsafeBufferPointer { moved in
      freeByDuration.withUnsafeMutableBufferPointer { byDuration in
        for position in 0..<byDuration.count { byDuration[position] = moved[Int(byDuration[position])] }
        if removed > 0 {
          for position in 0..<byDuration.count where byDuration[position] < 0 { gaps.append(position) }
        }
      }
    }
    Self.remove(at: gaps, from: &freeByDuration)
    // Each new entry where (remaining time, offset) puts it: the list is sorted by that key again.
    let additions = newOffsets.sorted { (order[Int($0)].seconds, $0) < (order[Int($1)].seconds, $1) }
    let places = additions.map { offset in
      let key = (order[Int(offset)].seconds, offset)
      return freeByDuration.partitioningIndex { !((order[Int($0)].seconds, $0) < key) }
    }
    Self.insert(additions, at: places, into: &freeByDuration)
  }

  /// Sets each entry's ``Free/freeRank`` among the entries of `seconds` from ``freeByDuration``.
  ///
  /// - Complexity: O(log *n* + *m*) for the *m* entries of that duration.
  private mutating func recountRanks(ofDuration seconds: Int32) {
    let byDuration = freeByDuration
    var low = byDuration.partitioningIndex { freeOrder[Int($0)].seconds >= seconds }
    var rank: Int32 = 0
    while low < byDuration.count, freeOrder[Int(byDuration[low])].seconds == seconds {
      freeOrder[Int(byDuration[low])].freeRank = rank
      rank += 1
      low += 1
    }
  }
}
