import AutoSwitch
import Foundation
import Queues
import SmartFillSupport

/// The design's auto-switching scenarios against their expected decisions and, with a store, the
/// listener's own rules each fed its trigger.
///
/// A step where the engine did not act on a trigger, or a rule of the listener's that its trigger does not
/// fire, is ✗ (not triggering); a decision where none was expected, or a different one, is ⚠ (a misfire).
struct AutoSwitchCheck {
  let components: AuditComponents

  /// What feeding a listener's rule its trigger gave.
  enum RuleOutcome: Sendable, Hashable {
    /// The rule's queue was asked for or switched to.
    case fired
    /// Another queue won (precedence, or the queue first in the list).
    case wentTo(QueueID)
    /// Nothing happened.
    case silent
  }

  /// Runs the scenarios, and the listener's rules of `library` (of `queue` alone, when given).
  func run(library: QueueLibrary?, queue: QueueID?) -> AuditCheck {
    let scenarios = AutoSwitchScenarios.all
    // A scenario is judged by its first wrong decision: what follows it (a question not asked because the
    // misfire already switched) is its consequence.
    var failures: [(first: AutoSwitchScenario.Mismatch, more: Int)] = []
    var differing = 0
    for scenario in scenarios {
      let found = scenario.run(components.makeDecider)
      differing += found.count
      if let first = found.first { failures.append((first, found.count - 1)) }
    }
    let steps = scenarios.reduce(0) { $0 + $1.steps.count }
    let missed = failures.filter(\.first.isMiss).count
    var figures = [
      AuditFigure(
        "scenariosPassed", .integer(scenarios.count - failures.count),
        "scenarios as expected: \(scenarios.count - failures.count) of \(scenarios.count) ("
          + scenarios.map(\.name).joined(separator: ", ") + ")"),
      AuditFigure(
        "decisionsChecked", .integer(steps),
        "decisions checked: \(steps), of which differing: \(differing); scenarios that missed a trigger: "
          + "\(missed), that misfired: \(failures.count - missed)"),
      AuditFigure("decisionsDiffering", .integer(differing)),
    ]
    var findings = failures.map(Self.finding)
    var status: AuditStatus = missed > 0 ? .broken : failures.isEmpty ? .working : .issues

    if let library {
      let results = userRules(of: library, queue: queue)
      let fired = results.filter { $0.outcome == .fired }.count
      let other = results.filter { if case .wentTo = $0.outcome { return true } else { return false } }.count
      let silent = results.filter { $0.outcome == .silent }
      figures.append(
        AuditFigure(
          "ownRulesFired", .integer(fired),
          "your rules fed their trigger: \(results.count); fired: \(fired), won by another queue: \(other), "
            + "silent: \(silent.count)"))
      figures.append(AuditFigure("ownRules", .integer(results.count)))
      figures.append(AuditFigure("ownRulesWonByAnotherQueue", .integer(other)))
      figures.append(AuditFigure("ownRulesSilent", .integer(silent.count)))
      for result in silent {
        findings.append(
          AuditFinding(
            .high, .ruleDidNotFire, queue: result.queue.id,
            "rule \(result.rule.title) of \(result.queue.name) did not fire on its trigger (\(result.trigger))",
            recommendation: "Check rule \(result.rule.title) of \(result.queue.name) in the queue's settings"))
      }
      if !silent.isEmpty { status = .broken }
    }
    return AuditCheck(area: .autoSwitching, status: status, figures: figures, findings: findings)
  }

  static func finding(_ failure: (first: AutoSwitchScenario.Mismatch, more: Int)) -> AuditFinding {
    let mismatch = failure.first
    let after = failure.more == 0 ? "" : " (and \(failure.more) more decisions differ after it)"
    return AuditFinding(
      mismatch.isMiss ? .high : .medium, mismatch.isMiss ? .scenarioMissed : .scenarioMisfire,
      "scenario \(mismatch.scenario), \(mismatch.event) at \(Timestamp.format(mismatch.at)): expected "
        + "\(mismatch.expected), got \(mismatch.got)\(after)")
  }

  // MARK: The listener's rules

  struct RuleResult: Sendable, Hashable {
    var queue: Queue
    var rule: AutoSwitchRule
    var trigger: String
    var outcome: RuleOutcome
  }

