import Foundation
import Queues
import SmartFill
import SmartFillSupport

// The edits, with the meanings of `QueueLibrary`'s and `Queue`'s operations: each checks what the queue
// rules check, makes dots and stamps for what it changes, and removes only what this device has seen.

extension ReplicatedLibrary {
  // MARK: Episodes

  /// Inserts episodes at `index` of queue `id`, in the order given, as one run (they stay together on every
  /// device); episodes the queue holds are moved there, and a repeated episode counts once.
  ///
  /// - Parameters:
  ///   - references: The episodes to insert.
  ///   - id: The queue.
  ///   - index: From 0 to the number of episodes, counted before the moved ones leave their places.
  ///   - now: The time of the edit, on the device's clock.
  /// - Throws: ``SyncError/queue(_:)`` with an unknown queue, an index out of range or an invalid reference.
  /// - Complexity: O(*n* log *n* + *m*) in the queue's and the inserted episodes.
  public mutating func insert(_ references: [EpisodeReference], into id: QueueID, at index: Int, now: Date)
    throws(SyncError)
  {
    try place(references, into: id, at: index, automatic: false, now: now)
  }

  /// Inserts episodes after the current one (at the end when the queue has been played through).
  public mutating func playNext(_ references: [EpisodeReference], in id: QueueID, now: Date) throws(SyncError) {
    let queue = try visibleQueue(id)
    let order = queue.order(finished: finished)
    let current = queue.currentIndex(in: order)
    try place(references, into: id, at: current < order.count ? current + 1 : order.count, automatic: false, now: now)
  }

  /// Appends episodes at the end of the queue.
  ///
  /// - Complexity: O(*n* + *m*): the end needs no sorting.
  public mutating func playLast(_ references: [EpisodeReference], in id: QueueID, now: Date) throws(SyncError) {
    try place(references, into: id, at: nil, automatic: false, now: now)
  }

  /// Appends episodes as an automatic add does (a smart fill, a new episode of a followed show): an episode
  /// finished anywhere this device knows of, or already in the queue, is left out.
  ///
  /// - Returns: The episodes added.
  @discardableResult
  public mutating func addAutomatically(_ references: [EpisodeReference], to id: QueueID, now: Date)
    throws(SyncError) -> [EpisodeID]
  {
    try place(references, into: id, at: nil, automatic: true, now: now)
  }

  /// Inserts at `index`, or at the end when it is `nil` (without sorting the queue), stamped `stamp` when given
  /// (a routing stamps all its adds alike, so that merged devices' routings keep one device's order).
  @discardableResult
  mutating func place(
    _ references: [EpisodeReference], into id: QueueID, at index: Int?, automatic: Bool, now: Date,
    stamp: HybridTimestamp? = nil
  ) throws(SyncError) -> [EpisodeID] {
    for reference in references {
      do { try reference.validate() } catch { throw .queue(error) }
    }
    var queue = try visibleQueue(id)
    var seen: Set<EpisodeID> = []
    var unique = references.filter { seen.insert($0.id).inserted }
    if automatic {
      unique.removeAll { reference in
        finished.contains(reference.id)
          || queue.entries[reference.id].map { queue.isShown(reference.id, $0, finished: finished) } == true
      }
    }
    let moving = Set(unique.map(\.id))
    let before: Position?
    let after: Position?
    let order = queue.order(finished: finished)
    let current = queue.currentIndex(in: order)
    if let index {
      guard (0...order.count).contains(index) else {
        throw .queue(.indexOutOfRange(index: index, validRange: 0...order.count, queueName: queue.name))
      }
      before = order[..<index].last { !moving.contains($0.episode) }?.position
      after = order[index...].first { !moving.contains($0.episode) }?.position
    } else {
      before = queue.lastPosition(finished: finished, excluding: moving)
      after = nil
    }
    guard !unique.isEmpty else { return [] }
    let stamp = stamp ?? clock.tick(now: now)
    let dots = unique.map { _ in newDot(in: &queue) }
    let positions = positions(unique.count, between: before, and: after, first: dots[0])
    for (offset, reference) in unique.enumerated() {
      var entry = queue.entries[reference.id] ?? ReplicatedQueue.Entry()
      // Adding a finished episode again starts it afresh: a position written (here or on a device not yet
      // heard from) before the finish must lose to this one, so it is written even when it is 0.
      let startsAfresh = finished.marks[reference.id] != nil && !queue.isShown(reference.id, entry, finished: finished)
      let add = ReplicatedQueue.Add(
        finishesSeen: finished.marks[reference.id] ?? VersionVector(), stamp: stamp, info: EpisodeInfo(reference),
        removalsSeen: automatic ? queue.handRemovals.seen(of: reference.id) : nil)
      // The new add takes the place of the adds and moves seen (a re-add moves the episode).
      entry.adds = [dots[offset]: add]
      entry.moves = [newDot(in: &queue): .init(value: positions[offset], stamp: stamp)]
      if startsAfresh || (entry.progress.isEmpty && reference.playbackPositionSeconds > 0) {
        entry.progress = [newDot(in: &queue): .init(value: reference.playbackPositionSeconds, stamp: stamp)]
      }
      queue.entries[reference.id] = entry
    }
    keepPlayhead(of: &queue, from: order, current: current, added: moving, now: now)
    store(queue, now: now)
    return unique.map(\.id)
  }

