import Foundation
import Queues

/// Something the app saw, fed to ``AutoSwitchEngine/handle(_:at:in:)`` with the time it happened: the
/// device's context (CarPlay, the audio route, motion, a Focus filter), a decision point (the app became
/// active, a clock tick), the player's state, or the listener's own action.
///
/// Every event is a decision point: the rules, schedules among them, are evaluated on each.
public enum ContextEvent: Sendable, Hashable {
  /// CarPlay's scene connected.
  case carPlayConnected
  /// CarPlay's scene disconnected.
  case carPlayDisconnected
  /// Audio now plays through `port` (the route's output after a route change).
  case audioRouteChanged(AudioPort)
  /// Core Motion reported an activity.
  case motion(MotionSample)
  /// A Focus filter naming queue `queue` was activated (its Focus came on).
  case focusFilterActivated(QueueID)
  /// A Focus filter naming queue `queue` was deactivated.
  case focusFilterDeactivated(QueueID)
  /// The app became active (launched or brought to the front).
  case appActivated
  /// Any other moment to decide at (a background refresh, a timer while the app runs).
  case tick
  /// The player started playing the active queue's current episode, at `positionSeconds`.
  case playbackStarted(positionSeconds: Int)
  /// The player paused at `positionSeconds`.
  case playbackPaused(positionSeconds: Int)
  /// The active queue's current episode played to its end (the engine marks it finished).
  case episodeEnded
  /// A remote "play" command arrived (from the lock screen, headphones or a car; the app cannot tell which).
  case remotePlayCommand
  /// The listener switched to queue `queue` themselves.
  case manualSwitch(to: QueueID)
  /// The listener answered "Switching to 🚗 Commute?".
  case answer(SwitchAnswer)
  /// The listener answered "Is this your car?".
  case carAnswer(isCar: Bool)
  /// The listener tapped Undo on a notice.
  case undo

  /// The event's name as the timeline format spells it: "carPlayConnected", "audioRoute", …
  public var name: String {
    switch self {
    case .carPlayConnected: return "carPlayConnected"
    case .carPlayDisconnected: return "carPlayDisconnected"
    case .audioRouteChanged: return "audioRoute"
    case .motion: return "motion"
    case .focusFilterActivated: return "focusFilterActivated"
    case .focusFilterDeactivated: return "focusFilterDeactivated"
    case .appActivated: return "appActivated"
    case .tick: return "tick"
    case .playbackStarted: return "playbackStarted"
    case .playbackPaused: return "playbackPaused"
    case .episodeEnded: return "episodeEnded"
    case .remotePlayCommand: return "remotePlay"
    case .manualSwitch: return "manualSwitch"
    case .answer: return "answer"
    case .carAnswer: return "carAnswer"
    case .undo: return "undo"
    }
  }
}

/// An answer to "Switching to 🚗 Commute?".
public enum SwitchAnswer: String, Sendable, Hashable, CaseIterable {
  /// "Yes": switch, and from now on without asking (the rule's consent becomes Always).
  case yes
  /// "No": do not switch, and do not ask again until the trigger ends and comes back.
  case no
  /// "Don't ask again for Car": never switch for this rule (its consent becomes Never).
  case dontAskAgain
}

/// An audio output port, as `AVAudioSession`'s current route describes it.
public struct AudioPort: Sendable, Hashable {
  /// What kind of port it is.
  public var kind: AudioPortKind
  /// The port's name ("Golf", "Jane's AirPods Pro").
  public var name: String
  /// The port's identifier (`AVAudioSessionPortDescription.uid`).
  public var identifier: String

  /// Creates a port.
  public init(kind: AudioPortKind, name: String, identifier: String) {
    self.kind = kind
    self.name = name
    self.identifier = identifier
  }
}

/// The kind of an audio output port; the iOS wiring article maps `AVAudioSession.Port` values to these.
public enum AudioPortKind: String, Sendable, Hashable, CaseIterable {
  /// The device's speaker (`.builtInSpeaker`, `.builtInReceiver`).
  case builtInSpeaker
  /// Wired or USB headphones (`.headphones`, `.usbAudio`).
  case headphones
  /// AirPods (a Bluetooth port whose name contains "AirPods").
  case airPods
  /// Any other Bluetooth device (`.bluetoothA2DP`, `.bluetoothLE`, `.bluetoothHFP`): a speaker, headphones
  /// or a car stereo, which only the listener can tell apart.
  case bluetooth
  /// AirPlay, a HomePod among others (`.airPlay`).
  case airPlay
  /// CarPlay's audio (`.carAudio`).
  case carAudio
  /// Anything else (HDMI, line out).
  case other
}

/// One report of Core Motion: the activities it flags (several at once: automotive and stationary at a red
/// light) and its confidence.
public struct MotionSample: Sendable, Hashable {
  /// The flags set.
  public var flags: Set<MotionFlag>
  /// How confident the report is.
  public var confidence: MotionConfidence

  /// Creates a sample.
  public init(_ flags: Set<MotionFlag>, confidence: MotionConfidence) {
    self.flags = flags
    self.confidence = confidence
  }
}

/// A flag of `CMMotionActivity`.
public enum MotionFlag: String, Sendable, Hashable, CaseIterable {
  case stationary
  case walking
  case running
  case cycling
  case automotive
  case unknown

  /// The flag that reports `activity`.
  public init(_ activity: AutoSwitchTrigger.MotionActivity) {
    self = MotionFlag(rawValue: activity.rawValue)!
  }
}
