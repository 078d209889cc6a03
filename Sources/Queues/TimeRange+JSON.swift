import Foundation
import SmartFillSupport

// A time range's members of a `timeRange` rule in the store's format (see `AutoSwitchRule+JSON.swift`):
// `start` and `end` as "HH:MM", and in version 4 `weekdays` (an array of "sun" … "sat", each at most once)
// and an optional `timeZone` identifier.

extension TimeRange {
  /// Reads the range's members of the rule object at `reader`; versions before 4 have every weekday and the
  /// listener's time zone.
  ///
  /// - Throws: ``JSONReadError`` naming the bad member.
  init(reading reader: JSONReader, version: Int) throws(JSONReadError) {
    let start = try TimeOfDay(reading: reader.field("start"))
    let end = try TimeOfDay(reading: reader.field("end"))
    guard version >= 4 else {
      self.init(start: start, end: end)
      return
    }
    var weekdays: Set<Weekday> = []
    for node in try reader.array("weekdays") {
      let code = try node.string()
      guard let day = Weekday(code: code) else {
        let allowed = Weekday.allCases.map { JSONWriter.quoted($0.code) }.joined(separator: ", ")
        throw node.error("must be one of \(allowed), found \(JSONValue.string(code).excerpt)")
      }
      guard weekdays.insert(day).inserted else {
        throw node.error("appears earlier in the list, found \(JSONValue.string(code).excerpt)")
      }
    }
    if weekdays.isEmpty { throw reader.error("a range needs a weekday, found []", at: "weekdays") }
    let zone = try reader.optional("timeZone")?.string()
    if let zone, TimeZone(identifier: zone) == nil {
      throw reader.error(
        "not a time zone identifier such as \"Europe/Berlin\", found \(JSONValue.string(zone).excerpt)", at: "timeZone")
    }
    self.init(start: start, end: end, weekdays: weekdays, timeZoneIdentifier: zone)
  }
}

extension TimeOfDay {
  /// Reads a time of day written "HH:MM".
  init(reading reader: JSONReader) throws(JSONReadError) {
    let text = try reader.string()
    guard let time = TimeOfDay(text: text) else {
      throw reader.error("expected a time of day such as \"22:00\", found \(JSONValue.string(text).excerpt)")
    }
    self = time
  }
}
