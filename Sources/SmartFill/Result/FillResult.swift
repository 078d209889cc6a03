/// A filled queue: the episodes in play order, each with the reason it was chosen, and how the total
/// compares with the target.
public struct FillResult: Sendable, Hashable {
  /// Whether the fill reached its window.
  public enum Status: String, Sendable, Hashable, CaseIterable, Codable {
    /// The total lies inside the window (or, without a target, at least one episode was chosen).
    case filled
    /// No admissible selection reaches the window; the total is the largest one that stays below its top.
    case short
    /// There are no candidates at all.
    case empty
  }

  /// Why an episode was chosen, as the app explains it to the listener.
  public enum Reason: String, Sendable, Hashable, CaseIterable, Codable {
    /// Its show is one of the caller's priority shows.
    case priorityShow = "priority show"
    /// Its show is one the listener listens to (`recentListeningSeconds` > 0).
    case listeningHistory = "listening history"
    /// It is among the oldest unplayed episodes.
    case oldestUnplayed = "oldest unplayed"
    /// It is the next episode of a serial show, or of a show being continued.
    case nextInSeries = "next in series"
  }

  /// One chosen episode.
  public struct Entry: Sendable, Hashable {
    /// The episode's show and GUID.
    public var id: EpisodeID
    /// The show's title.
    public var showTitle: String
    /// The episode's title.
    public var title: String
    /// The time the episode adds: its remaining seconds, or `nil` when its duration is unknown.
    public var seconds: Int?
    /// The season number, when known.
    public var season: Int?
    /// The episode number, when known.
    public var episode: Int?
    /// Why it was chosen.
    public var reason: Reason

    /// Creates an entry.
    public init(
      id: EpisodeID, showTitle: String, title: String, seconds: Int?, season: Int?, episode: Int?, reason: Reason
    ) {
      self.id = id
      self.showTitle = showTitle
      self.title = title
      self.seconds = seconds
      self.season = season
      self.episode = episode
      self.reason = reason
    }
  }

  /// The mode that produced this result.
  public var mode: FillRequest.Mode
  /// Filled, short or empty.
  public var status: Status
  /// The target, in seconds; `nil` for continue series without a target.
  public var targetSeconds: Int?
  /// The tolerance, in seconds.
  public var toleranceSeconds: Int
  /// The sum of the entries' seconds.
  public var totalSeconds: Int
  /// `totalSeconds − targetSeconds`, or `nil` without a target.
  public var deviationSeconds: Int? { targetSeconds.map { totalSeconds - $0 } }
  /// The chosen episodes, in play order.
  public var entries: [Entry]
  /// Why the result is short or empty, else `nil`.
  public var explanation: Explanation?
  /// The explanation's sentence for the listener (in English), else `nil`.
  public var message: String? { explanation?.description }
  /// What the fill passed over, per show (episodes of unknown length), in the shows' order.
  public var notes: [Note]

  /// Creates a result.
  public init(
    mode: FillRequest.Mode, status: Status, targetSeconds: Int?, toleranceSeconds: Int, totalSeconds: Int,
    entries: [Entry], explanation: Explanation?, notes: [Note] = []
  ) {
    self.mode = mode
    self.status = status
    self.targetSeconds = targetSeconds
    self.toleranceSeconds = toleranceSeconds
    self.totalSeconds = totalSeconds
    self.entries = entries
    self.explanation = explanation
    self.notes = notes
  }
}
