import Foundation
import SmartFill

/// What a refresh's new episodes became (see ``QueueLibrary/routing(of:after:now:)``): each new episode either
/// went to a queue, at a place, or stayed out, for a reason. Every part is a value an app acts on, with the
/// English sentence as its description.
public struct EpisodeRouting: Sendable, Hashable, CustomStringConvertible {
  /// Why an episode went where it went.
  public enum Rule: Sendable, Hashable {
    /// Its show is tied to the queue.
    case tie(ShowTie)
    /// Its show is tied to no queue, and the library sends such episodes to Up Next
    /// (``QueueLibrary/untiedShowsGoToUpNext``).
    case untiedToUpNext
  }

  /// A new episode added to a queue.
  public struct Routed: Sendable, Hashable, CustomStringConvertible {
    /// The reference added (titles, duration and progress from the catalog; `addedAt` the routing's date).
    public var episode: EpisodeReference
    /// The queue.
    public var queue: QueueLibrary.QueueLabel
    /// Where it was inserted, from 0, in the queue as it is when this episode is inserted (after the ones
    /// routed before it in ``EpisodeRouting/routed``).
    public var index: Int
    /// Next or last, as its rule asks (the place may differ to keep a serial show in order).
    public var placement: ShowTie.Placement
    /// Why it went there.
    public var rule: Rule

    /// "“Seven” of “Show A” went to 🚗 Commute (last, position 4)."
    public var description: String {
      "\(EpisodeRouting.name(episode.title, episode.id.guid)) of \(EpisodeRouting.name(episode.showTitle, episode.feedURL)) "
        + "went to \(queue.name) (\(placement.rawValue), position \(index + 1))."
    }
  }

  /// Why a new episode stayed out of every queue.
  public enum SkipReason: Sendable, Hashable, CustomStringConvertible {
    /// Its show is tied to no queue (and untied shows go nowhere).
    case notTied
    /// It is a trailer, which is never queued.
    case trailer
    /// The catalog says it was played.
    case played
    /// The listener finished it (``EpisodeHistory/Exclusion/Reason/finished``).
    case finished
    /// The listener removed it from a queue by hand (that queue, when it still exists, deleted or not).
    case removedByHand(from: QueueLibrary.QueueLabel?)
    /// It was published before its show was tied, and the tie counts only newer episodes.
    case publishedBeforeTie(ShowTie)
    /// A queue holds it already.
    case alreadyQueued(in: QueueLibrary.QueueLabel)

    /// "its show is tied to no queue", "removed from 🚗 Commute by hand earlier", …
    public var description: String {
      switch self {
      case .notTied: return "its show is tied to no queue"
      case .trailer: return "it is a trailer, never queued"
      case .played: return "it was played already"
      case .finished: return "it was finished earlier"
      case .removedByHand(let queue?): return "it was removed from \(queue.name) by hand earlier"
      case .removedByHand(nil): return "it was removed from a queue by hand earlier"
      case .publishedBeforeTie: return "it was published before its show was tied, and only new episodes count"
      case .alreadyQueued(let queue): return "it is in \(queue.name) already"
      }
    }
  }

  /// A new episode that stayed out.
  public struct Skipped: Sendable, Hashable, CustomStringConvertible {
    /// The episode.
    public var episode: EpisodeID
    /// Its title (empty when the feed gives none).
    public var title: String
    /// Its show's title.
    public var showTitle: String
    /// Why it stayed out.
    public var reason: SkipReason

    /// "“Six” of “Show A” stayed out: it was removed from 🚗 Commute by hand earlier."
    public var description: String {
      "\(EpisodeRouting.name(title, episode.guid)) of \(EpisodeRouting.name(showTitle, episode.feedURL)) "
        + "stayed out: \(reason)."
    }
  }

  /// What ``QueueLibrary/undoRouting(_:now:)`` needs to take a routing back: the episodes it added, and what
  /// the history knew of the shows it saw.
  public struct Undo: Sendable, Hashable {
    /// An episode added to a queue.
    public struct Added: Sendable, Hashable {
      /// The queue.
      public var queueID: QueueID
      /// The episode.
      public var episode: EpisodeID

      /// Creates a record of an add.
      public init(queueID: QueueID, episode: EpisodeID) {
        self.queueID = queueID
        self.episode = episode
      }
    }

    /// The episodes added, in the order they were.
    public var added: [Added]
    /// The feed URLs of the shows the routing saw.
    public var seenShows: [String]
    /// What the history knew of those shows before, by feed URL (a show it did not know is absent).
    public var knownEpisodesBefore: [String: EpisodeHistory.KnownEpisodes]

    /// Creates an undo.
    public init(
      added: [Added], seenShows: [String], knownEpisodesBefore: [String: EpisodeHistory.KnownEpisodes]
    ) {
      self.added = added
      self.seenShows = seenShows
      self.knownEpisodesBefore = knownEpisodesBefore
    }
  }

  /// The episodes added, in the order they were inserted.
  public var routed: [Routed]
  /// The new episodes that stayed out, in the catalog's order of shows and each show's series order.
  public var skipped: [Skipped]
  /// What taking the routing back needs.
  public var undo: Undo
  /// The library's history after the routing.
  var history: EpisodeHistory

  /// How many new episodes the refresh found.
  public var newEpisodeCount: Int { routed.count + skipped.count }

  /// A line per new episode, routed ones first, or "No new episodes.".
  public var description: String {
    guard newEpisodeCount > 0 else { return "No new episodes." }
    return (routed.map(\.description) + skipped.map(\.description)).joined(separator: "\n")
  }

  /// `“title”`, or the fallback (a GUID, a feed URL) when the title is empty.
  static func name(_ title: String, _ fallback: String) -> String {
    "\u{201C}\(title.isEmpty ? fallback : title)\u{201D}"
  }
}
