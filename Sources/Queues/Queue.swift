import Foundation
import SmartFill

/// A named list of episodes to play in order, with where playback is in it, the rules that make it the
/// active queue and the settings that fill it.
///
/// The playhead, ``currentIndex``, is the position of the episode playing (or to play) in ``episodes``;
/// it equals `episodes.count` when the queue has been played to its end, and the next episode added last
/// then becomes the current one. Operations that change the episodes keep the current episode current, by
/// the one rule a synced copy of the queue follows too (`Queue.currentIndex(after:current:becoming:added:)`).
/// An episode appears at most once: adding it again moves it.
///
/// A queue read from a store keeps the fields a newer version wrote that this one does not know (its own,
/// and those of its auto-switch rules), and writes them back; two queues are equal (and hash alike) when all
/// their fields, these included, are equal, so that equal queues are written the same.
public struct Queue: Identifiable, Sendable, Hashable {
  /// The queue's identifier.
  public let id: QueueID
  /// The name: an optional leading emoji and text, unique in its library.
  public internal(set) var name: String
  /// The episodes, in play order, each at most once.
  public internal(set) var episodes: [EpisodeReference]
  /// The position of the current episode in ``episodes``; `episodes.count` when there is none.
  public internal(set) var currentIndex: Int
  /// The conditions under which an app makes this queue active.
  public internal(set) var autoSwitchRules: [AutoSwitchRule]
  /// How the queue fills itself from the catalog, when set (`nil` when not); the engine checks the settings
  /// when the queue is filled.
  public var smartFillSettings: SmartFillSettings?
  /// The shows tied to the queue, in the order they were tied: a refresh puts their new episodes here (see
  /// ``ShowTie``). Each show at most once; the library keeps a show tied to at most one queue.
  public internal(set) var showTies: [ShowTie]
  /// When the queue was created.
  public let createdAt: Date
  /// When the queue last changed (its name, episodes, playhead or settings).
  public internal(set) var lastModified: Date
  /// Whether the listener wants this queue kept in their cloud account.
  public var isSyncedToCloud: Bool
  /// Whether the queue's auto-switch rules may switch to it at all (on by default); turning it off keeps the
  /// rules and their answers.
  public var isAutoSwitchEnabled: Bool
  /// The members of the store's queue object that this version does not know, written back as read.
  var unknownFields: UnknownFields = [:]
  /// The members of each auto-switch rule's object that this version does not know, by rule (a rule is a
  /// value, so they live beside it); a rule that is replaced loses them.
  var unknownRuleFields: [AutoSwitchRule: UnknownFields] = [:]

  /// Creates a queue; names are checked by the library that holds it.
  public init(
    id: QueueID,
    name: String,
    episodes: [EpisodeReference] = [],
    currentIndex: Int = 0,
    autoSwitchRules: [AutoSwitchRule] = [],
    smartFillSettings: SmartFillSettings? = nil,
    showTies: [ShowTie] = [],
    createdAt: Date,
    lastModified: Date? = nil,
    isSyncedToCloud: Bool = false,
    isAutoSwitchEnabled: Bool = true
  ) {
    self.id = id
    self.name = name
    self.episodes = episodes
    self.currentIndex = currentIndex
    self.autoSwitchRules = autoSwitchRules
    self.smartFillSettings = smartFillSettings
    self.showTies = showTies
    self.createdAt = createdAt.wholeSeconds
    self.lastModified = (lastModified ?? createdAt).wholeSeconds
    self.isSyncedToCloud = isSyncedToCloud
    self.isAutoSwitchEnabled = isAutoSwitchEnabled
  }

  /// The leading emoji of the name, if any ("🚗").
  public var emoji: String? { QueueName.emoji(of: name) }

  /// The name without its leading emoji ("Commute").
  public var title: String { QueueName.text(of: name) }

  /// Whether this is Up Next, the queue that always exists.
  public var isUpNext: Bool { id == .upNext }

  /// The number of episodes.
  public var count: Int { episodes.count }

  /// The tie of the show at `feedURL`, or `nil` when the queue does not tie it.
  ///
  /// - Complexity: O(*t*) in the number of ties.
  public func tie(of feedURL: String) -> ShowTie? { showTies.first { $0.feedURL == feedURL } }

  /// Whether the queue holds no episodes.
  public var isEmpty: Bool { episodes.isEmpty }

  /// The episode playing or to play, or `nil` when the queue has been played to its end.
  public var current: EpisodeReference? {
    currentIndex < episodes.count ? episodes[currentIndex] : nil
  }

  /// Whether the queue holds `episode`.
  ///
  /// - Complexity: O(*n*) in the number of episodes.
  public func contains(_ episode: EpisodeID) -> Bool { index(of: episode) != nil }

  /// The position of `episode`, or `nil` when the queue does not hold it.
  ///
  /// - Complexity: O(*n*) in the number of episodes.
  public func index(of episode: EpisodeID) -> Int? {
    episodes.firstIndex { $0.episodeGUID == episode.guid && $0.feedURL == episode.feedURL }
  }

  /// The time left to play over every episode, in seconds, counting what remains of each; episodes whose
  /// duration is unknown are counted in ``unknownDurationCount`` instead.
  ///
  /// - Complexity: O(*n*) in the number of episodes.
  public var remainingSeconds: Int {
    episodes.reduce(0) { $0 + ($1.remainingSeconds ?? 0) }
  }

  /// The number of episodes whose duration is unknown.
  public var unknownDurationCount: Int {
    episodes.reduce(0) { $0 + ($1.durationSeconds == nil ? 1 : 0) }
  }

  /// The queue's size for display: "12 episodes · 45 min total", with "+ 2 of unknown length" when some
  /// durations are unknown.
  public var summary: String {
    let episodesText = count == 1 ? "1 episode" : "\(count) episodes"
    var text = "\(episodesText) · \(Self.durationText(remainingSeconds)) total"
    let unknown = unknownDurationCount
    if unknown > 0 { text += " + \(unknown) of unknown length" }
    return text
  }

  /// "45 min", "1 h 30 min", "2 h"; seconds are rounded to the nearest minute.
  public static func durationText(_ seconds: Int) -> String {
    let minutes = (seconds + 30) / 60
    if minutes < 60 { return "\(minutes) min" }
    let hours = minutes / 60
    let rest = minutes % 60
    return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
  }
}
