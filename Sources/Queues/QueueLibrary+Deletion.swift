import Foundation

extension QueueLibrary {
  /// What deleting a queue would remove, for the listener to confirm before ``delete(_:now:)``.
  public struct Deletion: Sendable, Hashable {
    /// The queue to delete.
    public var queueID: QueueID
    /// Its name.
    public var name: String
    /// How many episodes it holds.
    public var episodeCount: Int
    /// Whether it is the active queue (Up Next becomes active).
    public var isActive: Bool
    /// The queue's `lastModified` when the deletion was proposed; a later change makes the confirmation stale.
    public var lastModified: Date

    /// The question to ask: `Delete "🚗 Commute" and its 12 episodes? You can restore it for 30 days.`
    public var confirmationMessage: String {
      let episodes =
        episodeCount == 0 ? "" : episodeCount == 1 ? " and its episode" : " and its \(episodeCount) episodes"
      let active = isActive ? " Up Next will play instead." : ""
      return "Delete \u{201C}\(name)\u{201D}\(episodes)? You can restore it for \(QueueLibrary.restorableDays) days."
        + active
    }
  }

  /// An undo for ``clear(_:now:)``: the episodes and playhead the queue had.
  public struct ClearedEpisodes: Sendable, Hashable {
    /// The cleared queue.
    public var queueID: QueueID
    /// Its episodes before the clear.
    public var episodes: [EpisodeReference]
    /// Its playhead before the clear.
    public var currentIndex: Int
  }

  /// What deleting a queue would remove, to show the listener before deleting it.
  ///
  /// - Throws: ``QueueError/upNextIsPermanent(operation:)`` for Up Next, ``QueueError/unknownQueue(_:)``.
  public func deletion(of id: QueueID) throws(QueueError) -> Deletion {
    if id == .upNext { throw .upNextIsPermanent(operation: "deleted") }
    let queue = try queue(id)
    return Deletion(
      queueID: id, name: queue.name, episodeCount: queue.count, isActive: id == activeQueueID,
      lastModified: queue.lastModified)
  }

  /// Deletes the queue the listener confirmed; it can be restored for 30 days. When it was the active queue,
  /// Up Next becomes active. Queues deleted more than 30 days ago are purged.
  ///
  /// - Parameter confirmed: The ``deletion(of:)`` the listener agreed to.
  /// - Throws: ``QueueError/deletionOutdated(queueName:)`` when the queue changed since, so that nothing is
  ///   deleted that the listener did not see; ``QueueError/unknownQueue(_:)``.
  public mutating func delete(_ confirmed: Deletion, now: Date = Date()) throws(QueueError) {
    if confirmed.queueID == .upNext { throw .upNextIsPermanent(operation: "deleted") }
    let index = try position(of: confirmed.queueID)
    let queue = queues[index]
    guard queue.lastModified == confirmed.lastModified, queue.count == confirmed.episodeCount,
      queue.name == confirmed.name
    else { throw .deletionOutdated(queueName: queue.name) }
    queues.remove(at: index)
    deletedQueues.append(DeletedQueue(queue: queue, deletedAt: now, formerIndex: index))
    if activeQueueID == queue.id { activeQueueID = .upNext }
    purgeExpiredDeletions(now: now)
  }

  /// Restores a deleted queue at its former place, with all its episodes and settings; it gets a unique name
  /// ("🚗 Commute restored") when another queue took its name meanwhile.
  ///
  /// - Throws: ``QueueError/notDeleted(_:)``, ``QueueError/restoreExpired(queueName:deletedAt:)`` after 30
  ///   days, ``QueueError/queueLimitReached(limit:)``.
  public mutating func restore(_ id: QueueID, now: Date = Date()) throws(QueueError) {
    guard let index = deletedQueues.firstIndex(where: { $0.queue.id == id }) else { throw .notDeleted(id) }
    let deleted = deletedQueues[index]
    if isExpired(deleted, now: now) {
      throw .restoreExpired(queueName: deleted.queue.name, deletedAt: deleted.deletedAt)
    }
    guard queues.count < queueLimit else { throw .queueLimitReached(limit: queueLimit) }
    var restored = deleted.queue
    if self.queue(named: restored.name) != nil {
      restored.name = QueueName.unique(basedOn: restored.name, suffix: "restored", avoiding: queues.map(\.name))
    }
    restored.lastModified = now.wholeSeconds
    deletedQueues.remove(at: index)
    queues.insert(restored, at: min(deleted.formerIndex, queues.count))
  }

