import AutoSwitch
import Foundation
import Queues

/// Something that decides auto-switches from events, as ``AutoSwitchEngine`` does: the audit's scenarios run
/// through one, so that a test can plant a decider that misfires.
package protocol AutoSwitchDecider: Sendable {
  /// Takes an event seen at `time`, changes `library` as the decision implies, and returns the decision.
  mutating func handle(_ event: ContextEvent, at time: Date, in library: inout QueueLibrary) -> Decision
}

extension AutoSwitchEngine: AutoSwitchDecider {}
