import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// A queue as it was on a day: its name, episodes, rules and settings, kept on the device for at least
/// ``SyncEngine/snapshotDays`` days so that a listener can restore a queue that a sync (or a slip of the
/// finger) emptied. A restore is an edit like any other, and syncs.
public struct QueueSnapshot: Sendable, Hashable {
  /// The queue.
  public var queueID: QueueID
  /// Its name then.
  public var name: String
  /// When the snapshot was taken.
  public var takenAt: Date
  /// Its episodes then, in order, as the adds recorded them.
  package var episodeInfos: [EpisodeInfo]
  /// Its auto-switch rules then, in the Queues JSON form.
  var rules: JSONValue
  /// Its smart fill settings then, in the Queues JSON form (`null` for none).
  var smartFill: JSONValue

  /// Its episodes then, in order (no playback positions: a restore starts them from the beginning).
  public var episodes: [EpisodeReference] { episodeInfos.map { $0.reference(playedSeconds: 0) } }
}

/// What a queue's snapshot depends on, to skip queues that did not change since their last look.
struct SnapshotKey: Sendable, Hashable {
  var context: VersionVector
  var name: String
  var finished: Int
}

extension SyncEngine {
  /// How long snapshots are kept, in days: 14 (one per queue per day; the newest of each queue always), or
  /// less when they hold more than ``snapshotEntryLimit`` entries.
  public static let snapshotDays = 14

  /// The most entries the snapshots keep together, a snapshot counting one entry and one per episode it
  /// holds: 5,000. Past it, the oldest snapshots are forgotten first, but never the newest of a queue shown or
  /// restorable; so the snapshots hold at most this many entries, or only the newest of those queues.
  public static let snapshotEntryLimit = 5_000

  /// At the first edit or merge of a day, before it, takes a snapshot of each shown queue that changed since
  /// its newest snapshot, and forgets those older than ``snapshotDays`` days but the newest of each queue
  /// still shown or restorable (a queue retired, deleted for longer than that, keeps none), then the oldest
  /// past ``snapshotEntryLimit`` (``trimSnapshots()``).
  ///
  /// - Complexity: O(*s* + *e*) in the snapshots and their episodes, plus O(*n* log *n*) in the episodes of
  ///   each queue that changed; once a day.
  mutating func takeSnapshots(now: Date) {
    let day = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
    guard day != snapshotDay else { return }
    snapshotDay = day
    state.retireDeletedQueues(now: now)
    let newest = newestSnapshots()
    for id in state.visibleQueueIDs {
      guard let queue = state.queues[id] else { continue }
      let key = SnapshotKey(context: queue.context, name: queue.name, finished: state.finished.marks.count)
      if snapshotSeen[id] == key { continue }
      snapshotSeen[id] = key
      let snapshot = state.snapshot(of: queue, at: now)
      if let index = newest[id] {
        let last = snapshots[index]
        let sameDay = now.timeIntervalSince(last.takenAt) < 86_400
        if sameDay || (last.episodeInfos == snapshot.episodeInfos && last.name == queue.name) { continue }
      }
      snapshots.append(snapshot)
    }
    let limit = Double(Self.snapshotDays * 86_400)
    let keep = Set(newest.filter { state.queues[$0.key] != nil }.values)
    snapshotSeen = snapshotSeen.filter { state.queues[$0.key] != nil }
    snapshots = snapshots.enumerated().filter {
      keep.contains($0.offset) || now.timeIntervalSince($0.element.takenAt) <= limit
    }
    .map(\.element)
    trimSnapshots()
  }

  /// The index in ``snapshots`` of each queue's newest snapshot (the first of those taken last).
  ///
  /// - Complexity: O(*s*) in the snapshots.
  func newestSnapshots() -> [QueueID: Int] {
    var newest: [QueueID: Int] = [:]
    for (index, snapshot) in snapshots.enumerated()
    where newest[snapshot.queueID].map({ snapshots[$0].takenAt < snapshot.takenAt }) ?? true {
      newest[snapshot.queueID] = index
    }
    return newest
  }

