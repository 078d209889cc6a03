import SmartFill

/// How a queue fills itself from the catalog: the engine's mode, the target duration and the shows to prefer
/// ("Fill my Commute queue with 45 minutes").
public struct SmartFillSettings: Sendable, Hashable {
  /// The engine's mode.
  public var mode: FillRequest.Mode
  /// The target duration, in seconds; required for fill time and variety, optional for continue series.
  public var targetSeconds: Int?
  /// How far the filled total may be from the target, in seconds.
  public var toleranceSeconds: Int
  /// Feed URLs of shows to prefer above all others, the first most.
  public var priorityShows: [String]

  /// Creates settings; the engine checks them when the queue is filled.
  public init(
    mode: FillRequest.Mode,
    targetSeconds: Int?,
    toleranceSeconds: Int = FillRequest.defaultToleranceSeconds,
    priorityShows: [String] = []
  ) {
    self.mode = mode
    self.targetSeconds = targetSeconds
    self.toleranceSeconds = toleranceSeconds
    self.priorityShows = priorityShows
  }

  /// The engine request for these settings, leaving out `excluded`.
  public func request(excluding excluded: Set<EpisodeID> = []) -> FillRequest {
    FillRequest(
      mode: mode, targetSeconds: targetSeconds, toleranceSeconds: toleranceSeconds, priorityShows: priorityShows,
      excluded: excluded)
  }
}
