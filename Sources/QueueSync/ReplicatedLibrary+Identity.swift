import SmartFill

/// A move of the events a replica made after a counter to a new replica identity: what a device restored
/// from a backup (or copied to a new phone) does with the edits it made before it learnt that its identity
/// had been used meanwhile, so that they never share dots with the events it made after the backup and lost.
struct IdentityMove {
  /// The identity whose later events move.
  let old: ReplicaID
  /// The identity they move to.
  let new: ReplicaID
  /// The last counter that stays with `old`: the device's counter when its state was loaded.
  let after: Int
  /// The finished episodes when the state was loaded: each episode's latest finish by `old` up to `after`.
  let loadedFinishes: FinishedEpisodes

  func dot(_ dot: Dot) -> Dot {
    dot.replica == old && dot.counter > after ? Dot(new, dot.counter - after) : dot
  }

  /// A state's context: what it saw of `old` up to `after` stays (only this device's events are there), the
  /// rest is the new identity's.
  func context(_ vector: VersionVector) -> VersionVector {
    guard vector[old] > after else { return vector }
    var counters = vector.counters
    counters[old] = after
    counters[new] = vector[old] - after
    return VersionVector(counters)
  }

  /// The finishes of `episode` known: `old`'s latest finish up to `after` is the one the loaded state held.
  func finishes(_ vector: VersionVector, of episode: EpisodeID) -> VersionVector {
    guard vector[old] > after else { return vector }
    var counters = vector.counters
    counters[old] = loadedFinishes.marks[episode]?[old] ?? 0
    counters[new] = vector[old] - after
    return VersionVector(counters)
  }

  func position(_ position: Position) -> Position {
    var moved = position
    for index in moved.levels.indices where moved.levels[index].replica == old && moved.levels[index].counter > after {
      moved.levels[index].replica = new
      moved.levels[index].counter -= after
    }
    return moved
  }

  /// `queue` with the moved events under the new identity, its hidden entries and creation dots included.
  ///
  /// - Complexity: O(*n*) in the queue's size.
  func queue(_ queue: ReplicatedQueue) -> ReplicatedQueue {
    var moved = queue
    moved.context = context(queue.context)
    moved.alive = Set(queue.alive.map(dot))
    moved.hiddenAlive = Set(queue.hiddenAlive.map(dot))
    moved.handRemovals = handRemovals(queue.handRemovals)
    moved.entries = queue.entries.mapValuesWithKeys(entry)
    moved.hidden = queue.hidden.mapValuesWithKeys(entry)
    let playhead = queue.playhead.value
    moved.playhead = Register(
      .init(episode: playhead.episode, position: playhead.position.map(position)), stamp: queue.playhead.stamp)
    moved.listPosition = Register(position(queue.listPosition.value), stamp: queue.listPosition.stamp)
    return moved
  }

  /// An entry of `episode` with the moved events under the new identity.
  func entry(_ episode: EpisodeID, _ entry: ReplicatedQueue.Entry) -> ReplicatedQueue.Entry {
    var result = ReplicatedQueue.Entry()
    for (key, add) in entry.adds {
      var add = add
      add.finishesSeen = finishes(add.finishesSeen, of: episode)
      // Like a context: the loaded state had seen every removal by `old` up to `after`.
      add.removalsSeen = add.removalsSeen.map(context)
      result.adds[dot(key)] = add
    }
    for (key, write) in entry.moves {
      // A respacing's replaced places move too, so that it stays a respacing under the new identity.
      result.moves[dot(key)] = .init(
        value: position(write.value), stamp: write.stamp, formerly: write.formerly.map(position))
    }
    for (key, write) in entry.progress { result.progress[dot(key)] = write }
    return result
  }
}

extension Dictionary {
  /// The dictionary with each value transformed by `transform`, which sees its key too.
  fileprivate func mapValuesWithKeys<T>(_ transform: (Key, Value) -> T) -> [Key: T] {
    Dictionary<Key, T>(uniqueKeysWithValues: map { ($0.key, transform($0.key, $0.value)) })
  }
}

extension ReplicatedLibrary {
  /// Whether `state` holds an event of this device's identity after counter `after`.
  static func holdsEvents(of replica: ReplicaID, after: Int, in state: RecordState) -> Bool {
    switch state {
    case .queue(let queue): return queue.context[replica] > after
    case .library(let finished, _): return finished.marks.values.contains { $0[replica] > after }
    }
  }

  /// Whether `state` and `loaded` may disagree on the events of `replica` after counter `after` and up to
  /// `loaded`'s counter: where both have seen such an add, one holds it and the other does not (or holds it
  /// for another episode), or a finish differs. A copy of `loaded` that went on and saved holds the same adds
  /// in that range (unless it removed some since, which cannot be told from another copy's adds there that
  /// were removed: both count as a disagreement, so that nothing is lost, at the price of bringing back such a
  /// removed episode).
  ///
  /// - Complexity: O(*n*) in the record's size.
  static func disagrees(on replica: ReplicaID, after: Int, with loaded: ReplicatedLibrary, in state: RecordState)
    -> Bool
  {
    let range = (after + 1)...max(after + 1, loaded.counter)
    switch state {
    case .library(let finished, _):
      return finished.marks.contains { episode, finishes in
        range.contains(finishes[replica]) && loaded.finished.marks[episode]?[replica] != finishes[replica]
      }
    case .queue(let queue):
      guard let mine = loaded.queueState(queue.id) else { return false }
      return IdentityEvent.adds(of: replica, in: range, of: queue, seenBy: mine.context)
        != IdentityEvent.adds(of: replica, in: range, of: mine, seenBy: queue.context)
    }
  }

  /// Moves the events this device made since it was `loaded` to the identity `newReplica`, which it uses
  /// from now on (see ``IdentityMove``).
  ///
  /// - Complexity: O(*n*) in the state's size.
  mutating func moveEvents(since loaded: ReplicatedLibrary, to newReplica: ReplicaID) {
    let move = IdentityMove(old: replica, new: newReplica, after: loaded.counter, loadedFinishes: loaded.finished)
    for (id, queue) in queues { queues[id] = move.queue(queue) }
    for (id, queue) in retired { retired[id] = move.queue(queue) }
    for (episode, finishes) in finished.marks { finished.marks[episode] = move.finishes(finishes, of: episode) }
    latestPosition = latestPosition.map(move.position)
    counter -= loaded.counter
    replica = newReplica
    clock = HybridClock(replica: newReplica, latest: clock.latest)
  }
}

/// An add of a queue's state, for ``ReplicatedLibrary/disagrees(on:after:with:in:)``: its episode and dot.
struct IdentityEvent: Hashable {
  var episode: EpisodeID
  var dot: Dot

  /// The adds by `replica` with a counter in `range` that `queue` holds and `context` has seen. (Only adds:
  /// a copy that went on replaces its creation, move and playback dots at its next edits, which would look
  /// like another copy's events; an add leaves only with a remove or a re-add.)
  ///
  /// - Complexity: O(*n*) in the queue's size.
  static func adds(
    of replica: ReplicaID, in range: ClosedRange<Int>, of queue: ReplicatedQueue, seenBy context: VersionVector
  ) -> Set<IdentityEvent> {
    var events: Set<IdentityEvent> = []
    // A hidden add is the same event as the shown one it was (a copy that deleted the queue holds it hidden).
    for (episode, entry) in [queue.entries, queue.hidden].joined() {
      for dot in entry.adds.keys where dot.replica == replica && range.contains(dot.counter) && context.contains(dot) {
        events.insert(.init(episode: episode, dot: dot))
      }
    }
    return events
  }
}
