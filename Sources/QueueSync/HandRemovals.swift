import SmartFill

/// The removals by hand of a queue's episodes, as dots, so that whether an automatic add knew of a removal is
/// causal (as for finishes, see ``FinishedEpisodes``), never a matter of clocks.
///
/// Each removal by hand gets a dot; a state keeps, for each episode and each device that removed it, that
/// device's latest removal (its counter and stamp): a ``VersionVector`` per episode, merged by union. An
/// automatic add records the removals of its episode its device knew (`ReplicatedQueue.Add.removalsSeen`); it
/// shows only if it knew them all, so that a routing made before its device heard of a concurrent removal by
/// hand does not bring the episode back. A manual add records nothing and shows whatever the removals (the
/// listener put the episode back).
///
/// The marks are bounded as the queue's removals by hand are: the latest ``maximum`` marks by (stamp, counter,
/// episode, replica) stay, the older are forgotten. Keeping the latest *n* of a union of per-key maxima is
/// commutative, associative and idempotent: a mark a state dropped for age had *n* later marks there, which
/// every merge including that state holds (or later marks of the same keys), so the mark is never among the
/// latest *n* of such a merge.
struct HandRemovals: Sendable, Hashable {
  /// A device's latest removal by hand of an episode: its dot's counter and its stamp.
  struct Mark: Sendable, Hashable, Comparable {
    var counter: Int
    var stamp: HybridTimestamp

    static func < (lhs: Mark, rhs: Mark) -> Bool { (lhs.stamp, lhs.counter) < (rhs.stamp, rhs.counter) }
  }

  /// The most marks a queue keeps: as many as its removals by hand.
  static var maximum: Int { ReplicatedQueue.maximumRemovalsByHand }

  /// The marks, by episode, then by the device that removed it.
  private(set) var marks: [EpisodeID: [ReplicaID: Mark]] = [:]
  /// The number of marks (pairs of episode and device).
  private(set) var count = 0

  /// No removal by hand.
  init() {}

  /// Whether there is no mark.
  var isEmpty: Bool { count == 0 }

  /// The removals of `episode` as a version vector (what an automatic add of it records), empty when none.
  ///
  /// - Complexity: O(*r*) in the devices that removed it.
  func seen(of episode: EpisodeID) -> VersionVector {
    VersionVector(marks[episode]?.mapValues(\.counter) ?? [:])
  }

  /// Whether an add that recorded `removalsSeen` (`nil` for a manual add) knew of every removal of `episode`.
  ///
  /// - Complexity: O(*r*) in the devices that removed it.
  func admits(_ removalsSeen: VersionVector?, of episode: EpisodeID) -> Bool {
    guard let removalsSeen, let removals = marks[episode] else { return true }
    return removals.allSatisfy { removalsSeen[$0.key] >= $0.value.counter }
  }

  /// Records the removal by hand of `episode` with `dot`, at `stamp`.
  ///
  /// - Complexity: O(1), O(*x*) at the bound.
  mutating func record(_ dot: Dot, of episode: EpisodeID, stamp: HybridTimestamp) {
    insert(Mark(counter: dot.counter, stamp: stamp), of: episode, by: dot.replica)
    trim()
  }

  /// Both states' marks: each device's latest removal of each episode, then the latest ``maximum``.
  ///
  /// - Complexity: O(*x* + *y*) in the two states' marks, O(*x* log *x*) past the bound.
  func merged(with other: HandRemovals) -> HandRemovals {
    var result = self
    for (episode, removals) in other.marks {
      for (replica, mark) in removals { result.insert(mark, of: episode, by: replica) }
    }
    result.trim()
    return result
  }

  /// Sets a mark, keeping the later of two marks of one episode and device; the bound is the caller's.
  mutating func insert(_ mark: Mark, of episode: EpisodeID, by replica: ReplicaID) {
    if let old = marks[episode]?[replica] {
      if old < mark { marks[episode]![replica] = mark }
    } else {
      marks[episode, default: [:]][replica] = mark
      count += 1
    }
  }

  /// Forgets the oldest marks beyond ``maximum``, by (mark, episode, replica).
  ///
  /// - Complexity: O(*x*) one over the bound, O(*x* log *x*) beyond.
  private mutating func trim() {
    guard count > Self.maximum else { return }
    var all: [(mark: Mark, episode: EpisodeID, replica: ReplicaID)] = []
    all.reserveCapacity(count)
    for (episode, removals) in marks {
      for (replica, mark) in removals { all.append((mark, episode, replica)) }
    }
    func older(_ a: (mark: Mark, episode: EpisodeID, replica: ReplicaID), _ b: (Mark, EpisodeID, ReplicaID)) -> Bool {
      (a.mark, a.episode, a.replica) < b
    }
    // One over the bound (a removal at the bound) needs the oldest only, not a sort.
    let dropped =
      count == Self.maximum + 1
      ? all.min(by: older).map { [$0] } ?? [] : Array(all.sorted(by: older).prefix(count - Self.maximum))
    for (_, episode, replica) in dropped {
      marks[episode]![replica] = nil
      if marks[episode]!.isEmpty { marks[episode] = nil }
      count -= 1
    }
  }
}

extension IdentityMove {
  /// A queue's removal marks with the moved events under the new identity: a mark of `old` after `after`
  /// becomes the new identity's, and `old` keeps a mark at `after` in its place, because the loaded state had
  /// seen every event of `old` up to it (so the mark stands for `old`'s earlier removals the moved one replaced,
  /// as the moved adds' `removalsSeen` do through ``context(_:)``).
  ///
  /// - Complexity: O(*x*) in the marks.
  func handRemovals(_ removals: HandRemovals) -> HandRemovals {
    var result = HandRemovals()
    for (episode, byReplica) in removals.marks {
      for (replica, mark) in byReplica {
        let moved = dot(Dot(replica, mark.counter))
        result.insert(.init(counter: moved.counter, stamp: mark.stamp), of: episode, by: moved.replica)
        if moved.replica != replica { result.insert(.init(counter: after, stamp: mark.stamp), of: episode, by: old) }
      }
    }
    return result
  }
}
