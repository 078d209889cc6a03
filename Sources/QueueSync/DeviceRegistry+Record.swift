import Foundation
import Queues
import SmartFillSupport

// A device's `Device` record and its entry in the state file: `deviceID`, `deviceName`, `lastSync`, `revision`,
// `retired`, a JSON list `[[queue id, "16 hex digits"], …]` sorted by queue identifier, and `replaces`, a JSON
// list `[[replica id, revision], …]` sorted by identity, left out when empty (so records written before it
// existed read, and are written, as before).

extension DeviceRegistry.Entry {
  /// The entry's `Device` record for device `replica`.
  ///
  /// - Complexity: O(*t* log *t*) in the tombstones listed.
  package func record(of replica: ReplicaID, changeTag: String?) -> SyncRecord {
    var json = JSONWriter(style: .compact)
    writeRetired(to: &json)
    var record = SyncRecord(
      id: DeviceRegistry.recordID(of: replica), type: DeviceRegistry.recordType, changeTag: changeTag,
      fields: [
        "deviceID": .string(replica.rawValue), "deviceName": .string(name), "lastSync": .date(lastSync),
        "revision": .integer(revision), "retired": .json(json.bytes),
      ])
    if !replaces.isEmpty {
      var list = JSONWriter(style: .compact)
      writeReplaces(to: &list)
      record.fields["replaces"] = .json(list.bytes)
    }
    return record
  }

  /// Writes ``replaces`` as `[[replica id, revision], …]`, sorted by identity.
  func writeReplaces(to json: inout JSONWriter) {
    json.inlineArray { json in
      for (replica, revision) in replaces.sorted(by: { $0.key < $1.key }) {
        json.element()
        json.inlineArray { json in
          json.element()
          json.string(replica)
          json.element()
          json.integer(revision)
        }
      }
    }
  }

  /// Reads a list written by ``writeReplaces(to:)``: at most ``DeviceRegistry/replacedLimit`` identities.
  static func readReplaces(_ node: JSONReader) throws(JSONReadError) -> [String: Int] {
    let items = try node.elements()
    guard items.count <= DeviceRegistry.replacedLimit else {
      throw node.error("names \(items.count) identities, more than \(DeviceRegistry.replacedLimit)")
    }
    var replaces: [String: Int] = [:]
    for item in items {
      let pair = try item.elements()
      guard pair.count == 2 else { throw item.error("expected [replica id, revision], found \(pair.count) elements") }
      let replica = try pair[0].string()
      if replica.isEmpty { throw pair[0].error("must not be empty") }
      replaces[replica] = try pair[1].integer(in: 0...Int.max)
    }
    return replaces
  }

  /// Writes ``retired`` as `[[queue id, "16 hex digits"], …]`, sorted by queue identifier.
  func writeRetired(to json: inout JSONWriter) {
    json.inlineArray { json in
      for (id, hash) in retired.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
        json.element()
        json.inlineArray { json in
          json.element()
          json.string(id.rawValue)
          json.element()
          json.string(String(hash, radix: 16))
        }
      }
    }
  }

  /// Reads a list written by ``writeRetired(to:)``.
  static func readRetired(_ node: JSONReader) throws(JSONReadError) -> [QueueID: UInt64] {
    var retired: [QueueID: UInt64] = [:]
    for item in try node.elements() {
      let pair = try item.elements()
      guard pair.count == 2 else { throw item.error("expected [queue id, hash], found \(pair.count) elements") }
      let text = try pair[1].string()
      guard let hash = UInt64(text, radix: 16), text.utf8.count <= 16 else {
        throw pair[1].error("expected up to 16 hex digits, found \(JSONWriter.quoted(text))")
      }
      retired[QueueID(try pair[0].string())] = hash
    }
    return retired
  }

  /// The entry a `Device` record holds, with the replica identity it names.
  ///
  /// - Throws: ``SyncError/invalidRecord(recordID:location:reason:)`` naming the bad field.
  /// - Complexity: O(*t*) in the tombstones listed.
  package static func read(_ record: SyncRecord) throws(SyncError) -> (replica: String, entry: Self) {
    let bad = { (field: String, reason: String) in
      SyncError.invalidRecord(recordID: record.id, location: field, reason: reason)
    }
    guard let replica = DeviceRegistry.replica(ofRecordID: record.id) else {
      throw bad("id", "a Device record's identifier is device.<replica id>")
    }
    guard case .string(let name)? = record.fields["deviceName"] else { throw bad("deviceName", "missing") }
    guard case .date(let lastSync)? = record.fields["lastSync"] else { throw bad("lastSync", "missing") }
    guard case .integer(let revision)? = record.fields["revision"], revision >= 0 else {
      throw bad("revision", "missing or negative")
    }
    guard case .json(let bytes)? = record.fields["retired"] else { throw bad("retired", "missing or not JSON") }
    let retired: [QueueID: UInt64]
    do throws(JSONReadError) { retired = try readRetired(try JSONReader(parsing: bytes)) } catch {
      throw bad(error.path == .root ? "retired" : "retired" + error.path.description, error.reason)
    }
    var replaces: [String: Int] = [:]
    switch record.fields["replaces"] {
    case nil: break
    case .json(let bytes)?:
      do throws(JSONReadError) { replaces = try readReplaces(try JSONReader(parsing: bytes)) } catch {
        throw bad(error.path == .root ? "replaces" : "replaces" + error.path.description, error.reason)
      }
    default: throw bad("replaces", "not JSON")
    }
    return (replica, Self(name: name, lastSync: lastSync, revision: revision, retired: retired, replaces: replaces))
  }
}
