import Foundation
import QueueSync
import SmartFillSupport

// A record's fields as the store keeps them in `queuesync_records.fields` (jsonb), one object per field naming
// its kind, the shape of the in-memory server's file:
//
//     {"deviceID": {"string": "5f1…"}, "lastModified": {"date": "2026-01-01T08:00:00Z"},
//      "currentIndex": {"integer": 0}, "isDeleted": {"bool": false}, "state": {"json": "{…}"}}

extension SyncRecord {
  /// Writes the fields as the store's JSON object.
  ///
  /// - Complexity: O(*n*) in the size of the fields.
  static func writeFields(_ fields: [String: Field], to json: inout JSONWriter) {
    json.object { json in
      for name in fields.keys.sorted() {
        json.member(name)
        json.object { json in
          switch fields[name]! {
          case .string(let text): json.member("string", text)
          case .integer(let number): json.member("integer", number)
          case .date(let date): json.member("date", date)
          case .bool(let flag): json.member("bool", flag)
          case .json(let bytes): json.member("json", String(decoding: bytes, as: UTF8.self))
          }
        }
      }
    }
  }

  /// Reads the fields of record `id` from the store's JSON text.
  ///
  /// - Throws: ``SyncServerError/refused(_:)`` naming the record, the field and the problem: a row the store
  ///   did not write.
  /// - Complexity: O(*n*) in the size of the text.
  static func fields(of id: String, fromStoreJSON text: String) throws(SyncServerError) -> [String: Field] {
    do throws(JSONReadError) {
      let root = try JSONReader(parsing: Array(text.utf8))
      var fields: [String: Field] = [:]
      for (name, value) in try root.members() {
        let field = JSONReader(value, path: root.path.appending(name))
        let members = try field.members()
        guard members.count == 1, let kind = members.keys.first else {
          throw field.error("expected one of string, integer, date, bool, json")
        }
        switch kind {
        case "string": fields[name] = .string(try field.string("string"))
        case "integer": fields[name] = .integer(try field.integer("integer"))
        case "date": fields[name] = .date(try field.date("date"))
        case "bool": fields[name] = .bool(try field.bool("bool"))
        case "json": fields[name] = .json(Array(try field.string("json").utf8))
        default: throw field.error("expected one of string, integer, date, bool, json, found \(kind)")
        }
      }
      return fields
    } catch {
      throw .refused("record \"\(id)\" in queuesync_records.fields, \(error.path): \(error.reason)")
    }
  }
}
