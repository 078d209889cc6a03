import AutoSwitch
import Foundation
import QueueSync
import QueueSyncSimulation
import Queues
import SmartFill

/// The parts of the system the audit exercises, the real ones by default; a test replaces one with a broken
/// one (an overfilling fill, a merge that loses episodes, a rule that fires on a friend's car, a routing that
/// brings back what the listener removed) and sees the
/// matching ⚠ or ✗.
package struct AuditComponents: Sendable {
  /// Fills a request from an engine.
  package typealias Fill = @Sendable (FillEngine, FillRequest) throws(FillError) -> FillResult

  /// The smart fill; by default ``FillEngine/fill(_:)``.
  package var fill: Fill
  /// A new auto-switch decider with the given settings; by default an ``AutoSwitchEngine``.
  package var makeDecider: @Sendable (AutoSwitchSettings) -> any AutoSwitchDecider
  /// Duplicates a queue of a library under a new id; by default ``QueueLibrary/duplicate(_:newID:showTies:now:)``.
  package var duplicate: @Sendable (inout QueueLibrary, QueueID, QueueID, Date) throws(QueueError) -> QueueID
  /// Routes the new episodes of a refresh; by default ``QueueLibrary/routeNewEpisodes(in:after:now:)``.
  package var route: @Sendable (inout QueueLibrary, Catalog, QueueLibrary.PreviousEpisodes, Date) -> Void
  /// The sync rule the simulation runs as the system's; by default this package's replicated state.
  package var syncRule: SyncSimulation.Rule
  /// A fault planted in the replicated state's merge, if any (the simulation's test-only switch).
  package var mergeFault: MergeFault?
  /// The clock the speed check reads, in nanoseconds; by default the process's monotonic clock.
  package var nanoseconds: @Sendable () -> UInt64

  /// The real components.
  package init() {
    fill = { (engine, request) throws(FillError) in try engine.fill(request) }
    makeDecider = { AutoSwitchEngine(settings: $0) }
    duplicate = { (library, id, newID, now) throws(QueueError) in try library.duplicate(id, newID: newID, now: now) }
    route = { library, catalog, previous, now in library.routeNewEpisodes(in: catalog, after: previous, now: now) }
    syncRule = .crdt
    mergeFault = nil
    nanoseconds = { DispatchTime.now().uptimeNanoseconds }
  }
}
