import Foundation
import Queues

// The engine's side of queues travelling in parts (see `QueueParts`): the writer saves the parts first and
// the head only once every part was acknowledged, then deletes the parts the saved head replaced; the
// receiver keeps parts and heads across fetches (`QueuePartCache`) and merges a head once it holds all its
// parts.

/// A head waiting for its parts to be acknowledged before it goes out.
struct StagedHead: Sendable, Hashable {
  /// The head, without a change tag (the one last seen is set as it goes out).
  var head: SyncRecord
  /// Its parts, in order.
  var parts: [SyncRecord]
  /// The parts the server acknowledged.
  var acknowledged: Set<String>
  /// The record's generation it was made from: an edit since makes it stale.
  var generation: Int
  /// The head as the part cache notes it once saved.
  var view: QueuePartCache.HeadView
}

extension SyncEngine {
  /// The records that carry pending queue record `id` in the next save: the record in one piece, the parts
  /// not yet acknowledged, or the head once they all were; `nil` when there is no such queue.
  ///
  /// - Complexity: O(*n*) in the queue's state when the record is built anew.
  mutating func outgoing(_ id: String) -> [SyncRecord]? {
    let generation = generations[id, default: 0]
    if let stage = staged[id], stage.generation == generation {
      guard stage.acknowledged.count == stage.parts.count else {
        return stage.parts.filter { !stage.acknowledged.contains($0.id) }
      }
      var head = stage.head
      head.changeTag = changeTags[id]
      inFlight[id] = generation
      sentHeads[id] = stage.view
      return [head]
    }
    staged[id] = nil
    guard let record = state.record(id, deviceName: deviceName, changeTag: changeTags[id]) else { return nil }
    guard record.byteCount > splitBytes, case .json(let bytes)? = record.fields["state"],
      let capped = state.record(id, deviceName: deviceName, changeTag: nil, episodeLimit: QueueParts.headEpisodes)
    else {
      inFlight[id] = generation
      sentHeads[id] = .init(clock: VersionVector(), parts: [])
      return [record]
    }
    var clock = partCache.headClock[id] ?? VersionVector()
    clock.insert(Dot(state.replica, clock[state.replica] + 1))
    partCache.headClock[id] = clock
    let (head, parts) = QueueParts.split(
      capped, bytes: bytes, clock: clock, writer: state.replica.rawValue, salt: partSalt[id, default: 0],
      partLimit: partBytes)
    // Parts this device saved before (a restart rebuilt the same state) are on the server already.
    staged[id] = StagedHead(
      head: head, parts: parts, acknowledged: Set(parts.map(\.id).filter { partCache.known[$0] != nil }),
      generation: generation, view: .init(clock: clock, parts: parts.map(\.id)))
    return outgoing(id)
  }

  /// The record whose staged head names part `id`.
  func stagedRecordID(ofPart id: String) -> String? {
    staged.first { $0.value.parts.contains { $0.id == id } }?.key
  }

  /// Takes the answer to a part's save.
  mutating func handlePartOutcome(_ outcome: SaveOutcome, now: Date, report: inout SyncReport) {
    switch outcome {
    case .saved(let part): acknowledge(part.id, now: now)
    case .conflict(let serverPart):
      // A part already there with the same content (a save whose answer was lost, or a restart) is saved.
      if let recordID = stagedRecordID(ofPart: serverPart.id),
        staged[recordID]?.parts.first(where: { $0.id == serverPart.id })?.fields == serverPart.fields
      {
        acknowledge(serverPart.id, now: now)
      } else {
        restage(ofPart: serverPart.id)
      }
    case .deleted(let id):
      // Names derived from the content were deleted (by the rule for parts no head names): new names.
      partCache.known[id] = nil
      restage(ofPart: id)
    case .tooLarge(let id, let bytes, let limit):
      report.problems.append(.recordTooLarge(recordID: id, bytes: bytes, limit: limit))
      if let recordID = stagedRecordID(ofPart: id) {
        if staged[recordID]?.generation == generations[recordID, default: 0] { pending.remove(recordID) }
        staged[recordID] = nil
      }
    }
  }

  mutating func acknowledge(_ id: String, now: Date) {
    guard let recordID = stagedRecordID(ofPart: id) else { return }
    staged[recordID]?.acknowledged.insert(id)
    if partCache.known[id] == nil {
      partCache.known[id] = .init(recordID: recordID, writer: state.replica.rawValue, firstSeen: now)
    }
  }

  /// Drops the staged head naming part `id` and makes the next one use other names.
  mutating func restage(ofPart id: String) {
    guard let recordID = stagedRecordID(ofPart: id) else { return }
    staged[recordID] = nil
    partSalt[recordID, default: 0] += 1
  }

