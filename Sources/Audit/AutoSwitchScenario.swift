import AutoSwitch
import Foundation
import Queues
import SmartFillSupport

/// A scenario of the design's auto-switching, as timed events with the decision each must lead to.
struct AutoSwitchScenario: Sendable {
  /// What a decision must be.
  enum Expected: Sendable, Hashable {
    /// No action.
    case none
    /// "Switching to …?" for the queue.
    case ask(QueueID)
    /// "Is this your car?".
    case askIsCar
    /// A switch to the queue, now or with a notice.
    case switchTo(QueueID)
    /// A switch to the queue when the episode ends.
    case atEpisodeEnd(QueueID)
    /// The remote "play" held.
    case hold
    /// Anything (the listener's own switch, say).
    case any

    /// What `action` is, as an expectation.
    init(_ action: Decision.Action) {
      switch action {
      case .none: self = .none
      case .ask(let question): self = .ask(question.queue)
      case .askIsCar: self = .askIsCar
      case .switchNow(let change), .notice(let change): self = .switchTo(change.to)
      case .switchAtEpisodeEnd(let queue, _): self = .atEpisodeEnd(queue)
      case .holdPlayback: self = .hold
      }
    }

    /// Whether this expects the engine to act on a trigger (so that getting nothing is a miss).
    var expectsTrigger: Bool {
      switch self {
      case .ask, .askIsCar, .switchTo, .atEpisodeEnd: return true
      case .none, .hold, .any: return false
      }
    }
  }

  /// One event and its expected decision.
  struct Step: Sendable {
    var at: Date
    var event: ContextEvent
    var expected: Expected
  }

  /// What a run found wrong: each step whose decision was not the expected one.
  struct Mismatch: Sendable, Hashable {
    var scenario: String
    var at: Date
    var event: String
    var expected: Expected
    var got: Expected
    /// Whether the engine failed to act on a trigger (else it acted where it should not, or differently).
    var isMiss: Bool { expected.expectsTrigger && got == .none }
  }

  var name: String
  var library: QueueLibrary
  var timeZone: TimeZone
  var steps: [Step]

  /// Runs the steps through a new decider and returns the steps that went otherwise.
  func run(_ makeDecider: (AutoSwitchSettings) -> any AutoSwitchDecider) -> [Mismatch] {
    var decider = makeDecider(AutoSwitchSettings(timeZone: timeZone))
    var library = library
    var mismatches: [Mismatch] = []
    for step in steps {
      let got = Expected(decider.handle(step.event, at: step.at, in: &library).action)
      if step.expected != .any, got != step.expected {
        mismatches.append(
          Mismatch(scenario: name, at: step.at, event: step.event.name, expected: step.expected, got: got))
      }
    }
    return mismatches
  }
}

extension AutoSwitchScenario.Expected: CustomStringConvertible {
  var description: String {
    switch self {
    case .none: return "nothing"
    case .ask(let queue): return "a question for \(queue)"
    case .askIsCar: return "\"Is this your car?\""
    case .switchTo(let queue): return "a switch to \(queue)"
    case .atEpisodeEnd(let queue): return "a switch to \(queue) at the episode's end"
    case .hold: return "the play command held"
    case .any: return "anything"
    }
  }
}
