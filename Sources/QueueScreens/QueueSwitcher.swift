import Foundation
import Queues

/// The mini player's queue switcher, as a value to render: what plays now, from which queue ("From: 🚗
/// Commute ▼"), how much that queue holds ("5 episodes"), where playback is ("12:34 / 42:16", with the
/// fraction played for a progress bar), and the drop-down of every queue with "+ Create Queue".
///
/// ```swift
/// let switcher = QueueSwitcher(library)
/// Text(switcher.nowPlaying?.title ?? "Nothing playing")
/// Menu(switcher.fromText) { ForEach(switcher.rows) { Text($0.text) }; Text(switcher.createText ?? "") }
/// ```
public struct QueueSwitcher: Sendable, Hashable {
  /// The episode playing (or to play) in the active queue.
  public struct NowPlaying: Sendable, Hashable {
    /// The episode's title ("Untitled episode" when unknown).
    public var title: String
    /// The show's title; empty when unknown.
    public var showTitle: String
    /// "12:34 / 42:16"; "12:34 / --:--" when the length is unknown.
    public var positionText: String
    /// The fraction played, 0 to 1, or `nil` when the length is unknown.
    public var fractionPlayed: Double?
  }

  /// A row of the drop-down: one queue.
  public struct Row: Identifiable, Sendable, Hashable {
    /// The queue.
    public var id: QueueID
    /// Whether it is the active queue.
    public var isActive: Bool
    /// "✓" on the active queue, "" on the others.
    public var checkmark: String
    /// The queue's name ("🚗 Commute").
    public var name: String
    /// "(Active)" on the active queue, else `nil`.
    public var activeLabel: String?
    /// The number of episodes ("5").
    public var countText: String

    /// The row as one line: "✓ 🚗 Commute (Active) 5".
    public var text: String {
      ([checkmark.isEmpty ? nil : checkmark, name, activeLabel, countText] as [String?]).compactMap { $0 }
        .joined(separator: " ")
    }
  }

  /// The active queue.
  public var activeQueueID: QueueID
  /// The episode playing, or `nil` when the active queue is at its end.
  public var nowPlaying: NowPlaying?
  /// "From: 🚗 Commute ▼".
  public var fromText: String
  /// The active queue's size: "5 episodes".
  public var countText: String
  /// Every queue, in the library's order.
  public var rows: [Row]
  /// "+ Create Queue" while the library is under its queue limit, else `nil`.
  public var createText: String?

  /// The switcher for `library`.
  ///
  /// - Complexity: O(*q*) in the number of queues.
  public init(_ library: QueueLibrary, text: ScreenText = .english) {
    let active = library.activeQueue
    activeQueueID = active.id
    nowPlaying = active.current.map { Self.nowPlaying($0, text: text) }
    fromText = "From: \(active.name) ▼"
    countText = text.episodes(active.count)
    rows = library.queues.map { queue in
      let isActive = queue.id == active.id
      return Row(
        id: queue.id, isActive: isActive, checkmark: isActive ? "✓" : "", name: queue.name,
        activeLabel: isActive ? "(Active)" : nil, countText: text.number(queue.count))
    }
    createText = library.count < library.queueLimit ? "+ Create Queue" : nil
  }

  static func nowPlaying(_ episode: EpisodeReference, text: ScreenText) -> NowPlaying {
    let position = text.clock(episode.playbackPositionSeconds)
    guard let duration = episode.durationSeconds else {
      return NowPlaying(
        title: episode.displayTitle, showTitle: episode.showTitle, positionText: "\(position) / --:--",
        fractionPlayed: nil)
    }
    return NowPlaying(
      title: episode.displayTitle, showTitle: episode.showTitle, positionText: "\(position) / \(text.clock(duration))",
      fractionPlayed: Double(episode.playbackPositionSeconds) / Double(duration))
  }
}

extension EpisodeReference {
  /// The title, or "Untitled episode" when it is unknown.
  public var displayTitle: String { title.isEmpty ? "Untitled episode" : title }
}
