/// A subscribed show and its episodes.
public struct Show: Sendable, Hashable {
  /// How a show's episodes follow each other, as `itunes:type` gives it.
  public enum Ordering: String, Sendable, Hashable, CaseIterable {
    /// Episodes stand alone; newest first in the feed, oldest first in the queue.
    case episodic
    /// Episodes are meant to be heard in order, by season and episode number.
    case serial
  }

  /// The feed's URL; identifies the show in a catalog.
  public var feedURL: String
  /// The show's title.
  public var title: String
  /// Episodic or serial.
  public var ordering: Ordering
  /// The show's categories, as the feed lists them.
  public var categories: [String]
  /// How long the listener has recently listened to this show, in seconds (≥ 0); more means a higher priority.
  public var recentListeningSeconds: Int
  /// The show's episodes, in any order.
  public var episodes: [Episode]

  /// Creates a show.
  public init(
    feedURL: String,
    title: String,
    ordering: Ordering = .episodic,
    categories: [String] = [],
    recentListeningSeconds: Int = 0,
    episodes: [Episode] = []
  ) {
    self.feedURL = feedURL
    self.title = title
    self.ordering = ordering
    self.categories = categories
    self.recentListeningSeconds = recentListeningSeconds
    self.episodes = episodes
  }
}
