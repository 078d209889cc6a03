import Foundation
import SmartFill
import SmartFillSupport

// The store's format, the library's one encoding: JSON written with the package's `JSONWriter` (keys in a
// fixed order, two-space indentation, a final newline) so that it is pinned byte for byte, and read through
// `JSONReader` so that every problem names its place (`queues[1].episodes[3].feedURL`). Version 5 is
// written; version 4 (the same library without `untiedShowsGoToUpNext`, `episodeHistory` and a queue's
// `showTies`: nothing tied, nothing seen), version 3 (version 4 without `knownAudioDevices`, without a queue's
// `isAutoSwitchEnabled` and with the older rules, see `AutoSwitchRule+JSON.swift`), version 2 (version 3 with
// `targetDurationSeconds` for a smart fill's target) and version 1 (a single Up Next list) are migrated on
// reading. In version 5 the three new members may be absent (as in a library written by hand or by sync's
// `QueuesJSONForm`): then nothing is tied, the option is off and nothing was seen. Each value's part of the
// format sits beside its type: `Queue+JSON.swift`, `EpisodeReference+JSON.swift`, `SmartFillSettings+JSON.swift`,
// `AutoSwitchRule+JSON.swift`, `TimeRange+JSON.swift`, `KnownAudioDevice+JSON.swift`, `ShowTie+JSON.swift`,
// `EpisodeHistory+JSON.swift`.
//
// Reading is lenient: what is bad is left out and reported (see `LoadReport`), so that one bad value does not
// cost the rest of the library. Members that this version does not know are kept at every level and written
// back after the known ones, sorted (see `UnknownFields.swift`). Every number has a bound: `revision` 0 to
// `QueueLibrary.maximumRevision`, `queueLimit` 1 to `QueueLibrary.maximumQueueLimit`, `formerIndex` 0 to
// `QueueLibrary.maximumQueueLimit`, `currentIndex` 0 to the number of episodes, `durationSeconds` 1 and
// `playbackPositionSeconds` 0 to `EpisodeReference.maximumDurationSeconds` (the position at most the
// duration), `targetSeconds` within `SmartFillSettings.targetRange`, `toleranceSeconds` within
// `SmartFillSettings.toleranceRange`.

extension QueueLibrary {
  /// The library as JSON text (the store's format, version 5), two-space indented, keys in the documented
  /// order, with a final newline. Absent optional fields (`smartFillSettings`, `showTies` when none,
  /// `untiedShowsGoToUpNext` when off, `episodeHistory` when empty, `durationSeconds`, `targetSeconds`,
  /// `knownThrough`, an exclusion's `queueID`) are left out, so that a library that ties nothing is written as
  /// version 4 wrote it but for its version; the fields a newer version wrote that this one read without
  /// knowing them follow each object's known keys, sorted.
  ///
  /// - Complexity: O(*n*) in the total number of episodes.
  public func jsonText() -> String {
    String(decoding: jsonBytes(), as: UTF8.self)
  }

  /// The library as UTF-8 JSON data; see ``jsonText()``.
  public func jsonData() -> Data { Data(jsonBytes()) }

  /// The library as UTF-8 JSON bytes; see ``jsonText()``.
  ///
  /// - Complexity: O(*n*) in the total number of episodes.
  public func jsonBytes() -> [UInt8] {
    let episodes = queues.reduce(0) { $0 + $1.count } + deletedQueues.reduce(0) { $0 + $1.queue.count }
    var json = JSONWriter(capacity: 4096 + episodes * 320)
    json.object { json in
      json.member("version", QueueLibrary.formatVersion)
      json.member("revision", revision)
      json.member("queueLimit", queueLimit)
      json.member("activeQueueID", activeQueueID.rawValue)
      if untiedShowsGoToUpNext { json.member("untiedShowsGoToUpNext", true) }
      json.member("queues")
      json.array { json in
        for queue in queues {
          json.element()
          queue.write(to: &json)
        }
      }
      json.member("deletedQueues")
      json.array { json in
        for deleted in deletedQueues {
          json.element()
          json.object { json in
            json.member("deletedAt", deleted.deletedAt)
            json.member("formerIndex", deleted.formerIndex)
            json.member("queue")
            deleted.queue.write(to: &json)
            json.members(deleted.unknownFields)
          }
        }
      }
      json.member("knownAudioDevices")
      json.array { json in
        for device in knownAudioDevices {
          json.element()
          device.write(to: &json)
        }
      }
      if !episodeHistory.isEmpty || !episodeHistory.unknownFields.isEmpty {
        json.member("episodeHistory")
        episodeHistory.write(to: &json)
      }
      json.members(unknownFields)
    }
    json.append("\n")
    return json.bytes
  }

