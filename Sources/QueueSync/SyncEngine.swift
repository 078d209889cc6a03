import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// A device's sync engine, shaped like CloudKit's `CKSyncEngine`: it holds the device's replicated library
/// and what sync needs besides (the server's change token, the change tag of each record, which records
/// wait to go out), and turns edits, fetched changes and save answers into the next request.
///
/// - Edits go through ``edit(now:_:)``; the records they change wait in ``pending`` and go out at the
///   first sync 10 seconds (``debounceSeconds``) or more after the first of them, on the clock the caller
///   passes (an injected clock: nothing here reads the time). Offline, they simply wait. A clock set back
///   counts the 10 seconds from the time it now says, never from the wrong time it said before.
/// - A sync fetches the changes since the token, merges them, then saves the pending records with the
///   change tags last seen. A conflict carries the server's record: it is merged, and saved again.
/// - A save whose answer was lost is harmless: the records stay pending, the next save meets a conflict with
///   the device's own state, the merge changes nothing, and the record is done (merging is idempotent).
/// - A record the server deleted stays deleted: the engine never saves it again. A tombstone every device
///   holds is deleted on the server (see `DeviceRegistry`) and forgotten everywhere; a queue still shown
///   when its record is deleted comes back under a new identifier.
/// - A queue whose record would pass 700 KB travels as a head and parts (see `QueueParts`): the parts are
///   saved first, the head in a later request once they all were; the parts no head names any more are
///   deleted (``SyncRequest/delete(_:)``); fetched parts and heads wait in `partCache` until a head's parts
///   are all there.
/// - Every merge that changes what the listener sees yields ``MergeSummary``s, none for the device's own
///   changes coming back.
/// - ``SyncStore`` saves the whole engine (library, replicated state, pending records, token) in one atomic
///   write.
///
/// The engine is sans-I/O: ``nextRequest(now:)`` says what to send and ``handleFetch(_:now:)``,
/// ``handleSave(_:now:)``, ``handleDelete(_:)`` and ``handleFailure(_:)`` take the answers, so that tests and simulations can lose,
/// duplicate and reorder them. ``sync(with:now:)`` drives a ``SyncServer`` through them.
public struct SyncEngine: Sendable {
  /// How long a local change may wait before it goes out, in seconds: 10.
  public static let debounceSeconds: TimeInterval = 10
  /// The most requests one ``sync(with:now:)`` makes.
  public static let maximumRequestsPerSync = 32

  /// The replicated library.
  public internal(set) var state: ReplicatedLibrary
  /// This device's name, shown in other devices' merge summaries ("iPad").
  public var deviceName: String
  /// The queue playing on this device (not synced: each device plays its own).
  public var activeQueueID: QueueID
  /// The server's change token after the last fetch; `nil` before the first.
  public internal(set) var token: ChangeToken?
  /// The server's change tag of each record, as last seen.
  public internal(set) var changeTags: [String: String]
  /// The records with changes the server has not acknowledged.
  public internal(set) var pending: Set<String>
  /// When the oldest unacknowledged change was made.
  public internal(set) var pendingSince: Date?
  /// Records the server deleted for good.
  public internal(set) var deletedOnServer: Set<String>
  /// Snapshots of every queue, for `restore(_:now:)`.
  public internal(set) var snapshots: [QueueSnapshot]

