import Foundation
import Queues

/// The queue management screen, as a value to render: a row per queue with its name, "(Active Now)", its
/// size ("12 episodes", "45 min total", "+ 2 of unknown length"), how it switches ("Auto-Switch: Car 🚘",
/// "Between 22:00 and 06:00 😴", "Default queue" for Up Next), the shows tied to it ("Shows: The Daily, Hard
/// Fork") and the actions it offers; then "+ Create New Queue" while the library is under its limit.
///
/// ```swift
/// let screen = QueueManagementScreen(library)
/// List(screen.rows) { row in
///   Text(row.name); Text(row.totalText); ForEach(row.actions, id: \.self) { Button($0.title) { … } }
/// }
/// ```
public struct QueueManagementScreen: Sendable, Hashable {
  /// What a row's buttons do.
  public enum Action: String, Sendable, Hashable, CaseIterable {
    /// Opens the queue editor.
    case edit
    /// Removes every episode (undoable); offered when the queue holds episodes.
    case clear
    /// Runs the queue's smart fill; offered only where smart fill is set up.
    case smartFill

    /// "Edit", "Clear", "Smart Fill".
    public var title: String {
      switch self {
      case .edit: return "Edit"
      case .clear: return "Clear"
      case .smartFill: return "Smart Fill"
      }
    }
  }

  /// One queue's row.
  public struct Row: Identifiable, Sendable, Hashable {
    /// The queue.
    public var id: QueueID
    /// "🚗 Commute".
    public var name: String
    /// "(Active Now)" on the active queue, else `nil`.
    public var activeLabel: String?
    /// "12 episodes".
    public var countText: String
    /// "45 min total", "2 hr 15 min total": the time left to play over the episodes of known length.
    public var totalText: String
    /// "+ 2 of unknown length" when some episodes' lengths are unknown, else `nil`.
    public var unknownText: String?
    /// "Default queue" for Up Next; the summary of each enabled rule, joined by " · " ("Auto-Switch: Car
    /// 🚘"); "Auto-Switch: Off" when the queue's switching is turned off; `nil` when it has no enabled rule.
    public var autoSwitchText: String?
    /// "Shows: The Daily, Hard Fork" when shows are tied to the queue; "Shows: every untied show" on Up Next
    /// when the library sends the untied shows' new episodes there; else `nil`.
    public var showsText: String?
    /// The buttons: Edit, then Clear when it holds episodes, then Smart Fill when it has smart fill settings.
    public var actions: [Action]

    /// The row's lines as a terminal shows them.
    public var lines: [String] {
      let first = [name, activeLabel].compactMap { $0 }.joined(separator: " ")
      let size = [countText, totalText].joined(separator: " · ") + (unknownText.map { " " + $0 } ?? "")
      return [first, size] + [autoSwitchText, showsText].compactMap { $0 }
    }
  }

  /// A row per queue, in the library's order.
  public var rows: [Row]
  /// "+ Create New Queue" while the library is under its queue limit, else `nil`.
  public var createText: String?
  /// "4 of 20 queues".
  public var limitText: String

  /// The screen for `library`.
  ///
  /// - Complexity: O(*n*) in the total number of episodes.
  public init(_ library: QueueLibrary, text: ScreenText = .english) {
    rows = library.queues.map { queue in
      var row = Self.row(queue, isActive: queue.id == library.activeQueueID, text: text)
      if queue.isUpNext, library.untiedShowsGoToUpNext { row.showsText = "Shows: every untied show" }
      return row
    }
    createText = library.count < library.queueLimit ? "+ Create New Queue" : nil
    limitText = "\(text.number(library.count)) of \(text.number(library.queueLimit)) queues"
  }

  static func row(_ queue: Queue, isActive: Bool, text: ScreenText) -> Row {
    let unknown = queue.unknownDurationCount
    var actions: [Action] = [.edit]
    if !queue.isEmpty { actions.append(.clear) }
    if queue.smartFillSettings != nil { actions.append(.smartFill) }
    return Row(
      id: queue.id, name: queue.name, activeLabel: isActive ? "(Active Now)" : nil,
      countText: text.episodes(queue.count), totalText: "\(text.shortDuration(queue.remainingSeconds)) total",
      unknownText: unknown == 0 ? nil : "+ \(text.number(unknown)) of unknown length",
      autoSwitchText: autoSwitchText(queue), showsText: showsText(queue.showTies), actions: actions)
  }

  /// "Shows: The Daily, Hard Fork", "Shows: A, B, C and 4 more" (a title, or the feed URL when the tie has
  /// none), or `nil` for no tie.
  static func showsText(_ ties: [ShowTie], text: ScreenText = .english) -> String? {
    guard !ties.isEmpty else { return nil }
    let shown = ties.count <= 4 ? ties[...] : ties.prefix(3)
    let more = ties.count - shown.count
    return "Shows: " + shown.map(\.displayTitle).joined(separator: ", ")
      + (more > 0 ? " and \(text.number(more)) more" : "")
  }

  /// "Default queue", the enabled rules' summaries, "Auto-Switch: Off", or `nil`.
  static func autoSwitchText(_ queue: Queue) -> String? {
    if queue.isUpNext { return "Default queue" }
    let enabled = queue.autoSwitchRules.filter(\.isEnabled)
    if enabled.isEmpty { return nil }
    if !queue.isAutoSwitchEnabled { return "Auto-Switch: Off" }
    return enabled.map(\.summary).joined(separator: " · ")
  }
}
