import Foundation
import SmartFillSupport

/// What each part of an engine's state file (``SyncStore``) takes, in bytes: for the benchmark's long history
/// and the tests that bound what the file keeps.
package struct StateFileBreakdown: Sendable, Hashable {
  /// The whole file.
  package var total: Int
  /// The queue library in the Queues JSON form (what an app reads).
  package var library: Int
  /// The restore snapshots (the `snapshots` member and what it refers to).
  package var snapshots: Int
  /// The snapshots kept, and the episode references they hold.
  package var snapshotCount: Int
  package var snapshotEpisodes: Int
  /// The replicated states of the queues shown, of those deleted but not yet retired, and of the retired ones
  /// (or due to be: deleted and unchanged for ``ReplicatedLibrary/retirementDays`` days by the state's clock).
  package var shownQueues: Int
  package var deletedQueues: Int
  package var retiredQueues: Int
  /// How many queues are deleted but not yet retired, and retired.
  package var deletedCount = 0
  package var retiredCount = 0
  /// The most levels a queue's place in the list has, over all queues kept (retired ones included): every
  /// queue's state carries its place, so deeper places make every queue's state larger.
  package var deepestListPosition = 0
  /// The library record's state: the finishes and the audio devices' answers.
  package var finishes: Int
  /// Everything else (identity, clock, token, change tags, pending records, separators).
  package var rest: Int { total - library - snapshots - shownQueues - deletedQueues - retiredQueues - finishes }

  /// The breakdown of the file ``SyncStore`` writes for `engine`.
  ///
  /// - Throws: ``SyncError/queue(_:)`` if the state makes no valid library (it always does).
  /// - Complexity: O(*n*) in the size of the file.
  package init(_ engine: SyncEngine) throws(SyncError) {
    let state = engine.state
    total = try SyncStore.bytes(of: engine).count
    library = try engine.library().jsonBytes().count - 1
    // The snapshots are written at the depth the file writes them, for the same indentation.
    var json = JSONWriter()
    var section = 0
    json.object { json in
      json.member("sync")
      json.object { json in
        // A member before them, as in the file, for the comma that separates them.
        json.member("counter", 0)
        let before = json.bytes.count
        SyncStore.writeSnapshots(engine.snapshots, to: &json)
        section = json.bytes.count - before
      }
    }
    snapshots = section
    snapshotCount = engine.snapshots.count
    snapshotEpisodes = engine.snapshots.reduce(0) { $0 + $1.episodeInfos.count }
    let shown = Set(state.visibleQueueIDs)
    // A state read from a file keeps every queue active until its first edit of a day retires the old ones.
    let now = Date(timeIntervalSince1970: Double(state.clock.latest.milliseconds) / 1_000)
    let limit = Double(ReplicatedLibrary.retirementDays * 86_400)
    (shownQueues, deletedQueues, retiredQueues) = (0, 0, 0)
    for (id, queue) in state.queues {
      let bytes = StateWriter.encode(queue).count
      if shown.contains(id) {
        shownQueues += bytes
      } else if now.timeIntervalSince(queue.lastModified) > limit {
        retiredQueues += bytes
        retiredCount += 1
      } else {
        deletedQueues += bytes
        deletedCount += 1
      }
    }
    retiredQueues += state.retired.values.reduce(0) { $0 + StateWriter.encode($1).count }
    retiredCount += state.retired.count
    deepestListPosition =
      (state.queues.values.map(\.listPosition.value.levels.count)
      + state.retired.values.map(\.listPosition.value.levels.count)).max() ?? 0
    finishes = StateWriter.encode(state.finished, state.audioDevices).count
  }
}
