import Foundation
import Queues
import SmartFill
import SmartFillSupport

// Creating, naming, configuring, deleting and duplicating queues.

extension ReplicatedLibrary {
  /// Creates an empty queue at the end of the list.
  ///
  /// - Throws: ``SyncError/queue(_:)`` with a name error, a rule error, `QueueError.duplicateQueueID(_:)`
  ///   (an identifier is never used twice, even after a deletion) or `QueueError.queueLimitReached(limit:)`.
  @discardableResult
  public mutating func createQueue(
    named name: String, autoSwitchRules: [AutoSwitchRule] = [], smartFillSettings: SmartFillSettings? = nil,
    id: QueueID = .random(), now: Date
  ) throws(SyncError) -> QueueID {
    let shown = visibleQueueIDs
    guard shown.count < Self.maximumQueues else { throw .queue(.queueLimitReached(limit: Self.maximumQueues)) }
    if id.rawValue.isEmpty || queueState(id) != nil { throw .queue(.duplicateQueueID(id)) }
    let name = try checkedName(name, for: nil)
    let encoded: (rules: JSONValue, settings: JSONValue)
    do { encoded = try QueuesJSONForm.encode(rules: autoSwitchRules, settings: smartFillSettings) } catch {
      throw .queue(error)
    }
    let stamp = clock.tick(now: now)
    let last = shown.last.flatMap { queues[$0]?.listPosition.value }
    counter += 1
    let dot = Dot(replica, counter)
    var queue = ReplicatedQueue(
      id: id, title: Register(QueueName.text(of: name), stamp: stamp),
      emoji: Register(QueueName.emoji(of: name), stamp: stamp), rules: Register(encoded.rules, stamp: stamp),
      smartFill: Register(encoded.settings, stamp: stamp),
      listPosition: Register(
        Position.listPlace(between: last, and: nil, replica: replica, counter: dot.counter), stamp: stamp),
      createdAt: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
    queue.context.insert(dot)
    queue.alive = [dot]
    queue.playhead.write(.start, stamp: stamp)
    store(queue, now: now)
    return id
  }

  /// Renames a queue (emoji and text).
  ///
  /// - Throws: ``SyncError/queue(_:)`` with `QueueError.upNextIsPermanent(operation:)` for Up Next, an
  ///   unknown queue or a name error.
  public mutating func rename(_ id: QueueID, to name: String, now: Date) throws(SyncError) {
    if id == .upNext { throw .queue(.upNextIsPermanent(operation: "renamed")) }
    var queue = try visibleQueue(id)
    let name = try checkedName(name, for: id)
    let stamp = clock.tick(now: now)
    queue.title.write(QueueName.text(of: name), stamp: stamp)
    queue.emoji.write(QueueName.emoji(of: name), stamp: stamp)
    store(queue, now: now)
  }

  /// Changes a queue's leading emoji, keeping its text; `nil` removes it.
  public mutating func changeEmoji(of id: QueueID, to emoji: String?, now: Date) throws(SyncError) {
    var queue = try visibleQueue(id)
    let emoji = try emoji.map { (emoji) throws(SyncError) in
      do throws(QueueError) { return try QueueName.validatedEmoji(emoji) } catch { throw .queue(error) }
    }
    _ = try checkedName(QueueName.compose(emoji: emoji, text: queue.title.value), for: id)
    queue.emoji.write(emoji, stamp: clock.tick(now: now))
    store(queue, now: now)
  }

  /// Replaces a queue's auto-switch rules.
  public mutating func replaceAutoSwitchRules(of id: QueueID, with rules: [AutoSwitchRule], now: Date)
    throws(SyncError)
  {
    var queue = try visibleQueue(id)
    do {
      queue.rules.write(try QueuesJSONForm.encode(rules: rules, settings: nil).rules, stamp: clock.tick(now: now))
    } catch {
      throw .queue(error)
    }
    store(queue, now: now)
  }

  /// Turns auto-switching to queue `id` on, on every device (the spelling of `QueueLibrary`'s); its rules
  /// and their answers are as they were.
  ///
  /// - Throws: ``SyncError/queue(_:)`` with `QueueError.unknownQueue(_:)`.
  public mutating func enableAutoSwitch(for id: QueueID, now: Date) throws(SyncError) {
    try writeAutoSwitch(true, for: id, now: now)
  }

  /// Turns auto-switching to queue `id` off, on every device; its rules and their answers are kept.
  ///
  /// - Throws: ``SyncError/queue(_:)`` with `QueueError.unknownQueue(_:)`.
  public mutating func disableAutoSwitch(for id: QueueID, now: Date) throws(SyncError) {
    try writeAutoSwitch(false, for: id, now: now)
  }

  /// Writes the auto-switch register of queue `id`.
  mutating func writeAutoSwitch(_ isEnabled: Bool, for id: QueueID, now: Date) throws(SyncError) {
    var queue = try visibleQueue(id)
    queue.autoSwitch.write(isEnabled, stamp: clock.tick(now: now))
    store(queue, now: now)
  }

  /// Records whether the Bluetooth device `identifier` is the listener's car, for every device (see
  /// `AudioDeviceAnswers`).
  ///
  /// - Complexity: O(1), or O(*d* log *d*) when the oldest answer has to be forgotten.
  public mutating func markAudioDevice(_ identifier: String, name: String, isCar: Bool, now: Date) {
    precondition(!identifier.isEmpty, "a device needs an identifier")
    audioDevices.record(.init(name: name, isCar: isCar), for: identifier, stamp: clock.tick(now: now))
    edited.library = true
  }

  /// Replaces a queue's smart fill settings (`nil` for none), as ``replaceAutoSwitchRules(of:with:now:)``
  /// replaces its rules.
  public mutating func replaceSmartFillSettings(of id: QueueID, with settings: SmartFillSettings?, now: Date)
    throws(SyncError)
  {
    var queue = try visibleQueue(id)
    do {
      queue.smartFill.write(
        try QueuesJSONForm.encode(rules: [], settings: settings).settings, stamp: clock.tick(now: now))
    } catch {
      throw .queue(error)
    }
    store(queue, now: now)
  }

  /// Moves a queue in the list so that it comes before the queue now at `destination` (at the end when
  /// `destination` is the number of queues).
  public mutating func moveQueue(_ id: QueueID, toOffset destination: Int, now: Date) throws(SyncError) {
    var queue = try visibleQueue(id)
    let others = visibleQueueIDs
    guard (0...others.count).contains(destination) else {
      throw .queue(.indexOutOfRange(index: destination, validRange: 0...others.count, queueName: "library"))
    }
    let before = others[..<destination].last { $0 != id }.flatMap { queues[$0]?.listPosition.value }
    let after = others[destination...].first { $0 != id }.flatMap { queues[$0]?.listPosition.value }
    let dot = newDot(in: &queue)
    let position = Position.listPlace(between: before, and: after, replica: replica, counter: dot.counter)
    queue.listPosition.write(position, stamp: clock.tick(now: now))
    store(queue, now: now)
  }

  /// Deletes a queue: hides its creation and every episode this device has seen in it (they stay in the state,
  /// with their dots, for a restore: see `ReplicatedQueue+Hidden.swift`). An episode added meanwhile on a device
  /// that had not seen the deletion keeps the queue, with that episode (and the device's ``MergeSummary`` says
  /// so); the queue stays when that episode is removed later (see `renewCreation(of:before:)`).
  ///
  /// - Throws: ``SyncError/queue(_:)`` with `QueueError.upNextIsPermanent(operation:)` or an unknown queue.
  public mutating func delete(_ id: QueueID, now: Date) throws(SyncError) {
    if id == .upNext { throw .queue(.upNextIsPermanent(operation: "deleted")) }
    var queue = try visibleQueue(id)
    _ = clock.tick(now: now)
    queue.hide()
    store(queue, now: now, deleting: true)
  }

  /// Renews the creation of queue `queue` when an edit adds to it: its creation dots become one new dot, which
  /// a delete made meanwhile on another device has not seen, so the queue that add keeps stays a queue (its
  /// name, rules and settings) when it is emptied later, as `QueueLibrary` keeps an emptied queue. A queue shown
  /// only through such an add by a device without this rule gets a creation dot at its next edit.
  ///
  /// - Complexity: O(*n*) in the queue's entries.
  mutating func renewCreation(of queue: inout ReplicatedQueue, before: ReplicatedQueue?) {
    guard queue.id != .upNext, let before else { return }
    let seen = before.context[replica]
    let added = queue.entries.values.contains { entry in
      entry.adds.keys.contains { $0.replica == replica && $0.counter > seen }
    }
    let keptByAdd = before.alive.isEmpty && before.isVisible(finished: finished)
    guard added || keptByAdd else { return }
    queue.alive = [newDot(in: &queue)]
  }

  /// Duplicates a queue just after it: the same episodes in the same order, playhead, rules and settings,
  /// a new identifier and a unique name ("🚗 Commute copy"); the shows tied to it move to the copy with
  /// `showTies` at `.moveToCopy` (the default, as `QueueLibrary.duplicate`), or stay with `.keepWithOriginal`.
  @discardableResult
  public mutating func duplicate(
    _ id: QueueID, newID: QueueID = .random(), showTies: QueueLibrary.TiesOnDuplicate = .moveToCopy, now: Date
  ) throws(SyncError) -> QueueID {
    let original = try visibleQueue(id)
    let name = uniqueName(basedOn: original.name, suffix: "copy")
    try createQueue(named: name, id: newID, now: now)
    var copy = queues[newID]!
    let stamp = clock.tick(now: now)
    copy.rules.write(original.rules.value, stamp: stamp)
    copy.smartFill.write(original.smartFill.value, stamp: stamp)
    copy.autoSwitch.write(original.autoSwitch.value, stamp: stamp)
    let shown = visibleQueueIDs
    if let index = shown.firstIndex(of: id) {
      let after = shown[(index + 1)...].first { $0 != newID }.flatMap { queues[$0]?.listPosition.value }
      let dot = newDot(in: &copy)
      copy.listPosition.write(
        Position.listPlace(between: original.listPosition.value, and: after, replica: replica, counter: dot.counter),
        stamp: stamp)
    }
    let order = original.order(finished: finished)
    for item in order {
      guard let entry = original.entries[item.episode], let info = entry.info else { continue }
      let dot = newDot(in: &copy)
      var added = ReplicatedQueue.Entry()
      added.adds[dot] = .init(finishesSeen: finished.marks[item.episode] ?? VersionVector(), stamp: stamp, info: info)
      added.moves[newDot(in: &copy)] = .init(value: item.position, stamp: stamp)
      if entry.playedSeconds > 0 { added.progress[newDot(in: &copy)] = .init(value: entry.playedSeconds, stamp: stamp) }
      copy.entries[item.episode] = added
    }
    copy.playhead.write(original.playhead.value, stamp: stamp)
    store(copy, now: now)
    if showTies == .moveToCopy { moveShowTies(from: id, to: newID, now: now) }
    return newID
  }

  // MARK: Names

  /// `name` validated and trimmed, when no shown queue other than `owner` has a clashing name.
  func checkedName(_ name: String, for owner: QueueID?) throws(SyncError) -> String {
    let valid: String
    do { valid = try QueueName.validated(name) } catch { throw .queue(error) }
    for id in visibleQueueIDs where id != owner {
      if let other = queues[id], QueueName.clash(other.name, valid) {
        throw .queue(.duplicateName(valid, existing: other.name))
      }
    }
    return valid
  }

  /// `name` followed by `suffix` (then a number from 2), shortened to fit, clashing with no shown queue.
  func uniqueName(basedOn name: String, suffix: String) -> String {
    let taken = visibleQueueIDs.compactMap { queues[$0]?.name }
    return Self.unique(basedOn: name, suffix: suffix, avoiding: taken)
  }

  /// A name based on `name` that clashes with none of `existing`: `name` and `suffix`, then a number.
  static func unique(basedOn name: String, suffix: String, avoiding existing: [String]) -> String {
    let keys = Set(existing.map(QueueName.comparisonKey))
    let emoji = QueueName.emoji(of: name)
    let text = QueueName.text(of: name)
    var number = 1
    while true {
      let ending = number == 1 ? suffix : "\(suffix) \(number)"
      let room = QueueName.maximumLength - (emoji == nil ? 0 : 2) - ending.count - 1
      let shortened = String(text.prefix(max(0, room))).trimmingCharacters(in: .whitespaces)
      let candidate = QueueName.compose(emoji: emoji, text: shortened.isEmpty ? ending : shortened + " " + ending)
      if !keys.contains(QueueName.comparisonKey(candidate)) { return candidate }
      number += 1
    }
  }
}
