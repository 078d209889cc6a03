import Foundation
import Queues
import SmartFillSupport

/// What the app should do after an event, and why ("CarPlay connected; rule Car of 🚗 Commute; you chose
/// Always").
///
/// The engine has already made every change to the library that the decision implies (a switch saves the
/// position and makes the other queue active, an answer is kept with its rule); the app saves the library,
/// shows what the decision asks for, and points its player at ``Switch/resume``.
public struct Decision: Sendable, Hashable, CustomStringConvertible {
  /// What to do.
  public var action: Action
  /// Why, in one line.
  public var reason: String

  /// Creates a decision.
  public init(_ action: Action, reason: String) {
    self.action = action
    self.reason = reason
  }

  /// What to do.
  public enum Action: Sendable, Hashable {
    /// Nothing.
    case none
    /// Ask the listener "Switching to 🚗 Commute?"; feed the answer back as ``ContextEvent/answer(_:)``.
    case ask(SwitchQuestion)
    /// Ask the listener "Is this your car?" about a Bluetooth device; feed the answer back as
    /// ``ContextEvent/carAnswer(isCar:)``.
    case askIsCar(CarQuestion)
    /// The engine switched, as the listener just agreed: load ``Switch/resume``.
    case switchNow(Switch)
    /// The engine will switch to `queue` when the current episode ends (an episode is never interrupted
    /// without asking).
    case switchAtEpisodeEnd(queue: QueueID, name: String)
    /// The engine switched without asking (the rule's consent is Always, or the rule returns): load
    /// ``Switch/resume`` and show ``Switch/notice`` with Undo (fed back as ``ContextEvent/undo``).
    case notice(Switch)
    /// Do not obey the remote "play" command that just came: it followed a car's connection, and a context
    /// change alone never starts playback.
    case holdPlayback
  }

  /// "ask: Switching to 🚗 Commute? [Yes | No | Don't ask again for Car] — CarPlay connected; …".
  public var description: String {
    let what: String
    switch action {
    case .none: what = "none"
    case .ask(let question): what = "ask: \(question.text) [\(question.options.joined(separator: " | "))]"
    case .askIsCar(let question):
      what =
        "ask: \(question.text) (\(DisplayText.quoted(question.device.name))) [\(question.options.joined(separator: " | "))]"
    case .switchNow(let change): what = "switch now: \(change.summary)"
    case .switchAtEpisodeEnd(_, let name): what = "switch when the episode ends: to \(name)"
    case .notice(let change): what = "notice: \(change.notice) [Undo] — \(change.summary)"
    case .holdPlayback: what = "hold playback"
    }
    return "\(what) — \(reason)"
  }
}

/// "Switching to 🚗 Commute?" with Yes, No and "Don't ask again for Car".
public struct SwitchQuestion: Sendable, Hashable {
  /// The queue the switch would go to.
  public var queue: QueueID
  /// Its name.
  public var queueName: String
  /// The title of the rule that fired ("Car").
  public var ruleTitle: String

  /// Creates a question.
  public init(queue: QueueID, queueName: String, ruleTitle: String) {
    self.queue = queue
    self.queueName = queueName
    self.ruleTitle = ruleTitle
  }

  /// "Switching to 🚗 Commute?".
  public var text: String { "Switching to \(queueName)?" }
  /// "Yes", "No", "Don't ask again for Car".
  public var options: [String] { ["Yes", "No", "Don't ask again for \(ruleTitle)"] }
}

/// "Is this your car?" about a Bluetooth device seen for the first time, with Yes and No.
public struct CarQuestion: Sendable, Hashable {
  /// The device.
  public var device: AudioPort

  /// Creates a question.
  public init(device: AudioPort) { self.device = device }

  /// "Is this your car?".
  public var text: String { "Is this your car?" }
  /// "Yes", "No".
  public var options: [String] { ["Yes", "No"] }
}

/// A switch the engine made: the position it saved in the queue left, and where the other one resumes.
public struct Switch: Sendable, Hashable {
  /// The queue that was active.
  public var from: QueueID
  /// The queue that is active now.
  public var to: QueueID
  /// Its name.
  public var toName: String
  /// The position saved for the left queue's current episode, in seconds (`nil` when there was none).
  public var savedPositionSeconds: Int?
  /// The episode to load, with its saved position; `nil` when the queue is at its end.
  public var resume: EpisodeReference?
  /// Whether the player goes on playing: only when it was playing already (a switch at an episode's end
  /// while playing); a context change alone never starts playback.
  public var keepsPlaying: Bool
  /// "Switched to 🚗 Commute: CarPlay connected".
  public var notice: String

  /// Creates a record of a switch.
  public init(
    from: QueueID, to: QueueID, toName: String, savedPositionSeconds: Int?, resume: EpisodeReference?,
    keepsPlaying: Bool, notice: String
  ) {
    self.from = from
    self.to = to
    self.toName = toName
    self.savedPositionSeconds = savedPositionSeconds
    self.resume = resume
    self.keepsPlaying = keepsPlaying
    self.notice = notice
  }

  /// "📋 Up Next → 🚗 Commute, saved at 600 s, resumes "Episode c1" at 754 s, paused".
  public var summary: String {
    let saved = savedPositionSeconds.map { ", saved at \($0) s" } ?? ""
    let resumes =
      resume.map { "resumes \(DisplayText.inQuotes($0.title)) at \($0.playbackPositionSeconds) s" }
      ?? "nothing to resume"
    return "to \(toName)\(saved), \(resumes), \(keepsPlaying ? "playing" : "paused")"
  }
}
