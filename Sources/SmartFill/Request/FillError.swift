/// A fill request the engine cannot carry out.

import SmartFillSupport

public enum FillError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The mode needs a target and none was given.
  case missingTarget(mode: FillRequest.Mode)
  /// The target is zero or negative, or longer than ``FillRequest/maximumTargetSeconds``.
  case invalidTarget(seconds: Int)
  /// The tolerance is negative, more than 30 minutes, or not less than the target.
  case invalidTolerance(seconds: Int, targetSeconds: Int?)
  /// The aim is negative or more than 30 minutes.
  case invalidAim(seconds: Int)
  /// A priority show is not in the catalog.
  case unknownPriorityShow(feedURL: String)

  public var description: String {
    switch self {
    case .missingTarget(let mode):
      return "mode \(mode.rawValue) needs a target duration"
    case .invalidTarget(let seconds):
      return "target must be between 1 second and \(FillRequest.maximumTargetSeconds / 86_400) days, got \(seconds) s"
    case .invalidTolerance(let seconds, let target):
      let limit = target.map { "less than the target (\($0) s) and " } ?? ""
      return "tolerance must be 0 or more, \(limit)at most \(FillRequest.maximumToleranceSeconds / 60) minutes, "
        + "got \(seconds) s"
    case .invalidAim(let seconds):
      return "aim must be between 0 and \(FillRequest.maximumToleranceSeconds / 60) minutes, got \(seconds) s"
    case .unknownPriorityShow(let feedURL):
      return "priority show \(JSONWriter.quoted(feedURL)) is not in the catalog"
    }
  }
}