  /// The keys of the store's top level, in versions 2 and 3.
  static let version3Keys: Set<String> = [
    "version", "revision", "queueLimit", "activeQueueID", "queues", "deletedQueues",
  ]
  /// The keys of the store's top level in version 4, which adds `knownAudioDevices`.
  static let version4Keys = version3Keys.union(["knownAudioDevices"])
  /// The keys of the store's top level in version 5, which adds `untiedShowsGoToUpNext` and `episodeHistory`.
  static let knownKeys = version4Keys.union(["untiedShowsGoToUpNext", "episodeHistory"])
  /// The keys of a deleted queue's object.
  static let knownDeletedKeys: Set<String> = ["deletedAt", "formerIndex", "queue"]
  /// The keys of version 1's top level.
  static let knownVersion1Keys: Set<String> = ["version", "currentIndex", "episodes"]

  /// Reads a library from JSON text: version 5, or an older version migrated (version 4 ties no show and has
  /// seen no episode, version 3 has older rules, version 2 also renames one key; version 1, a single Up Next
  /// list, becomes a new library whose built-in queues are created at `now`).
  /// Every value must be valid; ``QueueStore`` reads a store leniently instead, keeping what it can.
  ///
  /// - Throws: ``QueueError/malformedLibrary(location:reason:)`` for malformed JSON, a missing, mistyped or
  ///   out-of-range field or a broken invariant, naming the first; ``QueueError/unsupportedVersion(_:)`` for
  ///   a newer version.
  /// - Complexity: O(*n*) in the size of the text.
  public init(json: some Collection<UInt8>, now: Date = Date()) throws(QueueError) {
    let (library, issues) = try Self.salvaging(json: json, now: now)
    if let first = issues.first { throw .malformedLibrary(location: first.location, reason: first.reason) }
    self = library
  }

  /// Reads a library from JSON text as far as it can be read: what is bad is left out or replaced and
  /// reported, as ``LoadReport`` describes.
  ///
  /// - Returns: The library, which passes ``checkInvariants()``, and the issues, in the order of the file.
  /// - Throws: ``QueueError/malformedLibrary(location:reason:)`` when no queue can be read (malformed JSON, not
  ///   an object, a missing or bad `version`, no `queues` array, or no `episodes` array in version 1);
  ///   ``QueueError/unsupportedVersion(_:)`` for a newer version.
  /// - Complexity: O(*n*) in the size of the text.
  package static func salvaging(json: some Collection<UInt8>, now: Date = Date()) throws(QueueError) -> (
    library: QueueLibrary, issues: [LoadReport.Issue]
  ) {
    let root: JSONValue
    do {
      root = try JSONValue.parse(json)
    } catch {
      throw .malformedLibrary(
        location: "line \(error.line), column \(error.column)", reason: "malformed JSON: \(error.problem)")
    }
    var pending: [PendingIssue] = []
    let library: QueueLibrary
    do {
      library = try QueueLibrary(reading: JSONReader(root), now: now, issues: &pending)
    } catch let error as QueueError {
      throw error
    } catch let error as JSONReadError {
      throw QueueError(error)
    } catch {
      preconditionFailure("unexpected error \(error)")
    }
    // What was left out keeps every invariant; a library that does not is refused whole, never written.
    try library.checkInvariants()
    return (library, pending.map { $0.issue(in: root) })
  }

  /// Reads the library at `reader`; a problem that leaves no queue to read throws ``JSONReadError`` (or
  /// ``QueueError/unsupportedVersion(_:)``), the others are recorded in `issues`.
  private init(reading reader: JSONReader, now: Date, issues: inout [PendingIssue]) throws {
    let version = try reader.integer("version")
    switch version {
    case 1:
      try self.init(version1: reader, now: now, issues: &issues)
    case 2, 3, 4, QueueLibrary.formatVersion:
      try self.init(reading: reader, version: version, now: now, issues: &issues)
    default:
      if version > QueueLibrary.formatVersion { throw QueueError.unsupportedVersion(version) }
      throw QueueError.malformedLibrary(
        location: "version", reason: "must be 1 to \(QueueLibrary.formatVersion), got \(version)")
    }
  }

