import Foundation
import SmartFill

/// A show tied to a queue: the new episodes a refresh finds of the show go to that queue, next or last (see
/// ``QueueLibrary/routeNewEpisodes(in:after:now:)``).
///
/// A queue holds its ties in ``Queue/showTies``; a show is tied to at most one queue of a library, and never to
/// Up Next, which takes the new episodes of every untied show when ``QueueLibrary/untiedShowsGoToUpNext`` is on.
/// Change ties through the library (``QueueLibrary/tie(_:to:now:)``, ``QueueLibrary/untieShow(_:now:)``), which
/// keeps that rule.
///
/// A tie read from a store keeps the fields a newer version wrote that this one does not know, and writes them
/// back; two ties are equal when all their fields, these included, are equal.
public struct ShowTie: Sendable, Hashable {
  /// Where a new episode goes in its queue.
  public enum Placement: String, Sendable, Hashable, CaseIterable {
    /// Right after the episode playing (at the end when the queue has been played through), as "play next".
    case next
    /// At the end of the queue, as "play last".
    case last
  }

  /// The most ties a queue holds: 20,000, as many shows as `smartfill generate` makes.
  public static let maximumPerQueue = 20_000

  /// The show's feed URL, as the catalog spells it.
  public var feedURL: String
  /// The show's title when it was tied, for screens without a catalog; empty when unknown.
  public var showTitle: String
  /// Where its new episodes go.
  public var placement: Placement
  /// Whether only episodes published after ``tiedAt`` count: a refresh that finds an older episode new (a
  /// feed that lists part of its back catalog late) leaves it out.
  public var onlyNewEpisodes: Bool
  /// When the show was tied to its queue (kept to the second).
  public var tiedAt: Date
  /// The members of the store's tie object that this version does not know, written back as read.
  var unknownFields: UnknownFields = [:]

  /// Creates a tie of the show at `feedURL`.
  public init(
    feedURL: String, showTitle: String = "", placement: Placement = .last, onlyNewEpisodes: Bool = false,
    tiedAt: Date
  ) {
    self.feedURL = feedURL
    self.showTitle = showTitle
    self.placement = placement
    self.onlyNewEpisodes = onlyNewEpisodes
    self.tiedAt = tiedAt.wholeSeconds
  }

  /// The show's title, or its feed URL when the title is unknown.
  public var displayTitle: String { showTitle.isEmpty ? feedURL : showTitle }

  /// Whether an episode published at `published` counts under ``onlyNewEpisodes``.
  public func counts(publishedAt published: Date) -> Bool { !onlyNewEpisodes || published > tiedAt }

  /// "next", "last", "next, only new episodes": the options in a few words.
  public var optionsText: String {
    placement.rawValue + (onlyNewEpisodes ? ", only new episodes" : "")
  }

  /// Checks the fields: a feed URL that is not empty.
  ///
  /// - Throws: ``QueueError/invalidShowTie(field:value:reason:)``.
  public func validate() throws(QueueError) {
    if feedURL.isEmpty { throw .invalidShowTie(field: "feedURL", value: "\"\"", reason: "must not be empty") }
  }
}

extension ShowTie {
  /// "“The Daily”", "“The Daily” and “Hard Fork”", "“A”, “B”, “C” and 2 more": the shows' titles for a
  /// sentence.
  static func listing(_ ties: [ShowTie]) -> String {
    let titles = ties.prefix(3).map { "\u{201C}\($0.displayTitle)\u{201D}" }
    let more = ties.count - titles.count
    if more > 0 { return titles.joined(separator: ", ") + " and \(more) more" }
    if titles.count <= 1 { return titles.first ?? "" }
    return titles.dropLast().joined(separator: ", ") + " and " + titles.last!
  }
}
