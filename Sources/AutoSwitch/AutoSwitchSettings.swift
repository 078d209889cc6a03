import Foundation
import Queues

/// Where a rule's trigger came from, for the precedence between rules that fire at once.
public enum TriggerSource: String, Sendable, Hashable, CaseIterable {
  /// CarPlay connected (a car rule).
  case carPlay
  /// A Bluetooth device the listener marked as their car (a car rule).
  case bluetoothCar
  /// A Focus filter naming the queue.
  case focusFilter
  /// The audio output.
  case audioOutput
  /// A time range.
  case schedule
  /// Stable motion.
  case motion
}

/// The engine's settings: the precedence between rules, what to do while an episode plays, the listener's
/// time zone and how long after a car connects a remote "play" is held.
public struct AutoSwitchSettings: Sendable, Hashable {
  /// The default precedence: CarPlay, a marked Bluetooth car, a Focus filter, the audio output, a schedule,
  /// motion.
  public static let defaultPrecedence: [TriggerSource] = TriggerSource.allCases

  /// What to do when a switch is due while an episode plays.
  public enum WhileEpisodePlays: String, Sendable, Hashable, CaseIterable {
    /// Switch when the episode ends (the default).
    case waitForEpisodeEnd
    /// Ask "Switching to 🚗 Commute?", and switch at once on Yes.
    case ask
  }

  /// The sources from first to last; when several rules fire at once, the first source wins, then the queue
  /// that comes first in the library, then the rule that comes first in its queue.
  public private(set) var precedence: [TriggerSource]
  /// What to do when a switch is due while an episode plays.
  public var whileEpisodePlays: WhileEpisodePlays
  /// The listener's time zone, for the time ranges that name none.
  public var timeZone: TimeZone
  /// How long after CarPlay or a Bluetooth device connects a remote "play" is held, in seconds (10 by
  /// default): cars send "play" when they connect.
  public var playCommandGuardSeconds: Int

  /// Settings with the default precedence, waiting for the episode's end, in `timeZone`.
  public init(
    timeZone: TimeZone = .current, whileEpisodePlays: WhileEpisodePlays = .waitForEpisodeEnd,
    playCommandGuardSeconds: Int = 10
  ) {
    self.precedence = Self.defaultPrecedence
    self.whileEpisodePlays = whileEpisodePlays
    self.timeZone = timeZone
    self.playCommandGuardSeconds = playCommandGuardSeconds
  }

  /// Changes the precedence to `precedence`, first to last.
  ///
  /// ```swift
  /// try settings.changePrecedence(to: [.schedule, .carPlay, .bluetoothCar, .focusFilter, .audioOutput, .motion])
  /// ```
  ///
  /// - Throws: ``AutoSwitchError/invalidPrecedence(_:)`` unless `precedence` names every source once.
  public mutating func changePrecedence(to precedence: [TriggerSource]) throws(AutoSwitchError) {
    guard precedence.count == TriggerSource.allCases.count, Set(precedence).count == precedence.count else {
      throw .invalidPrecedence(precedence.map(\.rawValue))
    }
    self.precedence = precedence
  }

  /// The rank of `source` in the precedence, 0 first.
  func rank(of source: TriggerSource) -> Int { precedence.firstIndex(of: source)! }
}
