import Foundation
import Queues
import SmartFill

/// The queue editor as an edit session: a ``Draft`` of the queue's name and emoji, auto-switch rules, smart
/// fill settings and episode order, changed freely, with the errors each field has now (``errors``), then
/// saved all at once or dropped.
///
/// ```swift
/// var editor = try QueueEditor(editing: .commute, in: library, catalog: catalog)
/// editor.draft.title = "Drive"
/// editor.moveEpisodeUp(at: 2)
/// if editor.errors.isEmpty { try editor.save(to: &library) }  // else show editor.error(for: .name)
/// ```
///
/// Save applies everything or nothing: it works on a copy of the library and replaces the library only when
/// every change was accepted. Cancel is dropping the editor; ``hasChanges`` says whether to ask first.
public struct QueueEditor: Sendable, Hashable {
  /// What the listener is editing.
  public struct Draft: Sendable, Hashable {
    /// The name's leading emoji ("🚗"), or `nil` for none.
    public var emoji: String?
    /// The name's text ("Commute").
    public var title: String
    /// The auto-switch rules, in order.
    public var rules: [AutoSwitchRule]
    /// Whether the rules may switch to the queue at all.
    public var isAutoSwitchEnabled: Bool
    /// How the queue fills itself, or `nil` when smart fill is not set up.
    public var smartFillSettings: SmartFillSettings?
    /// The episodes in play order.
    public var episodes: [EpisodeReference]
    /// The shows tied to the queue, in order: removing one unties it; adding one that another queue ties
    /// moves it here on save (see `QueueLibrary.tie(_:to:now:)`).
    public var showTies: [ShowTie] = []

    /// The name as saved: emoji and text ("🚗 Commute").
    public var name: String { QueueName.compose(emoji: emoji, text: title) }
  }

  /// The queue edited, or `nil` for a queue being created.
  public let queueID: QueueID?
  /// The draft as the session started.
  public let original: Draft
  /// The draft the listener changes.
  public var draft: Draft
  /// The names of the library's other queues, to find a name already taken.
  let otherNames: [String]
  /// Whether the library is full, for a queue being created.
  let isOverLimit: Bool
  /// The library's queue limit.
  let queueLimit: Int
  /// The current episode when the session started, if any.
  let currentEpisode: EpisodeID?
  /// The season, number and kind of the episodes the catalog knows.
  let details: [EpisodeID: EpisodeDetail]

  /// A session editing queue `id` of `library`; `catalog` gives the episodes' seasons and numbers.
  ///
  /// - Throws: `QueueError.unknownQueue(_:)`.
  /// - Complexity: O(*n* + *c*) in the queue's episodes and the catalog's.
  public init(editing id: QueueID, in library: QueueLibrary, catalog: Catalog? = nil) throws(QueueError) {
    let queue = try library.queue(id)
    queueID = id
    original = Draft(
      emoji: queue.emoji, title: queue.title, rules: queue.autoSwitchRules,
      isAutoSwitchEnabled: queue.isAutoSwitchEnabled, smartFillSettings: queue.smartFillSettings,
      episodes: queue.episodes, showTies: queue.showTies)
    draft = original
    otherNames = library.queues.filter { $0.id != id }.map(\.name)
    isOverLimit = false
    queueLimit = library.queueLimit
    currentEpisode = queue.current?.id
    details = catalog.map { EpisodeDetail.index(of: queue.episodes, in: $0) } ?? [:]
  }

  /// A session creating a queue in `library`, starting empty.
  public init(creatingIn library: QueueLibrary) {
    queueID = nil
    original = Draft(
      emoji: nil, title: "", rules: [], isAutoSwitchEnabled: true, smartFillSettings: nil, episodes: [])
    draft = original
    otherNames = library.queues.map(\.name)
    isOverLimit = library.count >= library.queueLimit
    queueLimit = library.queueLimit
    currentEpisode = nil
    details = [:]
  }

  /// Whether the draft differs from the queue as it was (Cancel should then ask).
  public var hasChanges: Bool { draft != original }

  /// Whether Save can be pressed: no field has an error.
  public var canSave: Bool { errors.isEmpty }

  // MARK: Episodes

  /// Moves the draft's episodes at `offsets` before the one at `destination`, as a drag and drop does.
  ///
  /// - Throws: `QueueError.indexOutOfRange(index:validRange:queueName:)`; the draft is unchanged.
  public mutating func moveEpisodes(fromOffsets offsets: IndexSet, toOffset destination: Int) throws(QueueError) {
    let count = draft.episodes.count
    for index in offsets { try checkEpisode(index) }
    guard (0...count).contains(destination) else {
      throw .indexOutOfRange(index: destination, validRange: 0...count, queueName: draft.name)
    }
    let moved = offsets.map { draft.episodes[$0] }
    var kept = draft.episodes.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
    kept.insert(contentsOf: moved, at: destination - offsets.count(in: 0..<destination))
    draft.episodes = kept
  }

