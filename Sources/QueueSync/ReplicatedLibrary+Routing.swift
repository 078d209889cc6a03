import Foundation
import Queues
import SmartFill
import SmartFillSupport

// Shows tied to queues, on a synced library: the ties, the option for untied shows and the removals by hand
// travel in the queues' states (see `ReplicatedQueue+ShowTies.swift`); a refresh's new episodes are routed by
// `QueueLibrary.routing(of:after:now:)` on the library read from the state, and applied as automatic adds.
//
// A show is tied to at most one queue: for each show, the latest write of any queue's register for it (by
// stamp; at equal stamps a tie beats an untie, then the greater queue identifier) decides. When two devices
// tie one show to two queues at once, the later tie wins on every device and the other is dropped; an untie
// or move written later than both unties or moves it. A tie whose queue is deleted ties nothing.

extension ReplicatedLibrary {
  // MARK: Reading

  /// Whether the new episodes of shows tied to no queue go to Up Next (`QueueLibrary.untiedShowsGoToUpNext`),
  /// on every device.
  public var untiedShowsGoToUpNext: Bool { queues[.upNext]?.takesUntiedShows.value ?? false }

  /// The ties in force of the queues `listed`, each queue's in the order they were made: for each show, the
  /// latest write of any queue's register decides, and a tie whose queue is not listed (deleted, or Up Next)
  /// ties nothing.
  ///
  /// - Complexity: O(*t* log *t*) in the registers of all queues' states.
  func resolvedShowTies(listed: [QueueID]) -> [QueueID: [JSONValue]] {
    var latest: [String: (stamp: HybridTimestamp, isTie: Int, queue: QueueID, value: JSONValue)] = [:]
    for state in Array(queues.values) + Array(retired.values) {
      for (feedURL, register) in state.showTies {
        let write = (register.stamp, register.value == .null ? 0 : 1, state.id, register.value)
        if let old = latest[feedURL], (old.stamp, old.isTie, old.queue) >= (write.0, write.1, write.2) { continue }
        latest[feedURL] = write
      }
    }
    let shown = Set(listed)
    var result: [QueueID: [(stamp: HybridTimestamp, feedURL: String, value: JSONValue)]] = [:]
    for (feedURL, write) in latest where write.isTie == 1 && write.queue != .upNext && shown.contains(write.queue) {
      result[write.queue, default: []].append((write.stamp, feedURL, write.value))
    }
    return result.mapValues { ties in ties.sorted { ($0.stamp, $0.feedURL) < ($1.stamp, $1.feedURL) }.map(\.value) }
  }

  /// The removals by hand of every queue's state as exclusions, the latest per episode, the oldest first, at
  /// most `limit` (the latest).
  ///
  /// - Complexity: O(*x* log *x*) in the removals.
  func removalExclusions(limit: Int) -> [EpisodeHistory.Exclusion] {
    var latest: [EpisodeID: (stamp: HybridTimestamp, queue: QueueID)] = [:]
    for state in Array(queues.values) + Array(retired.values) {
      for (episode, stamp) in state.removedByHand {
        if let old = latest[episode], (old.stamp, old.queue) >= (stamp, state.id) { continue }
        latest[episode] = (stamp, state.id)
      }
    }
    return latest.sorted { ($0.value.stamp, $0.key) < ($1.value.stamp, $1.key) }.suffix(max(0, limit)).map {
      EpisodeHistory.Exclusion(
        episode: $0.key, reason: .removed, queueID: $0.value.queue,
        date: Date(timeIntervalSince1970: Double($0.value.stamp.milliseconds / 1000)))
    }
  }

  /// The library's routing members in the Queues JSON form: the option, and the history (this device's
  /// routings' known episodes, the removals by hand, and for a routing the finished episodes of `catalog`).
  ///
  /// - Complexity: O(*x* log *x* + *e*) in the removals and the catalog's episodes.
  func routingMembers(finishedAmong catalog: Catalog?) -> [(String, JSONWriter.Node)] {
    var members: [(String, JSONWriter.Node)] = []
    if untiedShowsGoToUpNext { members.append(("untiedShowsGoToUpNext", .bool(true))) }
    var finishedNow: [EpisodeHistory.Exclusion] = []
    var seen: Set<EpisodeID> = []
    for show in catalog?.shows ?? [] {
      for episode in show.episodes {
        let id = EpisodeID(feedURL: show.feedURL, guid: episode.guid)
        guard finished.contains(id), finishedNow.count < EpisodeHistory.maximumExclusions, seen.insert(id).inserted
        else { continue }
        // The finish's date is not kept; the routing only asks whether it was finished.
        finishedNow.append(.init(episode: id, reason: .finished, date: Date(timeIntervalSince1970: 0)))
      }
    }
    let removals = removalExclusions(limit: EpisodeHistory.maximumExclusions - finishedNow.count)
    let exclusions = finishedNow + removals.filter { !seen.contains($0.episode) }
    if !exclusions.isEmpty || !routingHistory.knownEpisodes.isEmpty {
      members.append(("episodeHistory", QueuesJSONForm.historyNode(known: routingHistory, exclusions: exclusions)))
    }
    return members
  }