  /// Reads version 1, a single Up Next list, into a new library.
  private init(version1 reader: JSONReader, now: Date, issues: inout [PendingIssue]) throws(JSONReadError) {
    let nodes = try reader.array("episodes")
    var currentIndex = 0
    do {
      currentIndex = try reader.optional("currentIndex")?.integer(in: 0...nodes.count) ?? 0
    } catch {
      issues.append(PendingIssue(error, .replaced(with: "0")))
    }
    self.init(now: now)
    let (episodes, playhead) = Queue.readEpisodes(nodes, currentIndex: currentIndex, of: .upNext, issues: &issues)
    queues[0].episodes = episodes
    queues[0].currentIndex = playhead
    unknownFields = try reader.unknownMembers(known: Self.knownVersion1Keys.union(Self.version3Keys))
  }

  /// Reads version 2, 3, 4 or 5.
  private init(reading reader: JSONReader, version: Int, now: Date, issues: inout [PendingIssue])
    throws(JSONReadError)
  {
    let queueNodes = try reader.array("queues")
    var queues: [Queue] = []
    var ids: Set<QueueID> = []
    var names: [String: String] = [:]
    var tied: [String: String] = [:]
    for node in queueNodes {
      var found: [PendingIssue] = []
      do throws(JSONReadError) {
        // Room is kept for Up Next until it is read.
        let room = Self.maximumQueueLimit - (ids.contains(.upNext) ? 0 : 1)
        if queues.count >= room, Self.peekID(node) != .upNext {
          throw node.error("the library already holds \(queues.count) queues, the most it may")
        }
        var queue = try Queue(reading: node, version: version, issues: &found)
        if ids.contains(queue.id) {
          throw node.error(
            "is used by an earlier queue, found \(JSONValue.string(queue.id.rawValue).excerpt)", at: "id")
        }
        let key = QueueName.comparisonKey(queue.name)
        if let other = names[key] {
          throw node.error(
            "clashes with the queue named \(JSONValue.string(other).excerpt), found "
              + JSONValue.string(queue.name).excerpt, at: "name")
        }
        ids.insert(queue.id)
        names[key] = queue.name
        Self.leaveOutTiesMadeEarlier(of: &queue, at: node, tied: &tied, issues: &found)
        queues.append(queue)
        issues.append(contentsOf: found)
      } catch {
        issues.append(PendingIssue(error, .queueSkipped(id: Self.peekID(node), name: Self.peekName(node))))
      }
    }
    if !ids.contains(.upNext) {
      var name = "📋 Up Next"
      if names[QueueName.comparisonKey(name)] != nil {
        name = QueueName.unique(basedOn: name, suffix: "2", avoiding: queues.map(\.name))
      }
      queues.insert(Queue(id: .upNext, name: name, createdAt: now), at: 0)
      ids.insert(.upNext)
      issues.append(
        PendingIssue(reader.error("Up Next (id \"up-next\") is missing or was left out", at: "queues"), .upNextAdded))
    }

    var deletedQueues: [DeletedQueue] = []
    var deletedNodes: [JSONReader] = []
    do {
      deletedNodes = try reader.array("deletedQueues")
    } catch {
      issues.append(PendingIssue(error, .replaced(with: "[]")))
    }
    for node in deletedNodes {
      var found: [PendingIssue] = []
      do throws(JSONReadError) {
        let queueNode = try node.field("queue")
        let queue = try Queue(reading: queueNode, version: version, issues: &found)
        if queue.isUpNext { throw queueNode.error("Up Next cannot be deleted, found \"up-next\"", at: "id") }
        if ids.contains(queue.id) {
          throw queueNode.error(
            "is used by another queue, found \(JSONValue.string(queue.id.rawValue).excerpt)", at: "id")
        }
        var deleted = DeletedQueue(
          queue: queue, deletedAt: try node.date("deletedAt"),
          formerIndex: try node.field("formerIndex").integer(in: 0...Self.maximumQueueLimit))
        deleted.unknownFields = try node.unknownMembers(known: Self.knownDeletedKeys)
        ids.insert(queue.id)
        deletedQueues.append(deleted)
        issues.append(contentsOf: found)
      } catch {
        let queueNode = try? node.field("queue")
        issues.append(
          PendingIssue(
            error, .deletedQueueSkipped(id: queueNode.flatMap(Self.peekID), name: queueNode.flatMap(Self.peekName))))
      }
    }

    var activeQueueID = QueueID.upNext
    do throws(JSONReadError) {
      let text = try reader.string("activeQueueID")
      guard queues.contains(where: { $0.id.rawValue == text }) else {
        throw reader.error(
          "names no queue of the library, found \(JSONValue.string(text).excerpt)", at: "activeQueueID")
      }
      activeQueueID = QueueID(text)
    } catch {
      issues.append(PendingIssue(error, .replaced(with: JSONValue.string(QueueID.upNext.rawValue).excerpt)))
    }

    var queueLimit = max(Self.defaultQueueLimit, queues.count)
    do throws(JSONReadError) {
      let limit = try reader.field("queueLimit").integer(in: 1...Self.maximumQueueLimit)
      if limit < queues.count {
        throw reader.error("must be at least the number of queues (\(queues.count)), found \(limit)", at: "queueLimit")
      }
      queueLimit = limit
    } catch {
      issues.append(PendingIssue(error, .replaced(with: String(queueLimit))))
    }

    var revision = 0
    do {
      revision = try reader.field("revision").integer(in: 0...Self.maximumRevision)
    } catch {
      issues.append(PendingIssue(error, .replaced(with: "0")))
    }

    self.queues = queues
    self.activeQueueID = activeQueueID
    self.deletedQueues = deletedQueues
    self.queueLimit = queueLimit
    self.revision = revision
    if version >= 4 { self.knownAudioDevices = Self.readKnownAudioDevices(reader, issues: &issues) }
    if version >= 5 {
      do {
        self.untiedShowsGoToUpNext = try reader.optional("untiedShowsGoToUpNext")?.bool() ?? false
      } catch {
        issues.append(PendingIssue(error, .replaced(with: "false")))
      }
      self.episodeHistory = EpisodeHistory.read(try? reader.optional("episodeHistory"), issues: &issues)
    }
    self.unknownFields = try reader.unknownMembers(
      known: version >= 5 ? Self.knownKeys : version == 4 ? Self.version4Keys : Self.version3Keys)
  }