  /// Whether the current sync still has to fetch.
  var needsFetch = false
  /// Edits per record since the engine started, to tell whether a save answer covers the latest edit.
  var generations: [String: Int] = [:]
  /// The generation of each record in the save awaiting its answer.
  var inFlight: [String: Int] = [:]
  /// The day (since 1970) snapshots were last looked at.
  var snapshotDay: Int?
  /// Each queue's context and name when its snapshot was last looked at.
  var snapshotSeen: [QueueID: SnapshotKey] = [:]
  /// The state as read from the state file, until the first complete fetch since: a state read back may be
  /// a copy (a restored backup, a migrated phone) whose identity wrote events the server has and it lacks;
  /// its edits wait until the fetch tells (see ``checkIdentity(_:)``). `nil` for a new device's engine.
  var loadedState: ReplicatedLibrary?
  /// When the state file was itself written before such a fetch (`SyncStore`'s `unconfirmed`): the state as
  /// last confirmed (the counter and this identity's finishes then), since the events after it may share dots
  /// with another copy's; `nil` when the file was written confirmed.
  var confirmedState: ReplicatedLibrary?
  /// Draws the suffix of a new identity; the tests seed it, to replay a run.
  package var identityRandom: SplitMix64?
  /// Queues travelling in parts: the parts and heads fetched and not merged yet, the parts on the server and
  /// the newest heads seen (see ``SyncStore``).
  package var partCache = QueuePartCache()
  /// The size past which a queue's record goes in parts (``QueueParts/splitBytes``); the tests lower it.
  package var splitBytes = QueueParts.splitBytes
  /// The largest slice of a queue's state in one part (``QueueParts/partBytes``); the tests lower it.
  package var partBytes = QueueParts.partBytes
  /// The heads whose parts are being saved, by record identifier.
  var staged: [String: StagedHead] = [:]
  /// Bumped when a head's parts must take other names than their content gives (those were deleted).
  var partSalt: [String: Int] = [:]
  /// Each queue record of the save awaiting its answer, as the part cache notes it once saved.
  var sentHeads: [String: QueuePartCache.HeadView] = [:]
  /// Whether the fetch under way started from no token: the cache of parts starts afresh.
  var fetchingAfresh = false
  /// The devices' `Device` records, this device's own as it last wrote it (see `DeviceRegistry`).
  package var registry = DeviceRegistry()
  /// When the last complete fetch ended, by this device's clock (its `Device` record's `lastSync`).
  var lastCompleteFetch: Date?
  /// Whether this device's `Device` record was looked at since the last complete fetch.
  var registryChecked = false
  /// The identity this state moved away from at this fetch (``checkIdentity(_:)``), for this device's next
  /// `Device` record to name as replaced.
  var replacedIdentity: ReplicaID?

  /// A new device's engine: the built-in queues, nothing fetched yet.
  public init(replica: ReplicaID, deviceName: String, now: Date) {
    self.init(
      state: ReplicatedLibrary(replica: replica, now: now), deviceName: deviceName, activeQueueID: .upNext, token: nil,
      changeTags: [:], pending: [], pendingSince: nil, deletedOnServer: [], snapshots: [])
  }

  /// An engine from its parts (see ``SyncStore``).
  init(
    state: ReplicatedLibrary, deviceName: String, activeQueueID: QueueID, token: ChangeToken?,
    changeTags: [String: String], pending: Set<String>, pendingSince: Date?, deletedOnServer: Set<String>,
    snapshots: [QueueSnapshot]
  ) {
    self.state = state
    self.deviceName = deviceName
    self.activeQueueID = activeQueueID
    self.token = token
    self.changeTags = changeTags
    self.pending = pending
    self.pendingSince = pendingSince
    self.deletedOnServer = deletedOnServer
    self.snapshots = snapshots
  }

  /// A deliberately wrong merge, for the test that shows the checks catch one.
  package var fault: MergeFault? {
    get { state.fault }
    set { state.fault = newValue }
  }

  // MARK: Reading and editing

  /// The library as the listener sees it (see ``ReplicatedLibrary/library(activeQueueID:)``).
  /// Its `deletedQueues` are the deleted queues that have a snapshot, as their newest snapshot holds them;
  /// `restore(_:now:)` with its identifier brings one back.
  public func library() throws(SyncError) -> QueueLibrary {
    // The deleted queues are a convenience: a snapshot the library refuses must never hide the shown queues.
    if let library = try? state.library(activeQueueID: activeQueueID, finishedAmong: nil, deleted: restorableQueues()) {
      return library
    }
    return try state.library(activeQueueID: activeQueueID)
  }