  /// Forgets the queues deleted more than 30 days before `now`.
  public mutating func purgeExpiredDeletions(now: Date = Date()) {
    let limit = Double(QueueLibrary.restorableDays * 86_400)
    deletedQueues.removeAll { now.timeIntervalSince($0.deletedAt) > limit }
  }

  /// The deleted queues that ``restore(_:now:)`` still takes at `now` (deleted at most 30 days before), in
  /// the order they were deleted; the expired ones stay in ``deletedQueues`` until the next purge.
  ///
  /// - Complexity: O(*d*) in the number of deleted queues.
  public func restorableDeletedQueues(now: Date = Date()) -> [DeletedQueue] {
    deletedQueues.filter { !isExpired($0, now: now) }
  }

  func isExpired(_ deleted: DeletedQueue, now: Date) -> Bool {
    now.timeIntervalSince(deleted.deletedAt) > Double(QueueLibrary.restorableDays * 86_400)
  }

  /// Removes every episode from a queue.
  ///
  /// - Returns: What ``undoClear(_:now:)`` needs to put the episodes back.
  /// - Throws: ``QueueError/unknownQueue(_:)``.
  @discardableResult
  public mutating func clear(_ id: QueueID, now: Date = Date()) throws(QueueError) -> ClearedEpisodes {
    let queue = try queue(id)
    let cleared = ClearedEpisodes(queueID: id, episodes: queue.episodes, currentIndex: queue.currentIndex)
    modify(existing: id, now: now) { queue in
      queue.episodes = []
      queue.currentIndex = 0
    }
    return cleared
  }

  /// Puts back the episodes a ``clear(_:now:)`` removed, before any added since (an episode added since
  /// stays where it is), with the playhead where it was.
  ///
  /// - Throws: ``QueueError/undoUnavailable(queueName:)`` when the queue was deleted since.
  public mutating func undoClear(_ cleared: ClearedEpisodes, now: Date = Date()) throws(QueueError) {
    guard self[cleared.queueID] != nil else {
      let name = deletedQueues.first { $0.queue.id == cleared.queueID }?.queue.name ?? cleared.queueID.rawValue
      throw .undoUnavailable(queueName: name)
    }
    modify(existing: cleared.queueID, now: now) { queue in
      let added = queue.episodes
      let addedIDs = Set(added.map(\.id))
      let oldCurrent = cleared.currentIndex < cleared.episodes.count ? cleared.episodes[cleared.currentIndex].id : nil
      let restored = cleared.episodes.filter { !addedIDs.contains($0.id) }
      let wasAtEnd = oldCurrent == nil
      queue.episodes = restored + added
      if let oldCurrent, let index = queue.index(of: oldCurrent) {
        queue.currentIndex = index
      } else {
        queue.currentIndex = wasAtEnd ? restored.count + min(queue.currentIndex, added.count) : 0
      }
    }
  }

  /// Applies an internal change that cannot fail to a queue known to exist.
  mutating func modify(existing id: QueueID, now: Date, _ body: (inout Queue) -> Void) {
    guard let index = queues.firstIndex(where: { $0.id == id }) else { preconditionFailure("no queue \(id)") }
    var queue = queues[index]
    body(&queue)
    if queue != queues[index] {
      queue.lastModified = now.wholeSeconds
      queues[index] = queue
    }
  }
}