  /// Forgets the oldest snapshots (by `takenAt`) while the snapshots hold more than ``snapshotEntryLimit``
  /// entries, keeping the newest snapshot of each queue shown or restorable (not retired).
  ///
  /// - Complexity: O(*s* log *s* + *e*) in the snapshots and their episodes when past the limit, O(*s*) otherwise.
  mutating func trimSnapshots() {
    var entries = snapshots.reduce(0) { $0 + 1 + $1.episodeInfos.count }
    guard entries > Self.snapshotEntryLimit else { return }
    let kept = Set(newestSnapshots().filter { state.queues[$0.key] != nil }.values)
    var dropped = Set<Int>()
    for index in snapshots.indices.sorted(by: { (snapshots[$0].takenAt, $0) < (snapshots[$1].takenAt, $1) })
    where !kept.contains(index) {
      if entries <= Self.snapshotEntryLimit { break }
      dropped.insert(index)
      entries -= 1 + snapshots[index].episodeInfos.count
    }
    snapshots = snapshots.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
  }

  /// Takes a snapshot of each queue that `before` showed and this state no longer does (a delete, here or
  /// merged from another device), as `before` showed it, unless its newest snapshot holds the same: so that a
  /// queue created and deleted on one day can be restored too. Then forgets the oldest snapshots past
  /// ``snapshotEntryLimit`` (``trimSnapshots()``).
  ///
  /// - Complexity: O(*n* log *n*) in the episodes of the queues in `ids`, plus O(*s*) in the snapshots for
  ///   each of those that vanished and O(*s*) for the limit when one did.
  mutating func snapshotVanished(_ ids: some Sequence<QueueID>, before: ReplicatedLibrary, now: Date) {
    var appended = false
    for id in ids where id != .upNext {
      guard let old = before.queues[id], old.isVisible(finished: before.finished),
        !(state.queues[id]?.isVisible(finished: state.finished) ?? false)
      else { continue }
      let snapshot = before.snapshot(of: old, at: now)
      let last = snapshots(of: id).first
      if let last, last.name == snapshot.name, last.episodeInfos == snapshot.episodeInfos, last.rules == snapshot.rules,
        last.smartFill == snapshot.smartFill
      {
        continue
      }
      snapshots.append(snapshot)
      appended = true
    }
    if appended { trimSnapshots() }
  }

  /// The deleted queues that can be restored, for ``library()``: each queue deleted and not yet retired whose
  /// state holds what its deletion hid, or that has a snapshot, as `restore(_:now:)` with its identifier would
  /// bring it back, in the order they were deleted.
  ///
  /// - Complexity: O(*q* + *s*) in the queues and snapshots, plus the deleted queues' episodes.
  func restorableQueues() -> [JSONWriter.Node] {
    var newest: [QueueID: QueueSnapshot] = [:]
    for snapshot in snapshots where newest[snapshot.queueID].map({ $0.takenAt <= snapshot.takenAt }) ?? true {
      newest[snapshot.queueID] = snapshot
    }
    let shown = state.visibleQueueIDs.compactMap { state.queues[$0]?.listPosition.value }
    var deleted: [(queue: ReplicatedQueue, episodes: [EpisodeReference])] = []
    for (id, queue) in state.queues where id != .upNext && !queue.isVisible(finished: state.finished) {
      guard let episodes = state.restorableEpisodes(of: queue, snapshot: newest[id]) else { continue }
      deleted.append((queue, episodes))
    }
    deleted.sort { ($0.queue.lastModified, $0.queue.id) < ($1.queue.lastModified, $1.queue.id) }
    // A deleted queue lists the ties it would bring back: those no later write gave to another queue.
    let ties = state.resolvedShowTies(listed: deleted.map(\.queue.id) + state.visibleQueueIDs)
    return deleted.map { queue, episodes in
      let formerIndex = min(
        shown.filter { $0 < queue.listPosition.value }.count, QueueLibrary.maximumQueueLimit)
      return .object([
        ("deletedAt", .string(Timestamp.format(queue.lastModified))),
        ("formerIndex", .integer(formerIndex)),
        ("queue", ReplicatedLibrary.node(of: episodes, queue: queue, showTies: ties[queue.id] ?? [])),
      ])
    }
  }

