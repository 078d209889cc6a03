import Foundation

/// What makes an auto-switch rule fire, designed for what the platforms allow: an app is told of CarPlay
/// and of the audio route, receives motion activity with a confidence, cannot read which Focus is on (only be
/// told through a Focus filter that names a queue), and is not woken at a given time.
public enum AutoSwitchTrigger: Sendable, Hashable {
  /// In the car: CarPlay is connected, or audio plays through a Bluetooth device the listener marked as
  /// their car (a Bluetooth car stereo looks like any Bluetooth speaker, so only the listener can say).
  case car
  /// The listener has been moving this way, steadily, for a while.
  case motion(MotionCondition)
  /// The local time lies in this range.
  case timeRange(TimeRange)
  /// Audio plays through this output.
  case audioOutput(AudioOutput)
  /// A Focus filter that names this queue is active. `focusName` is the Focus the listener once chose by
  /// name (a version 3 store's `focusMode` rule): the app can ask them to attach the filter to it.
  case focusFilter(focusName: String?)

  /// A kind of movement the motion sensors report.
  public enum MotionActivity: String, Codable, Sendable, Hashable, CaseIterable {
    case walking
    case running
    case cycling
    /// In a vehicle (Core Motion's `automotive`).
    case automotive
  }

  /// A kind of audio output, as the listener names it.
  public enum AudioOutput: Sendable, Hashable {
    /// AirPods (a Bluetooth route the system names "AirPods").
    case airPods
    /// Headphones: wired or USB headphones, or AirPods.
    case headphones
    /// A HomePod or another AirPlay receiver.
    case airPlay
    /// A Bluetooth device that is neither AirPods nor marked as the listener's car.
    case bluetoothSpeaker
    /// The car: CarPlay's audio, or a Bluetooth device marked as the listener's car.
    case car
    /// The device's own speaker.
    case builtInSpeaker
    /// One device, by the identifier the system gives its route (`AVAudioSessionPortDescription.uid`), with
    /// the name it had when chosen.
    case device(identifier: String, name: String)

    /// The kinds without an identifier, as the store spells them.
    public static let namedKinds: [AudioOutput] = [
      .airPods, .headphones, .airPlay, .bluetoothSpeaker, .car, .builtInSpeaker,
    ]

    /// The output's kind as the store spells it: "airPods", …, "device".
    public var kind: String {
      switch self {
      case .airPods: return "airPods"
      case .headphones: return "headphones"
      case .airPlay: return "airPlay"
      case .bluetoothSpeaker: return "bluetoothSpeaker"
      case .car: return "car"
      case .builtInSpeaker: return "builtInSpeaker"
      case .device: return "device"
      }
    }

    /// "AirPods", "Headphones", "HomePod or AirPlay", …, the device's name.
    public var title: String {
      switch self {
      case .airPods: return "AirPods"
      case .headphones: return "Headphones"
      case .airPlay: return "HomePod or AirPlay"
      case .bluetoothSpeaker: return "Bluetooth speaker"
      case .car: return "Car audio"
      case .builtInSpeaker: return "Speaker"
      case .device(_, let name): return name
      }
    }
  }

  /// The rule's kind, as the store spells it.
  public var kind: String {
    switch self {
    case .car: return "car"
    case .motion: return "motion"
    case .timeRange: return "timeRange"
    case .audioOutput: return "audioOutput"
    case .focusFilter: return "focusFilter"
    }
  }

  /// "Car", "Running", "22:00–06:00", "AirPods", "Focus".
  public var title: String {
    switch self {
    case .car: return "Car"
    case .motion(let condition): return condition.activity.rawValue.capitalized
    case .timeRange(let range): return range.description
    case .audioOutput(let output): return output.title
    case .focusFilter: return "Focus"
    }
  }

  /// Checks the fields: times of day in range, at least one weekday, a known time zone, a stable time from 0
  /// to ``MotionCondition/maximumStableSeconds`` and a confidence of medium or high, a device with an identifier and a name.
  ///
  /// - Throws: ``QueueError/invalidRule(field:value:reason:)``.
  public func validate() throws(QueueError) {
    switch self {
    case .car, .focusFilter:
      return
    case .motion(let condition):
      if !(0...MotionCondition.maximumStableSeconds).contains(condition.minimumStableSeconds) {
        throw .invalidRule(
          field: "minimumStableSeconds", value: String(condition.minimumStableSeconds),
          reason: "must be from 0 to \(MotionCondition.maximumStableSeconds) seconds")
      }
      if condition.minimumConfidence == .low {
        throw .invalidRule(
          field: "minimumConfidence", value: "\"low\"", reason: "must be \"medium\" or \"high\": low reports flap")
      }
    case .timeRange(let range):
      try range.validate()
    case .audioOutput(let output):
      if case .device(let identifier, let name) = output {
        if identifier.isEmpty {
          throw .invalidRule(field: "deviceID", value: "\"\"", reason: "the device needs an identifier")
        }
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
          throw .invalidRule(field: "deviceName", value: "\"\(name)\"", reason: "the device needs a name")
        }
      }
    }
  }
}

/// How confidently the motion sensors report an activity.
public enum MotionConfidence: String, Codable, Sendable, Hashable, CaseIterable, Comparable {
  case low
  case medium
  case high

  private var rank: Int {
    switch self {
    case .low: return 0
    case .medium: return 1
    case .high: return 2
    }
  }

  public static func < (lhs: MotionConfidence, rhs: MotionConfidence) -> Bool { lhs.rank < rhs.rank }
}

/// A motion rule's condition: an activity that counts once it has been reported with at least
/// ``minimumConfidence`` for ``minimumStableSeconds``, and ends the same way, so that flapping sensors
/// cannot switch back and forth.
public struct MotionCondition: Sendable, Hashable {
  /// The default stable time, 60 seconds.
  public static let defaultStableSeconds = 60
  /// The longest stable time, one hour.
  public static let maximumStableSeconds = 3_600

  /// The activity.
  public var activity: AutoSwitchTrigger.MotionActivity
  /// How long the activity must be reported (and then not reported) before it starts (and ends), in seconds.
  public var minimumStableSeconds: Int
  /// The lowest confidence that counts (medium by default; reports below it are ignored).
  public var minimumConfidence: MotionConfidence

  /// Creates a condition.
  public init(
    activity: AutoSwitchTrigger.MotionActivity, minimumStableSeconds: Int = MotionCondition.defaultStableSeconds,
    minimumConfidence: MotionConfidence = .medium
  ) {
    self.activity = activity
    self.minimumStableSeconds = minimumStableSeconds
    self.minimumConfidence = minimumConfidence
  }
}
