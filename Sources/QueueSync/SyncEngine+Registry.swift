import Foundation
import Queues
import SmartFillSupport

// The engine's side of the device registry (`DeviceRegistry`): after each complete fetch it rewrites its own
// `Device` record when the tombstones it holds changed (and once a day otherwise), reads the others' records,
// and deletes on the server the tombstones every counted device holds; a deletion notice makes a device
// forget a tombstone, or keep a queue it still shows under a new identifier.

extension SyncEngine {
  /// This device's `Device` record's identifier.
  var deviceRecordID: String { DeviceRegistry.recordID(of: state.replica) }

  /// The tombstones this device holds, with the hash of each one's state: queues not shown whose state is a
  /// tombstone and whose last change is more than ``ReplicatedLibrary/retirementDays`` days before `now`
  /// (a queue deleted more recently can still be restored, whatever it holds). The built-in queues are never
  /// listed, so never collected: every device holds them from its start, before it ever synced or wrote its
  /// record, so one not registered yet would bring a collected one back.
  ///
  /// - Complexity: O(*q*) in the queues, plus the tombstones' sizes.
  func heldTombstones(now: Date) -> [QueueID: UInt64] {
    let limit = Double(ReplicatedLibrary.retirementDays * 86_400)
    var held: [QueueID: UInt64] = [:]
    for queue in [state.retired.values, state.queues.values].joined()
    where queue.id != .upNext && queue.context[.genesis] == 0 && queue.isTombstone
      && now.timeIntervalSince(queue.lastModified) > limit
      && !queue.isVisible(finished: state.finished)
    {
      held[queue.id] = StableHash.fnv1a64(StateWriter.encode(queue))
    }
    return held
  }

  /// Once per complete fetch: runs the day's retirement pass, and marks this device's `Device` record pending
  /// when the tombstones it holds or its name changed, or a day passed since the last one it wrote.
  ///
  /// - Complexity: O(*q*) in the queues, plus the tombstones' sizes.
  mutating func refreshDeviceRecord(now: Date) {
    guard let fetched = lastCompleteFetch, !registryChecked else { return }
    registryChecked = true
    // A clock set back must not count a device as heard from in its future for months.
    for (replica, seen) in registry.seenAt where seen > now { registry.seenAt[replica] = now }
    takeSnapshots(now: now)
    noteEdits(now: now, before: state)
    let held = heldTombstones(now: now)
    let me = state.replica.rawValue
    let old = registry.devices[me]
    if let old, old.retired == held, old.name == deviceName, old.lastSync <= fetched,
      fetched.timeIntervalSince(old.lastSync) < 86_400
    {
      return
    }
    registry.devices[me] = .init(
      name: deviceName, lastSync: fetched, revision: (old?.revision ?? 0) + 1, retired: held,
      replaces: old?.replaces ?? takeOverReplacedIdentity())
    let id = deviceRecordID
    pending.insert(id)
    generations[id, default: 0] += 1
    pendingSince = min(pendingSince ?? now, now)
  }

  /// What a new identity's first record names as replaced: the identity it moved from (with the latest
  /// revision of that identity's record on the server) and those that one replaced, at most
  /// ``DeviceRegistry/replacedLimit`` (those still in the registry first). The old identity's record is the
  /// same state's past: the tombstones it listed need not wait 90 days for it to expire.
  ///
  /// - Complexity: O(*d* log *d*) in the devices.
  mutating func takeOverReplacedIdentity() -> [String: Int] {
    guard let old = replacedIdentity else { return [:] }
    replacedIdentity = nil
    let id = DeviceRegistry.recordID(of: old)
    guard var entry = registry.devices[old.rawValue] else { return [:] }
    // A revision not written yet (the old identity's own, pending when the state moved) is not the server's.
    if pending.remove(id) != nil { entry.revision = max(0, entry.revision - 1) }
    registry.devices[old.rawValue] = entry
    changeTags[id] = nil
    var replaces = entry.replaces
    replaces[old.rawValue] = entry.revision
    let kept = replaces.keys.sorted {
      (registry.devices[$0] == nil ? 1 : 0, $0) < (registry.devices[$1] == nil ? 1 : 0, $1)
    }.prefix(DeviceRegistry.replacedLimit)
    return Dictionary(uniqueKeysWithValues: kept.map { ($0, replaces[$0]!) })
  }

  /// This device's `Device` record as it goes out.
  func deviceRecord() -> SyncRecord? {
    registry.devices[state.replica.rawValue]?.record(of: state.replica, changeTag: changeTags[deviceRecordID])
  }

