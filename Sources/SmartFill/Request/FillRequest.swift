/// What to fill a queue with: the mode, the target and tolerance, the caller's priority shows and the
/// episodes to leave out (for example those the queue already holds).
public struct FillRequest: Sendable, Hashable {
  /// How the engine chooses episodes.
  public enum Mode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Episodes whose remaining times add up to the target within the tolerance.
    case fillTime = "fill-time"
    /// The next episodes of each show, in series order; with a target, as many as land in the window.
    case continueSeries = "continue-series"
    /// Like fill time, arranged so that no show plays three times in a row.
    case variety
  }

  /// The default tolerance: 3 minutes.
  public static let defaultToleranceSeconds = 180
  /// The largest tolerance accepted: 30 minutes.
  public static let maximumToleranceSeconds = 1800
  /// The default aim: within a minute of the target whenever some selection gets that close.
  public static let defaultAimSeconds = 60

  /// The longest target accepted: 7 days, which keeps the engine's memory bounded.
  public static let maximumTargetSeconds = 7 * 24 * 3600

  /// The mode.
  public var mode: Mode
  /// The target total, in seconds; required for fill time and variety, optional for continue series.
  public var targetSeconds: Int?
  /// How far the total may be from the target, in seconds (0 to 30 minutes, less than the target).
  public var toleranceSeconds: Int
  /// How close to the target the fill aims, in seconds: the window is narrowed to `target ± max(d*, aim)`,
  /// where *d\** is the smallest deviation any admissible selection reaches, before the priority rule
  /// chooses. 0 aims as close as possible; an aim at or above the tolerance chooses anywhere in the window.
  /// At most ``maximumToleranceSeconds``.
  public var aimSeconds: Int
  /// Feed URLs of shows to prefer above all others, the first most.
  public var priorityShows: [String]
  /// Episodes never to choose.
  public var excluded: Set<EpisodeID>

  /// Creates a request.
  public init(
    mode: Mode,
    targetSeconds: Int?,
    toleranceSeconds: Int = FillRequest.defaultToleranceSeconds,
    aimSeconds: Int = FillRequest.defaultAimSeconds,
    priorityShows: [String] = [],
    excluded: Set<EpisodeID> = []
  ) {
    self.mode = mode
    self.targetSeconds = targetSeconds
    self.toleranceSeconds = toleranceSeconds
    self.aimSeconds = aimSeconds
    self.priorityShows = priorityShows
    self.excluded = excluded
  }

  /// The accepted totals, `target − tolerance ... target + tolerance`, when there is a target.
  public var window: ClosedRange<Int>? {
    guard let targetSeconds, toleranceSeconds >= 0, toleranceSeconds < targetSeconds else { return nil }
    return (targetSeconds - toleranceSeconds)...(targetSeconds + toleranceSeconds)
  }
}
