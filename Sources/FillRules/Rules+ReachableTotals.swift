import SmartFill

extension Rules {
  /// Every total some selection of `request`'s candidates reaches, up to its window's top: any of the free
  /// episodes (fill time and variety) and a prefix of each show's chain. Variety's arrangeability is not asked.
  ///
  /// - Complexity: O(*n* log *n* + *c* · *hi* / 64) for the catalog's *n* episodes, the *c* candidates and a
  ///   window's top of *hi* seconds.
  package static func reachableTotals(_ catalog: Catalog, for request: FillRequest) -> ReachableTotals {
    let top = request.window?.upperBound ?? 0
    var free: [Int] = []
    var chains: [[Int]] = []
    for show in catalog.shows {
      if request.mode == .continueSeries || show.ordering == .serial {
        chains.append(chain(of: show, for: request).compactMap(\.remainingSeconds))
      }
      guard request.mode != .continueSeries else { continue }
      for episode in show.episodes where isFree(episode, of: show, excluding: request.excluded) {
        free.append(episode.remainingSeconds!)
      }
    }
    return ReachableTotals.reached(free: free.filter { $0 <= top }, chains: chains, upTo: top)
  }
}
