import SmartFill

extension Rules {
  /// A candidate in the order a mode visits it.
  package struct Item: Sendable, Hashable {
    /// The episode.
    package var id: EpisodeID
    /// Its show's place in the catalog.
    package var show: Int
    /// Its remaining seconds.
    package var seconds: Int
    /// The show whose chain it belongs to (its place in the catalog), `nil` for a free candidate.
    package var chain: Int?
    /// Its place in that chain (0 for a free candidate).
    package var link: Int

    /// The item of `episode` of show number `show`.
    package init(_ episode: Episode, of show: Show, number: Int, inChain: Bool, link: Int = 0) {
      id = EpisodeID(feedURL: show.feedURL, guid: episode.guid)
      self.show = number
      seconds = episode.remainingSeconds ?? 0
      chain = inChain ? number : nil
      self.link = link
    }
  }

  /// Fill time's and variety's candidates in priority order: each free episode a group of its own and each
  /// serial show's chain one group, its episodes together in series order, the groups by ``PriorityKey``.
  ///
  /// - Complexity: O(*n* log *n*) for the catalog's *n* episodes.
  package static func fillTimeItems(
    _ catalog: Catalog, priorityShows: [String], excluded: Set<EpisodeID>
  ) -> [Item] {
    var groups: [(key: PriorityKey, items: [Item])] = []
    for (number, show) in catalog.shows.enumerated() {
      let order = seriesOrder(of: show)
      if show.ordering == .serial {
        let chain = chain(of: show, excluding: excluded, unknownLength: .stop)
        if let first = chain.first {
          let position = order.firstIndex { $0.guid == first.guid }!
          groups.append(
            (
              PriorityKey(show: show, first: first, position: position, priorityShows: priorityShows),
              chain.enumerated().map { Item($1, of: show, number: number, inChain: true, link: $0) }
            ))
        }
      }
      for (position, episode) in order.enumerated() where isFree(episode, of: show, excluding: excluded) {
        groups.append(
          (
            PriorityKey(show: show, first: episode, position: position, priorityShows: priorityShows),
            [Item(episode, of: show, number: number, inChain: false)]
          ))
      }
    }
    return groups.sorted { $0.key < $1.key }.flatMap(\.items)
  }

  /// Continue series' chains with a target, in show priority order (``PriorityKey`` of each show's chain's first
  /// episode): each show's place in the catalog and its chain, shows with an empty chain left out.
  ///
  /// - Complexity: O(*n* log *n*) for the catalog's *n* episodes.
  package static func continueSeriesChains(
    _ catalog: Catalog, priorityShows: [String], excluded: Set<EpisodeID>
  ) -> [(show: Int, episodes: [Episode])] {
    var keyed: [(key: PriorityKey, show: Int, episodes: [Episode])] = []
    for (number, show) in catalog.shows.enumerated() {
      let chain = chain(
        of: show, excluding: excluded,
        unknownLength: unknownLength(of: show, mode: .continueSeries, hasTarget: true))
      guard let first = chain.first else { continue }
      keyed.append((PriorityKey(show: show, first: first, priorityShows: priorityShows), number, chain))
    }
    return keyed.sorted { $0.key < $1.key }.map { ($0.show, $0.episodes) }
  }

  /// Continue series' candidates with a target in the order it visits them: round by round, every show's next
  /// episode in show priority order, then every show's second, and so on.
  package static func roundRobinItems(
    _ catalog: Catalog, priorityShows: [String], excluded: Set<EpisodeID>
  ) -> [Item] {
    let chains = continueSeriesChains(catalog, priorityShows: priorityShows, excluded: excluded)
    var items: [Item] = []
    for round in 0..<(chains.map(\.episodes.count).max() ?? 0) {
      for chain in chains where chain.episodes.count > round {
        items.append(
          Item(chain.episodes[round], of: catalog.shows[chain.show], number: chain.show, inChain: true, link: round))
      }
    }
    return items
  }
}