  // MARK: Ties and the option

  /// Ties a show to queue `id`, as `QueueLibrary.tie(_:to:now:)` does (a show tied to another queue moves),
  /// on every device.
  ///
  /// - Returns: What changed, with the sentence to show.
  /// - Throws: ``SyncError/queue(_:)`` with the errors of `QueueLibrary.tie(_:to:now:)`; nothing changes then.
  /// - Complexity: O(*n* log *n*) in the library's episodes.
  @discardableResult
  public mutating func tie(_ tie: ShowTie, to id: QueueID, now: Date) throws(SyncError) -> QueueLibrary.TieChange {
    try changeShowTies(now: now) { (library) throws(QueueError) in try library.tie(tie, to: id, now: now) }
  }

  /// Ties the show at `feedURL` to queue `id`, as `QueueLibrary.tieShow(_:titled:to:placement:onlyNewEpisodes:now:)`
  /// does, on every device.
  ///
  /// - Throws: ``SyncError/queue(_:)`` with the errors of `QueueLibrary.tie(_:to:now:)`; nothing changes then.
  @discardableResult
  public mutating func tieShow(
    _ feedURL: String, titled showTitle: String = "", to id: QueueID, placement: ShowTie.Placement? = nil,
    onlyNewEpisodes: Bool? = nil, now: Date
  ) throws(SyncError) -> QueueLibrary.TieChange {
    try changeShowTies(now: now) { (library) throws(QueueError) in
      try library.tieShow(
        feedURL, titled: showTitle, to: id, placement: placement, onlyNewEpisodes: onlyNewEpisodes, now: now)
    }
  }

  /// Unties the show at `feedURL` from its queue, on every device.
  ///
  /// - Throws: ``SyncError/queue(_:)`` with `QueueError.showNotTied(feedURL:)`.
  @discardableResult
  public mutating func untieShow(_ feedURL: String, now: Date) throws(SyncError) -> QueueLibrary.TieChange {
    try changeShowTies(now: now) { (library) throws(QueueError) in try library.untieShow(feedURL, now: now) }
  }

  /// Sets whether the new episodes of untied shows go to Up Next, on every device.
  public mutating func setUntiedShowsGoToUpNext(_ isOn: Bool, now: Date) {
    guard var upNext = queues[.upNext] else { preconditionFailure("Up Next's state is missing") }
    upNext.takesUntiedShows.write(isOn, stamp: clock.tick(now: now))
    store(upNext, now: now)
  }

  /// Moves the ties in force of queue `original` to queue `copy`, as `QueueLibrary.duplicate`'s `.moveToCopy`
  /// does: `null` in the original's register and the tie (its options and dates) in the copy's, a stamp per
  /// show in the original's order, so that the copy lists them as the original did.
  ///
  /// - Complexity: O(*t* log *t*) in the registers of all queues' states.
  mutating func moveShowTies(from original: QueueID, to copy: QueueID, now: Date) {
    guard var from = queues[original], var to = queues[copy],
      let ties = resolvedShowTies(listed: visibleQueueIDs)[original], !ties.isEmpty
    else { return }
    for tie in ties {
      guard case .object(let members) = tie, case .string(let feedURL)? = members["feedURL"] else { continue }
      let stamp = clock.tick(now: now)
      from.showTies[feedURL]?.write(.null, stamp: stamp)
      to.showTies[feedURL] = Register(tie, stamp: stamp)
    }
    store(from, now: now)
    store(to, now: now)
  }

  /// Applies `change` to the library as read, then writes the ties it changed, all with one stamp: `null` in
  /// the queue a show left, the tie in the queue that ties it now.
  private mutating func changeShowTies(
    now: Date, _ change: (inout QueueLibrary) throws(QueueError) -> QueueLibrary.TieChange
  ) throws(SyncError) -> QueueLibrary.TieChange {
    var library = try self.library()
    let before = QueuesJSONForm.showTies(of: library)
    let result: QueueLibrary.TieChange
    do { result = try change(&library) } catch { throw .queue(error) }
    guard result.isChange else { return result }
    let after = QueuesJSONForm.showTies(of: library)
    var writes: [QueueID: [String: JSONValue]] = [:]
    for (queue, ties) in before {
      for feedURL in ties.keys where after[queue]?[feedURL] == nil { writes[queue, default: [:]][feedURL] = .null }
    }
    for (queue, ties) in after {
      for (feedURL, tie) in ties where before[queue]?[feedURL] != tie { writes[queue, default: [:]][feedURL] = tie }
    }
    let stamp = clock.tick(now: now)
    for (id, ties) in writes {
      guard var queue = queues[id] else { continue }
      for (feedURL, value) in ties {
        if queue.showTies[feedURL] == nil {
          queue.showTies[feedURL] = Register(value, stamp: stamp)
        } else {
          queue.showTies[feedURL]!.write(value, stamp: stamp)
        }
      }
      store(queue, now: now)
    }
    return result
  }