  /// Applies an edit to the replicated library; the records it changes wait to go out. All or nothing.
  ///
  /// ```swift
  /// try engine.edit(now: clock.now) { (library) throws(SyncError) in
  ///   try library.playNext(episodes, in: .commute, now: clock.now)
  /// }
  /// ```
  ///
  /// - Complexity: O(*n*) in the library's size, plus `body`.
  @discardableResult
  public mutating func edit<Result>(now: Date, _ body: (inout ReplicatedLibrary) throws(SyncError) -> Result)
    throws(SyncError) -> Result
  {
    takeSnapshots(now: now)
    // The queues compacted to tombstones as they were set apart go out as this device's edits.
    noteEdits(now: now, before: state)
    var edited = state
    edited.edited = .init()
    // A copy of the state may have continued the same run of positions: a state read back starts its own.
    if loadedState != nil, let latest = edited.latestPosition,
      latest.levels.last.map({ $0.replica != state.replica || $0.counter <= (confirmedState ?? loadedState)!.counter })
        ?? false
    {
      edited.latestPosition = nil
    }
    let result = try body(&edited)
    let before = state
    state = edited
    snapshotVanished(state.edited.queues, before: before, now: now)
    noteEdits(now: now, before: before)
    return result
  }

  /// Marks the records the last edit changed as pending.
  mutating func noteEdits(now: Date, before: ReplicatedLibrary) {
    var changed = state.edited.queues.map(ReplicatedLibrary.recordID)
    // Only the records of the finishes' shards (and the audio devices) the edit changed.
    if state.edited.library { changed += state.changedLibraryRecordIDs(since: before) }
    state.edited = .init()
    for id in changed where !deletedOnServer.contains(id) {
      pending.insert(id)
      generations[id, default: 0] += 1
    }
    if !pending.isEmpty { pendingSince = min(pendingSince ?? now, now) }
  }

  // MARK: Requests and answers

  /// When the pending changes are due to go out, or `nil` when none waits.
  public var nextSaveDate: Date? {
    pendingSince.map { $0.addingTimeInterval(Self.debounceSeconds) }
  }

  /// Starts a sync: the next request fetches.
  public mutating func beginSync() {
    needsFetch = true
  }

  /// What to send next in the current sync: a fetch first, then the pending records once they are due (a
  /// queue in parts: its parts, then its head in a later request), then the deletion of the parts no head
  /// names; `nil` when this sync is done.
  public mutating func nextRequest(now: Date) -> SyncRequest? {
    if needsFetch {
      fetchingAfresh = token == nil
      return .fetch(since: token)
    }
    // Nothing goes out before a complete fetch has told whether this state's identity is still its own.
    guard loadedState == nil else { return nil }
    // A clock set back (a wrong clock corrected) must not hold the changes until it reaches the wrong time.
    if let since = pendingSince, now < since { pendingSince = now }
    staged = staged.filter { pending.contains($0.key) }
    refreshDeviceRecord(now: now)
    let isDue = nextSaveDate.map { now >= $0 } ?? false
    // This device's record is no edit of the listener's: it goes out at once, not after the debounce.
    if isDue || pending.contains(deviceRecordID) {
      var records: [SyncRecord] = []
      inFlight = [:]
      sentHeads = [:]
      for id in pending.sorted() {
        if id == deviceRecordID, let record = deviceRecord() {
          inFlight[id] = generations[id, default: 0]
          records.append(record)
          continue
        }
        guard isDue else { continue }
        if id.hasPrefix("queue.") {
          guard let sent = outgoing(id) else {
            pending.remove(id)
            continue
          }
          records += sent
          continue
        }
        guard let record = state.record(id, deviceName: deviceName, changeTag: changeTags[id]) else {
          pending.remove(id)
          continue
        }
        inFlight[id] = generations[id, default: 0]
        records.append(record)
      }
      if pending.isEmpty { pendingSince = nil }
      if !records.isEmpty { return .save(records) }
    }
    let doomed = deletableParts(now: now) + collectableTombstones(now: now)
    return doomed.isEmpty ? nil : .delete(doomed)
  }

