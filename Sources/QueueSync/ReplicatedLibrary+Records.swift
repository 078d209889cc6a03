import Foundation
import Queues
import SmartFill
import SmartFillSupport

// The records a library's state travels in: one `Queue` record per queue, one `Library` record for the
// answers about audio devices and `FinishedEpisodes.shardCount` `Finished` records for the finished episodes
// (see `SyncRecord`).

/// The replicated state a record carries.
package enum RecordState: Sendable, Hashable {
  /// A queue's state.
  case queue(ReplicatedQueue)
  /// The library's state: finished episodes (all of them in a record written before they were sharded, one
  /// shard's in a `Finished` record, none in a `Library` record now) and the answers about audio devices
  /// (none in a `Finished` record).
  case library(FinishedEpisodes, AudioDeviceAnswers)
}

extension ReplicatedLibrary {
  /// The identifier of the library's record.
  package static let libraryRecordID = "library"

  /// The identifier of queue `id`'s record: `queue.<id>`.
  package static func recordID(of id: QueueID) -> String { "queue." + id.rawValue }

  /// The identifier of the record of the finishes' shard `index`: `finished.<two hex digits>`.
  package static func finishedRecordID(_ index: Int) -> String {
    "finished." + (index < 16 ? "0" : "") + String(index, radix: 16)
  }

  /// The shard a `Finished` record's identifier names, or `nil` for another identifier.
  package static func finishedShard(of recordID: String) -> Int? {
    guard recordID.hasPrefix("finished."), recordID.utf8.count == 11,
      let index = Int(recordID.dropFirst(9), radix: 16), index < FinishedEpisodes.shardCount,
      recordID == finishedRecordID(index)
    else { return nil }
    return index
  }

  /// The identifier of the records of every queue this device knows of, the library's, and those of the
  /// finishes' shards that hold a finish.
  package var recordIDs: [String] {
    (Array(queues.keys) + Array(retired.keys)).sorted().map(Self.recordID) + [Self.libraryRecordID]
      + (0..<FinishedEpisodes.shardCount).filter { !finished.marks.shards[$0].isEmpty }.map(Self.finishedRecordID)
  }

  /// The records of the library's state that differ from `old`'s: the `Library` record when the answers about
  /// audio devices changed, and the `Finished` records of the shards whose finishes changed.
  ///
  /// - Complexity: O(*s*) in the shards when the edit changed one (the others share their storage with `old`'s).
  package func changedLibraryRecordIDs(since old: ReplicatedLibrary) -> [String] {
    finished.changedShards(since: old.finished).map(Self.finishedRecordID)
      + (audioDevices == old.audioDevices ? [] : [Self.libraryRecordID])
  }

  /// The records pending in a state file, read: a `library` record pending in a file written before the
  /// finishes were sharded held the finishes not yet sent, so then every shard holding a finish is pending too
  /// (sent once more, harmlessly, after a file of this version with only the audio devices pending).
  ///
  /// - Complexity: O(*s*) in the shards.
  package func pendingAfterSharding(_ pending: Set<String>) -> Set<String> {
    guard pending.contains(Self.libraryRecordID) else { return pending }
    return pending.union(recordIDs.filter { Self.finishedShard(of: $0) != nil })
  }

  /// The record of `recordID` as this device's state makes it, or `nil` for an identifier of no state.
  ///
  /// - Parameters:
  ///   - recordID: The record's identifier (`library` or `queue.<queue id>`).
  ///   - deviceName: The name shown to other devices' users ("iPad").
  ///   - changeTag: The server's change tag the record replaces.
  ///   - episodeLimit: The most episodes the design's `episodes` field lists, with `episodeCount` added
  ///     (a queue's head, see `QueueParts`); `nil` for all of them and no count.
  /// - Complexity: O(*n* log *n*) in the queue's entries.
  package func record(_ recordID: String, deviceName: String, changeTag: String?, episodeLimit: Int? = nil)
    -> SyncRecord?
  {
    var fields: [String: SyncRecord.Field] = [
      "deviceID": .string(replica.rawValue), "deviceName": .string(deviceName),
    ]
    if recordID == Self.libraryRecordID || Self.finishedShard(of: recordID) != nil {
      fields["state"] = .json(stateBytes(recordID)!)
      return SyncRecord(
        id: recordID, type: recordID == Self.libraryRecordID ? "Library" : "Finished", changeTag: changeTag,
        fields: fields)
    }
    guard recordID.hasPrefix("queue."), let queue = queueState(QueueID(String(recordID.dropFirst(6)))) else {
      return nil
    }
    let order = queue.order(finished: finished)
    // The design's `episodes`, compact: [feed URL, GUID, seconds played] in play order (the titles are in the
    // state), so that 1,000 episodes take about 110 KB.
    var episodes = JSONWriter(style: .compact)
    episodes.inlineArray { json in
      for item in order.prefix(episodeLimit ?? order.count) {
        json.element()
        json.inlineArray { json in
          json.element()
          json.string(item.episode.feedURL)
          json.element()
          json.string(item.episode.guid)
          json.element()
          json.integer(queue.entries[item.episode]?.playedSeconds ?? 0)
        }
      }
    }
    var rules = JSONWriter(style: .compact)
    rules.write(queue.rules.value)
    fields["queueID"] = .string(queue.id.rawValue)
    fields["name"] = .string(queue.name)
    fields["episodes"] = .json(episodes.bytes)
    if episodeLimit != nil { fields["episodeCount"] = .integer(order.count) }
    fields["currentIndex"] = .integer(queue.currentIndex(in: order))
    fields["autoSwitchRules"] = .json(rules.bytes)
    fields["isAutoSwitchEnabled"] = .bool(queue.autoSwitch.value)
    if queue.smartFill.value != .null {
      var settings = JSONWriter(style: .compact)
      settings.write(queue.smartFill.value)
      fields["smartFillSettings"] = .json(settings.bytes)
    }
    if queue.showTies.values.contains(where: { $0.value != .null }),
      let ties = resolvedShowTies(listed: listedQueueIDs)[queue.id]
    {
      var json = JSONWriter(style: .compact)
      json.write(.array(ties))
      fields["showTies"] = .json(json.bytes)
    }
    fields["lastModified"] = .date(queue.lastModified)
    fields["isDeleted"] = .bool(queue.id != .upNext && !queue.isVisible(finished: finished))
    fields["state"] = .json(StateWriter.encode(queue))
    return SyncRecord(id: recordID, type: "Queue", changeTag: changeTag, fields: fields)
  }

