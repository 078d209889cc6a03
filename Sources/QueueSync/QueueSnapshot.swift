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
  /// How long snapshots are kept, in days: 14 (one per queue per day; the newest of each queue always).
  public static let snapshotDays = 14

  /// At the first edit or merge of a day, before it, takes a snapshot of each shown queue that changed since
  /// its newest snapshot, and forgets those older than ``snapshotDays`` days but the newest of each queue
  /// still shown or restorable (a queue retired, deleted for longer than that, keeps none).
  mutating func takeSnapshots(now: Date) {
    let day = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
    guard day != snapshotDay else { return }
    snapshotDay = day
    state.retireDeletedQueues(now: now)
    var newest: [QueueID: Int] = [:]
    for (index, snapshot) in snapshots.enumerated()
    where newest[snapshot.queueID].map({ snapshots[$0].takenAt < snapshot.takenAt }) ?? true {
      newest[snapshot.queueID] = index
    }
    for id in state.visibleQueueIDs {
      guard let queue = state.queues[id] else { continue }
      let key = SnapshotKey(context: queue.context, name: queue.name, finished: state.finished.marks.count)
      if snapshotSeen[id] == key { continue }
      snapshotSeen[id] = key
      let episodes = queue.order(finished: state.finished).compactMap { queue.entries[$0.episode]?.info }
      if let index = newest[id] {
        let last = snapshots[index]
        let sameDay = now.timeIntervalSince(last.takenAt) < 86_400
        if sameDay || (last.episodeInfos == episodes && last.name == queue.name) { continue }
      }
      snapshots.append(
        QueueSnapshot(
          queueID: id, name: queue.name, takenAt: now, episodeInfos: episodes, rules: queue.rules.value,
          smartFill: queue.smartFill.value))
    }
    let limit = Double(Self.snapshotDays * 86_400)
    let keep = Set(newest.filter { state.queues[$0.key] != nil }.values)
    snapshotSeen = snapshotSeen.filter { state.queues[$0.key] != nil }
    snapshots = snapshots.enumerated().filter {
      keep.contains($0.offset) || now.timeIntervalSince($0.element.takenAt) <= limit
    }
    .map(\.element)
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
  /// See ``SyncEngine/restore(_:now:)``.
  mutating func restore(_ snapshot: QueueSnapshot, now: Date) throws(SyncError) {
    guard var queue = queueState(snapshot.queueID) else { throw .queue(.notDeleted(snapshot.queueID)) }
    retired[snapshot.queueID] = nil
    let stamp = clock.tick(now: now)
    if snapshot.queueID != .upNext, !queue.isVisible(finished: finished) {
      queue.alive.insert(newDot(in: &queue))
      queue.listPosition.write(
        Position.run(
          1, between: visibleQueueIDs.last.flatMap { queues[$0]?.listPosition.value }, and: nil, replica: replica,
          counter: counter)[0], stamp: stamp)
    }
    queue.entries = [:]
    queue.playhead.write(.start, stamp: stamp)
    queue.rules.write(snapshot.rules, stamp: stamp)
    queue.smartFill.write(snapshot.smartFill, stamp: stamp)
    if snapshot.queueID != .upNext {
      let others = visibleQueueIDs.filter { $0 != snapshot.queueID }.compactMap { queues[$0]?.name }
      let name =
        others.contains { QueueName.clash($0, snapshot.name) }
        ? Self.unique(basedOn: snapshot.name, suffix: "restored", avoiding: others) : snapshot.name
      queue.title.write(QueueName.text(of: name), stamp: stamp)
      queue.emoji.write(QueueName.emoji(of: name), stamp: stamp)
    }
    store(queue, now: now)
    let references = snapshot.episodes
    if !references.isEmpty { try insert(references, into: snapshot.queueID, at: 0, now: now) }
  }
}