  /// Merges fetched changes (in any order, repeated or not).
  ///
  /// - Returns: The summaries for the listener and the records that could not be read.
  public mutating func handleFetch(_ changes: FetchedChanges, now: Date) -> SyncReport {
    if fetchingAfresh {
      // Everything the server holds comes again: parts and heads kept from before may be gone.
      partCache.bodies = [:]
      partCache.waiting = [:]
      fetchingAfresh = false
    }
    var report = merge(changes.changed, now: now)
    for id in changes.deleted {
      if QueueParts.isPart(id) { dropPart(id, now: now) } else { report.merge(dropDeleted(id, now: now)) }
    }
    token = changes.token
    if !changes.moreComing {
      lastCompleteFetch = now
      registryChecked = false
      needsFetch = false
      loadedState = nil
      confirmedState = nil
    }
    return report
  }

  /// Takes a save's answers: saved records are done (unless edited since), conflicts are merged and wait to
  /// be saved again, deleted records are dropped.
  public mutating func handleSave(_ outcomes: [SaveOutcome], now: Date) -> SyncReport {
    var report = SyncReport()
    var conflicts: [SyncRecord] = []
    for outcome in outcomes {
      if QueueParts.isPart(Self.recordID(of: outcome)) {
        handlePartOutcome(outcome, now: now, report: &report)
        continue
      }
      switch outcome {
      case .saved(let record):
        if let tag = record.changeTag { changeTags[record.id] = tag }
        // The server holds this head now: the parts of those it replaced can go.
        if let view = sentHeads[record.id] {
          if view.parts.isEmpty { partCache.heads[record.id] = [view] } else { partCache.notice(view, of: record.id) }
        }
        if inFlight[record.id] == generations[record.id, default: 0] {
          pending.remove(record.id)
          staged[record.id] = nil
        }
      case .conflict(let serverRecord):
        // The server's record now: one in one piece names no parts.
        if serverRecord.id.hasPrefix("queue."), !QueueParts.isHead(serverRecord) {
          partCache.heads[serverRecord.id] = [.init(clock: VersionVector(), parts: [])]
        }
        conflicts.append(serverRecord)
      case .deleted(let id):
        report.merge(dropDeleted(id, now: now))
      case .tooLarge(let id, let bytes, let limit):
        report.problems.append(.recordTooLarge(recordID: id, bytes: bytes, limit: limit))
        // Sending the same version again would be refused again: it waits for the next edit of the record.
        if inFlight[id] == generations[id, default: 0] { pending.remove(id) }
      }
    }
    inFlight = [:]
    sentHeads = [:]
    report.merge(merge(conflicts, now: now))
    // A head that won whose parts this device lacks waits for them: fetch them before saving again.
    if conflicts.contains(where: { partCache.waiting[$0.id] != nil }) { needsFetch = true }
    if pending.isEmpty { pendingSince = nil }
    return report
  }

  static func recordID(of outcome: SaveOutcome) -> String {
    switch outcome {
    case .saved(let record): return record.id
    case .conflict(let record): return record.id
    case .deleted(let id): return id
    case .tooLarge(let id, _, _): return id
    }
  }

  /// Takes a failed request (a save whose answer never came included): the sync stops, and what was
  /// pending stays pending; an expired token makes the next sync fetch everything.
  public mutating func handleFailure(_ error: SyncServerError) {
    inFlight = [:]
    sentHeads = [:]
    needsFetch = false
    if case .changeTokenExpired = error { token = nil }
  }

