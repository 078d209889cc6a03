import SmartFillSupport

/// What the auto-switch module refuses: a precedence that does not name every source once, or a timeline
/// that cannot be read (naming the field, the value and the event's index, or the line and column of a JSON
/// syntax error).
public enum AutoSwitchError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A precedence must name each of the six sources exactly once.
  case invalidPrecedence([String])
  /// A timeline's JSON is bad at `location` (`events[3].at`, or `line 4, column 9`).
  case invalidTimeline(location: String, reason: String)

  public var description: String {
    switch self {
    case .invalidPrecedence(let names):
      let allowed = TriggerSource.allCases.map { JSONWriter.quoted($0.rawValue) }.joined(separator: ", ")
      return "precedence [\(names.map { JSONWriter.quoted($0) }.joined(separator: ", "))]: must name each of "
        + "\(allowed) exactly once"
    case .invalidTimeline(let location, let reason):
      return "timeline, \(location): \(reason)"
    }
  }

  /// The timeline error for a problem `JSONReader` found.
  init(_ error: JSONReadError) {
    self = .invalidTimeline(location: error.path.description, reason: error.reason)
  }
}
