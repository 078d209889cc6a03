extension FillResult {
  /// Something a fill passed over that the listener should know of, per show: episodes it could not time.
  /// Unlike an ``Explanation``, a note can come with any status (a full queue may still have passed over
  /// episodes). ``description`` is the English sentence.
  public enum Note: Sendable, Hashable, CustomStringConvertible {
    /// `count` episodes of an episodic show have no known length and were passed over; the fill went on with
    /// the show's next timed episodes.
    case unknownLengthsPassedOver(feedURL: String, showTitle: String, count: Int)
    /// A serial show's next episode (`episodeTitle`) has no known length, so its story stops before it (a
    /// story episode is never skipped).
    case storyStopsAtUnknownLength(feedURL: String, showTitle: String, episodeTitle: String)

    /// A stable name for the case, as `smartfill fill --json` writes it.
    public var kind: String {
      switch self {
      case .unknownLengthsPassedOver: return "unknownLengthsPassedOver"
      case .storyStopsAtUnknownLength: return "storyStopsAtUnknownLength"
      }
    }

    /// The show's feed URL.
    public var feedURL: String {
      switch self {
      case .unknownLengthsPassedOver(let feedURL, _, _), .storyStopsAtUnknownLength(let feedURL, _, _): return feedURL
      }
    }

    /// The sentence for the listener, in English.
    public var description: String {
      switch self {
      case .unknownLengthsPassedOver(_, let show, let count):
        return count == 1
          ? "\(show): 1 episode of unknown length passed over."
          : "\(show): \(count) episodes of unknown length passed over."
      case .storyStopsAtUnknownLength(_, let show, let episode):
        return "\(show): the next episode's length is unknown (\(episode)), so the story stops here."
      }
    }
  }
}
