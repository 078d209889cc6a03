import Foundation
import SmartFill

/// The listener's queues: Up Next, which always exists, and up to ``queueLimit`` queues in all, one of them
/// active; with the queues deleted in the last 30 days, which can be restored.
///
/// A library is a value: change it with its mutating methods, then save it with a ``QueueStore``. Every
/// method that changes a queue stamps its ``Queue/lastModified`` with `now` (kept to the second).
///
/// A library read from a store keeps the fields a newer version wrote that this one does not know, at every
/// level, and writes them back; two libraries are equal (and hash alike) when all their fields, these
/// included, are equal, so that equal libraries are written the same.
public struct QueueLibrary: Sendable, Hashable {
  /// The library format version this package writes; it also reads versions 3, 2 and 1 (a single Up Next
  /// list).
  public static let formatVersion = 4
  /// The default queue limit.
  public static let defaultQueueLimit = 20
  /// How long a deleted queue can be restored, in days.
  public static let restorableDays = 30
  /// The largest queue limit: 1,000 queues.
  public static let maximumQueueLimit = 1_000
  /// The largest revision, 2⁵³ − 1 (the largest integer that every JSON reader holds exactly). The store's
  /// format refuses a larger one; the write after this revision is revision 1 again, so that the revision
  /// always changes and its arithmetic cannot overflow.
  public static let maximumRevision = (1 << 53) - 1

  /// The queues, in the order the listener sees them; Up Next is always among them.
  public internal(set) var queues: [Queue]
  /// The queue playing now.
  public internal(set) var activeQueueID: QueueID
  /// Queues deleted in the last 30 days, most recently deleted last.
  public internal(set) var deletedQueues: [DeletedQueue]
  /// The most queues the library may hold (deleted ones do not count).
  public internal(set) var queueLimit: Int
  /// How many times the library has been saved to its store (0 to ``maximumRevision``); ``QueueStore`` uses
  /// it to notice another writer.
  public internal(set) var revision: Int
  /// The Bluetooth devices the listener said are, or are not, their car, the most recently marked last (see
  /// ``markAudioDevice(_:name:isCar:)``).
  public internal(set) var knownAudioDevices: [KnownAudioDevice] = []
  /// The top-level members of the store's JSON that this version does not know, written back as read.
  var unknownFields: UnknownFields = [:]

  /// A queue deleted by the listener, kept so that it can be restored for 30 days.
  public struct DeletedQueue: Sendable, Hashable {
    /// The queue as it was when deleted.
    public var queue: Queue
    /// When it was deleted.
    public var deletedAt: Date
    /// Its position in the library's list when it was deleted (0 to ``QueueLibrary/maximumQueueLimit``).
    public var formerIndex: Int
    /// The members of the store's deleted-queue object that this version does not know, written back.
    var unknownFields: UnknownFields = [:]

    /// Creates a record of a deleted queue.
    public init(queue: Queue, deletedAt: Date, formerIndex: Int) {
      self.queue = queue
      self.deletedAt = deletedAt.wholeSeconds
      self.formerIndex = formerIndex
    }
  }