  /// Forgets a part the server deleted; when a head of this device names it, the queue goes out again, in
  /// new parts.
  mutating func dropPart(_ id: String, now: Date) {
    let known = partCache.known.removeValue(forKey: id)
    partCache.bodies[id] = nil
    restage(ofPart: id)
    guard let known, known.writer == state.replica.rawValue, partCache.names(id, of: known.recordID) else { return }
    partCache.heads[known.recordID]?.removeAll { $0.parts.contains(id) }
    partSalt[known.recordID, default: 0] += 1
    guard !deletedOnServer.contains(known.recordID) else { return }
    pending.insert(known.recordID)
    generations[known.recordID, default: 0] += 1
    pendingSince = min(pendingSince ?? now, now)
  }

  /// The parts to delete: those no head seen (or staged here) names, at once when this device wrote them,
  /// a day after it first saw them when another did (that device may be between its two phases).
  ///
  /// - Complexity: O(*p* · *q*) in the parts known and the parts a head names.
  mutating func deletableParts(now: Date) -> [String] {
    let me = state.replica.rawValue
    var doomed: [String] = []
    for (id, part) in partCache.known {
      // A clock set back must not hold the clean-up until it reaches the wrong time again.
      if part.firstSeen > now { partCache.known[id]?.firstSeen = now }
      if staged[part.recordID]?.parts.contains(where: { $0.id == id }) == true { continue }
      if partCache.names(id, of: part.recordID) { continue }
      if part.writer == me || now.timeIntervalSince(part.firstSeen) >= QueueParts.orphanSeconds { doomed.append(id) }
    }
    return doomed.sorted()
  }

  /// Takes the answer to a delete: the parts are gone, and the tombstones (see `DeviceRegistry`).
  public mutating func handleDelete(_ recordIDs: [String]) {
    for id in recordIDs {
      partCache.known[id] = nil
      partCache.bodies[id] = nil
    }
    forgetDeleted(recordIDs)
  }

  /// Whether this device merged the head `info` describes, or a later one of its writer (whose state holds
  /// all of it).
  func isMerged(_ info: QueueParts.HeadInfo, of recordID: String) -> Bool {
    let writer = ReplicaID(info.writer)
    return (partCache.headClock[recordID]?[writer] ?? 0) >= info.clock[writer]
  }

  /// Takes the parts and heads out of fetched records (or a conflict's): parts go to the cache, heads wait
  /// for their parts; a head whose parts are all there comes back as one record, its `state` assembled.
  ///
  /// - Returns: The records to merge and the heads that could not be read or assembled.
  /// - Complexity: O(*n*) in the size of the records, plus the assembled states.
  mutating func takeParts(_ records: [SyncRecord], now: Date) -> (records: [SyncRecord], problems: [SyncError]) {
    var others: [SyncRecord] = []
    var problems: [SyncError] = []
    var heads: [SyncRecord] = []
    for record in records {
      if QueueParts.isPart(record.id) {
        guard case .string(let queue)? = record.fields["queueID"], case .string(let writer)? = record.fields["deviceID"]
        else {
          problems.append(
            .invalidRecord(recordID: record.id, location: "queueID", reason: "a part needs queueID and deviceID"))
          continue
        }
        let recordID = ReplicatedLibrary.recordID(of: QueueID(queue))
        if partCache.known[record.id] == nil {
          partCache.known[record.id] = .init(recordID: recordID, writer: writer, firstSeen: now)
        }
        partCache.bodies[record.id] = record
      } else if QueueParts.isHead(record) {
        heads.append(record)
      } else {
        others.append(record)
      }
    }
    for head in heads where !deletedOnServer.contains(head.id) {
      let info: QueueParts.HeadInfo
      do throws(SyncError) { info = try QueueParts.info(of: head) } catch {
        problems.append(error)
        continue
      }
      partCache.notice(.init(clock: info.clock, parts: info.parts), of: head.id)
      if let tag = head.changeTag, changeTags[head.id] == tag, !pending.contains(head.id) { continue }
      // A head holding nothing new (an older version delivered late, or this device's own coming back): its
      // tag is taken, since this state includes that version.
      if isMerged(info, of: head.id) {
        if let tag = head.changeTag { changeTags[head.id] = tag }
        if let bytes = state.stateBytes(head.id), bytes.count == info.byteCount,
          QueueParts.checksum(bytes) == info.checksum
        {
          pending.remove(head.id)
        }
        continue
      }
      if let waiting = partCache.waiting[head.id], let old = try? QueueParts.info(of: waiting),
        old.clock.includes(info.clock), old.clock != info.clock
      {
        continue
      }
      partCache.waiting[head.id] = head
    }
    for (id, head) in partCache.waiting.sorted(by: { $0.key < $1.key }) {
      guard let info = try? QueueParts.info(of: head), !isMerged(info, of: id) else {
        partCache.waiting[id] = nil
        continue
      }
      let parts = info.parts.compactMap { partCache.bodies[$0] }
      guard parts.count == info.parts.count else { continue }
      partCache.waiting[id] = nil
      do throws(SyncError) {
        others.append(try QueueParts.assemble(head, info: info, parts: parts))
        for part in info.parts { partCache.bodies[part] = nil }
      } catch {
        problems.append(error)
      }
    }
    return (others, problems)
  }
}
