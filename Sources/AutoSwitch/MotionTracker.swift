import Foundation
import Queues

/// Turns Core Motion's flapping reports into stable activities: an activity starts once every report of at
/// least the condition's confidence has flagged it for the condition's stable time, and ends once every such
/// report has left it out for the same time. Reports below the confidence are ignored.
///
/// One measured 3-hour drive gave 688 flips between stationary and in-vehicle, with both flags set on 24 % of
/// the reports: with a stable time longer than the stops between flips, the drive is one activity.
///
/// The tracker keeps one state per condition it has been asked about, so that rules with different stable
/// times or confidences each see their own.
public struct MotionTracker: Sendable {
  /// The state of one condition.
  struct State: Sendable, Hashable {
    /// Whether the condition's activity counts.
    var isActive = false
    /// When it began to count (meaningful when active).
    var activeSince: Date?
    /// Whether the last report that counted flagged the activity.
    var lastFlagged = false
    /// Since when the reports that counted have agreed with `lastFlagged`.
    var agreeingSince: Date?
  }

  private var states: [MotionCondition: State] = [:]
  /// The last report, from which a condition tracked later starts.
  private var lastSample: (sample: MotionSample, time: Date)?

  /// A tracker that has seen nothing.
  public init() {}

  /// Takes a report made at `time` (reports come in time order).
  ///
  /// - Complexity: O(*c*) in the number of conditions tracked.
  public mutating func record(_ sample: MotionSample, at time: Date) {
    lastSample = (sample, time)
    for condition in Array(states.keys) {
      var state = states[condition]!
      Self.advance(&state, condition, to: time)
      Self.apply(sample, at: time, to: &state, condition)
      states[condition] = state
    }
  }

  /// Starts tracking `condition` (from the last report) unless it is tracked already; a condition must be
  /// tracked before the reports that should count for it are recorded.
  public mutating func track(_ condition: MotionCondition) {
    guard states[condition] == nil else { return }
    var state = State()
    if let (sample, sampleTime) = lastSample { Self.apply(sample, at: sampleTime, to: &state, condition) }
    states[condition] = state
  }

  /// Since when `condition`'s activity counts at `time`, or `nil` when it does not.
  ///
  /// - Complexity: O(1).
  public mutating func activeSince(_ condition: MotionCondition, at time: Date) -> Date? {
    track(condition)
    var state = states[condition]!
    Self.advance(&state, condition, to: time)
    states[condition] = state
    return state.isActive ? state.activeSince : nil
  }

  /// Applies the stable time up to `time`: a run of agreeing reports long enough flips the state.
  private static func advance(_ state: inout State, _ condition: MotionCondition, to time: Date) {
    guard let since = state.agreeingSince, state.lastFlagged != state.isActive else { return }
    let flipsAt = since.addingTimeInterval(Double(condition.minimumStableSeconds))
    guard time >= flipsAt else { return }
    state.isActive = state.lastFlagged
    state.activeSince = state.isActive ? flipsAt : nil
  }

  /// Takes one report into `state`.
  private static func apply(_ sample: MotionSample, at time: Date, to state: inout State, _ condition: MotionCondition)
  {
    guard sample.confidence >= condition.minimumConfidence else { return }
    let flagged = sample.flags.contains(MotionFlag(condition.activity))
    if flagged != state.lastFlagged || state.agreeingSince == nil {
      state.lastFlagged = flagged
      state.agreeingSince = time
    }
    advance(&state, condition, to: time)
  }
}
