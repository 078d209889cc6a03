import Foundation
import SmartFill

extension Rules {
  /// A group's place in the priority order of fill time and variety, or a show's in continue series':
  ///
  ///     (priority rank, −recentListeningSeconds, published date of the group's first episode, feed URL,
  ///      series position of that episode)
  ///
  /// where the priority rank is the show's first place in the request's priority shows, after all of them for a
  /// show not named. Continue series orders shows by the same key without the position, the date being that of
  /// the show's next episode (its chain's first). Every tie is broken: a feed URL names one show, a position one
  /// episode.
  package struct PriorityKey: Comparable, Sendable {
    /// The show's priority rank.
    package var rank: Int
    /// The show's recent listening, in seconds: more comes first.
    package var listening: Int
    /// The published date of the group's first episode.
    package var published: Date
    /// The show's feed URL.
    package var feedURL: String
    /// The group's first episode's place in its show's series order (0 for a show's key).
    package var position: Int

    /// The key of the group of `show` whose first episode is `first`, at `position` in series order.
    package init(show: Show, first: Episode, position: Int = 0, priorityShows: [String]) {
      rank = priorityShows.firstIndex(of: show.feedURL) ?? Int.max
      listening = show.recentListeningSeconds
      published = first.published
      feedURL = show.feedURL
      self.position = position
    }

    package static func < (lhs: PriorityKey, rhs: PriorityKey) -> Bool {
      if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
      if lhs.listening != rhs.listening { return lhs.listening > rhs.listening }
      if lhs.published != rhs.published { return lhs.published < rhs.published }
      if lhs.feedURL != rhs.feedURL { return lhs.feedURL < rhs.feedURL }
      return lhs.position < rhs.position
    }
  }
}