  /// Merges records from the server; those equal to this device's state stop being pending.
  ///
  /// The records are read first, so that the listener's view is taken before the merge only of the queues
  /// they touch: those of the queue records, and those holding an episode whose finishes the library record
  /// changes.
  mutating func merge(_ records: [SyncRecord], now: Date) -> SyncReport {
    var report = SyncReport()
    guard !records.isEmpty else { return report }
    takeSnapshots(now: now)
    noteEdits(now: now, before: state)
    let (parted, problems) = takeParts(records, now: now)
    report.problems = problems
    let records = takeDeviceRecords(parted, report: &report, now: now)
    guard !records.isEmpty else { return report }
    var read: [(record: SyncRecord, state: RecordState)] = []
    var seen: Set<[String]> = []
    for record in records where !deletedOnServer.contains(record.id) {
      // A version already merged (or saved from here) changes nothing: the server tags each version anew.
      if let tag = record.changeTag {
        if changeTags[record.id] == tag && !pending.contains(record.id) { continue }
        if !seen.insert([record.id, tag]).inserted { continue }
      }
      do { read.append((record, try state.state(of: record))) } catch { report.problems.append(error) }
    }
    checkIdentity(read.map(\.state))
    var touched: Set<QueueID> = []
    var finishedEpisodes: Set<EpisodeID> = []
    for (_, recordState) in read {
      switch recordState {
      case .queue(let queue): touched.insert(queue.id)
      case .library(let finished, _):
        for (episode, finishes) in finished.marks where !(state.finished.marks[episode]?.includes(finishes) ?? false) {
          finishedEpisodes.insert(episode)
        }
      }
    }
    if !finishedEpisodes.isEmpty {
      for (id, queue) in state.queues where finishedEpisodes.contains(where: { queue.entries[$0] != nil }) {
        touched.insert(id)
      }
    }
    let views = LibraryView(state, only: touched)
    let before = state
    var writers: [QueueID: (replica: String, name: String)] = [:]
    var libraryWriter: (replica: String, name: String)?
    for (record, recordState) in read {
      let writer = (Self.string(record, "deviceID") ?? "", Self.string(record, "deviceName") ?? "another device")
      switch recordState {
      case .queue(let queue):
        // A head staged before this merge lacks what it brought: it is made again from the merged state.
        staged[record.id] = nil
        if let info = try? QueueParts.info(of: record) {
          partCache.headClock[record.id] = info.clock.union(partCache.headClock[record.id] ?? VersionVector())
        }
        state.merge(queue)
        writers[queue.id] = writer
      case .library(let finished, let audioDevices):
        state.merge(finished)
        state.merge(audioDevices)
        libraryWriter = writer
      }
      if let tag = record.changeTag { changeTags[record.id] = tag }
      if pending.contains(record.id), case .json(let bytes)? = record.fields["state"],
        state.stateBytes(record.id) == bytes
      {
        pending.remove(record.id)
      }
    }
    if pending.isEmpty { pendingSince = nil }
    snapshotVanished(touched, before: before, now: now)
    report.summaries = views.summaries(
      after: LibraryView(state, only: touched), writers: writers, libraryWriter: libraryWriter,
      me: state.replica.rawValue)
    return report
  }

  /// Before the first complete fetch since the state was loaded: when the server holds events of this
  /// device's identity made after the loaded state's counter, another copy of the state used the identity
  /// (the device before its backup was restored, or the old phone), and the events this device made since
  /// it loaded would share their dots: they move to a new identity, used from now on (as Yjs takes a new
  /// client identifier when it sees its own used elsewhere). Without edits since, merging is enough: the
  /// counter moves past the events seen.
  ///
  ///
  /// A state file written before that fetch (a backup taken then) says which of its events were not confirmed
  /// (``confirmedState``): when the server may hold other events with their counters (see
  /// ``ReplicatedLibrary/disagrees(on:after:with:in:)``), they move too; when it holds the same events (the
  /// copy that wrote the file went on and saved them), they stay.
  ///
  /// - Complexity: O(*n*) in the state's size when the identity moves, O(*r*) in the records otherwise.
  mutating func checkIdentity(_ states: [RecordState]) {
    guard let loaded = loadedState else { return }
    let me = state.replica
    var since: ReplicatedLibrary?
    if let confirmed = confirmedState, confirmed.counter < loaded.counter,
      states.contains(where: {
        ReplicatedLibrary.disagrees(on: me, after: confirmed.counter, with: loaded, in: $0)
      })
    {
      since = confirmed
    } else if state.counter > loaded.counter,
      states.contains(where: { ReplicatedLibrary.holdsEvents(of: me, after: loaded.counter, in: $0) })
    {
      since = loaded
    }
    guard let since else { return }
    let base = me.rawValue.split(separator: "~", maxSplits: 1).first.map(String.init) ?? ""
    let suffix = identityRandom?.next() ?? UInt64.random(in: .min ... .max)
    state.moveEvents(since: since, to: ReplicaID("\(base)~\(String(suffix, radix: 16))"))
    replacedIdentity = me
    loadedState = nil
    confirmedState = nil
  }

