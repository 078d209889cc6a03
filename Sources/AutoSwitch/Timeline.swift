import Foundation
import Queues

/// A simulated day (or drive, or week): the engine's settings and timed events, in time order; running it
/// feeds each event to an engine and logs the decisions, so that a scenario can be replayed and read.
public struct Timeline: Sendable, Hashable {
  /// One event and when it happened.
  public struct Event: Sendable, Hashable {
    /// When.
    public var at: Date
    /// What.
    public var event: ContextEvent

    /// Creates a timed event.
    public init(at: Date, _ event: ContextEvent) {
      self.at = at
      self.event = event
    }
  }

  /// One line of the log: the event and the decision it led to.
  public struct Entry: Sendable, Hashable {
    /// When the event happened.
    public var at: Date
    /// The event.
    public var event: ContextEvent
    /// The engine's decision.
    public var decision: Decision
  }

  /// The most events a timeline holds: 1,000,000.
  public static let maximumEventCount = 1_000_000

  /// The largest timeline file a program should read: 256 MiB, room for the most events written out with
  /// their indentation.
  public static let maximumFileBytes = 256 << 20

  /// The engine's settings.
  public var settings: AutoSwitchSettings
  /// The events, in time order.
  public var events: [Event]

  /// Creates a timeline; `events` must be in time order.
  public init(settings: AutoSwitchSettings, events: [Event]) {
    precondition(zip(events, events.dropFirst()).allSatisfy { $0.at <= $1.at }, "events must be in time order")
    self.settings = settings
    self.events = events
  }

  /// Feeds every event to a new engine, in order, starting from `library`.
  ///
  /// - Returns: The log, one entry per event, and the library as the decisions left it.
  /// - Complexity: O(*e* · *q* · *r*) in the events, queues and rules.
  public func run(on library: QueueLibrary) -> (log: [Entry], library: QueueLibrary) {
    var engine = AutoSwitchEngine(settings: settings)
    var library = library
    var log: [Entry] = []
    log.reserveCapacity(events.count)
    for event in events {
      log.append(
        Entry(at: event.at, event: event.event, decision: engine.handle(event.event, at: event.at, in: &library)))
    }
    return (log, library)
  }
}
