import Foundation
import Queues

/// Turns Core Motion's flapping reports into stable activities.
///
/// Only reports of at least the condition's confidence count (medium by default); between reports, the last
/// one holds. An activity *starts* once it has been reported for the condition's stable time *S* (60 s by
/// default), where a gap of less than *S*/2 in which other activities were reported is a flap and does not
/// break the run; it *ends* the same way, once it has not been reported for *S*.
///
/// One measured 3-hour drive gave 688 flips between stationary and in-vehicle (one every 16 s), with both flags
/// set on 24 % of the reports: the drive starts once, a minute in, and ends only at a stop of a minute. A single
/// stray report of running, or a few 30 s apart, never starts a run.
///
/// The tracker keeps one state per condition, so that rules with different stable times or confidences each
/// see their own; a condition must be tracked (``track(_:)``) before the reports that should count for it.
public struct MotionTracker: Sendable {
  /// The state of one condition.
  struct State: Sendable, Hashable {
    /// Whether the condition's activity counts.
    var isActive = false
    /// When it began to count (when active).
    var activeSince: Date?
    /// When the run that may start it began (when not active).
    var runStart: Date?
    /// Whether the last report that counted flagged the activity.
    var lastFlagged = false
    /// When the last report that counted changed the flag.
    var changedAt: Date?
  }

  private var states: [MotionCondition: State] = [:]
  /// The last report, from which a condition tracked later starts.
  private var lastSample: (sample: MotionSample, time: Date)?

  /// A tracker that has seen nothing.
  public init() {}

  /// Starts tracking `condition` (from the last report) unless it is tracked already.
  public mutating func track(_ condition: MotionCondition) {
    guard states[condition] == nil else { return }
    var state = State()
    if let (sample, time) = lastSample { Self.apply(sample, at: time, to: &state, condition) }
    states[condition] = state
  }

  /// Takes a report made at `time` (reports and queries come in time order).
  ///
  /// - Complexity: O(*c*) in the number of conditions tracked.
  public mutating func record(_ sample: MotionSample, at time: Date) {
    lastSample = (sample, time)
    for condition in Array(states.keys) { Self.apply(sample, at: time, to: &states[condition]!, condition) }
  }

  /// Since when `condition`'s activity counts at `time`, or `nil` when it does not; the instant is the same
  /// whenever it is asked, so that it names one occurrence of the activity.
  ///
  /// - Complexity: O(1).
  public mutating func activeSince(_ condition: MotionCondition, at time: Date) -> Date? {
    track(condition)
    Self.advance(&states[condition]!, condition, to: time)
    let state = states[condition]!
    return state.isActive ? state.activeSince : nil
  }

  /// The flap tolerance of `condition`: half its stable time.
  private static func tolerance(_ condition: MotionCondition) -> Double {
    Double(condition.minimumStableSeconds) / 2
  }

  /// Applies the stable time up to `time`: a run that lasted it starts the activity, a flap that lasted
  /// half of it breaks the run, an absence that lasted it ends the activity.
  private static func advance(_ state: inout State, _ condition: MotionCondition, to time: Date) {
    let stable = Double(condition.minimumStableSeconds)
    if !state.isActive, let start = state.runStart {
      let flipsAt = start.addingTimeInterval(stable)
      let breaksAt =
        state.lastFlagged ? Date.distantFuture : state.changedAt!.addingTimeInterval(tolerance(condition))
      if flipsAt <= time, flipsAt < breaksAt || stable == 0 {
        state.isActive = true
        state.activeSince = flipsAt
        state.runStart = nil
      } else if breaksAt <= time {
        state.runStart = nil
      }
    }
    if state.isActive, !state.lastFlagged, let since = state.changedAt, since.addingTimeInterval(stable) <= time {
      state.isActive = false
      state.activeSince = nil
    }
  }

  /// Takes one report into `state`.
  private static func apply(_ sample: MotionSample, at time: Date, to state: inout State, _ condition: MotionCondition)
  {
    guard sample.confidence >= condition.minimumConfidence else { return }
    advance(&state, condition, to: time)
    let flagged = sample.flags.contains(MotionFlag(condition.activity))
    if flagged != state.lastFlagged || state.changedAt == nil {
      state.lastFlagged = flagged
      state.changedAt = time
      if flagged, !state.isActive, state.runStart == nil { state.runStart = time }
    }
    advance(&state, condition, to: time)
  }
}
