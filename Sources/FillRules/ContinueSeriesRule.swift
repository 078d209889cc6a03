import SmartFill

/// Continue series' rule with a target at a full catalog's size, from the plain definitions: each show's chain
/// (``Rules/continueSeriesChains(_:priorityShows:excluded:)``) in show priority order and, for every decision,
/// the completions recomputed from scratch as a plain subset sum over the prefixes of every chain still open: no
/// batches of chains, no sets kept between decisions, no common unit.
///
/// The rule then reads as the SmartFill DocC article "The fill rules and explanations" says it: round by round, every open chain's next episode in show order, taken
/// when some combination of prefixes of the chains still open lands the total in the target range (a show whose
/// episode is passed over is closed); stop once inside.
package struct ContinueSeriesRule: Sendable {
  /// The chains in show priority order: each episode's ID and remaining seconds.
  package let chains: [[(id: EpisodeID, seconds: Int)]]

  /// The rule over `catalog`'s chains for a request with `priorityShows` and `excluded`.
  package init(catalog: Catalog, priorityShows: [String], excluded: Set<EpisodeID>) {
    chains = Rules.continueSeriesChains(catalog, priorityShows: priorityShows, excluded: excluded).map { chain in
      let feedURL = catalog.shows[chain.show].feedURL
      return chain.episodes.map { (EpisodeID(feedURL: feedURL, guid: $0.guid), $0.remainingSeconds!) }
    }
  }

  /// The totals up to `top` that `base` plus a prefix (possibly empty) of each chain's rest reaches: `rests[c]`
  /// is the first episode of chain `c` still open, `nil` for a closed chain.
  package func completions(from base: Int, rests: [Int?], upTo top: Int) -> ReachableTotals {
    let open = zip(chains, rests).compactMap { chain, rest in rest.map { chain[$0...].map(\.seconds) } }
    return ReachableTotals.reached(from: base, free: [], chains: open, upTo: top)
  }

  /// The rule's selection for `window`, aiming within `aim` seconds of its centre: the episodes taken and their
  /// total.
  ///
  /// - Complexity: O(*d* · *e* · *hi* / 64) for *d* decisions, *e* chain episodes and a window's top of *hi*
  ///   seconds.
  package func select(window: ClosedRange<Int>, aim: Int) -> (taken: Set<EpisodeID>, total: Int) {
    let all = completions(from: 0, rests: chains.map { _ in 0 }, upTo: window.upperBound)
    let (target, _) = Rules.targetRange(window, totals: all.totals, aim: aim)
    var rests: [Int?] = chains.map { _ in 0 }
    var taken: Set<EpisodeID> = []
    var total = 0
    while !target.contains(total), rests.contains(where: { $0 != nil }) {
      for chain in chains.indices where !target.contains(total) {
        guard let rest = rests[chain] else { continue }
        guard rest < chains[chain].count else {
          rests[chain] = nil
          continue
        }
        let episode = chains[chain][rest]
        var after = rests
        after[chain] = rest + 1
        if total + episode.seconds <= target.upperBound,
          completions(from: total + episode.seconds, rests: after, upTo: target.upperBound)
            .contains(anyOf: target)
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
