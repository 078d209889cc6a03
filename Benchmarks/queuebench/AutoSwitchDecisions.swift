import AutoSwitch
import BenchmarkSupport
import Foundation
import Queues
import SmartFillSupport

// queuebench's auto-switch rows: one decision of the `AutoSwitch` engine on a library of 20 queues × 5 rules
// (a schedule, a motion rule, an audio output, a Focus filter, and a car rule or a second schedule per queue;
// 100 rules, every consent Always), with the queues' episodes of the main library.
//
// Three decisions: a clock tick that switches nothing (every rule evaluated), a motion report flapping between
// running and stationary (the stable-motion tracker, then every rule), and CarPlay connecting (every rule,
// then a switch through the queue model, saving the position). Each CarPlay run starts from its own copy of
// the engine and the library, made before the timed region.

/// The auto-switch decisions' results, or an error when a decision is not the one expected.
func autoSwitchDecisions(on library: QueueLibrary) throws -> [Result] {
  let start = Timestamp.parse("2026-03-02T08:30:00+01:00")!
  var base = library
  try addRules(to: &base, now: start)
  try base.switchTo(.upNext, now: start)
  var settings = AutoSwitchSettings(timeZone: TimeZone(identifier: "Europe/Berlin")!)
  settings.playCommandGuardSeconds = 10
  var primed = AutoSwitchEngine(settings: settings)
  var working = base
  _ = primed.handle(.playbackPaused(positionSeconds: 120), at: start, in: &working)
  let hdmi = AudioPort(kind: .other, name: "HDMI", identifier: "hdmi")
  _ = primed.handle(.audioRouteChanged(hdmi), at: start, in: &working)
  // Settled: the schedule in force (08:00–10:00 on weekdays, queue 16) has switched.
  _ = primed.handle(.tick, at: start, in: &working)
  var results: [Result] = []

  var engine = primed
  let warmup = 10
  results.append(
    try measure("decision: tick, no switch (20 × 5 rules)", warmup: warmup) { index in
      let decision = engine.handle(.tick, at: start.addingTimeInterval(1 + Double(index + warmup) * 0.1), in: &working)
      Measurement.blackHole(decision)
      if decision.action.change != nil { throw DecisionError.unexpected("a tick switched: \(decision)") }
    })

  let reports = (0..<(options.iterations + warmup)).map { index in
    MotionSample(index % 3 == 0 ? [.stationary] : [.running], confidence: index % 5 == 0 ? .medium : .high)
  }
  let motionStart = start.addingTimeInterval(2 + Double(options.iterations + warmup) * 0.1)
  results.append(
    try measure("decision: motion report, no switch", warmup: warmup) { index in
      let slot = index < 0 ? -1 - index : warmup + index
      let decision = engine.handle(
        .motion(reports[slot]), at: motionStart.addingTimeInterval(Double(slot) * 0.01), in: &working)
      Measurement.blackHole(decision)
      if decision.action.change != nil { throw DecisionError.unexpected("a motion report switched") }
    })

  var engines = Array(repeating: primed, count: options.iterations + warmup)
  var libraries = (0..<(options.iterations + warmup)).map { _ in
    var copy = working
    copy.markAudioDevice("own-storage", name: "Copy", isCar: false)  // each copy owns its storage
    return copy
  }
  results.append(
    try measure("decision: CarPlay connects, switch", warmup: warmup) { index in
      let slot = index < 0 ? -1 - index : warmup + index
      let decision = engines[slot].handle(.carPlayConnected, at: start.addingTimeInterval(5), in: &libraries[slot])
      Measurement.blackHole(decision)
      if decision.action.change?.to != .commute {
        throw DecisionError.unexpected("CarPlay did not switch: \(decision)")
      }
    })
  return results
}

/// Gives every queue 5 rules, all answered Always: the car rule on Commute, schedules, motion, outputs, Focus.
func addRules(to library: inout QueueLibrary, now: Date) throws(QueueError) {
  let activities = AutoSwitchTrigger.MotionActivity.allCases
  let outputs = AutoSwitchTrigger.AudioOutput.namedKinds
  for (index, queue) in library.queues.enumerated() {
    let hour = (index * 5) % 24
    let output: AutoSwitchTrigger.AudioOutput =
      index % 4 == 3 ? .device(identifier: "device-\(index)", name: "Speaker \(index)") : outputs[index % outputs.count]
    let schedule = TimeRange(
      start: TimeOfDay(hour: hour), end: TimeOfDay(hour: (hour + 2) % 24), weekdays: Weekday.workdays,
      timeZoneIdentifier: index % 3 == 0 ? "America/New_York" : nil)
    let second = TimeRange(start: TimeOfDay(hour: (hour + 12) % 24), end: TimeOfDay(hour: (hour + 13) % 24))
    let triggers: [AutoSwitchTrigger] = [
      .timeRange(schedule), .motion(MotionCondition(activity: activities[index % activities.count])),
      .audioOutput(output), .focusFilter(focusName: nil), queue.id == .commute ? .car : .timeRange(second),
    ]
    try library.modify(queue.id, now: now) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: triggers.map { AutoSwitchRule($0, consent: .always) })
    }
  }
}

enum DecisionError: Error, CustomStringConvertible {
  case unexpected(String)

  var description: String {
    switch self {
    case .unexpected(let what): return "unexpected decision: \(what)"
    }
  }
}

extension Decision.Action {
  /// The switch the decision made, if any.
  var change: Switch? {
    switch self {
    case .switchNow(let change), .notice(let change): return change
    default: return nil
    }
  }
}
