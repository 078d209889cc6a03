import SmartFill

extension Catalog {
  /// The catalog's episodes whose ids are in `ids`, each with its show; ids the catalog does not hold are
  /// left out.
  ///
  /// - Complexity: O(*n* + *c*) in the ids and the episodes of the shows they name.
  package func episodes(withIDs ids: Set<EpisodeID>) -> [EpisodeID: (show: Show, episode: Episode)] {
    let feeds = Set(ids.map(\.feedURL))
    var found: [EpisodeID: (show: Show, episode: Episode)] = [:]
    for show in shows where feeds.contains(show.feedURL) {
      for episode in show.episodes {
        let id = EpisodeID(feedURL: show.feedURL, guid: episode.guid)
        if ids.contains(id) { found[id] = (show, episode) }
      }
    }
    return found
  }
}
