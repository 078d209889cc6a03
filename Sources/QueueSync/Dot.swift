/// A device's identity in sync: a random identifier made once per installation, never reused, so that what
/// two installations write can never be mistaken for each other's.
public struct ReplicaID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The identifier's text (a lowercase UUID for real devices).
  public var rawValue: String

  /// Creates an identifier from its text.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Creates an identifier from its text.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// The replica of the state every device starts from (the built-in queues): the empty identifier.
  package static let genesis = ReplicaID("")

  public static func < (lhs: ReplicaID, rhs: ReplicaID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { rawValue }
}

/// The identity of one event of a replica: the replica and its event counter (from 1), unique for ever.
///
/// Every add of an episode, every move, every playback position and every queue creation gets a dot; a state
/// holds an event while it holds its dot, and a ``VersionVector`` says which dots a state has seen.
package struct Dot: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The replica that made the event.
  package var replica: ReplicaID
  /// The replica's counter for the event, from 1.
  package var counter: Int

  /// Creates a dot.
  package init(_ replica: ReplicaID, _ counter: Int) {
    self.replica = replica
    self.counter = counter
  }

  package static func < (lhs: Dot, rhs: Dot) -> Bool {
    (lhs.replica, lhs.counter) < (rhs.replica, rhs.counter)
  }

  /// "replica:counter".
  package var description: String { "\(replica):\(counter)" }
}
