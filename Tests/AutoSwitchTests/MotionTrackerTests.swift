import AutoSwitch
import Foundation
import Queues
import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("Stable motion")
struct MotionTrackerTests {
  let start = instant("2026-03-02T18:00:00Z")
  let running = MotionCondition(activity: .running)

  func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

  @Test("an activity starts after 60 s of reports at medium or high confidence, and ends after 60 s without")
  func startsAndEnds() {
    var tracker = MotionTracker()
    tracker.track(running)
    tracker.record(MotionSample([.running], confidence: .medium), at: at(0))
    #expect(tracker.activeSince(running, at: at(59)) == nil)
    #expect(tracker.activeSince(running, at: at(60)) == at(60), "one report is enough when nothing contradicts it")
    tracker.record(MotionSample([.walking], confidence: .high), at: at(100))
    #expect(tracker.activeSince(running, at: at(159)) == at(60), "still running until 60 s without it")
    #expect(tracker.activeSince(running, at: at(160)) == nil)
  }

  @Test("low-confidence reports are ignored, both ways")
  func lowConfidence() {
    var tracker = MotionTracker()
    tracker.track(running)
    for second in stride(from: 0.0, through: 300, by: 5) {
      tracker.record(MotionSample([.running], confidence: .low), at: at(second))
    }
    #expect(tracker.activeSince(running, at: at(300)) == nil)
    tracker.record(MotionSample([.running], confidence: .high), at: at(300))
    for second in stride(from: 305.0, through: 600, by: 5) {
      tracker.record(MotionSample([.stationary], confidence: .low), at: at(second))
    }
    #expect(tracker.activeSince(running, at: at(600)) == at(360), "low reports of stopping do not end it")
  }

  @Test("a condition asking for high confidence ignores medium reports; a shorter stable time counts sooner")
  func perCondition() {
    let high = MotionCondition(activity: .running, minimumStableSeconds: 60, minimumConfidence: .high)
    let quick = MotionCondition(activity: .running, minimumStableSeconds: 10)
    var tracker = MotionTracker()
    for condition in [high, quick] { tracker.track(condition) }
    tracker.record(MotionSample([.running], confidence: .medium), at: at(0))
    #expect(tracker.activeSince(high, at: at(120)) == nil)
    #expect(tracker.activeSince(quick, at: at(10)) == at(10))
  }

  @Test("stray reports never start an activity; a run with short flaps starts once and does not end (seeded)")
  func flapping() {
    for trial in SeededCases(seed: 0xF1A9, count: 30) { flapping(trial) }
  }

  func flapping(_ trial: SeededCase) {
    var random = trial.random
    var tracker = MotionTracker()
    tracker.track(running)
    var time = 0.0
    // Walking, with a stray running report now and then: each is followed by at least 30 s of walking.
    for _ in 0..<200 {
      tracker.record(MotionSample([.running], confidence: .high), at: at(time))
      time += Double(random.integer(in: 1...5))
      let walk = time + Double(random.integer(in: 30...90))
      while time < walk {
        tracker.record(MotionSample([.walking], confidence: .medium), at: at(time))
        #expect(tracker.activeSince(running, at: at(time)) == nil, "\(trial), at \(time) s")
        time += Double(random.integer(in: 1...5))
      }
    }
    // Running, with flaps of walking shorter than 30 s: it starts a minute in and holds.
    let runStart = time
    var since: Date?
    for _ in 0..<200 {
      tracker.record(MotionSample([.running], confidence: .high), at: at(time))
      time += Double(random.integer(in: 1...40))
      tracker.record(MotionSample([.walking, .stationary], confidence: .high), at: at(time))
      time += Double(random.integer(in: 1...29))
      if time - runStart > 60 {
        let now = tracker.activeSince(running, at: at(time))
        #expect(now != nil && (since == nil || now == since), "\(trial), at \(time) s")
        since = now
      }
    }
    #expect(since == at(runStart + 60), "\(trial)")
  }

  @Test("the tracker matches its definition, checked over random report streams (seeded)")
  func againstDefinition() {
    for trial in SeededCases(seed: 0xDEF1, count: 60, minimum: 6) { againstDefinition(trial) }
  }

  func againstDefinition(_ trial: SeededCase) {
    var random = trial.random
    let condition = MotionCondition(activity: .cycling, minimumStableSeconds: random.integer(in: 0...90))
    var tracker = MotionTracker()
    tracker.track(condition)
    var reports: [(Double, Bool)] = []  // the reports that count: time, flagged
    var time = 0.0
    for _ in 0..<300 {
      time += Double(random.integer(in: 1...40))
      let confidence = random.element(of: MotionConfidence.allCases)
      let flagged = random.chance(1, in: 2)
      tracker.record(
        MotionSample(flagged ? [.cycling, .stationary] : [.stationary], confidence: confidence), at: at(time))
      if confidence >= .medium { reports.append((time, flagged)) }
      // A probe between this report and the next (events come in time order).
      let probe = time + Double(random.integer(in: 0...30))
      #expect(
        (tracker.activeSince(condition, at: at(probe)) != nil) == Self.isActive(reports, at: probe, condition),
        "\(trial), stable \(condition.minimumStableSeconds) s, at \(probe) s")
      time = probe
    }
  }

  /// The definition, on the reports as intervals: the activity is on at `time` when some run began at a
  /// report that flagged it after an absence of at least *S*/2 (or first), every absence that began before
  /// the run's *S* seconds were up had lasted less than *S*/2 by then, and no absence of *S* or more began
  /// after the run began.
  static func isActive(_ reports: [(Double, Bool)], at time: Double, _ condition: MotionCondition) -> Bool {
    let stable = Double(condition.minimumStableSeconds)
    // Absences: from a report that clears the flag to the next that sets it (or open).
    var absences: [(start: Double, end: Double)] = []
    var presences: [Double] = []  // reports that set the flag after an absence, or first
    var flagged: Bool?
    for (at, flag) in reports where flag != flagged {
      if flag {
        let gap = absences.last.map { flagged == false ? at - $0.start : 0 } ?? 0
        if flagged == nil || presences.isEmpty || gap >= stable / 2 { presences.append(at) }
        if flagged == false { absences[absences.count - 1].end = at }
      } else {
        absences.append((at, .infinity))
      }
      flagged = flag
    }
    for start in presences where start + stable <= time {
      let flip = start + stable
      let runHolds = absences.allSatisfy { absence in
        absence.start < start || absence.start >= flip || min(absence.end, flip) - absence.start < stable / 2
          || stable == 0
      }
      guard runHolds else { continue }
      let ended = absences.contains {
        $0.start >= start && min($0.end, time) - $0.start >= stable && $0.start + stable <= time
      }
      if !ended { return true }
    }
    return false
  }
}
