import AutoSwitch
import Foundation
import QueueSync
import QueueSyncSimulation
import Queues
import SmartFill

/// Something that decides auto-switches from events, as ``AutoSwitchEngine`` does: the audit's scenarios run
/// through one, so that a test can plant a decider that misfires.
public protocol AutoSwitchDecider: Sendable {
  /// Takes an event seen at `time`, changes `library` as the decision implies, and returns the decision.
  mutating func handle(_ event: ContextEvent, at time: Date, in library: inout QueueLibrary) -> Decision
}

extension AutoSwitchEngine: AutoSwitchDecider {}

/// The parts of the system the audit exercises, the real ones by default; a test replaces one with a broken
/// one (an overfilling fill, a merge that loses episodes, a rule that fires on a friend's car) and sees the
/// matching ⚠ or ✗.
public struct AuditComponents: Sendable {
  /// Fills a request from an engine.
  public typealias Fill = @Sendable (FillEngine, FillRequest) throws(FillError) -> FillResult

  /// The smart fill; by default ``FillEngine/fill(_:)``.
  public var fill: Fill
  /// A new auto-switch decider with the given settings; by default an ``AutoSwitchEngine``.
  public var makeDecider: @Sendable (AutoSwitchSettings) -> any AutoSwitchDecider
  /// Duplicates a queue of a library under a new id; by default ``QueueLibrary/duplicate(_:newID:now:)``.
  public var duplicate: @Sendable (inout QueueLibrary, QueueID, QueueID, Date) throws(QueueError) -> QueueID
  /// The sync rule the simulation runs as the system's; by default this package's replicated state.
  package var syncRule: SyncSimulation.Rule
  /// A fault planted in the replicated state's merge, if any (the simulation's test-only switch).
  package var mergeFault: MergeFault?
  /// The clock the speed check reads, in nanoseconds; by default the process's monotonic clock.
  public var nanoseconds: @Sendable () -> UInt64

  /// The real components.
  public init() {
    fill = { (engine, request) throws(FillError) in try engine.fill(request) }
    makeDecider = { AutoSwitchEngine(settings: $0) }
    duplicate = { (library, id, newID, now) throws(QueueError) in try library.duplicate(id, newID: newID, now: now) }
    syncRule = .crdt
    mergeFault = nil
    nanoseconds = { DispatchTime.now().uptimeNanoseconds }
  }
}

/// How much the audit runs: small seeded sizes by default, so that a run takes seconds in a debug build.
public struct AuditSizes: Sendable, Hashable {
  /// The seeds of the generated catalogs smart fill runs on when no catalog is given.
  public var catalogSeeds: [UInt64] = [1, 2]
  /// Their subscriptions: the design's 100.
  public var subscriptions = 100
  /// The fills timed for the speed figure.
  public var speedFills = 40
  /// The seeds of the sync simulation.
  public var syncSeeds: [UInt64] = [1, 2, 3]
  /// Its devices and steps per seed.
  public var syncDevices = 3
  public var syncSteps = 150

  /// The defaults.
  public init() {}
}