  /// Removes `episode` from queue `id`: the adds, moves and positions of it this device has seen.
  ///
  /// - Throws: ``SyncError/queue(_:)`` with an unknown queue or `QueueError.episodeNotInQueue(_:queueName:)`.
  public mutating func remove(_ episode: EpisodeID, from id: QueueID, now: Date) throws(SyncError) {
    var queue = try visibleQueue(id)
    guard let entry = queue.entries[episode], queue.isShown(episode, entry, finished: finished) else {
      throw .queue(.episodeNotInQueue(episode, queueName: queue.name))
    }
    let order = queue.order(finished: finished)
    let current = queue.currentIndex(in: order)
    _ = clock.tick(now: now)
    queue.entries[episode] = nil
    keepPlayhead(of: &queue, from: order, current: current, added: [], now: now)
    store(queue, now: now)
  }

  /// Moves the episodes at `offsets` before the one at `destination`, keeping their order, as one run (the
  /// convention of SwiftUI's `onMove`, as `Queue.move(fromOffsets:toOffset:)`).
  ///
  /// - Throws: ``SyncError/queue(_:)`` with an unknown queue or an index out of range.
  /// - Complexity: O(*n* log *n*) in the queue's episodes.
  public mutating func move(fromOffsets offsets: IndexSet, toOffset destination: Int, in id: QueueID, now: Date)
    throws(SyncError)
  {
    var queue = try visibleQueue(id)
    let order = queue.order(finished: finished)
    let current = queue.currentIndex(in: order)
    if let bad = offsets.first(where: { $0 < 0 || $0 >= order.count }) {
      throw .queue(.indexOutOfRange(index: bad, validRange: 0...max(0, order.count - 1), queueName: queue.name))
    }
    guard (0...order.count).contains(destination) else {
      throw .queue(.indexOutOfRange(index: destination, validRange: 0...order.count, queueName: queue.name))
    }
    guard !offsets.isEmpty else { return }
    let moved = offsets.map { order[$0].episode }
    let before = order[..<destination].enumerated().last { !offsets.contains($0.offset) }?.element.position
    let after = order[destination...].enumerated().first { !offsets.contains(destination + $0.offset) }?.element
      .position
    let stamp = clock.tick(now: now)
    let dots = moved.map { _ in newDot(in: &queue) }
    let positions = positions(moved.count, between: before, and: after, first: dots[0])
    for (offset, episode) in moved.enumerated() {
      queue.entries[episode]?.moves = [dots[offset]: .init(value: positions[offset], stamp: stamp)]
    }
    keepPlayhead(of: &queue, from: order, current: current, added: [], now: now)
    store(queue, now: now)
  }

  /// Makes the episode at `index` of queue `id` the current one, or moves the playhead past the end when
  /// `index` is the number of episodes.
  public mutating func makeCurrent(at index: Int, in id: QueueID, now: Date) throws(SyncError) {
    var queue = try visibleQueue(id)
    let order = queue.order(finished: finished)
    guard (0...order.count).contains(index) else {
      throw .queue(.indexOutOfRange(index: index, validRange: 0...order.count, queueName: queue.name))
    }
    let head =
      index < order.count
      ? ReplicatedQueue.Playhead(episode: order[index].episode, position: order[index].position)
      : ReplicatedQueue.Playhead(episode: nil, position: order.last?.position)
    queue.playhead.write(head, stamp: clock.tick(now: now))
    store(queue, now: now)
  }

