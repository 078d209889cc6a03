import Foundation
import Queues
import SmartFillSupport

/// A queue whose record would be too large travels as a head record and part records (see `SyncRecord`):
/// the parts hold the queue's `state` bytes cut in slices, the head the design's small fields and the list
/// of its parts, with the state's length and checksum. The receiver merges the queue only once it holds every
/// part (a part of the state merged alone could remove the entries of the parts not yet received).
///
/// A part is immutable and named after its content (`part.<16 hex digits>.<index>`, the hex digits a hash of
/// the writer's identity and the state's bytes), so a device that rebuilds the same state reuses the same
/// names, and it is never overwritten: a newer state is written in new parts and the old ones are deleted.
package enum QueueParts {
  /// The size past which a queue's record is split: 700 KB, well under the server's 1 MB.
  package static let splitBytes = 700_000
  /// The largest slice of the state in one part: 500 KB.
  package static let partBytes = 500_000
  /// The most episodes the head's design field `episodes` lists (in play order; `episodeCount` says how many
  /// the queue holds).
  package static let headEpisodes = 1_000
  /// The type of a part record.
  package static let partType = "QueuePart"
  /// How long a part no head names is kept, by the device's own clock, before any device deletes it: a writer
  /// between its two phases has that long to save its head.
  package static let orphanSeconds: TimeInterval = 86_400

  /// Whether `recordID` names a part.
  package static func isPart(_ recordID: String) -> Bool { recordID.hasPrefix("part.") }

  /// Whether `record` is a queue's head (a `Queue` record whose state travels in parts).
  package static func isHead(_ record: SyncRecord) -> Bool {
    record.id.hasPrefix("queue.") && record.fields["parts"] != nil && record.fields["state"] == nil
  }

  /// The FNV-1a 64 checksum of `bytes`, as 16 hex digits.
  static func checksum(_ bytes: [UInt8]) -> String { hex(StableHash.fnv1a64(bytes)) }

  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The slices of `bytes` of at most `limit` bytes each, cut between UTF-8 characters, so that each is text.
  ///
  /// - Complexity: O(*n*) in the bytes.
  static func slices(_ bytes: [UInt8], limit: Int) -> [String] {
    var result: [String] = []
    var start = 0
    while start < bytes.count {
      var end = min(bytes.count, start + max(4, limit))
      // A continuation byte (10xxxxxx) must not start a slice.
      while end < bytes.count && end > start + 1 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
      result.append(String(decoding: bytes[start..<end], as: UTF8.self))
      start = end
    }
    return result
  }

  /// Splits a queue's single record (whose `state` is `bytes`) into its head and parts.
  ///
  /// - Parameters:
  ///   - record: The record as one piece, its `episodes` field already capped (see ``headEpisodes``).
  ///   - clock: How many heads of this queue each device wrote, as the writer merged them (its own count
  ///     one more): it orders heads without assembling them (see `QueuePartCache`).
  ///   - salt: Changes the parts' names when names derived from the content were deleted already.
  /// - Complexity: O(*n*) in the state's bytes.
  static func split(
    _ record: SyncRecord, bytes: [UInt8], clock: VersionVector, writer: String, salt: Int, partLimit: Int
  ) -> (head: SyncRecord, parts: [SyncRecord]) {
    let name = hex(StableHash.fnv1a64(Array("\(writer)\u{0}\(salt)\u{0}".utf8) + bytes))
    let queueID = record.fields["queueID"] ?? .string(String(record.id.dropFirst(6)))
    let parts = slices(bytes, limit: partLimit).enumerated().map { index, text in
      SyncRecord(
        id: "part.\(name).\(index)", type: partType,
        fields: ["queueID": queueID, "index": .integer(index), "deviceID": .string(writer), "data": .string(text)])
    }
    var head = record
    head.fields["state"] = nil
    var names = JSONWriter(style: .compact)
    names.strings(parts.map(\.id))
    head.fields["parts"] = .json(names.bytes)
    head.fields["stateBytes"] = .integer(bytes.count)
    head.fields["stateChecksum"] = .string(checksum(bytes))
    var vector = JSONWriter(style: .compact)
    vector.object { json in for dot in clock.dots { json.member(dot.replica.rawValue, dot.counter) } }
    head.fields["headClock"] = .json(vector.bytes)
    return (head, parts)
  }

  /// What a head says of its state.
  struct HeadInfo: Sendable, Hashable {
    var parts: [String]
    var byteCount: Int
    var checksum: String
    var clock: VersionVector
    var writer: String
  }

  /// Reads a head's `parts`, `stateBytes`, `stateChecksum`, `headClock` and `deviceID`.
  ///
  /// - Throws: ``SyncError/invalidRecord(recordID:location:reason:)`` naming the field.
  static func info(of head: SyncRecord) throws(SyncError) -> HeadInfo {
    func bad(_ field: String, _ reason: String) -> SyncError {
      .invalidRecord(recordID: head.id, location: field, reason: reason)
    }
    guard case .json(let list)? = head.fields["parts"],
      let names = try? JSONReader(parsing: list).elements().map({ (node) throws(JSONReadError) in try node.string() }),
      !names.isEmpty, names.allSatisfy(isPart), Set(names).count == names.count
    else { throw bad("parts", "expected a non-empty list of distinct part identifiers (\"part.…\")") }
    guard case .integer(let count)? = head.fields["stateBytes"], count > 0 else {
      throw bad("stateBytes", "expected a positive integer")
    }
    guard case .string(let sum)? = head.fields["stateChecksum"], sum.utf8.count == 16,
      UInt64(sum, radix: 16) != nil
    else { throw bad("stateChecksum", "expected 16 hex digits") }
    guard case .json(let vector)? = head.fields["headClock"], let members = try? JSONReader(parsing: vector).members()
    else { throw bad("headClock", "expected an object of counters by replica") }
    var counters: [ReplicaID: Int] = [:]
    for (replica, value) in members {
      guard case .integer(let counter) = value, counter >= 0 else {
        throw bad("headClock", "the counter of \(replica) must be a non-negative integer")
      }
      counters[ReplicaID(replica)] = counter
    }
    guard case .string(let writer)? = head.fields["deviceID"], counters[ReplicaID(writer), default: 0] > 0 else {
      throw bad("deviceID", "expected the writer's identity, counted in headClock")
    }
    return HeadInfo(
      parts: names, byteCount: count, checksum: sum, clock: VersionVector(counters), writer: writer)
  }

  /// The head as one record, its `state` the parts' text put back together, checked against the head's
  /// length and checksum.
  ///
  /// - Throws: ``SyncError/invalidRecord(recordID:location:reason:)`` naming `stateBytes`, `stateChecksum` or
  ///   `parts`; nothing is merged then.
  /// - Complexity: O(*n*) in the state's bytes.
  static func assemble(_ head: SyncRecord, info: HeadInfo, parts: [SyncRecord]) throws(SyncError) -> SyncRecord {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(info.byteCount)
    for (index, part) in parts.enumerated() {
      guard case .string(let text)? = part.fields["data"], part.fields["queueID"] == head.fields["queueID"],
        part.fields["index"] == .integer(index)
      else {
        throw .invalidRecord(
          recordID: head.id, location: "parts[\(index)]",
          reason: "part \(part.id) is not part \(index) of this queue (its queueID, index or data field differs)")
      }
      bytes += text.utf8
    }
    guard bytes.count == info.byteCount else {
      throw .invalidRecord(
        recordID: head.id, location: "stateBytes",
        reason: "the parts hold \(bytes.count) bytes, the head says \(info.byteCount)")
    }
    let sum = checksum(bytes)
    guard sum == info.checksum else {
      throw .invalidRecord(
        recordID: head.id, location: "stateChecksum",
        reason: "the parts' checksum is \(sum), the head says \(info.checksum)")
    }
    var record = head
    record.fields["state"] = .json(bytes)
    return record
  }
}