  /// Restores the deleted queue `id`, as `QueueLibrary.restore(_:now:)` restores a queue listed in
  /// `deletedQueues`: its episodes as the replicated state holds what its deletion hid (with what other devices
  /// did to them meanwhile: an episode removed, cleared or finished stays out, a move is kept), in their order,
  /// with their playback positions; its name, rules, settings and place in the list as the replicated state
  /// holds them, so that a rename, a change of settings or a move in the list made on another device while it
  /// was being deleted is kept. A queue deleted by an engine that did not hide (its state holds nothing hidden)
  /// gets its episodes from its newest snapshot (taken when the deletion was made or merged here).
  ///
  /// - Throws: ``SyncError/queue(_:)`` with `QueueError.notDeleted(_:)` when the queue is shown, or neither
  ///   hidden by its deletion nor in a snapshot.
  public mutating func restore(_ id: QueueID, now: Date) throws(SyncError) {
    let snapshot = snapshots(of: id).first
    // Refused before the edit, so that a refused restore starts no day's snapshots.
    guard id != .upNext, let queue = state.queueState(id), !queue.isVisible(finished: state.finished),
      queue.hasHidden || snapshot != nil
    else { throw .queue(.notDeleted(id)) }
    try edit(now: now) { (library) throws(SyncError) in try library.restore(id, snapshot: snapshot, now: now) }
  }

  /// The snapshots of queue `id`, newest first.
  public func snapshots(of id: QueueID) -> [QueueSnapshot] {
    snapshots.filter { $0.queueID == id }.sorted { $0.takenAt > $1.takenAt }
  }

  /// Restores a queue as a snapshot holds it, as an edit that syncs: a deleted queue comes back; its
  /// episodes become the snapshot's, in the snapshot's order (an episode added meanwhile on another device
  /// that has not synced stays, as with any edit); its name (numbered if another queue took it), rules and
  /// settings become the snapshot's.
  public mutating func restore(_ snapshot: QueueSnapshot, now: Date) throws(SyncError) {
    try edit(now: now) { (library) throws(SyncError) in try library.restore(snapshot, now: now) }
  }
}

extension ReplicatedLibrary {
  /// A snapshot of `queue` as this state shows it, taken at `now`.
  ///
  /// - Complexity: O(*n* log *n*) in the queue's entries.
  func snapshot(of queue: ReplicatedQueue, at now: Date) -> QueueSnapshot {
    QueueSnapshot(
      queueID: queue.id, name: queue.name, takenAt: now,
      episodeInfos: queue.order(finished: finished).compactMap { queue.entries[$0.episode]?.info },
      rules: queue.rules.value, smartFill: queue.smartFill.value)
  }

  /// Restores deleted queue `id` from what its deletion hid, else from `snapshot` (see
  /// `SyncEngine.restore(_:now:)`).
  ///
  /// - Throws: ``SyncError/queue(_:)`` with `QueueError.notDeleted(_:)` when the queue is shown, or neither
  ///   hidden by its deletion nor in `snapshot`.
  mutating func restore(_ id: QueueID, snapshot: QueueSnapshot?, now: Date) throws(SyncError) {
    guard id != .upNext, let queue = queueState(id), !queue.isVisible(finished: finished),
      let episodes = restorableEpisodes(of: queue, snapshot: snapshot)
    else { throw .queue(.notDeleted(id)) }
    let settings = QueueSnapshot(
      queueID: id, name: queue.name, takenAt: now, episodeInfos: [], rules: queue.rules.value,
      smartFill: queue.smartFill.value)
    try restore(settings, episodes: episodes, keepingSettings: true, now: now)
  }