  /// Leaves out of `queue` (read from `node`) the ties of the shows that an earlier queue of the file ties
  /// (`tied`: the queue's name by feed URL), recording each in `issues`; the first tie in the file's order wins.
  /// Records the rest in `tied`.
  private static func leaveOutTiesMadeEarlier(
    of queue: inout Queue, at node: JSONReader, tied: inout [String: String], issues: inout [PendingIssue]
  ) {
    guard !queue.showTies.isEmpty else { return }
    let tieNodes = (try? node.array("showTies")) ?? []
    queue.showTies.removeAll { tie in
      guard let holder = tied[tie.feedURL] else {
        tied[tie.feedURL] = queue.name
        return false
      }
      let tieNode = tieNodes.first { (try? $0.string("feedURL")) == tie.feedURL } ?? node
      let error = tieNode.error(
        "show \(JSONValue.string(tie.feedURL).excerpt) is tied to the queue named \(JSONValue.string(holder).excerpt) "
          + "earlier in the file; a show is tied to one queue, and the first tie wins",
        at: tieNode.path == node.path ? "showTies" : "feedURL")
      issues.append(PendingIssue(error, .showTieSkipped(queue: queue.id, feedURL: tie.feedURL)))
      return true
    }
  }

  /// Reads `knownAudioDevices`, leaving out (and recording in `issues`) each device that is bad, repeats an
  /// earlier identifier or is beyond ``maximumKnownAudioDevices``; a member that is not an array is replaced
  /// by none.
  private static func readKnownAudioDevices(_ reader: JSONReader, issues: inout [PendingIssue]) -> [KnownAudioDevice] {
    let nodes: [JSONReader]
    do {
      nodes = try reader.array("knownAudioDevices")
    } catch {
      issues.append(PendingIssue(error, .replaced(with: "[]")))
      return []
    }
    var devices: [KnownAudioDevice] = []
    var seen: Set<String> = []
    for node in nodes {
      do throws(JSONReadError) {
        let device = try KnownAudioDevice(reading: node)
        if devices.count == maximumKnownAudioDevices {
          throw node.error("the library already knows \(devices.count) audio devices, the most it keeps")
        }
        guard seen.insert(device.identifier).inserted else {
          throw node.error(
            "is used by an earlier device, found \(JSONValue.string(device.identifier).excerpt)", at: "identifier")
        }
        devices.append(device)
      } catch {
        issues.append(PendingIssue(error, .knownDeviceSkipped(identifier: try? node.string("identifier"))))
      }
    }
    return devices
  }

  /// The `id` of a queue's object, when it is a string.
  private static func peekID(_ node: JSONReader) -> QueueID? {
    (try? node.string("id")).map { QueueID($0) }
  }

  /// The `name` of a queue's object, when it is a string.
  private static func peekName(_ node: JSONReader) -> String? {
    try? node.string("name")
  }
}

extension QueueError {
  /// The store's error for a problem in its JSON: the path and the reason.
  init(_ error: JSONReadError) {
    self = .malformedLibrary(location: error.path.description, reason: error.reason)
  }
}