  /// A library as on first use: "📋 Up Next" (active), "🚗 Commute" (auto-switch: car), "🏋️ Workout" (motion:
  /// running) and "😴 Sleep" (time: 22:00–06:00), all empty, with the default limit of 20 queues.
  ///
  /// - Parameter now: The creation date of the built-in queues.
  public init(now: Date = Date()) {
    self.queues = [
      Queue(id: .upNext, name: "📋 Up Next", createdAt: now),
      Queue(id: .commute, name: "🚗 Commute", autoSwitchRules: [.car], createdAt: now),
      Queue(id: .workout, name: "🏋️ Workout", autoSwitchRules: [.motion(.running)], createdAt: now),
      Queue(
        id: .sleep, name: "😴 Sleep",
        autoSwitchRules: [.timeRange(TimeRange(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 6)))],
        createdAt: now),
    ]
    self.activeQueueID = .upNext
    self.deletedQueues = []
    self.queueLimit = QueueLibrary.defaultQueueLimit
    self.revision = 0
  }

  /// A library as on first use (see ``init(now:)``) with another queue limit.
  ///
  /// - Throws: ``QueueError/invalidQueueLimit(_:queueCount:)`` when `queueLimit` is less than 4, the number of
  ///   built-in queues.
  public init(now: Date = Date(), queueLimit: Int) throws(QueueError) {
    self.init(now: now)
    try changeQueueLimit(to: queueLimit)
  }

  /// Creates a library from its parts, checking every invariant.
  ///
  /// - Throws: ``QueueError/malformedLibrary(location:reason:)`` naming the first broken invariant.
  /// - Complexity: O(*n*) in the total number of episodes.
  public init(
    queues: [Queue], activeQueueID: QueueID, deletedQueues: [DeletedQueue] = [],
    queueLimit: Int = QueueLibrary.defaultQueueLimit, revision: Int = 0, knownAudioDevices: [KnownAudioDevice] = []
  ) throws(QueueError) {
    self.knownAudioDevices = knownAudioDevices
    self.queues = queues
    self.activeQueueID = activeQueueID
    self.deletedQueues = deletedQueues
    self.queueLimit = queueLimit
    self.revision = revision
    try checkInvariants()
  }

  /// The number of queues (deleted ones do not count).
  public var count: Int { queues.count }

  /// The queue with identifier `id`, or `nil`.
  ///
  /// - Complexity: O(*q*) in the number of queues.
  public subscript(id: QueueID) -> Queue? {
    queues.first { $0.id == id }
  }

  /// The queue with identifier `id`.
  ///
  /// - Throws: ``QueueError/unknownQueue(_:)``.
  public func queue(_ id: QueueID) throws(QueueError) -> Queue {
    guard let queue = self[id] else { throw .unknownQueue(id) }
    return queue
  }

  /// The queue playing now.
  public var activeQueue: Queue {
    guard let queue = self[activeQueueID] else { preconditionFailure("the active queue \(activeQueueID) is missing") }
    return queue
  }

  /// Up Next.
  public var upNext: Queue {
    guard let queue = self[.upNext] else { preconditionFailure("Up Next is missing") }
    return queue
  }

  /// The queue named `name` (compared as ``QueueName/clash(_:_:)`` does), or `nil`.
  public func queue(named name: String) -> Queue? {
    let key = QueueName.lookupKey(name)
    return queues.first { QueueName.lookupKey($0.name) == key }
  }

  // MARK: Creating and naming

  /// Creates an empty queue at the end of the list.
  ///
  /// - Parameters:
  ///   - name: Emoji and text ("🚴 Bike"); trimmed, checked by ``QueueName/validated(_:)`` and unique.
  ///   - autoSwitchRules: When an app should make the queue active.
  ///   - smartFillSettings: How the queue fills itself, if it does.
  ///   - id: The new queue's identifier; a random one by default.
  ///   - now: The creation date.
  /// - Returns: The new queue's identifier.
  /// - Throws: ``QueueError/queueLimitReached(limit:)``, a name error, a rule error or
  ///   ``QueueError/duplicateQueueID(_:)``; the library is unchanged when it throws.
  @discardableResult
  public mutating func createQueue(
    named name: String, autoSwitchRules: [AutoSwitchRule] = [], smartFillSettings: SmartFillSettings? = nil,
    id: QueueID = .random(), now: Date = Date()
  ) throws(QueueError) -> QueueID {
    guard queues.count < queueLimit else { throw .queueLimitReached(limit: queueLimit) }
    let name = try checkedName(name, for: nil)
    try checkNewID(id)
    var queue = Queue(id: id, name: name, smartFillSettings: smartFillSettings, createdAt: now)
    try queue.replaceAutoSwitchRules(with: autoSwitchRules)
    queues.append(queue)
    return id
  }

  /// Renames a queue.
  ///
  /// - Throws: ``QueueError/upNextIsPermanent(operation:)`` for Up Next (its emoji can still change with
  ///   ``changeEmoji(of:to:now:)``), ``QueueError/unknownQueue(_:)`` or a name error.
  public mutating func rename(_ id: QueueID, to name: String, now: Date = Date()) throws(QueueError) {
    if id == .upNext { throw .upNextIsPermanent(operation: "renamed") }
    let index = try position(of: id)
    let name = try checkedName(name, for: id)
    guard name != queues[index].name else { return }
    queues[index].name = name
    queues[index].lastModified = now.wholeSeconds
  }

  /// Changes a queue's leading emoji, keeping its text; `nil` removes the emoji (not allowed for a queue
  /// whose name is only an emoji).
  ///
  /// - Throws: ``QueueError/invalidEmoji(_:)``, ``QueueError/unknownQueue(_:)`` or a name error.
  public mutating func changeEmoji(of id: QueueID, to emoji: String?, now: Date = Date()) throws(QueueError) {
    let index = try position(of: id)
    let emoji = try emoji.map { (emoji) throws(QueueError) in try QueueName.validatedEmoji(emoji) }
    let name = try checkedName(QueueName.compose(emoji: emoji, text: queues[index].title), for: id)
    guard name != queues[index].name else { return }
    queues[index].name = name
    queues[index].lastModified = now.wholeSeconds
  }

  /// Changes the queue limit.
  ///
  /// - Throws: ``QueueError/invalidQueueLimit(_:queueCount:)`` when `limit` is less than 1 or than the
  ///   number of queues, or more than ``maximumQueueLimit``.
  public mutating func changeQueueLimit(to limit: Int) throws(QueueError) {
    guard limit >= 1, limit >= queues.count, limit <= Self.maximumQueueLimit else {
      throw .invalidQueueLimit(limit, queueCount: queues.count)
    }
    queueLimit = limit
  }

  /// Moves queues in the list, as a drag and drop does (the convention of SwiftUI's `onMove`).
  ///
  /// - Throws: ``QueueError/indexOutOfRange(index:validRange:queueName:)``.
  /// - Complexity: O(*q*) in the number of queues.
  public mutating func moveQueues(fromOffsets offsets: IndexSet, toOffset destination: Int) throws(QueueError) {
    if let bad = offsets.first(where: { $0 < 0 || $0 >= queues.count }) {
      throw .indexOutOfRange(index: bad, validRange: 0...queues.count - 1, queueName: "library")
    }
    guard (0...queues.count).contains(destination) else {
      throw .indexOutOfRange(index: destination, validRange: 0...queues.count, queueName: "library")
    }
    let moved = offsets.map { queues[$0] }
    var kept = queues.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
    kept.insert(contentsOf: moved, at: destination - offsets.count(in: 0..<destination))
    queues = kept
  }

  // MARK: Changing a queue

  /// Applies `body` to a queue: its episodes, playhead, auto-switch rules, smart fill settings or cloud
  /// setting. The change is all or nothing, and `lastModified` is stamped when something changed.
  ///
  /// ```swift
  /// try library.modify(.commute) { (queue) throws(QueueError) in
  ///   try queue.playLast([episode])
  ///   try queue.move(fromOffsets: [3, 5], toOffset: 0)
  /// }
  /// ```
  ///
  /// The closure names its error type: Swift 6 infers `any Error` for a closure's `try` otherwise.
  ///
  /// - Throws: ``QueueError/unknownQueue(_:)`` or what `body` throws; the library is unchanged when it throws.
  /// - Complexity: O(*n*) in the queue's episodes, plus `body`.
  @discardableResult
  public mutating func modify<Result>(
    _ id: QueueID, now: Date = Date(), _ body: (inout Queue) throws(QueueError) -> Result
  ) throws(QueueError) -> Result {
    let index = try position(of: id)
    var queue = queues[index]
    let result = try body(&queue)
    precondition(queue.id == id && queue.name == queues[index].name, "modify(_:) must not change the id or name")
    if queue != queues[index] {
      queue.lastModified = now.wholeSeconds
      queues[index] = queue
    }
    return result
  }

  // MARK: Duplicating

  /// Duplicates a queue just after it: the same episodes, playhead, auto-switch rules, smart fill settings and
  /// cloud setting, a new identifier and a unique name ("🚗 Commute copy", then "🚗 Commute copy 2").
  ///
  /// The fields a newer version wrote that this one does not know are copied with the episodes, rules and
  /// settings, but not the queue's own: they may identify the original (a sync record, say).
  ///
  /// - Returns: The new queue's identifier.
  /// - Throws: ``QueueError/unknownQueue(_:)``, ``QueueError/queueLimitReached(limit:)`` or
  ///   ``QueueError/duplicateQueueID(_:)``.
  /// - Complexity: O(*n*) in the queue's episodes.
  @discardableResult
  public mutating func duplicate(_ id: QueueID, newID: QueueID = .random(), now: Date = Date()) throws(QueueError)
    -> QueueID
  {
    let index = try position(of: id)
    guard queues.count < queueLimit else { throw .queueLimitReached(limit: queueLimit) }
    try checkNewID(newID)
    let original = queues[index]
    let name = QueueName.unique(basedOn: original.name, suffix: "copy", avoiding: queues.map(\.name))
    var copy = Queue(
      id: newID, name: name, episodes: original.episodes, currentIndex: original.currentIndex,
      autoSwitchRules: original.autoSwitchRules, smartFillSettings: original.smartFillSettings, createdAt: now,
      isSyncedToCloud: original.isSyncedToCloud, isAutoSwitchEnabled: original.isAutoSwitchEnabled)
    copy.unknownRuleFields = original.unknownRuleFields
    queues.insert(copy, at: index + 1)
    return newID
  }

  // MARK: Helpers

  /// The revision after `revision`: one more, and 1 again after ``maximumRevision``.
  static func revision(after revision: Int) -> Int {
    revision >= 0 && revision < maximumRevision ? revision + 1 : 1
  }

  func position(of id: QueueID) throws(QueueError) -> Int {
    guard let index = queues.firstIndex(where: { $0.id == id }) else { throw .unknownQueue(id) }
    return index
  }

  /// `name` validated, trimmed and with runs of spaces made one, when no queue other than `owner` has a
  /// clashing name (runs of spaces in the names kept by older versions count as one).
  func checkedName(_ name: String, for owner: QueueID?) throws(QueueError) -> String {
    let name = try QueueName.validated(QueueName.collapsingSpaces(name))
    let key = QueueName.lookupKey(name)
    if let other = queues.first(where: { $0.id != owner && QueueName.lookupKey($0.name) == key }) {
      throw .duplicateName(name, existing: other.name)
    }
    return name
  }

  func checkNewID(_ id: QueueID) throws(QueueError) {
    if id.rawValue.isEmpty || self[id] != nil || deletedQueues.contains(where: { $0.queue.id == id }) {
      throw .duplicateQueueID(id)
    }
  }
}