  /// Moves episode `index` one place up; nothing happens for the first.
  public mutating func moveEpisodeUp(at index: Int) throws(QueueError) {
    guard index > 0 else { return try checkEpisode(index) }
    try moveEpisodes(fromOffsets: [index], toOffset: index - 1)
  }

  /// Moves episode `index` one place down; nothing happens for the last.
  public mutating func moveEpisodeDown(at index: Int) throws(QueueError) {
    guard index < draft.episodes.count - 1 else { return try checkEpisode(index) }
    try moveEpisodes(fromOffsets: [index], toOffset: index + 2)
  }

  /// Removes the draft's episodes at `offsets`.
  ///
  /// - Throws: `QueueError.indexOutOfRange(index:validRange:queueName:)`; the draft is unchanged.
  public mutating func removeEpisodes(atOffsets offsets: IndexSet) throws(QueueError) {
    for index in offsets { try checkEpisode(index) }
    draft.episodes = draft.episodes.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
  }

  private func checkEpisode(_ index: Int) throws(QueueError) {
    guard draft.episodes.indices.contains(index) else {
      throw .indexOutOfRange(index: index, validRange: 0...max(0, draft.episodes.count - 1), queueName: draft.name)
    }
  }

  // MARK: Rules

  /// Turns rule `index` on or off.
  ///
  /// - Throws: `QueueError.indexOutOfRange(index:validRange:queueName:)`.
  public mutating func toggleRule(at index: Int) throws(QueueError) {
    guard draft.rules.indices.contains(index) else {
      throw .indexOutOfRange(index: index, validRange: 0...max(0, draft.rules.count - 1), queueName: draft.name)
    }
    draft.rules[index].isEnabled.toggle()
  }

  // MARK: Saving

  /// Applies the draft to `library`: all of it, or nothing when any part is refused.
  ///
  /// - Returns: The queue's identifier (the new one's, for a queue being created).
  /// - Throws: ``QueueScreensError/invalidDraft(_:)`` when a field has an error (see ``errors``, checked
  ///   against `library` as it is now), or ``QueueScreensError/queue(_:)`` when the library refuses a change
  ///   (the queue was deleted meanwhile, say); `library` is unchanged when it throws.
  /// - Complexity: O(*n*) in the queue's episodes.
  @discardableResult
  public func save(to library: inout QueueLibrary, now: Date = Date()) throws(QueueScreensError) -> QueueID {
    let problems = errors(against: library)
    guard problems.isEmpty else { throw .invalidDraft(problems) }
    var copy = library
    let id: QueueID
    do throws(QueueError) {
      id = try apply(to: &copy, now: now)
    } catch {
      throw .queue(error)
    }
    library = copy
    return id
  }

  func apply(to library: inout QueueLibrary, now: Date) throws(QueueError) -> QueueID {
    let draft = self.draft
    let original = self.original
    guard let id = queueID else {
      let id = try library.createQueue(
        named: draft.name, autoSwitchRules: draft.rules, smartFillSettings: draft.smartFillSettings, now: now)
      try library.modify(id, now: now) { (queue) throws(QueueError) in
        queue.isAutoSwitchEnabled = draft.isAutoSwitchEnabled
        try queue.playLast(draft.episodes)
      }
      for tie in draft.showTies { try library.tie(tie, to: id, now: now) }
      return id
    }
    let queue = try library.queue(id)
    if draft.name != queue.name {
      if id == .upNext {
        try library.changeEmoji(of: id, to: draft.emoji, now: now)
      } else {
        try library.rename(id, to: draft.name, now: now)
      }
    }
    try library.modify(id, now: now) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: draft.rules)
      queue.smartFillSettings = draft.smartFillSettings
      queue.isAutoSwitchEnabled = draft.isAutoSwitchEnabled
      // Only the episodes the listener removed go: one added meanwhile (by another device) stays, after.
      let removed = Set(original.episodes.map(\.id)).subtracting(draft.episodes.map(\.id))
      let wasAtEnd = queue.current == nil
      try queue.remove(atOffsets: IndexSet(queue.episodes.indices.filter { removed.contains(queue.episodes[$0].id) }))
      // Inserting the kept episodes at the start moves each to its place in the draft's order, keeping the
      // playback positions and the current episode; one finished meanwhile does not come back.
      try queue.insert(draft.episodes.filter { queue.contains($0.id) }, at: 0)
      if wasAtEnd { try queue.makeCurrent(at: queue.count) }
    }
    library.recordRemovalByHand(
      of: original.episodes.map(\.id).filter { id in !draft.episodes.contains { $0.id == id } }, from: id, now: now)
    // Only the ties the listener removed go, and only from this queue: a show moved elsewhere meanwhile stays.
    for tie in original.showTies where !draft.showTies.contains(where: { $0.feedURL == tie.feedURL }) {
      if library.tie(of: tie.feedURL)?.queue.id == id { try library.untieShow(tie.feedURL, now: now) }
    }
    for tie in draft.showTies where !original.showTies.contains(tie) { try library.tie(tie, to: id, now: now) }
    return id
  }
}
