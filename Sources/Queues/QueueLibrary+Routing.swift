import Foundation
import SmartFill

// Routing: the episodes a refresh found new go to their show's queue. One deterministic function of the
// library, what was there before (the library's history or a previous catalog), the refreshed catalog and the
// date, so that two devices that route the same refresh compute the same adds.

extension QueueLibrary {
  /// What a refresh is compared with to find what is new.
  public enum PreviousEpisodes: Sendable, Hashable {
    /// The library's ``episodeHistory``: what it saw at the last routing.
    case history
    /// The catalog before the refresh (a show's previous snapshot, as `Feeds`' `Show.refreshed(with:)` was
    /// given); a show it does not list is compared with the history.
    case catalog(Catalog)
  }

  /// Where the new episodes of a refresh go, without changing the library: the plan that
  /// ``routeNewEpisodes(in:after:now:)`` applies.
  ///
  /// **What is new.** An episode of a show of `catalog` is new when what was there before does not hold it: the
  /// previous catalog's show (with ``PreviousEpisodes/catalog(_:)``), else what ``episodeHistory`` saw of the
  /// show (its GUID kept, or published no later than ``EpisodeHistory/KnownEpisodes/knownThrough``). A show
  /// seen for the first time (a new subscription, or the first routing) has no new episodes but those
  /// published after its tie, so that its back catalog is not poured into a queue.
  ///
  /// **Where it goes.** To the queue that ties its show (deleted queues tie nothing), else to Up Next when
  /// ``untiedShowsGoToUpNext`` is on (last), else nowhere. It stays out, with the reason, when it is a trailer,
  /// played (the catalog's `isPlayed`), finished or removed from a queue by hand earlier (``EpisodeHistory``'s
  /// exclusions), published before its tie while the tie counts only new episodes, or in a queue already.
  ///
  /// **Its place.** Episodes go in show by show in the catalog's order, each show's in series order
  /// (`SeriesOrder`): `last` at the end; `next` right after the current episode and after the episodes this
  /// routing put there before (at the end when the queue has been played through). A serial show's episode
  /// then moves, when it must, to stay after the show's episodes in that queue that come before it in series
  /// order and before those that come after it (after, when the queue holds them out of order).
  ///
  /// **Applying it on a replica.** The result is a function of (library, previous, catalog, now) alone, so that
  /// every device routing the same refresh computes the same adds. A replica applies ``EpisodeRouting/routed``
  /// in order, each as an *automatic* add of ``EpisodeRouting/Routed/episode`` to its queue at
  /// ``EpisodeRouting/Routed/index`` (an index into the queue as shown, after the adds before it): an automatic
  /// add never brings back an episode finished or removed on a device it has not heard from yet, and two
  /// devices adding the same episode to the same queue make one entry. It then records the history (the
  /// library's ``episodeHistory`` after ``routeNewEpisodes(in:after:now:)``; the history is the device's own,
  /// the exclusions are the listener's).
  ///
  /// - Parameters:
  ///   - catalog: The shows after the refresh (a whole catalog, or the refreshed shows).
  ///   - previous: What was there before.
  ///   - now: The `addedAt` of the episodes added.
  /// - Complexity: O(*e* log *e* + *r* · *n* + *q* · *n*) in the catalog's episodes, the episodes routed and the
  ///   queues' episodes.
  public func routing(of catalog: Catalog, after previous: PreviousEpisodes = .history, now: Date = Date())
    -> EpisodeRouting
  {
    var tiesByShow: [String: (tie: ShowTie, queue: Queue)] = [:]
    for queue in queues {
      for tie in queue.showTies { tiesByShow[tie.feedURL] = (tie, queue) }
    }
    var holder: [EpisodeID: QueueID] = [:]
    for queue in queues.reversed() {
      for episode in queue.episodes { holder[episode.id] = queue.id }
    }
    let exclusions = episodeHistory.exclusionsByEpisode
    var previousShows: [String: Set<String>] = [:]
    if case .catalog(let before) = previous {
      for show in before.shows where previousShows[show.feedURL] == nil {
        previousShows[show.feedURL] = Set(show.episodes.map(\.guid))
      }
    }
    var working: [QueueID: WorkingQueue] = [:]
    var routed: [EpisodeRouting.Routed] = []
    var skipped: [EpisodeRouting.Skipped] = []
    var seenShows: [String] = []
    var seen: Set<String> = []
    for show in catalog.shows where seen.insert(show.feedURL).inserted {
      seenShows.append(show.feedURL)
      let tie = tiesByShow[show.feedURL]
      let guids = previousShows[show.feedURL]
      let known = guids == nil ? episodeHistory.knownEpisodes[show.feedURL] : nil
      let destination = tie?.queue ?? (untiedShowsGoToUpNext ? upNext : nil)
      var placing: [Episode] = []
      for index in SeriesOrder.indices(of: show) {
        let episode = show.episodes[index]
        let isNew: Bool
        if let guids {
          isNew = !guids.contains(episode.guid)
        } else if let known {
          isNew = !known.contains(episode)
        } else {
          isNew = tie.map { episode.published > $0.tie.tiedAt } ?? false
        }
        guard isNew else { continue }
        let id = EpisodeID(feedURL: show.feedURL, guid: episode.guid)
        let reason = skipReason(
          episode, id: id, tie: tie?.tie, destination: destination, holder: holder, exclusions: exclusions)
        if let reason {
          skipped.append(.init(episode: id, title: episode.title, showTitle: show.title, reason: reason))
        } else {
          placing.append(episode)
          if let destination { holder[id] = destination.id }
        }
      }
      guard let destination, !placing.isEmpty else { continue }
      let placement = tie?.tie.placement ?? .last
      var queue = working[destination.id] ?? WorkingQueue(destination)
      let byGUID =
        show.ordering == .serial
        ? Dictionary(show.episodes.map { ($0.guid, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
      for episode in placing {
        let index = queue.insert(episode, of: show, episodes: byGUID, placement: placement)
        routed.append(
          .init(
            episode: EpisodeReference(episode, of: show, addedAt: now), queue: QueueLabel(destination), index: index,
            placement: placement, rule: tie.map { .tie($0.tie) } ?? .untiedToUpNext))
      }
      working[destination.id] = queue
    }
    var history = episodeHistory
    history.see(catalog)
    var before: [String: EpisodeHistory.KnownEpisodes] = [:]
    for feedURL in seenShows { before[feedURL] = episodeHistory.knownEpisodes[feedURL] }
    let undo = EpisodeRouting.Undo(
      added: routed.map { .init(queueID: $0.queue.id, episode: $0.episode.id) }, seenShows: seenShows,
      knownEpisodesBefore: before)
    return EpisodeRouting(routed: routed, skipped: skipped, undo: undo, history: history)
  }

  /// Routes the new episodes of a refresh to their queues, as ``routing(of:after:now:)`` plans, and records what
  /// the refresh listed in ``episodeHistory``, so that the next routing finds only what comes after.
  ///
  /// ```swift
  /// // A refresh of one show through Feeds:
  /// let refreshed = show.refreshed(with: snapshot)
  /// let routing = library.routeNewEpisodes(in: Catalog(shows: [refreshed]), after: .catalog(Catalog(shows: [show])))
  /// for line in routing.routed { print(line) }  // “Ep 12” of “The Daily” went to 🚗 Commute (next, position 2).
  /// ```
  ///
  /// - Returns: What went where, and what stayed out and why.
  /// - Complexity: That of ``routing(of:after:now:)``.
  @discardableResult
  public mutating func routeNewEpisodes(
    in catalog: Catalog, after previous: PreviousEpisodes = .history, now: Date = Date()
  ) -> EpisodeRouting {
    let routing = routing(of: catalog, after: previous, now: now)
    for routed in routing.routed {
      modify(existing: routed.queue.id, now: now) { queue in
        do {
          try queue.insert([routed.episode], at: routed.index)
        } catch {
          preconditionFailure("a routing planned on this library inserts within its queues: \(error)")
        }
      }
    }
    episodeHistory = routing.history
    return routing
  }

  /// Takes a routing back: the episodes it added leave their queues (without counting as removed by hand),
  /// wherever they are now, and the history forgets what the routing saw of its shows, so that the next
  /// routing finds them new again. Episodes added otherwise since, and exclusions recorded since, stay.
  ///
  /// - Complexity: O(*a* · *n* + *s*) in the episodes added, the queues' episodes and the shows seen.
  public mutating func undoRouting(_ undo: EpisodeRouting.Undo, now: Date = Date()) {
    for added in undo.added.reversed() where self[added.queueID]?.contains(added.episode) == true {
      modify(existing: added.queueID, now: now) { queue in try? queue.remove(added.episode) }
    }
    for feedURL in undo.seenShows { episodeHistory.knownEpisodes[feedURL] = undo.knownEpisodesBefore[feedURL] }
  }

  /// Records that the library has seen `show`'s episodes as listed (a show tied with the catalog in hand, say):
  /// a later routing finds only what comes after.
  public mutating func recordKnownEpisodes(of show: Show) {
    episodeHistory.see(Catalog(shows: [show]))
  }

  /// Sets what the history knows of the show at `feedURL` (`nil` forgets it), for an undo.
  package mutating func setKnownEpisodes(_ known: EpisodeHistory.KnownEpisodes?, ofShow feedURL: String) {
    episodeHistory.knownEpisodes[feedURL] = known
  }

  /// Why a new episode stays out, or `nil` when it goes to `destination`.
  private func skipReason(
    _ episode: Episode, id: EpisodeID, tie: ShowTie?, destination: Queue?, holder: [EpisodeID: QueueID],
    exclusions: [EpisodeID: EpisodeHistory.Exclusion]
  ) -> EpisodeRouting.SkipReason? {
    guard destination != nil else { return .notTied }
    if episode.kind == .trailer { return .trailer }
    if episode.isPlayed { return .played }
    if let exclusion = exclusions[id] {
      switch exclusion.reason {
      case .finished: return .finished
      case .removed: return .removedByHand(from: exclusion.queueID.flatMap(label(of:)))
      }
    }
    if let tie, !tie.counts(publishedAt: episode.published) { return .publishedBeforeTie(tie) }
    if let queueID = holder[id], let queue = self[queueID] { return .alreadyQueued(in: QueueLabel(queue)) }
    return nil
  }

  /// The label of queue `id`, deleted or not.
  private func label(of id: QueueID) -> QueueLabel? {
    (self[id] ?? deletedQueues.last { $0.queue.id == id }?.queue).map(QueueLabel.init)
  }
}

/// A queue as a routing fills it: its episodes' identifiers, and where the next `next` episode goes.
private struct WorkingQueue {
  var episodes: [EpisodeID]
  /// Where a `next` episode goes: after the current one and the `next` ones placed before.
  var cursor: Int

  init(_ queue: Queue) {
    episodes = queue.episodes.map(\.id)
    cursor = queue.current == nil ? queue.count : queue.currentIndex + 1
  }

  /// Inserts `episode` of `show` where `placement` puts it, moved to keep a serial show in series order (its
  /// episodes by GUID in `catalogEpisodes`; a queued one the catalog no longer lists counts as earlier), and
  /// returns its index.
  ///
  /// - Complexity: O(*n*) in the queue's episodes.
  mutating func insert(
    _ episode: Episode, of show: Show, episodes catalogEpisodes: [String: Episode], placement: ShowTie.Placement
  ) -> Int {
    var index = placement == .last ? episodes.count : cursor
    if show.ordering == .serial {
      var lower = 0
      var upper = episodes.count
      for (offset, queued) in episodes.enumerated() where queued.feedURL == show.feedURL {
        if let other = catalogEpisodes[queued.guid], SeriesOrder.precedes(episode, other, ordering: .serial) {
          upper = min(upper, offset)
        } else {
          lower = offset + 1
        }
      }
      index = lower > upper ? lower : min(max(index, lower), upper)
    }
    episodes.insert(EpisodeID(feedURL: show.feedURL, guid: episode.guid), at: index)
    if index <= cursor { cursor += 1 }
    return index
  }
}
