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
    /// The timed windows, in order: the first `window` edits, then the `window` edits up to each checkpoint.
    package var windows: [Window] = []
    /// Edit durations (nanoseconds) over the first and the last window.
    package var earlyEdits: [UInt64] { windows.first?.edits ?? [] }
    package var lateEdits: [UInt64] { windows.last?.edits ?? [] }
    /// Sync durations (nanoseconds) over the syncs of the first and the last window.
    package var earlySyncs: [UInt64] { windows.first?.syncs ?? [] }
    package var lateSyncs: [UInt64] { windows.last?.syncs ?? [] }
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

  /// The edits and syncs timed over a run of consecutive edits, and what the phone's state held at its end:
  /// how the cost of an edit and a sync changes as the history grows.
  package struct Window: Sendable {
    /// The edits done when the window starts and when it ends.
    package var start: Int
    package var end: Int
    /// Edit durations (nanoseconds), and those of the syncs after the window's edits.
    package var edits: [UInt64] = []
    package var syncs: [UInt64] = []
    /// The simulated days passed when the window ends.
    package var days = 0
    /// The episodes finished when the window ends.
    package var finishedEpisodes = 0
    /// The phone's state file by section when the window ends.
    package var stateFile: StateFileBreakdown?
  }

  /// Runs `edits` edits from `seed`, timing edits and syncs with `clock` (nanoseconds) over the first
  /// `window` edits and the `window` edits before each of `checkpoints` (edit counts; the last edit always is
  /// one); the state file is measured by writing it to `stateFile`.
  package static func run(
    edits: Int, seed: UInt64, window: Int, checkpoints: [Int] = [], stateFile: String, clock: () -> UInt64
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
    // A window that would overlap the one before extends it instead: each edit is timed once.
    for end in ([min(window, edits)] + checkpoints.filter { $0 > window && $0 < edits } + [edits]).sorted()
    where end > (figures.windows.last?.end ?? 0) {
      if let last = figures.windows.last, end - window < last.end {
        figures.windows[figures.windows.count - 1].end = end
      } else {
        figures.windows.append(Window(start: max(0, end - window), end: end))
      }
    }
    func windowIndex(_ step: Int) -> Int? { figures.windows.firstIndex { $0.start <= step && step < $0.end } }
    var nextEpisode = 0
    var nextQueue = 0
    func fresh(_ count: Int) -> [EpisodeReference] {
      (0..<count).map { _ in
        nextEpisode += 1
        return SyncWorkload.reference(nextEpisode)
      }
    }
    func sync(_ index: Int, at time: Date, timed: Int?) {
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
      if let timed { figures.windows[timed].syncs.append(clock() - before) }
    }
    for step in 0..<edits {
      now.addTimeInterval(Double(random.integer(in: 1...1_900)))
      let roll = random.integer(in: 0...99)
      let index = roll < 60 ? 0 : roll < 85 ? 1 : 2
      let shown = devices[index].state.visibleQueueIDs
      let queue = random.element(of: shown)
      let episodes = devices[index].state.episodes(in: queue)
      let timed = windowIndex(step)
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
      if let timed { figures.windows[timed].edits.append(clock() - before) }
      if random.chance(1, in: 8) { sync(index, at: now.addingTimeInterval(11), timed: timed) }
      if let timed, step + 1 == figures.windows[timed].end {
        figures.windows[timed].days = Int(now.timeIntervalSince(start) / 86_400)
        figures.windows[timed].finishedEpisodes = devices[0].state.finished.marks.count
        figures.windows[timed].stateFile = try StateFileBreakdown(devices[0])
      }
    }
    for round in 0..<3 {
      for index in devices.indices {
        sync(index, at: now.addingTimeInterval(Double(20 + round * 20 + index)), timed: nil)
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
