import Queues
import SmartFill

/// What the listener sees of each queue (its name and episodes in order), before and after a merge, to say
/// what the merge changed.
struct LibraryView {
  struct QueueView {
    var name: String
    var episodes: [EpisodeID]
    var isVisible: Bool
    var isDeleted: Bool
  }

  var queues: [QueueID: QueueView] = [:]

  /// The view of the queues `only` of `state`.
  ///
  /// - Complexity: O(*n* log *n*) in the number of their episodes.
  init(_ state: ReplicatedLibrary, only: Set<QueueID>) {
    for id in only {
      guard let queue = state.queueState(id) else { continue }
      let visible = id == .upNext || queue.isVisible(finished: state.finished)
      queues[id] = QueueView(
        name: queue.name, episodes: visible ? queue.order(finished: state.finished).map(\.episode) : [],
        isVisible: visible, isDeleted: queue.alive.isEmpty)
    }
  }

  /// The summaries of the changes from this view to `after`, each attributed to the device that wrote the
  /// queue's record (or the library's record, for a finish); none for this device's own.
  func summaries(
    after: LibraryView, writers: [QueueID: (replica: String, name: String)],
    libraryWriter: (replica: String, name: String)?, me: String
  ) -> [MergeSummary] {
    var summaries: [MergeSummary] = []
    for id in after.queues.keys.sorted() {
      guard let new = after.queues[id], let writer = writers[id] ?? libraryWriter, writer.replica != me else {
        continue
      }
      let old = queues[id]
      switch (old?.isVisible ?? false, new.isVisible) {
      case (false, true):
        let change: MergeSummary.Change =
          old?.isDeleted == true ? .keptAfterDeletion(added: new.episodes.count) : .created
        summaries.append(MergeSummary(deviceName: writer.name, queueName: new.name, change: change))
      case (true, false):
        summaries.append(MergeSummary(deviceName: writer.name, queueName: old!.name, change: .deleted))
      case (true, true):
        let old = old!
        if old.name != new.name {
          summaries.append(MergeSummary(deviceName: writer.name, queueName: new.name, change: .renamed(from: old.name)))
        }
        let before = Set(old.episodes)
        let now = Set(new.episodes)
        let added = now.subtracting(before).count
        let removed = before.subtracting(now).count
        if added > 0 || removed > 0 || old.episodes != new.episodes {
          summaries.append(
            MergeSummary(
              deviceName: writer.name, queueName: new.name, change: .episodes(added: added, removed: removed)))
        }
      case (false, false):
        continue
      }
    }
    return summaries
  }
}
