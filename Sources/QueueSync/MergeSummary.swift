import Queues

/// What a merge changed that the listener should hear of, with the device that changed it: "iPad added 2
/// episodes to 🚗 Commute; 1 removed" (the design's "Queue updated from [device name]"). A device's own
/// changes coming back make none.
public struct MergeSummary: Sendable, Hashable, CustomStringConvertible {
  /// What changed.
  public enum Change: Sendable, Hashable {
    /// Episodes were added or removed (or only reordered, when both are 0).
    case episodes(added: Int, removed: Int)
    /// The queue was created.
    case created
    /// The queue was renamed; its old name.
    case renamed(from: String)
    /// The queue was deleted.
    case deleted
    /// This device deleted the queue, but the other device added episodes to it meanwhile: it is kept, with
    /// those episodes.
    case keptAfterDeletion(added: Int)
    /// Another device deleted the queue long ago and its record is gone from the server, but this device still
    /// showed it (it was away for months): it is kept under a new identifier, with its episodes.
    case keptAfterCollection(newID: QueueID)
  }

  /// The device the change came from, by its name.
  public var deviceName: String
  /// The queue's name (its new name after a rename).
  public var queueName: String
  /// What changed.
  public var change: Change

  /// Creates a summary.
  public init(deviceName: String, queueName: String, change: Change) {
    self.deviceName = deviceName
    self.queueName = queueName
    self.change = change
  }

  /// The sentence to show.
  public var description: String {
    switch change {
    case .episodes(0, 0):
      return "\(deviceName) reordered \(queueName)"
    case .episodes(let added, 0):
      return "\(deviceName) added \(Self.episodes(added)) to \(queueName)"
    case .episodes(0, let removed):
      return "\(deviceName) removed \(Self.episodes(removed)) from \(queueName)"
    case .episodes(let added, let removed):
      return "\(deviceName) added \(Self.episodes(added)) to \(queueName); \(removed) removed"
    case .created:
      return "\(deviceName) created \(queueName)"
    case .renamed(let old):
      return "\(deviceName) renamed \(old) to \(queueName)"
    case .deleted:
      return "\(deviceName) deleted \(queueName)"
    case .keptAfterDeletion(let added):
      return "\(queueName) was deleted on this device, but \(deviceName) added \(Self.episodes(added)) to it "
        + "meanwhile; it is kept with them"
    case .keptAfterCollection:
      return "\(deviceName) deleted \(queueName) while this device was away; it is kept here, as a new queue"
    }
  }

  private static func episodes(_ count: Int) -> String { count == 1 ? "1 episode" : "\(count) episodes" }
}
