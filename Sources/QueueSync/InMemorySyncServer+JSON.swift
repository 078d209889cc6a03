import Foundation
import SmartFillSupport

// The in-memory server's contents as JSON, so that a test can keep a server in a file that several
// processes use in turn (the kill test's device process does):
//
//     {"sequence": 12, "recordLimit": 1000000, "deletions": {"queue.bike": 9},
//      "records": [{"sequence": 12, "id": "library", "type": "Library", "changeTag": "12",
//                   "fields": {"deviceID": {"string": "…"}, "state": {"json": "{…}"}, …}}, …]}

extension InMemorySyncServer {
  /// The server's records, deletions and sequence as JSON text.
  ///
  /// - Complexity: O(*n*) in the size of the records.
  public func jsonBytes() -> [UInt8] {
    let (records, deletions, sequence) = contents
    var json = JSONWriter()
    json.object { json in
      json.member("sequence", sequence)
      json.member("recordLimit", recordLimit)
      json.member("deletions")
      json.object { json in for id in deletions.keys.sorted() { json.member(id, deletions[id]!) } }
      json.member("records")
      json.array { json in
        for id in records.keys.sorted() {
          let stored = records[id]!
          json.element()
          json.object { json in
            json.member("sequence", stored.sequence)
            SyncRecord.writeMembers(of: stored.record, to: &json)
          }
        }
      }
    }
    json.append("\n")
    return json.bytes
  }

  /// A server holding what ``jsonBytes()`` wrote.
  ///
  /// - Throws: ``SyncError/invalidStateFile(path:location:reason:)`` (with `path` "server") naming the bad value.
  public convenience init(json bytes: [UInt8]) throws(SyncError) {
    do throws(JSONReadError) {
      let root = try JSONReader(parsing: bytes)
      var records: [String: Stored] = [:]
      for node in try root.array("records") {
        let record = try SyncRecord.read(node)
        records[record.id] = Stored(record: record, sequence: try node.field("sequence").integer(in: 1...Int.max))
      }
      var deletions: [String: Int] = [:]
      for (id, value) in try root.field("deletions").members() {
        deletions[id] = try JSONReader(value, path: root.path.appending("deletions").appending(id)).integer()
      }
      self.init(
        records: records, deletions: deletions, sequence: try root.field("sequence").integer(in: 0...Int.max),
        recordLimit: try root.field("recordLimit").integer(in: 1...Int.max))
    } catch {
      throw .invalidStateFile(path: "server", location: error.path.description, reason: error.reason)
    }
  }
}