  /// Records where playback of queue `id`'s current episode stopped; nothing happens past the end.
  ///
  /// - Throws: ``SyncError/queue(_:)`` with `QueueError.invalidPosition(seconds:episode:durationSeconds:)`.
  public mutating func recordPosition(_ seconds: Int, in id: QueueID, now: Date) throws(SyncError) {
    var queue = try visibleQueue(id)
    let order = queue.order(finished: finished)
    let index = queue.currentIndex(in: order)
    guard index < order.count, let entry = queue.entries[order[index].episode] else { return }
    let duration = entry.info?.durationSeconds
    if seconds < 0 || seconds > (duration ?? EpisodeReference.maximumDurationSeconds) {
      throw .queue(.invalidPosition(seconds: seconds, episode: order[index].episode, durationSeconds: duration))
    }
    let dot = newDot(in: &queue)
    queue.entries[order[index].episode]?.progress = [dot: .init(value: seconds, stamp: clock.tick(now: now))]
    // The playhead names the episode the position was recorded for, so that an episode another device puts
    // before it meanwhile does not take its place (and its next position).
    keepPlayhead(of: &queue, from: order, current: index, added: [], pinning: true, now: now)
    store(queue, now: now)
  }

  /// Marks an episode finished: it leaves every queue on every device, and an add made before the finish
  /// (an automatic one on a device that has not synced yet included) cannot bring it back.
  ///
  /// - Returns: The queues it left.
  @discardableResult
  public mutating func markFinished(_ episode: EpisodeID, now: Date) -> [QueueID] {
    let shownIn = visibleQueueIDs.filter { episodes(in: $0).contains(episode) }
    // The orders before the finish, for the episode after it to become current where it was.
    let orders = queues.compactMapValues {
      queue -> (order: [(episode: EpisodeID, position: Position)], current: Int)? in
      guard queue.entries[episode] != nil else { return nil }
      let order = queue.order(finished: finished)
      return (order, queue.currentIndex(in: order))
    }
    counter += 1
    finished.marks[episode, default: VersionVector()].insert(Dot(replica, counter))
    edited.library = true
    _ = clock.tick(now: now)
    for (id, (order, current)) in orders {
      var queue = queues[id]!
      queue.entries[episode] = nil
      keepPlayhead(of: &queue, from: order, current: current, added: [], now: now)
      store(queue, now: now)
    }
    return shownIn
  }

  /// Removes every episode this device has seen from queue `id`, and puts the playhead at the start.
  public mutating func clear(_ id: QueueID, now: Date) throws(SyncError) {
    var queue = try visibleQueue(id)
    queue.entries = [:]
    queue.playhead.write(.start, stamp: clock.tick(now: now))
    store(queue, now: now)
  }

  // MARK: The playhead

  /// Writes the playhead of `queue` where `Queue.currentIndex(after:current:becoming:added:)` (the definition
  /// `Queues` follows) puts the current episode after an edit that took the queue from `order` (where it was at
  /// `current`, read before the edit), when the
  /// register would put it elsewhere; with `pinning`, also when the register does not name that episode
  /// itself (an episode another device puts before it then cannot take its place). The register is written
  /// no more than that, so that an edit does not override another device's concurrent choice of episode.
  ///
  /// - Complexity: O(*n* log *n*) in the queue's entries.
  mutating func keepPlayhead(
    of queue: inout ReplicatedQueue, from order: [(episode: EpisodeID, position: Position)], current: Int,
    added: Set<EpisodeID>, pinning: Bool = false, now: Date
  ) {
    // The register named the current episode and the queue still shows it: it stays current, by name.
    if let named = queue.playhead.value.episode, current < order.count, order[current].episode == named,
      let entry = queue.entries[named], queue.isShown(named, entry, finished: finished)
    {
      return
    }
    let new = queue.order(finished: finished)
    let expected = Queue.currentIndex(
      after: order.map(\.episode), current: current, becoming: new.map(\.episode), added: added)
    let named = expected < new.count ? new[expected].episode : nil
    if queue.currentIndex(in: new) == expected && (!pinning || queue.playhead.value.episode == named) { return }
    let head: ReplicatedQueue.Playhead =
      expected < new.count
      ? .init(episode: new[expected].episode, position: new[expected].position)
      : .init(episode: nil, position: new.last?.position)
    queue.playhead.write(head, stamp: clock.tick(now: now))
  }
}