  /// The episodes a restore of deleted queue `queue` brings back: what its deletion hid, as
  /// `ReplicatedQueue.restorableEpisodes(finished:)` reads it, when its state holds any; else `snapshot`'s
  /// (a deletion by an engine that did not hide); `nil` without either.
  ///
  /// - Complexity: O(*n* log *n*) in the queue's hidden entries.
  func restorableEpisodes(of queue: ReplicatedQueue, snapshot: QueueSnapshot?) -> [EpisodeReference]? {
    queue.hasHidden ? queue.restorableEpisodes(finished: finished) : snapshot?.episodes
  }

  /// A deleted queue in the Queues JSON form, as `SyncEngine.restore(_:now:)` with its identifier would bring it
  /// back: `episodes`, with its name, rules, settings and dates from `queue`'s state.
  static func node(of episodes: [EpisodeReference], queue: ReplicatedQueue, showTies: [JSONValue] = [])
    -> JSONWriter.Node
  {
    var members = settingsMembers(of: queue, named: queue.name)
    if !showTies.isEmpty { members.append(("showTies", .array(showTies.map(QueuesJSONForm.node)))) }
    members.append(("currentIndex", .integer(0)))
    members.append(("episodes", .array(episodes.map(Self.node(of:)))))
    return .object(members)
  }

  /// See `SyncEngine.restore(_:now:)`; with `keepingSettings`, the name, rules, settings and place in the list
  /// stay as the state holds them (the name is numbered only if another queue took it); `episodes`, when given,
  /// replace the snapshot's. What a deletion hid is removed as observed: the episodes come back with new dots,
  /// since a device that merged the deletion holds the hidden ones hidden, and would keep them so.
  mutating func restore(
    _ snapshot: QueueSnapshot, episodes: [EpisodeReference]? = nil, keepingSettings: Bool = false, now: Date
  ) throws(SyncError) {
    guard var queue = queueState(snapshot.queueID) else { throw .queue(.notDeleted(snapshot.queueID)) }
    retired[snapshot.queueID] = nil
    let stamp = clock.tick(now: now)
    let wasShown = queue.isVisible(finished: finished)
    // A queue shown only through an add made while it was deleted elsewhere gets a creation again too.
    if snapshot.queueID != .upNext, queue.alive.isEmpty {
      queue.alive.insert(newDot(in: &queue))
    }
    // A deleted queue restored by identifier keeps its place in the list, as `QueueLibrary` restores it.
    if snapshot.queueID != .upNext, !wasShown, !keepingSettings {
      queue.listPosition.write(
        Position.listPlace(
          between: visibleQueueIDs.last.flatMap { queues[$0]?.listPosition.value }, and: nil, replica: replica,
          counter: counter), stamp: stamp)
    }
    queue.entries = [:]
    queue.forgetHidden()
    queue.playhead.write(.start, stamp: stamp)
    if !keepingSettings {
      queue.rules.write(snapshot.rules, stamp: stamp)
      queue.smartFill.write(snapshot.smartFill, stamp: stamp)
    }
    if snapshot.queueID != .upNext {
      let wanted = keepingSettings ? queue.name : snapshot.name
      let others = visibleQueueIDs.filter { $0 != snapshot.queueID }.compactMap { queues[$0]?.name }
      let clashes = others.contains { QueueName.clash($0, wanted) }
      if clashes || !keepingSettings {
        let name = clashes ? Self.unique(basedOn: wanted, suffix: "restored", avoiding: others) : wanted
        queue.title.write(QueueName.text(of: name), stamp: stamp)
        queue.emoji.write(QueueName.emoji(of: name), stamp: stamp)
      }
    }
    store(queue, now: now)
    let references = episodes ?? snapshot.episodes
    if !references.isEmpty { try insert(references, into: snapshot.queueID, at: 0, now: now) }
  }
}
