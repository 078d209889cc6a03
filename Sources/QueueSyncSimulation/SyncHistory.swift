import Foundation
import QueueSync
import Queues
import SmartFill
import SmartFillSupport

/// A long, realistic history of three devices (a phone, a tablet and a car) editing and syncing their queues
/// through an in-memory server over years: new episodes added automatically, played, finished, removed and
/// moved, "play next", queues created, renamed and deleted now and then. The benchmark times edits and syncs at
/// its start and at its end and measures what the state grew to.
package enum SyncHistory {
  /// What a history measured.
  package struct Figures: Sendable {
    /// Edit durations (nanoseconds) over the first and the last `window` edits.
    package var earlyEdits: [UInt64] = []
    package var lateEdits: [UInt64] = []
    /// Sync durations (nanoseconds) over the syncs of the first and the last `window` edits.
    package var earlySyncs: [UInt64] = []
    package var lateSyncs: [UInt64] = []
    /// The phone's state file at the end, in bytes.
    package var stateFileBytes = 0
    /// The largest record the server holds at the end, in bytes.
    package var largestRecordBytes = 0
    /// The records the server holds, and their bytes.
    package var serverRecords = 0
    package var serverBytes = 0
    /// Saves answered "too large", over the whole history.
    package var refusedSaves = 0
    /// The queues the phone's state keeps (shown or not), and those shown.
    package var queuesKept = 0
    package var queuesShown = 0
    /// The tombstones the phone's state keeps set apart (deleted queues not yet collected).
    package var tombstones = 0
    /// The episodes finished.
    package var finishedEpisodes = 0
    /// The episodes shown in all queues at the end.
    package var episodesShown = 0
    /// Whether the three devices ended with the same state, nothing pending.
    package var converged = false
    /// The simulated days the history spans.
    package var days = 0
  }

  /// Runs `edits` edits from `seed`, timing edits and syncs with `clock` (nanoseconds) over the first and the
  /// last `window` edits; the state file is measured by writing it to `stateFile`.
  package static func run(
    edits: Int, seed: UInt64, window: Int, stateFile: String, clock: () -> UInt64
  ) throws -> Figures {
    var random = SplitMix64(seed: seed)
    let start = Date(timeIntervalSince1970: 1_767_225_600)
    var now = start
    let server = InMemorySyncServer(recordLimit: SyncRecord.maximumBytes)
    var devices = [
      SyncEngine(replica: ReplicaID("5f1c0a52-3b7e-4d5c-9a61-2f0b7e3c9d18"), deviceName: "iPhone", now: start),
      SyncEngine(replica: ReplicaID("a93e61d4-0c2b-4f87-b5d3-7e14c6a2f950"), deviceName: "iPad", now: start),
      SyncEngine(replica: ReplicaID("0d7b2e91-64c8-4a3f-8e15-c9f0a1b2d3e4"), deviceName: "Car", now: start),
    ]
    var figures = Figures()
    var nextEpisode = 0
    var nextQueue = 0
    func fresh(_ count: Int) -> [EpisodeReference] {
      (0..<count).map { _ in
        nextEpisode += 1
        return SyncWorkload.reference(nextEpisode)
      }
    }
    func sync(_ index: Int, at time: Date, timed: Bool, early: Bool) {
      let before = clock()
      let report = devices[index].syncNow(
        now: time,
        fetch: { token in Result { () throws(SyncServerError) in try server.changes(since: token) } },
        save: { records in .success(server.apply(records)) },
        delete: { ids in .success(server.remove(ids)) })
      figures.refusedSaves +=
        report.problems.filter {
          if case .recordTooLarge = $0 { return true } else { return false }
        }.count
      if timed {
        if early { figures.earlySyncs.append(clock() - before) } else { figures.lateSyncs.append(clock() - before) }
      }
    }
    for step in 0..<edits {
      now.addTimeInterval(Double(random.integer(in: 1...1_900)))
      let roll = random.integer(in: 0...99)
      let index = roll < 60 ? 0 : roll < 85 ? 1 : 2
      let shown = devices[index].state.visibleQueueIDs
      let queue = random.element(of: shown)
      let episodes = devices[index].state.episodes(in: queue)
      let timed = step < window || step >= edits - window
      let before = clock()
      do {
        try devices[index].edit(now: now) { (library) throws(SyncError) in
          switch random.integer(in: 0...99) {
          case 0..<30 where episodes.count < 80:
            try library.addAutomatically(fresh(random.integer(in: 1...3)), to: queue, now: now)
          case 0..<55 where !episodes.isEmpty:
            library.markFinished(episodes[0], now: now)
          case 0..<70 where !episodes.isEmpty:
            try library.makeCurrent(at: random.integer(in: 0...(episodes.count - 1)), in: queue, now: now)
            try library.recordPosition(random.integer(in: 0...600), in: queue, now: now)
          case 0..<78:
            try library.playNext(fresh(1), in: queue, now: now)
          case 0..<86 where episodes.count > 1:
            try library.move(
              fromOffsets: [random.integer(in: 0...(episodes.count - 1))],
              toOffset: random.integer(in: 0...episodes.count), in: queue, now: now)
          case 0..<93 where !episodes.isEmpty:
            try library.remove(random.element(of: episodes), from: queue, now: now)
          case 93..<95 where shown.count < 16:
            nextQueue += 1
            try library.createQueue(named: "Queue \(nextQueue)", id: QueueID("h\(nextQueue)"), now: now)
          case 95..<97 where queue != .upNext && shown.count > 6:
            try library.delete(queue, now: now)
          case 97..<99 where queue != .upNext:
            nextQueue += 1
            try library.rename(queue, to: "Renamed \(nextQueue)", now: now)
          default:
            try library.playLast(fresh(1), in: queue, now: now)
          }
        }
      } catch {
        // A refused edit (a clash of names, a queue another device deleted) is part of the history.
      }
      if timed {
        if step < window {
          figures.earlyEdits.append(clock() - before)
        } else {
          figures.lateEdits.append(clock() - before)
        }
      }
      if random.chance(1, in: 8) { sync(index, at: now.addingTimeInterval(11), timed: timed, early: step < window) }
    }
    for round in 0..<3 {
      for index in devices.indices {
        sync(index, at: now.addingTimeInterval(Double(20 + round * 20 + index)), timed: false, early: false)
      }
    }
    try SyncStore(path: stateFile).save(devices[0])
    let attributes = try FileManager.default.attributesOfItem(atPath: stateFile)
    figures.stateFileBytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
    let records = server.allRecords
    figures.serverRecords = records.count
    figures.serverBytes = records.reduce(0) { $0 + $1.byteCount }
    figures.largestRecordBytes = records.map(\.byteCount).max() ?? 0
    let phone = devices[0].state
    figures.queuesKept = phone.queues.count
    figures.queuesShown = phone.visibleQueueIDs.count
    figures.tombstones = phone.retired.count
    figures.finishedEpisodes = phone.finished.marks.count
    figures.episodesShown = phone.visibleQueueIDs.reduce(0) { $0 + phone.episodes(in: $1).count }
    figures.converged =
      devices.allSatisfy { $0.pending.isEmpty && $0.state.hasSameState(as: phone) }
    figures.days = Int(now.timeIntervalSince(start) / 86_400)
    return figures
  }
}
