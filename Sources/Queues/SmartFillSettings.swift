import SmartFill

/// How a queue fills itself from the catalog: the engine's mode, the target duration and the shows to prefer
/// ("Fill my Commute queue with 45 minutes").
///
/// Settings read from a store keep the fields a newer version wrote that this one does not know, and write
/// them back; two settings are equal (and hash alike) when all their fields, these included, are equal.
public struct SmartFillSettings: Sendable, Hashable {
  /// The engine's mode.
  public var mode: FillRequest.Mode
  /// The target duration, in seconds; required for fill time and variety, optional for continue series.
  public var targetSeconds: Int?
  /// How far the filled total may be from the target, in seconds.
  public var toleranceSeconds: Int
  /// Feed URLs of shows to prefer above all others, the first most.
  public var priorityShows: [String]
  /// The members of the store's settings object that this version does not know, written back as read.
  var unknownFields: UnknownFields = [:]

  /// The targets the store accepts, in seconds: the engine's, 1 to `FillRequest.maximumTargetSeconds`.
  public static let targetRange = 1...FillRequest.maximumTargetSeconds
  /// The tolerances the store accepts, in seconds: the engine's, 0 to `FillRequest.maximumToleranceSeconds`.
  public static let toleranceRange = 0...FillRequest.maximumToleranceSeconds

  /// Creates settings; the engine checks them when the queue is filled, the library (within
  /// ``targetRange`` and ``toleranceRange``) when it is saved.
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