  /// The records of tombstones to delete on the server: those this device holds that every other device
  /// counted holds too (``DeviceRegistry/stable(_:me:now:)``), once this sync fetched everything, none pending.
  ///
  /// - Complexity: O(*t* · *d*) in the tombstones and the devices.
  func collectableTombstones(now: Date) -> [String] {
    guard registryChecked, loadedState == nil, let mine = registry.devices[state.replica.rawValue] else { return [] }
    return registry.stable(mine.retired, me: state.replica, now: now)
      .filter { id in
        // Only the very tombstone listed: a merge since may have changed it, or brought the queue back.
        state.queueState(id).map { $0.isTombstone && StableHash.fnv1a64(StateWriter.encode($0)) == mine.retired[id] }
          ?? false
      }
      .map(ReplicatedLibrary.recordID)
      .filter { !pending.contains($0) }
  }

  /// Takes the `Device` records out of `records` into the registry (this device's own only gives its change
  /// tag, and its revision when a copy of this device wrote a later one).
  ///
  /// - Returns: The other records.
  /// - Complexity: O(*r*) in the records, plus the tombstones they list.
  mutating func takeDeviceRecords(_ records: [SyncRecord], report: inout SyncReport, now: Date) -> [SyncRecord] {
    var others: [SyncRecord] = []
    for record in records {
      guard record.type == DeviceRegistry.recordType || DeviceRegistry.replica(ofRecordID: record.id) != nil else {
        others.append(record)
        continue
      }
      let read: (replica: String, entry: DeviceRegistry.Entry)
      do { read = try DeviceRegistry.Entry.read(record) } catch {
        report.problems.append(error)
        continue
      }
      guard read.replica == state.replica.rawValue else {
        registry.take(read.entry, of: read.replica, now: now)
        continue
      }
      if let tag = record.changeTag { changeTags[record.id] = tag }
      // This device's record is its own to write: a later revision (a copy of this device) is written over.
      if let mine = registry.devices[read.replica], read.entry.revision >= mine.revision, read.entry != mine {
        registry.devices[read.replica]?.revision = read.entry.revision + 1
        pending.insert(record.id)
        generations[record.id, default: 0] += 1
        pendingSince = min(pendingSince ?? now, now)
      }
    }
    return others
  }

  /// Forgets the tombstones whose records this device deleted on the server, and the parts it deleted.
  mutating func forgetDeleted(_ recordIDs: [String]) {
    for id in recordIDs where id.hasPrefix("queue.") {
      forgetQueueRecord(id)
      state.forgetQueue(QueueID(String(id.dropFirst(6))))
      // The tombstones held changed: the record says so in this sync.
      registryChecked = false
    }
  }

  /// Forgets what the engine keeps about queue record `id` (the queue's state aside).
  mutating func forgetQueueRecord(_ id: String) {
    pending.remove(id)
    changeTags[id] = nil
    partCache.heads[id] = nil
    partCache.waiting[id] = nil
    staged[id] = nil
  }

  /// Forgets a record the server deleted for good. A `Device` record leaves the registry. A queue's
  /// tombstone (or a queue this device does not know) is forgotten without a trace: the server refuses every
  /// later save of it anyway, and remembering each would grow again with every queue ever deleted. A queue
  /// shown here comes back under a new identifier (``ReplicatedLibrary/keepCollected(_:now:)``): another
  /// device collected its tombstone while this one was away for more than ``DeviceRegistry/expiryDays``
  /// days, and what the listener sees or added here must not be lost. A hidden queue is dropped. Other
  /// records are remembered in ``deletedOnServer`` and never saved again.
  ///
  /// - Complexity: O(*n* log *n*) in the entries of a queue kept.
  mutating func dropDeleted(_ id: String, now: Date) -> SyncReport {
    if let replica = DeviceRegistry.replica(ofRecordID: id) {
      registry.devices[replica] = nil
      registry.seenAt[replica] = nil
      pending.remove(id)
      changeTags[id] = nil
      return SyncReport()
    }
    guard id.hasPrefix("queue.") else {
      deletedOnServer.insert(id)
      pending.remove(id)
      changeTags[id] = nil
      return SyncReport()
    }
    forgetQueueRecord(id)
    let queueID = QueueID(String(id.dropFirst(6)))
    guard let queue = state.queueState(queueID), queueID != .upNext else { return SyncReport() }
    let shown = queue.isVisible(finished: state.finished)
    if queue.isTombstone && !shown {
      state.forgetQueue(queueID)
      registryChecked = false
      return SyncReport()
    }
    deletedOnServer.insert(id)
    guard shown else {
      state.forgetQueue(queueID)
      return SyncReport()
    }
    let before = state
    guard let kept = state.keepCollected(queueID, now: now) else { return SyncReport() }
    noteEdits(now: now, before: before)
    return SyncReport(summaries: [
      MergeSummary(deviceName: "another device", queueName: queue.name, change: .keptAfterCollection(newID: kept))
    ])
  }
}
