import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// A device's sync engine kept in one JSON file: the queue library in the Queues JSON form (what an app
/// reads) and the sync state (the replicated state, the pending records, the server's change token), always
/// written together in one atomic write, never apart.
///
/// The crash-safety contract is `QueueStore`'s: the new file goes to a temporary file beside the store
/// (`<file>.tmp-queuesync-<pid>-<16 hex digits>`), is flushed to disk and renamed over the store, then the
/// folder is flushed; a kill at any moment leaves the previous file or the new one, whole. Temporary files of
/// writers that are gone are removed by the next write. A file that cannot be read is reported and left as it
/// is, never overwritten by a load. (One process per device writes the file; there is no lock.)
///
/// The file:
///
///     {
///       "version": 1,
///       "library": { …the QueueLibrary JSON, version 5… },
///       "sync": {
///         "replica": "5f1…", "deviceName": "iPad", "counter": 41, "clock": [1767254400000, 0],
///         "latestPosition": [3, "5f1…", 40], "activeQueueID": "up-next", "token": "17", "changeTags": {"library": "12", …},
///         "pending": ["queue.commute"], "pendingSince": "2026-01-01T08:00:00Z", "deletedOnServer": [],
///         "finished": {…the library record's state…}, "queues": [{…a queue record's state…}, …],
///         "unconfirmed": {"counter": 37, "finishes": [[feed URL, GUID, counter], …]},
///         "parts": {…queues travelling in parts, fetched and not merged yet (see `QueuePartCache`)…},
///         "devices": {…the devices' `Device` records, left out when none (see `DeviceRegistry`)…},
///         "snapshotFeeds": [[feed URL, show title], …], "snapshotEpisodes": [[feed, GUID, title, duration|null,
///                                                                             added at], …],
///         "snapshots": [{"queueID": …, "name": …, "takenAt": …, "rules": […], "smartFill": null,
///                        "episodes": [0, 1, 5, …]}, …]
///       }
///     }
///
/// Each snapshot's episodes are indexes into `snapshotEpisodes`, where each episode is written once, its feed an
/// index into `snapshotFeeds` (see `SyncStore+Snapshots.swift`; a file written before these tables, each
/// episode in full in its snapshot, still reads).
public struct SyncStore: Sendable {
  /// The version of the file format written; reading refuses a newer one.
  public static let formatVersion = 1
  /// The largest file read: 256 MiB.
  public static let maximumFileSize = 256 << 20
  /// The tag of the temporary files.
  static let temporaryTag = "queuesync"

  /// The file's path.
  public let path: String

  /// A store at `path`; nothing is read or written until asked.
  public init(path: String) { self.path = path }