  // MARK: Removing by hand

  /// Removes episodes from queue `id` as the listener does by hand (`QueueLibrary.remove(_:from:now:)`): each
  /// leaves the queue, and is recorded so that no routing on any device adds it to a queue again once that
  /// device has synced the removal; each removal has a dot, which hides the automatic adds of the episode to
  /// this queue made meanwhile on devices that had not heard of it (see `HandRemovals`).
  ///
  /// - Throws: ``SyncError/queue(_:)`` with an unknown queue or `QueueError.episodeNotInQueue(_:queueName:)`;
  ///   nothing changes then.
  /// - Complexity: O(*m* + *x*) in the episodes removed and the queue's removals.
  public mutating func removeByHand(_ episodes: [EpisodeID], from id: QueueID, now: Date) throws(SyncError) {
    var queue = try visibleQueue(id)
    for episode in episodes {
      guard let entry = queue.entries[episode], queue.isShown(episode, entry, finished: finished) else {
        throw .queue(.episodeNotInQueue(episode, queueName: queue.name))
      }
    }
    let stamp = clock.tick(now: now)
    for episode in episodes {
      queue.entries[episode] = nil
      queue.recordRemovalByHand(of: episode, stamp: stamp, dot: newDot(in: &queue))
    }
    store(queue, now: now)
  }

  // MARK: Routing

  /// Where a refresh's new episodes would go, without changing the library: `QueueLibrary.routing(of:after:now:)`
  /// on the library as read (ties, option and removals by hand as synced, the finished episodes excluded, and
  /// with `.history`, what this device's routings saw).
  ///
  /// - Complexity: That of `QueueLibrary.routing(of:after:now:)`, plus reading the library.
  public func routing(
    of catalog: Catalog, after previous: QueueLibrary.PreviousEpisodes = .history, now: Date
  ) throws(SyncError) -> EpisodeRouting {
    try library(activeQueueID: .upNext, finishedAmong: catalog).routing(of: catalog, after: previous, now: now)
  }

  /// Routes a refresh's new episodes to their queues (see ``routing(of:after:now:)``), each applied as an
  /// automatic add at the place the routing planned (next or last, as its tie says), and records what the
  /// refresh listed in this device's history.
  ///
  /// The adds are automatic: an episode finished on a device this one has not heard from yet stays hidden
  /// once the finish arrives, and two devices routing the same refresh make one entry of each episode. All the
  /// adds share one stamp, so that when two devices' routings merge, every routed episode takes the places of
  /// the same device's routing, and a serial show stays in series order.
  ///
  /// ```swift
  /// let routing = try engine.edit(now: now) { (library) throws(SyncError) in
  ///   try library.routeNewEpisodes(in: refreshed, after: .catalog(previous), now: now)
  /// }
  /// for line in routing.routed { print(line) }  // “Ep 12” of “The Daily” went to 🚗 Commute (next, position 2).
  /// ```
  ///
  /// - Returns: What the routing planned: what went where, and what stayed out and why.
  /// - Complexity: O(*r* · *n* log *n*) in the episodes routed and the queues' episodes, plus the routing's.
  @discardableResult
  public mutating func routeNewEpisodes(
    in catalog: Catalog, after previous: QueueLibrary.PreviousEpisodes = .history, now: Date
  ) throws(SyncError) -> EpisodeRouting {
    var library = try library(activeQueueID: .upNext, finishedAmong: catalog)
    let routing = library.routeNewEpisodes(in: catalog, after: previous, now: now)
    let stamp = clock.tick(now: now)
    for routed in routing.routed {
      // The plan was made on this state, so the index is in range; the bound keeps it so regardless.
      let count = queues[routed.queue.id]?.order(finished: finished).count ?? 0
      try place(
        [routed.episode], into: routed.queue.id, at: min(routed.index, count), automatic: true, now: now,
        stamp: stamp)
    }
    routingHistory = EpisodeHistory(knownEpisodes: library.episodeHistory.knownEpisodes)
    return routing
  }
}
