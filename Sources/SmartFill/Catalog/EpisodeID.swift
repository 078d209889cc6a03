import Foundation

/// Identifies an episode across a catalog: its show's feed URL and its GUID.
public struct EpisodeID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The feed URL of the episode's show.
  public var feedURL: String
  /// The episode's GUID within that show.
  public var guid: String

  /// Creates an identifier.
  public init(feedURL: String, guid: String) {
    self.feedURL = feedURL
    self.guid = guid
  }

  public static func < (lhs: EpisodeID, rhs: EpisodeID) -> Bool {
    (lhs.feedURL, lhs.guid) < (rhs.feedURL, rhs.guid)
  }

  public var description: String { "\(feedURL)#\(guid)" }
}