  /// Reads the engine, or `nil` when the file does not exist yet.
  ///
  /// - Throws: ``SyncError/invalidStateFile(path:location:reason:)``,
  ///   ``SyncError/stateFileVersionUnsupported(path:version:)`` or ``SyncError/stateFileUnreadable(path:reason:)``;
  ///   the file is left as it is.
  /// - Complexity: O(*n*) in the size of the file.
  public func load() throws(SyncError) -> SyncEngine? {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(path, maximumBytes: Self.maximumFileSize)
    } catch {
      if case .missing = error.problem { return nil }
      throw .stateFileUnreadable(path: path, reason: error.reason)
    }
    return try Self.engine(bytes: bytes, path: path)
  }

  /// The engine in a state file's bytes, read from `path`; see ``load()``.
  ///
  /// - Complexity: O(*n*) in the size of the bytes.
  package static func engine(bytes: [UInt8], path: String) throws(SyncError) -> SyncEngine {
    if case .object(let members)? = try? JSONValue.parse(bytes), case .integer(let version)? = members["version"],
      version > formatVersion
    {
      throw .stateFileVersionUnsupported(path: path, version: version)
    }
    do throws(JSONReadError) {
      let root = try JSONReader(parsing: bytes)
      let version = try root.integer("version")
      if version != formatVersion { throw root.error("must be 1, found \(version)", at: "version") }
      var read = try Self.engine(reading: root.field("sync"))
      read.state.routingHistory = QueuesJSONForm.history(inLibrary: try? root.optional("library")?.value)
      read.loadedState = read.state
      return read
    } catch {
      throw .invalidStateFile(path: path, location: error.path.description, reason: error.reason)
    }
  }

  /// Writes the engine atomically: the library and the sync state in one file.
  ///
  /// - Throws: ``SyncError/stateFileWriteFailed(path:reason:)``; the previous file is unchanged.
  /// - Complexity: O(*n*) in the size of the engine.
  public func save(_ engine: SyncEngine) throws(SyncError) {
    try save(bytes: Self.bytes(of: engine))
  }

  /// Writes `bytes` (an engine's file) atomically.
  func save(bytes: [UInt8]) throws(SyncError) {
    AtomicFile.removeStaleTemporaryFiles(beside: path, tag: Self.temporaryTag)
    do {
      try AtomicFile.replace(path, with: bytes, tag: Self.temporaryTag)
    } catch {
      throw .stateFileWriteFailed(path: path, reason: error.reason)
    }
  }

  /// The file's bytes for `engine`.
  ///
  /// - Throws: ``SyncError/queue(_:)`` if the state makes no valid library (it always does).
  static func bytes(of engine: SyncEngine) throws(SyncError) -> [UInt8] {
    let library = try engine.library().jsonBytes().dropLast()
    let state = engine.state
    var json = JSONWriter(capacity: library.count * 3)
    json.object { json in
      json.member("version", formatVersion)
      json.member("library")
      json.append(String(decoding: library, as: UTF8.self))
      json.member("sync")
      json.object { json in
        json.member("replica", state.replica.rawValue)
        json.member("deviceName", engine.deviceName)
        json.member("counter", state.counter)
        json.member("clock")
        json.inlineArray { json in
          json.element()
          json.integer(Int(state.clock.latest.milliseconds))
          json.element()
          json.integer(state.clock.latest.logical)
        }
        json.member("latestPosition")
        if let position = state.latestPosition {
          json.inlineArray { json in
            for level in position.levels {
              json.element()
              json.integer(level.index)
              json.element()
              json.string(level.replica.rawValue)
              json.element()
              json.integer(level.counter)
            }
          }
        } else {
          json.null()
        }
        json.member("activeQueueID", engine.activeQueueID.rawValue)
        json.member("token")
        if let token = engine.token { json.string(token.rawValue) } else { json.null() }
        json.member("changeTags")
        json.object { json in for id in engine.changeTags.keys.sorted() { json.member(id, engine.changeTags[id]!) } }
        json.member("pending")
        json.strings(engine.pending.sorted())
        json.member("pendingSince")
        if let since = engine.pendingSince { json.date(since) } else { json.null() }
        json.member("deletedOnServer")
        json.strings(engine.deletedOnServer.sorted())
        json.member("finished")
        json.append(String(decoding: StateWriter.encode(state.finished, state.audioDevices), as: UTF8.self))
        json.member("queues")
        json.array { json in
          for id in (Array(state.queues.keys) + Array(state.retired.keys)).sorted() {
            json.element()
            json.append(String(decoding: StateWriter.encode(state.queueState(id)!), as: UTF8.self))
          }
        }
        if let loaded = engine.confirmedState ?? engine.loadedState {
          writeUnconfirmed(since: loaded, of: state, to: &json)
        }
        writeParts(engine.partCache, to: &json)
        writeRegistry(engine.registry, to: &json)
        writeSnapshots(engine.snapshots, to: &json)
      }
    }
    json.append("\n")
    return json.bytes
  }

  /// Reads the `sync` member.
  static func engine(reading sync: JSONReader) throws(JSONReadError) -> SyncEngine {
    let replica = ReplicaID(try sync.string("replica"))
    if replica == .genesis { throw sync.error("must not be empty", at: "replica") }
    let clock = try sync.array("clock")
    if clock.count != 2 { throw sync.error("expected [milliseconds, logical]", at: "clock") }
    var queues: [QueueID: ReplicatedQueue] = [:]
    for node in try sync.array("queues") {
      let queue = try StateReader(node).queue()
      if queues[queue.id] != nil { throw node.error("the queue \(queue.id) appears twice") }
      queues[queue.id] = queue
    }
    let library = try StateReader(sync.field("finished")).library()
    var state = ReplicatedLibrary(
      replica: replica, counter: try sync.field("counter").integer(in: 0...Int.max),
      clock: HybridClock(
        replica: replica,
        latest: HybridTimestamp(
          milliseconds: Int64(try clock[0].integer(in: 0...Int.max)), logical: try clock[1].integer(in: 0...Int.max),
          replica: replica)),
      queues: queues, finished: library.finished, audioDevices: library.audioDevices,
      latestPosition: try sync.optional("latestPosition").map { (node) throws(JSONReadError) in
        let parts = try node.elements()
        if parts.isEmpty || !parts.count.isMultiple(of: 3) {
          throw node.error("expected levels of index, replica, counter")
        }
        return Position(
          try stride(from: 0, to: parts.count, by: 3).map { (offset) throws(JSONReadError) in
            let index = try parts[offset].integer()
            if index == 0 { throw parts[offset].error("a position's index must not be 0") }
            return Position.Level(
              index: index, replica: ReplicaID(try parts[offset + 1].string()),
              counter: try parts[offset + 2].integer(in: 1...Int.max))
          })
      })
    if state.queues[.upNext] == nil { state.queues[.upNext] = ReplicatedLibrary(replica: replica).queues[.upNext] }
    var tags: [String: String] = [:]
    for (id, value) in try sync.field("changeTags").members() {
      tags[id] = try JSONReader(value, path: sync.path.appending("changeTags").appending(id)).string()
    }
    let strings = { (key: String) throws(JSONReadError) -> [String] in
      try sync.array(key).map { (node) throws(JSONReadError) in try node.string() }
    }
    let snapshots = try readSnapshots(sync)
    let confirmed = try readUnconfirmed(sync.optional("unconfirmed"), of: state)
    var engine = SyncEngine(
      state: state, deviceName: try sync.string("deviceName"),
      activeQueueID: QueueID(try sync.string("activeQueueID")),
      token: try sync.optional("token").map { (node) throws(JSONReadError) in ChangeToken(rawValue: try node.string())
      },
      changeTags: tags, pending: state.pendingAfterSharding(Set(try strings("pending"))),
      pendingSince: try sync.optional("pendingSince").map { (node) throws(JSONReadError) in try node.date() },
      deletedOnServer: Set(try strings("deletedOnServer")), snapshots: snapshots)
    engine.loadedState = state
    engine.confirmedState = confirmed
    engine.partCache = try readParts(sync.optional("parts"))
    engine.registry = try readRegistry(sync.optional("devices"))
    return engine
  }
}
