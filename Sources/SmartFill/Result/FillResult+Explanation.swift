extension FillResult {
  /// Why a fill is short or empty, as a value an app can act on (offer to clear exclusions, to import
  /// durations, to widen the tolerance) or localize; ``description`` is the English sentence.
  public enum Explanation: Sendable, Hashable, CustomStringConvertible {
    /// The catalog has no episodes at all.
    case noEpisodes
    /// Every episode has been played (trailers and the episodes before a story's latest played one do not
    /// count).
    case everythingPlayed
    /// Every one of the `count` unplayed episodes is excluded by the request (for a queue: already in it).
    case everythingExcluded(count: Int)
    /// None of the `count` unplayed episodes left has a known duration, so none can be timed.
    case noKnownDuration(count: Int)
    /// Every available episode is longer than the window's top.
    case nothingShortEnough(window: ClosedRange<Int>)
    /// No combination of the available episodes lands in the window; the closest total below its top is
    /// `closestSeconds`.
    case windowUnreachable(window: ClosedRange<Int>, closestSeconds: Int)
    /// Some selection lands in the window, but none that can be arranged without three episodes of one show
    /// in a row; the closest arrangeable total is `closestSeconds`.
    case varietyConflict(window: ClosedRange<Int>, closestSeconds: Int)

    /// A stable name for the case, as `smartfill fill --json` writes it (`"windowUnreachable"`).
    public var kind: String {
      switch self {
      case .noEpisodes: return "noEpisodes"
      case .everythingPlayed: return "everythingPlayed"
      case .everythingExcluded: return "everythingExcluded"
      case .noKnownDuration: return "noKnownDuration"
      case .nothingShortEnough: return "nothingShortEnough"
      case .windowUnreachable: return "windowUnreachable"
      case .varietyConflict: return "varietyConflict"
      }
    }

    /// The sentence for the listener, in English.
    public var description: String {
      switch self {
      case .noEpisodes:
        return "No episodes available. Subscribe to more shows?"
      case .everythingPlayed:
        return "Every episode has been played. New episodes will appear when your shows publish them."
      case .everythingExcluded(let count):
        return count == 1
          ? "The only unplayed episode is already queued or excluded."
          : "All \(count) unplayed episodes are already queued or excluded."
      case .noKnownDuration(let count):
        return count == 1
          ? "The only unplayed episode has no known duration, so it cannot be timed."
          : "None of the \(count) unplayed episodes has a known duration, so none can be timed."
      case .nothingShortEnough(let window):
        return "Nothing fits in \(describe(window)): every available episode is longer."
      case .windowUnreachable(let window, let closest):
        return "No combination of the available episodes reaches \(describe(window)); the closest is "
          + "\(describe(seconds: closest))."
      case .varietyConflict(let window, let closest):
        return "The variety rule (never three in a row from one show) and the \(describe(window)) window cannot "
          + "both be met with these episodes; the closest is \(describe(seconds: closest))."
      }
    }
  }
}
