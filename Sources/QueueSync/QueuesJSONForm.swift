import Foundation
import Queues
import SmartFillSupport

// The Queues module's JSON form for what sync keeps opaque: a queue's auto-switch rules and smart fill
// settings are encoded by writing a one-queue library through `QueueLibrary.jsonBytes()` and taking the
// queue's members, and decoded (checked as the store checks them) when a whole library is read back through
// `QueueLibrary(json:)`. Sync never spells out a rule's or a setting's fields, so a rule kind added to Queues
// needs no change here. (`Queue`'s own JSON encoding is internal to Queues; its public entry points are the
// library's.)

enum QueuesJSONForm {
  /// The JSON form of `rules` (an array) and of `settings` (`null` when none).
  ///
  /// - Throws: The first rule's ``AutoSwitchRule/validate()`` error.
  static func encode(rules: [AutoSwitchRule], settings: SmartFillSettings?) throws(QueueError) -> (
    rules: JSONValue, settings: JSONValue
  ) {
    var library = QueueLibrary(now: Date(timeIntervalSince1970: 0))
    try library.modify(.upNext, now: Date(timeIntervalSince1970: 0)) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: rules)
      queue.smartFillSettings = settings
    }
    guard case .object(let root)? = try? JSONValue.parse(library.jsonBytes()),
      case .array(let queues)? = root["queues"],
      case .object(let upNext)? = queues.first
    else { preconditionFailure("QueueLibrary.jsonBytes() wrote no queues array") }
    return (upNext["autoSwitchRules"] ?? .array([]), upNext["smartFillSettings"] ?? .null)
  }

  /// Checks rules and settings in the JSON form as the store checks them.
  ///
  /// - Throws: ``QueueError/malformedLibrary(location:reason:)`` naming the bad member.
  static func check(rules: JSONValue, settings: JSONValue) throws(QueueError) {
    var queue: [(String, JSONWriter.Node)] = [
      ("id", .string(QueueID.upNext.rawValue)), ("name", .string("Up Next")),
      ("createdAt", .string("1970-01-01T00:00:00Z")), ("lastModified", .string("1970-01-01T00:00:00Z")),
      ("isSyncedToCloud", .bool(true)), ("isAutoSwitchEnabled", .bool(true)), ("autoSwitchRules", node(rules)),
    ]
    if settings != .null { queue.append(("smartFillSettings", node(settings))) }
    queue.append(("currentIndex", .integer(0)))
    queue.append(("episodes", .array([])))
    _ = try library(
      .object([
        ("version", .integer(QueueLibrary.formatVersion)), ("revision", .integer(0)),
        ("queueLimit", .integer(QueueLibrary.defaultQueueLimit)), ("activeQueueID", .string(QueueID.upNext.rawValue)),
        ("queues", .array([.object(queue)])), ("deletedQueues", .array([])), ("knownAudioDevices", .array([])),
      ]))
  }

  /// Reads a library written as a JSON tree in the Queues form, checked whole.
  static func library(_ tree: JSONWriter.Node) throws(QueueError) -> QueueLibrary {
    var json = JSONWriter(style: .compact)
    json.write(tree)
    return try QueueLibrary(json: json.bytes)
  }

  /// A parsed value as a tree to write.
  static func node(_ value: JSONValue) -> JSONWriter.Node {
    switch value {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .integer(let number): return .integer(number)
    case .number(let number): return .number(number)
    case .string(let text): return .string(text)
    case .array(let elements): return .array(elements.map(node))
    case .object(let members): return .object(members.keys.sorted().map { ($0, node(members[$0]!)) })
    }
  }
}
