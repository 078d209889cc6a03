extension CatalogIndex {
  /// What every index holds, whether built from a catalog or patched in place by a change (see
  /// `CatalogIndex+Changes.swift`), each broken one as a sentence naming it: empty when the index is sound.
  ///
  /// - The per-show tables have one entry per show, and ``showIndexByURL`` names each show's place.
  /// - ``feedRank`` is each show's place among the feed URLs sorted.
  /// - ``freeOrder`` is in the priority order (``precedes(_:_:feedRank:)``), each entry's
  ///   ``Free/freeRank`` counts the earlier entries of its length, and its ``Free/sameDurationRank`` the show's
  ///   earlier ones of its length.
  /// - ``freeByShow`` lists each show's entries in order, from ``freeByShowStarts``; ``freeByDuration`` lists
  ///   every entry by (length, offset); ``seriesOrder`` holds every show once, in ``seriesPrecedes(_:_:)``'s order.
  /// - ``durationUnit`` divides every known remaining time of a free or chain candidate.
  ///
  /// - Complexity: O(*n* + *c* + *s* log *s*) for *n* free candidates, *c* chain candidates and *s* shows.
  func invariantViolations() -> [String] {
    var found: [String] = []
    let shows = feedURLs.count
    let perShow = [
      ("listening", listening.count), ("feedRank", feedRank.count), ("series", series.count),
      ("isSerial", isSerial.count), ("latestPlayed", latestPlayed.count), ("chainCandidates", chainCandidates.count),
      ("unknownChainCount", unknownChainCount.count), ("guidHashes", guidHashes.count),
      ("seriesPublished", seriesPublished.count), ("seriesFirstSeconds", seriesFirstSeconds.count),
    ]
    for (name, count) in perShow where count != shows {
      found.append("\(name) has \(count) entries for \(shows) shows")
    }
    guard found.isEmpty else { return found }
    if showIndexByURL.count != shows || feedURLs.indices.contains(where: { showIndexByURL[feedURLs[$0]] != $0 }) {
      found.append("showIndexByURL does not name each show's place")
    }
    if feedRank != Self.ranks(of: feedURLs) { found.append("feedRank is not the shows' place by feed URL") }
    for offset in freeOrder.indices.dropFirst()
    where !Self.precedes(freeOrder[offset - 1], freeOrder[offset], feedRank: feedRank) {
      found.append("freeOrder is not in priority order at \(offset)")
      break
    }
    if freeOrder.contains(where: { $0.show < 0 || Int($0.show) >= shows }) {
      found.append("freeOrder holds an entry of no show")
      return found
    }
    var ofLength: [Int32: Int32] = [:]
    for (offset, free) in freeOrder.enumerated() {
      if free.freeRank != ofLength[free.seconds, default: 0] {
        found.append("freeOrder[\(offset)].freeRank is \(free.freeRank), not its earlier entries of its length")
        break
      }
      ofLength[free.seconds, default: 0] += 1
    }
    let byShow = (0..<shows).map { show in freeOrder.indices.filter { freeOrder[$0].show == show } }
    if freeByShowStarts.count != shows + 1
      || (0..<shows).contains(where: { freeOffsets(ofShow: $0).map(Int.init) != byShow[$0] })
    {
      found.append("freeByShow does not list each show's entries in order")
    }
    for offsets in byShow {
      var earlier: [Int32: Int32] = [:]
      for offset in offsets {
        if freeOrder[offset].sameDurationRank != earlier[freeOrder[offset].seconds, default: 0] {
          found.append("freeOrder[\(offset)].sameDurationRank is not its show's earlier entries of its length")
          break
        }
        earlier[freeOrder[offset].seconds, default: 0] += 1
      }
    }
    let byDuration = freeOrder.indices.sorted { (freeOrder[$0].seconds, $0) < (freeOrder[$1].seconds, $1) }
    if freeByDuration.map(Int.init) != byDuration { found.append("freeByDuration is not the entries by length") }
    let order = seriesOrder.map(Int.init)
    if Set(order) != Set(0..<shows) || order.count != shows
      || order.indices.dropFirst().contains(where: { !seriesPrecedes(order[$0 - 1], order[$0]) })
    {
      found.append("seriesOrder does not hold every show once in order")
    }
    let lengths = freeOrder.lazy.map { Int($0.seconds) } + chainCandidates.joined().lazy.map { Int($0.seconds) }
    if durationUnit < 1 || lengths.contains(where: { $0 > 0 && $0 % durationUnit != 0 }) {
      found.append("durationUnit \(durationUnit) does not divide every remaining time")
    }
    return found
  }

  /// Traps, naming what is broken, unless the index holds its invariants (``invariantViolations()``): called
  /// after every change in place in debug builds, where the tests apply thousands of them.
  func checkInvariants() {
    let found = invariantViolations()
    precondition(found.isEmpty, "the catalog index is broken: \(found.joined(separator: "; "))")
  }
}
