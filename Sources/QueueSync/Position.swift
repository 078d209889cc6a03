/// A place in a queue's order, from a dense sequence in which episodes added together stay together and runs
/// inserted at the same place by two devices never interleave.
///
/// A position is a path in a tree, in the manner of Fugue: each level names a run (the replica and the
/// counter of the event that started it) and an index in it. A new episode is placed as a right child of the
/// episode before it (or, when that one already has right children in the way, as a left child of the one
/// after it), so two devices inserting at the same place make two sibling runs, ordered by their runs'
/// identities and each kept whole. A device appending after the last episode of its own run continues the
/// run, and one inserting before the first episode of its own left run continues that run leftwards, so the
/// paths stay short when one device adds episode after episode, or "play next" after "play next".
///
/// The order: paths compare level by level; a level on the left side (negative index) sorts before its
/// parent, one on the right side (positive index) after it; siblings sort by run, then by index.
package struct Position: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// One level of the path: a run and an index in it.
  package struct Level: Sendable, Hashable, CustomStringConvertible {
    /// The index in the run: positive on the right side of the parent, negative on the left; never 0.
    package var index: Int
    /// The replica that started the run.
    package var replica: ReplicaID
    /// The counter of the event that started the run.
    package var counter: Int

    /// Creates a level.
    package init(index: Int, replica: ReplicaID, counter: Int) {
      precondition(index != 0, "a position's index is never 0")
      self.index = index
      self.replica = replica
      self.counter = counter
    }

    /// Orders two levels at the same depth: side, then run, then index.
    @inline(__always)
    static func precedes(_ lhs: Level, _ rhs: Level) -> Bool {
      let leftSide = lhs.index > 0
      if leftSide != (rhs.index > 0) { return !leftSide }
      if lhs.replica.rawValue != rhs.replica.rawValue { return lhs.replica.rawValue < rhs.replica.rawValue }
      if lhs.counter != rhs.counter { return lhs.counter < rhs.counter }
      return lhs.index < rhs.index
    }

    /// "index/replica:counter".
    package var description: String { "\(index)/\(replica):\(counter)" }
  }

  /// The levels, from the root.
  package var levels: [Level]

  /// A position of the given levels (at least one).
  package init(_ levels: [Level]) {
    precondition(!levels.isEmpty, "a position has at least one level")
    self.levels = levels
  }

  package static func < (lhs: Position, rhs: Position) -> Bool {
    let left = lhs.levels
    let right = rhs.levels
    let shared = min(left.count, right.count)
    var depth = 0
    while depth < shared {
      let a = left[depth]
      let b = right[depth]
      if a.index != b.index || a.counter != b.counter || a.replica.rawValue != b.replica.rawValue {
        return Level.precedes(a, b)
      }
      depth += 1
    }
    if left.count == right.count { return false }
    // One is an ancestor of the other: the descendant is on the side its next level says.
    if left.count < right.count { return right[shared].index > 0 }
    return left[shared].index < 0
  }

  /// Whether `self` is a proper descendant of `ancestor`.
  func descends(from ancestor: Position) -> Bool {
    levels.count > ancestor.levels.count && levels.starts(with: ancestor.levels)
  }

  /// `count` new positions in order, strictly between `before` and `after` (`nil` for the queue's start
  /// and end), as one run of `replica` started by the event `counter`.
  ///
  /// - Parameters:
  ///   - count: How many positions to make.
  ///   - before: The position the run follows, or `nil` for the queue's start.
  ///   - after: The position the run precedes, or `nil` for the queue's end.
  ///   - replica: The device making the run.
  ///   - counter: The event that starts the run.
  ///   - latest: The position of this replica's latest run that is next to no index given out: its last
  ///     (on the right of its parent) or its first (on the left). When `before` is a right one, or `after` a
  ///     left one, the new run continues that run (its indices were never given out, so no edit of another
  ///     device can sit between them).
  /// - Precondition: `before < after` when both are given; `count` ≥ 1.
  /// - Complexity: O(*d* + *count*), where *d* is the depth of the neighbours' paths.
  package static func run(
    _ count: Int, between before: Position?, and after: Position?, replica: ReplicaID, counter: Int,
    continuing latest: Position? = nil
  ) -> [Position] {
    precondition(count >= 1, "a run holds at least one position")
    if let before, let after { precondition(before < after, "positions out of order: \(before) ≥ \(after)") }
    // Continuing this replica's latest run, when the gap is just after its last position, keeps paths short.
    if let before, before == latest, let last = before.levels.last, last.index > 0, last.replica == replica {
      let parent = before.levels.dropLast()
      let continued = (1...count).map {
        Position(parent + [Level(index: last.index + $0, replica: replica, counter: last.counter)])
      }
      if after.map({ continued[count - 1] < $0 }) ?? true { return continued }
    }
    // Continuing it leftwards, when the gap is just before its first position and that one is on the left of
    // its parent, keeps them short when episodes go one by one before the same place ("play next", the top).
    if let after, after == latest, let first = after.levels.last, first.index < 0, first.replica == replica {
      let parent = after.levels.dropLast()
      let continued = (0..<count).map {
        Position(parent + [Level(index: first.index - count + $0, replica: replica, counter: first.counter)])
      }
      if before.map({ $0 < continued[0] }) ?? true { return continued }
    }
    let leftOfAfter: Bool
    if let after, let before {
      // Either parent is valid unless one neighbour descends from the other; the shallower keeps paths short.
      leftOfAfter =
        after.descends(from: before) || (!before.descends(from: after) && after.levels.count < before.levels.count)
    } else {
      leftOfAfter = after != nil
    }
    if let after, leftOfAfter {
      // A left run of `after` (the gap is inside `before`'s right subtree, at the start, or `after` is shallower).
      return (0..<count).map {
        Position(after.levels + [Level(index: $0 - count, replica: replica, counter: counter)])
      }
    }
    let parent = before?.levels ?? []
    return (1...count).map { Position(parent + [Level(index: $0, replica: replica, counter: counter)]) }
  }

  /// A place in the library's list of queues strictly between `before` and `after`, as
  /// ``run(_:between:and:replica:counter:continuing:)`` makes one, except at the end of the list (no `after`):
  /// there it is a run of its own (`replica`, `counter`, so no two places are equal) under the top-level place
  /// just after the top level of `before`'s path. Queues created or moved one after another at the end then keep
  /// two-level places, where a run's right child went one level deeper each time (430 levels after syncbench's
  /// 100,000-edit history).
  ///
  /// - Complexity: O(*d*) in the depth of the neighbours' paths.
  package static func listPlace(between before: Position?, and after: Position?, replica: ReplicaID, counter: Int)
    -> Position
  {
    // Every top-level index is positive (a left run is always a child), so the next index sorts after the whole
    // subtree of `before`'s top level.
    guard after == nil, let top = before?.levels.first, top.index > 0 else {
      return run(1, between: before, and: after, replica: replica, counter: counter)[0]
    }
    return Position([
      Level(index: top.index + 1, replica: top.replica, counter: top.counter),
      Level(index: 1, replica: replica, counter: counter),
    ])
  }

  /// The levels, "1/a:3.2/b:7".
  package var description: String { levels.map(\.description).joined(separator: ".") }
}
