import Foundation
import Queues
import SmartFill

// What the editor shows of its draft: a row per rule, the smart fill section and a row per episode.

extension QueueEditor {
  /// An auto-switch rule as the editor lists it: "✓ When connected to car".
  public struct RuleRow: Identifiable, Sendable, Hashable {
    /// The rule's index in the draft.
    public var id: Int
    /// "✓" when on, "✗" when off.
    public var state: String
    /// "When connected to car".
    public var sentence: String
    /// "Asks first", "Switches without asking", "Never switches".
    public var consentText: String

    /// "✓ When connected to car".
    public var text: String { "\(state) \(sentence)" }
  }

  /// The smart fill section, when smart fill is set up.
  public struct SmartFillSection: Sendable, Hashable {
    /// "Target Duration: 45 minutes", "Target Duration: None" (continue series without a target).
    public var targetText: String
    /// "Mode: Continue Series".
    public var modeText: String
    /// "Tolerance: 3 minutes".
    public var toleranceText: String
    /// "Priority Shows: 3 selected", "Priority Shows: None".
    public var priorityText: String
    /// "Run Smart Fill Now".
    public var runText: String

    /// The section's lines, in order.
    public var lines: [String] { [targetText, modeText, toleranceText, priorityText, runText] }
  }

  /// An episode as the editor lists it: "Show A · S2E5 (20 min)", with what it can do.
  public struct EpisodeRow: Identifiable, Sendable, Hashable {
    /// The episode.
    public var id: EpisodeID
    /// "Show A · S2E5 (20 min)", "Show C · Bonus (10 min)", "Show B · Interview (length unknown)".
    public var text: String
    /// Whether it is the episode playing (or to play).
    public var isCurrent: Bool
    /// Whether "up" applies (not the first).
    public var canMoveUp: Bool
    /// Whether "down" applies (not the last).
    public var canMoveDown: Bool
  }

  /// A row per rule of the draft.
  public var ruleRows: [RuleRow] {
    draft.rules.enumerated().map { index, rule in
      RuleRow(id: index, state: rule.isEnabled ? "✓" : "✗", sentence: rule.sentence, consentText: rule.consentText)
    }
  }

  /// The smart fill section, or `nil` when smart fill is not set up (an app offers "Set Up Smart Fill").
  public func smartFillSection(text: ScreenText = .english) -> SmartFillSection? {
    guard let settings = draft.smartFillSettings else { return nil }
    let count = settings.priorityShows.count
    return SmartFillSection(
      targetText: "Target Duration: " + (settings.targetSeconds.map(text.minutes) ?? "None"),
      modeText: "Mode: \(settings.mode.screenTitle)",
      toleranceText: "Tolerance: \(text.minutes(settings.toleranceSeconds))",
      priorityText: "Priority Shows: " + (count == 0 ? "None" : "\(text.number(count)) selected"),
      runText: "Run Smart Fill Now")
  }

  /// A row per episode of the draft, in order.
  public func episodeRows(text: ScreenText = .english) -> [EpisodeRow] {
    let last = draft.episodes.count - 1
    return draft.episodes.enumerated().map { index, episode in
      EpisodeRow(
        id: episode.id, text: Self.label(episode, detail: details[episode.id], text: text),
        isCurrent: episode.id == currentEpisode, canMoveUp: index > 0, canMoveDown: index < last)
    }
  }

  /// "Show A · S2E5 (20 min)": the show, the episode's number (or "Bonus", "Trailer", its title when it has
  /// no number) and its whole length.
  static func label(_ episode: EpisodeReference, detail: EpisodeDetail?, text: ScreenText) -> String {
    var number: String
    switch (detail?.kind, detail?.season, detail?.episode) {
    case (.bonus?, _, _): number = "Bonus"
    case (.trailer?, _, _): number = "Trailer"
    case (_, let season?, let episode?): number = "S\(season)E\(episode)"
    case (_, nil, let episode?): number = "E\(episode)"
    default: number = episode.displayTitle
    }
    if !episode.showTitle.isEmpty { number = "\(episode.showTitle) · \(number)" }
    let length = episode.durationSeconds.map(text.shortDuration) ?? "length unknown"
    return "\(number) (\(length))"
  }
}

/// What the catalog says of a queued episode that the queue does not keep: its season, number and kind.
struct EpisodeDetail: Sendable, Hashable {
  var season: Int?
  var episode: Int?
  var kind: Episode.Kind

  /// The details of `episodes` that `catalog` holds.
  ///
  /// - Complexity: O(*n* + *c*) in the episodes and the catalog's episodes.
  static func index(of episodes: [EpisodeReference], in catalog: Catalog) -> [EpisodeID: EpisodeDetail] {
    catalog.episodes(withIDs: Set(episodes.map(\.id))).mapValues { _, episode in
      EpisodeDetail(season: episode.season, episode: episode.episode, kind: episode.kind)
    }
  }
}
