import Foundation
import QueueSync
import SmartFillSupport

// A record's fields as the store keeps them in `queuesync_records.fields` (jsonb), in QueueSync's one form for
// them (`SyncRecord.writeFields(_:to:)`, `SyncRecord.readFields(_:)`):
//
//     {"deviceID": {"string": "5f1…"}, "lastModified": {"date": "2026-01-01T08:00:00Z"},
//      "currentIndex": {"integer": 0}, "isDeleted": {"bool": false}, "state": {"json": "{…}"}}

extension SyncRecord {
  /// Reads the fields of record `id` from the store's JSON text.
  ///
  /// - Throws: ``SyncServerError.refused(_:)`` naming the record, the field and the problem: a row the store
  ///   did not write.
  /// - Complexity: O(*n*) in the size of the text.
  static func fields(of id: String, fromStoreJSON text: String) throws(SyncServerError) -> [String: Field] {
    do throws(JSONReadError) {
      return try readFields(JSONReader(parsing: Array(text.utf8)))
    } catch {
      throw .refused("record \"\(id)\" in queuesync_records.fields, \(error.path): \(error.reason)")
    }
  }
}
