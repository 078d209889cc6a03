import SmartFillSupport

// A record's fields in JSON, one object per field naming its kind:
//
//     {"deviceID": {"string": "5f1…"}, "lastModified": {"date": "2026-01-01T08:00:00Z"},
//      "currentIndex": {"integer": 0}, "isDeleted": {"bool": false}, "state": {"json": "{…}"}}
//
// The one form of the in-memory server's file and of the PostgreSQL store's `fields` column.

extension SyncRecord {
  /// Writes `fields` as one JSON object, the names sorted.
  ///
  /// - Complexity: O(*n* log *n*) in the number of fields, plus their size.
  package static func writeFields(_ fields: [String: Field], to json: inout JSONWriter) {
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

  /// Reads the fields ``writeFields(_:to:)`` wrote.
  ///
  /// - Throws: `JSONReadError` naming the field's path when a field is not one object with one known kind.
  /// - Complexity: O(*n*) in the size of the fields.
  package static func readFields(_ object: JSONReader) throws(JSONReadError) -> [String: Field] {
    var fields: [String: Field] = [:]
    for (name, value) in try object.members() {
      let field = JSONReader(value, path: object.path.appending(name))
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
  }

  /// Writes the record's `id`, `type`, `changeTag` and `fields` as members of the object being written.
  ///
  /// - Complexity: O(*n* log *n*) in the number of fields, plus their size.
  package static func writeMembers(of record: SyncRecord, to json: inout JSONWriter) {
    json.member("id", record.id)
    json.member("type", record.type)
    json.member("changeTag")
    if let tag = record.changeTag { json.string(tag) } else { json.null() }
    json.member("fields")
    writeFields(record.fields, to: &json)
  }

  /// Reads a record ``writeMembers(of:to:)`` wrote.
  ///
  /// - Throws: `JSONReadError` naming the member's path.
  /// - Complexity: O(*n*) in the size of the record.
  package static func read(_ node: JSONReader) throws(JSONReadError) -> SyncRecord {
    SyncRecord(
      id: try node.string("id"), type: try node.string("type"),
      changeTag: try node.optional("changeTag").map { (tag) throws(JSONReadError) in try tag.string() },
      fields: try readFields(node.field("fields")))
  }
}
