import Foundation

/// A stamp of a hybrid logical clock: the writer's wall time in milliseconds, a logical count for events in
/// the same millisecond (or while the wall clock lags behind a time already seen), and the replica, which
/// breaks ties. Stamps order the writes of a last-writer-wins ``Register``.
///
/// A device whose clock is wrong only wins or loses registers it would not have otherwise; nothing that
/// decides whether an episode survives (the dots and version vectors) looks at a stamp.
package struct HybridTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Milliseconds since 1970, as the writer's clock (or a later stamp it had seen) said.
  package var milliseconds: Int64
  /// Events within the same millisecond, from 0.
  package var logical: Int
  /// The writer.
  package var replica: ReplicaID

  /// Creates a stamp.
  package init(milliseconds: Int64, logical: Int = 0, replica: ReplicaID) {
    self.milliseconds = milliseconds
    self.logical = logical
    self.replica = replica
  }

  /// The stamp of the state every device starts from: before every other.
  package static let genesis = HybridTimestamp(milliseconds: 0, logical: 0, replica: .genesis)

  /// The wall time of the stamp.
  package var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

  package static func < (lhs: HybridTimestamp, rhs: HybridTimestamp) -> Bool {
    (lhs.milliseconds, lhs.logical, lhs.replica) < (rhs.milliseconds, rhs.logical, rhs.replica)
  }

  /// "milliseconds.logical@replica".
  package var description: String { "\(milliseconds).\(logical)@\(replica)" }
}

/// A replica's hybrid logical clock: every stamp it makes is later than every stamp it made or saw before,
/// and stays close to the wall clock when the wall clock is right.
package struct HybridClock: Sendable, Hashable {
  /// The replica whose stamps these are.
  package let replica: ReplicaID
  /// The latest stamp made or seen.
  package private(set) var latest: HybridTimestamp

  /// A clock that has made and seen nothing yet.
  package init(replica: ReplicaID, latest: HybridTimestamp = .genesis) {
    self.replica = replica
    self.latest = latest
  }

  /// A new stamp for an event at `now` (the device's wall clock, right or wrong).
  ///
  /// - Complexity: O(1).
  package mutating func tick(now: Date) -> HybridTimestamp {
    let wall = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
    if wall > latest.milliseconds {
      latest = HybridTimestamp(milliseconds: wall, logical: 0, replica: replica)
    } else {
      latest = HybridTimestamp(milliseconds: latest.milliseconds, logical: latest.logical + 1, replica: replica)
    }
    return latest
  }

  /// Takes note of a stamp seen in another replica's state, so that the next tick is later.
  package mutating func observe(_ stamp: HybridTimestamp) {
    if (stamp.milliseconds, stamp.logical) > (latest.milliseconds, latest.logical) {
      latest = HybridTimestamp(milliseconds: stamp.milliseconds, logical: stamp.logical, replica: replica)
    }
  }
}