  /// The `state` field's bytes of record `recordID` as this device would write it now.
  func stateBytes(_ recordID: String) -> [UInt8]? {
    if recordID == Self.libraryRecordID { return StateWriter.encode(FinishedEpisodes(), audioDevices) }
    if let index = Self.finishedShard(of: recordID) {
      return StateWriter.encode(finished.shard(index), AudioDeviceAnswers())
    }
    guard recordID.hasPrefix("queue."), let queue = queueState(QueueID(String(recordID.dropFirst(6)))) else {
      return nil
    }
    return StateWriter.encode(queue)
  }

  /// The replicated state in a record, checked; rules and settings equal to this state's (checked already)
  /// are not checked again.
  ///
  /// - Throws: ``SyncError/invalidRecord(recordID:location:reason:)`` naming the bad value.
  /// - Complexity: O(*n*) in the size of the record.
  package func state(of record: SyncRecord) throws(SyncError) -> RecordState {
    try Self.state(of: record, known: self)
  }

  /// The replicated state in a record, checked.
  ///
  /// - Throws: ``SyncError/invalidRecord(recordID:location:reason:)`` naming the bad value.
  /// - Complexity: O(*n*) in the size of the record.
  package static func state(of record: SyncRecord) throws(SyncError) -> RecordState {
    try state(of: record, known: nil)
  }

  static func state(of record: SyncRecord, known: ReplicatedLibrary?) throws(SyncError) -> RecordState {
    guard case .json(let bytes)? = record.fields["state"] else {
      throw .invalidRecord(recordID: record.id, location: "state", reason: "the field is missing or not JSON")
    }
    do throws(JSONReadError) {
      let reader = try StateReader(bytes)
      if record.id == libraryRecordID || finishedShard(of: record.id) != nil {
        let library = try reader.library()
        if let index = finishedShard(of: record.id),
          let stray = library.finished.marks.first(where: { FinishMarks.shard(of: $0.key) != index })
        {
          throw reader.root.error("holds \(stray.key), whose finishes belong in another record", at: "finished")
        }
        return .library(library.finished, library.audioDevices)
      }
      let queue = try reader.queue { known?.queueState($0) }
      guard record.id == recordID(of: queue.id) else {
        throw reader.root.error("names queue \"\(queue.id)\", not the record's", at: "queueID")
      }
      // Rules and settings equal to this state's were checked when they came in.
      let knownQueue = known?.queueState(queue.id)
      if knownQueue?.rules.value != queue.rules.value || knownQueue?.smartFill.value != queue.smartFill.value {
        do throws(QueueError) {
          try QueuesJSONForm.check(rules: queue.rules.value, settings: queue.smartFill.value)
        } catch {
          throw reader.root.error(error.description, at: "rules")
        }
      }
      return .queue(queue)
    } catch {
      let location = error.path == .root ? "state" : "state." + error.path.description
      throw .invalidRecord(recordID: record.id, location: location, reason: error.reason)
    }
  }

  /// Merges the state a record carries.
  ///
  /// - Throws: ``SyncError/invalidRecord(recordID:location:reason:)``; nothing is merged then.
  package mutating func merge(_ record: SyncRecord) throws(SyncError) {
    switch try state(of: record) {
    case .queue(let queue): merge(queue)
    case .library(let finished, let audioDevices):
      merge(finished)
      merge(audioDevices)
    }
  }
}
