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

  /// Checks show ties in the JSON form (objects; `null`s are skipped) as the store checks a queue's ties.
  ///
  /// - Throws: ``QueueError/malformedLibrary(location:reason:)`` naming the bad member.
  /// - Complexity: O(*t*) in the number of ties.
  static func check(showTies: [JSONValue]) throws(QueueError) {
    let ties = showTies.filter { $0 != .null }
    guard !ties.isEmpty else { return }
    let library = QueueLibrary(now: Date(timeIntervalSince1970: 0))
    guard case .object(var root)? = try? JSONValue.parse(library.jsonBytes()),
      case .array(var queues)? = root["queues"], let index = queues.firstIndex(where: { Self.isQueue($0, .commute) }),
      case .object(var commute) = queues[index]
    else { preconditionFailure("QueueLibrary(now:) has no Commute queue") }
    commute["showTies"] = .array(ties)
    queues[index] = .object(commute)
    root["queues"] = .array(queues)
    _ = try Self.library(node(.object(root)))
  }

  /// The JSON form of the ties of each queue of `library`, by queue and feed URL.
  ///
  /// - Complexity: O(*n*) in the size of the library.
  static func showTies(of library: QueueLibrary) -> [QueueID: [String: JSONValue]] {
    guard case .object(let root)? = try? JSONValue.parse(library.jsonBytes()), case .array(let queues)? = root["queues"]
    else { preconditionFailure("QueueLibrary.jsonBytes() wrote no queues array") }
    var result: [QueueID: [String: JSONValue]] = [:]
    for case .object(let queue) in queues {
      guard case .string(let id)? = queue["id"], case .array(let ties)? = queue["showTies"] else { continue }
      for tie in ties {
        if case .object(let members) = tie, case .string(let feedURL)? = members["feedURL"] {
          result[QueueID(id), default: [:]][feedURL] = tie
        }
      }
    }
    return result
  }

  /// An `episodeHistory` member in the JSON form: `known`'s shows and `exclusions` (the oldest first).
  static func historyNode(known: EpisodeHistory, exclusions: [EpisodeHistory.Exclusion]) -> JSONWriter.Node {
    let shows: [JSONWriter.Node] = known.knownEpisodes.keys.sorted().map { feedURL in
      let show = known.knownEpisodes[feedURL]!
      var members: [(String, JSONWriter.Node)] = [("feedURL", .string(feedURL))]
      if let through = show.knownThrough { members.append(("knownThrough", .string(Timestamp.format(through)))) }
      members.append(("guids", .array(show.guids.sorted().map { .string($0) })))
      return .object(members)
    }
    let excluded: [JSONWriter.Node] = exclusions.map { exclusion in
      var members: [(String, JSONWriter.Node)] = [
        ("feedURL", .string(exclusion.episode.feedURL)), ("episodeGUID", .string(exclusion.episode.guid)),
        ("reason", .string(exclusion.reason.rawValue)),
      ]
      if let queueID = exclusion.queueID { members.append(("queueID", .string(queueID.rawValue))) }
      members.append(("date", .string(Timestamp.format(exclusion.date))))
      return .object(members)
    }
    return .object([("knownEpisodes", .array(shows)), ("exclusions", .array(excluded))])
  }

  /// The history in the `library` member of a state file (its `episodeHistory`), or an empty one when it is
  /// absent or cannot be read: the history is what the device's routings saw, which a routing learns again.
  ///
  /// - Complexity: O(*h*) in the size of the history.
  static func history(inLibrary library: JSONValue?) -> EpisodeHistory {
    guard case .object(let members)? = library, let history = members["episodeHistory"] else { return EpisodeHistory() }
    let tree = JSONWriter.Node.object([
      ("version", .integer(QueueLibrary.formatVersion)), ("revision", .integer(0)),
      ("queueLimit", .integer(QueueLibrary.defaultQueueLimit)), ("activeQueueID", .string(QueueID.upNext.rawValue)),
      ("queues", .array([upNextNode])), ("deletedQueues", .array([])), ("knownAudioDevices", .array([])),
      ("episodeHistory", node(history)),
    ])
    guard let read = try? Self.library(tree) else { return EpisodeHistory() }
    return EpisodeHistory(knownEpisodes: read.episodeHistory.knownEpisodes)
  }

  /// An empty Up Next in the JSON form.
  private static let upNextNode = JSONWriter.Node.object([
    ("id", .string(QueueID.upNext.rawValue)), ("name", .string("Up Next")),
    ("createdAt", .string("1970-01-01T00:00:00Z")), ("lastModified", .string("1970-01-01T00:00:00Z")),
    ("isSyncedToCloud", .bool(true)), ("isAutoSwitchEnabled", .bool(true)), ("autoSwitchRules", .array([])),
    ("currentIndex", .integer(0)), ("episodes", .array([])),
  ])

  /// Whether `value` is the JSON form of queue `id`.
  private static func isQueue(_ value: JSONValue, _ id: QueueID) -> Bool {
    guard case .object(let members) = value else { return false }
    return members["id"] == .string(id.rawValue)
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
