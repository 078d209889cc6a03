import Foundation
import SmartFillSupport

// The part of the state file that keeps the queues travelling in parts (`QueuePartCache`), so that a restart
// in the middle of an assembly loses nothing:
//
//     "parts": {"bodies": [{"id": "part.…", "type": "QueuePart", "changeTag": "7", "fields": {…}}, …],
//               "waiting": [{"id": "queue.commute", "type": "Queue", …}, …],
//               "known": [["part.….0", "queue.commute", "5f1…", "2026-01-01T08:00:00Z"], …],
//               "heads": {"queue.commute": [[{"5f1…": 3}, ["part.….0", …]], …]},
//               "headClock": {"queue.commute": {"5f1…": 3, "a93…": 1}}}
//
// The member is left out when the cache is empty, so a file without queues in parts is as before.

extension SyncStore {
  /// Writes the `parts` member, unless the cache is empty.
  ///
  /// - Complexity: O(*n*) in the size of the cache.
  static func writeParts(_ cache: QueuePartCache, to json: inout JSONWriter) {
    guard !cache.isEmpty else { return }
    json.member("parts")
    json.object { json in
      for (name, records) in [("bodies", cache.bodies), ("waiting", cache.waiting)] {
        json.member(name)
        json.array { json in
          for id in records.keys.sorted() {
            json.element()
            json.object { json in SyncRecord.writeMembers(of: records[id]!, to: &json) }
          }
        }
      }
      json.member("known")
      json.array { json in
        for id in cache.known.keys.sorted() {
          let part = cache.known[id]!
          json.element()
          json.inlineArray { json in
            json.element()
            json.string(id)
            json.element()
            json.string(part.recordID)
            json.element()
            json.string(part.writer)
            json.element()
            json.date(part.firstSeen)
          }
        }
      }
      json.member("heads")
      writeByRecord(cache.heads, to: &json) { heads, json in
        json.array { json in
          for head in heads {
            json.element()
            json.inlineArray { json in
              json.element()
              writeClock(head.clock, to: &json)
              json.element()
              json.strings(head.parts)
            }
          }
        }
      }
      json.member("headClock")
      writeByRecord(cache.headClock, to: &json) { clock, json in writeClock(clock, to: &json) }
    }
  }

  /// Writes an object of `values` by record identifier, sorted.
  static func writeByRecord<Value>(
    _ values: [String: Value], to json: inout JSONWriter, _ write: (Value, inout JSONWriter) -> Void
  ) {
    json.object { json in
      for id in values.keys.sorted() {
        json.member(id)
        write(values[id]!, &json)
      }
    }
  }

  static func writeClock(_ clock: VersionVector, to json: inout JSONWriter) {
    json.object { json in for dot in clock.dots { json.member(dot.replica.rawValue, dot.counter) } }
  }

  static func readClock(_ node: JSONReader) throws(JSONReadError) -> VersionVector {
    var counters: [ReplicaID: Int] = [:]
    for (replica, counter) in try node.members() {
      counters[ReplicaID(replica)] = try JSONReader(counter, path: node.path.appending(replica)).integer(
        in: 0...Int.max)
    }
    return VersionVector(counters)
  }

  /// Reads the `parts` member (an empty cache when there is none).
  ///
  /// - Throws: A `JSONReadError` naming the bad value.
  /// - Complexity: O(*n*) in the size of the member.
  static func readParts(_ node: JSONReader?) throws(JSONReadError) -> QueuePartCache {
    var cache = QueuePartCache()
    guard let node else { return cache }
    for node in try node.array("bodies") {
      let record = try SyncRecord.read(node)
      guard QueueParts.isPart(record.id) else { throw node.error("expected a part (\"part.…\")", at: "id") }
      cache.bodies[record.id] = record
    }
    for node in try node.array("waiting") {
      let record = try SyncRecord.read(node)
      guard QueueParts.isHead(record) else { throw node.error("expected a queue's head", at: "id") }
      cache.waiting[record.id] = record
    }
    for item in try node.array("known") {
      let parts = try item.elements()
      if parts.count != 4 { throw item.error("expected [part, queue record, writer, first seen]") }
      cache.known[try parts[0].string()] = .init(
        recordID: try parts[1].string(), writer: try parts[2].string(), firstSeen: try parts[3].date())
    }
    for (id, value) in try node.field("heads").members() {
      let list = JSONReader(value, path: node.path.appending("heads").appending(id))
      for item in try list.elements() {
        let parts = try item.elements()
        if parts.count != 2 { throw item.error("expected [context, parts]") }
        let names = try parts[1].elements().map { (name) throws(JSONReadError) in try name.string() }
        cache.heads[id, default: []].append(.init(clock: try readClock(parts[0]), parts: names))
      }
    }
    if let clocks = try node.optional("headClock") {
      for (id, value) in try clocks.members() {
        cache.headClock[id] = try readClock(JSONReader(value, path: clocks.path.appending(id)))
      }
    }
    return cache
  }
}
