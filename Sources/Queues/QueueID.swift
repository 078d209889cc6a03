import Foundation

/// Identifies a queue in a library, across renames, saves and devices.
public struct QueueID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The identifier's text: a lowercase UUID for queues the user creates, a fixed word for the built-in ones.
  public var rawValue: String

  /// Creates an identifier from its text.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates an identifier from its text.
  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  /// A new random identifier (a lowercase UUID).
  public static func random() -> QueueID {
    QueueID(UUID().uuidString.lowercased())
  }

  /// Up Next, the queue that always exists.
  public static let upNext = QueueID("up-next")
  /// The built-in Commute queue.
  public static let commute = QueueID("commute")
  /// The built-in Workout queue.
  public static let workout = QueueID("workout")
  /// The built-in Sleep queue.
  public static let sleep = QueueID("sleep")

  public static func < (lhs: QueueID, rhs: QueueID) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String { rawValue }
}