  static func string(_ record: SyncRecord, _ field: String) -> String? {
    if case .string(let text)? = record.fields[field] { return text }
    return nil
  }
}

/// A request for the server.
public enum SyncRequest: Sendable, Hashable {
  /// Fetch the changes since the token.
  case fetch(since: ChangeToken?)
  /// Save these records.
  case save([SyncRecord])
  /// Delete these records (parts of queues no head names any more, tombstones every device holds).
  case delete([String])
}

/// What a sync (or one answer) brought: summaries for the listener, records that could not be used, and the
/// server failure that stopped it, if any.
public struct SyncReport: Sendable, Hashable {
  /// What changed, for the listener.
  public var summaries: [MergeSummary] = []
  /// Records that could not be merged or saved.
  public var problems: [SyncError] = []
  /// The failure that stopped the sync; what was pending stays pending.
  public var failure: SyncServerError?

  /// An empty report, or one with the given parts.
  public init(summaries: [MergeSummary] = [], problems: [SyncError] = [], failure: SyncServerError? = nil) {
    self.summaries = summaries
    self.problems = problems
    self.failure = failure
  }

  /// Adds another report's parts.
  public mutating func merge(_ other: SyncReport) {
    summaries += other.summaries
    problems += other.problems
    failure = failure ?? other.failure
  }
}

extension SyncEngine {
  /// Syncs with `server`: fetches and merges its changes, then saves the pending records that are due,
  /// merging conflicts and saving again, until nothing is left or a request fails.
  ///
  /// - Returns: What the sync brought; a failure leaves the pending records for the next sync.
  public mutating func sync(with server: some SyncServer, now: Date) async -> SyncReport {
    beginSync()
    var report = SyncReport()
    for _ in 0..<Self.maximumRequestsPerSync {
      guard let request = nextRequest(now: now) else { return report }
      do throws(SyncServerError) {
        switch request {
        case .fetch(let token): report.merge(handleFetch(try await server.fetchChanges(since: token), now: now))
        case .save(let records): report.merge(handleSave(try await server.save(records), now: now))
        case .delete(let ids):
          try await server.delete(ids)
          handleDelete(ids)
        }
      } catch {
        handleFailure(error)
        report.failure = error
        return report
      }
    }
    return report
  }

  /// ``sync(with:now:)`` through functions that answer at once, for simulations and for servers kept in a
  /// file; `after` runs after each answer is taken (to save the engine, or to crash there).
  package mutating func syncNow(
    now: Date, fetch: (ChangeToken?) -> Result<FetchedChanges, SyncServerError>,
    save: ([SyncRecord]) -> Result<[SaveOutcome], SyncServerError>,
    delete: ([String]) -> Result<Void, SyncServerError>, after: (inout SyncEngine) -> Void = { _ in }
  ) -> SyncReport {
    beginSync()
    var report = SyncReport()
    for _ in 0..<Self.maximumRequestsPerSync {
      guard let request = nextRequest(now: now) else { return report }
      let answer: Result<SyncReport, SyncServerError>
      switch request {
      case .fetch(let token): answer = fetch(token).map { handleFetch($0, now: now) }
      case .save(let records): answer = save(records).map { handleSave($0, now: now) }
      case .delete(let ids):
        answer = delete(ids).map {
          handleDelete(ids)
          return SyncReport()
        }
      }
      switch answer {
      case .success(let part): report.merge(part)
      case .failure(let error):
        handleFailure(error)
        report.failure = error
        after(&self)
        return report
      }
      after(&self)
    }
    return report
  }
}