  /// Feeds each rule that may fire (on, of a queue that is on, not Never, not a range of zero length) its
  /// trigger, from a fresh decider on a copy of the library whose active queue is another.
  func userRules(of library: QueueLibrary, queue only: QueueID?) -> [RuleResult] {
    var results: [RuleResult] = []
    for queue in library.queues where queue.isAutoSwitchEnabled && (only == nil || queue.id == only) {
      for rule in queue.autoSwitchRules where rule.isEnabled && rule.consent != .never {
        if case .timeRange(let range) = rule.trigger, range.start == range.end { continue }
        var scratch = library
        guard let other = scratch.queues.first(where: { $0.id != queue.id }) else { continue }
        let base = Self.monday
        _ = try? scratch.switchTo(other.id, now: base)
        let (timeZone, events, trigger) = Self.trigger(of: rule, for: queue, in: &scratch, after: base)
        var decider = components.makeDecider(AutoSwitchSettings(timeZone: timeZone))
        var outcome = RuleOutcome.silent
        for (time, event) in events {
          let got = AutoSwitchScenario.Expected(decider.handle(event, at: time, in: &scratch).action)
          switch got {
          case .ask(let id), .switchTo(let id), .atEpisodeEnd(let id):
            outcome = id == queue.id ? .fired : .wentTo(id)
          default: continue
          }
          break
        }
        results.append(RuleResult(queue: queue, rule: rule, trigger: trigger, outcome: outcome))
      }
    }
    return results
  }

  /// Monday 2 March 2026, 00:00 UTC: the day the listener's triggers are tried on.
  static let monday = Date(timeIntervalSince1970: 1_772_409_600)

  /// The events that turn on `rule`'s trigger after `base`, with the time zone to decide in and the trigger
  /// in words; devices the trigger needs are marked (as not the car) in `library` when unknown.
  static func trigger(of rule: AutoSwitchRule, for queue: Queue, in library: inout QueueLibrary, after base: Date)
    -> (TimeZone, [(Date, ContextEvent)], String)
  {
    let utc = TimeZone(identifier: "UTC")!
    let noon = base.addingTimeInterval(12 * 3600)
    func port(_ kind: AudioPortKind, _ name: String, _ identifier: String) -> [(Date, ContextEvent)] {
      [(noon, .audioRouteChanged(AudioPort(kind: kind, name: name, identifier: identifier)))]
    }
    switch rule.trigger {
    case .car:
      return (utc, [(noon, .carPlayConnected)], "CarPlay connected")
    case .focusFilter:
      return (utc, [(noon, .focusFilterActivated(queue.id))], "its Focus filter activated")
    case .motion(let condition):
      let seconds = condition.minimumStableSeconds + 10
      var events = stride(from: 0, through: seconds, by: 5).map { second in
        (
          noon.addingTimeInterval(Double(second)),
          ContextEvent.motion(MotionSample([MotionFlag(condition.activity)], confidence: .high))
        )
      }
      events.append((noon.addingTimeInterval(Double(seconds + 1)), .tick))
      return (utc, events, "\(condition.activity.rawValue) for \(seconds) s")
    case .timeRange(let range):
      let zone = range.timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) ?? utc
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      var day = calendar.startOfDay(for: base)
      while !range.weekdays.contains(Weekday(rawValue: calendar.component(.weekday, from: day))!) {
        day = calendar.date(byAdding: .day, value: 1, to: day)!
      }
      let start =
        calendar.date(bySettingHour: range.start.hour, minute: range.start.minute, second: 0, of: day) ?? day
      return (zone, [(start, .appActivated)], "the app opened at \(range.start) on \(range.description)")
    case .audioOutput(let output):
      switch output {
      case .airPods: return (utc, port(.airPods, "AirPods", "audit-airpods"), "AirPods connected")
      case .headphones: return (utc, port(.headphones, "Headphones", "audit-headphones"), "headphones connected")
      case .airPlay: return (utc, port(.airPlay, "HomePod", "audit-homepod"), "AirPlay connected")
      case .builtInSpeaker: return (utc, port(.builtInSpeaker, "Speaker", "audit-speaker"), "the speaker")
      case .car: return (utc, port(.carAudio, "CarPlay", "audit-carplay"), "CarPlay audio")
      case .bluetoothSpeaker:
        library.markAudioDevice("audit-bluetooth", name: "Audit speaker", isCar: false)
        return (utc, port(.bluetooth, "Audit speaker", "audit-bluetooth"), "a Bluetooth speaker connected")
      case .device(let identifier, let name):
        if library.knownAudioDevice(identifier) == nil { library.markAudioDevice(identifier, name: name, isCar: false) }
        return (utc, port(.bluetooth, name, identifier), "\(DisplayText.inQuotes(name)) connected")
      }
    }
  }
}
