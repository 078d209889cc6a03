import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// A device's replicated queue library: every queue's `ReplicatedQueue` and the `FinishedEpisodes`,
/// with the device's identity, event counter and clock; edited with the same operations as a
/// `QueueLibrary`, merged with other devices' states, and read as a `QueueLibrary` (``library(activeQueueID:)``).
///
/// Every device starts from the same state: the four built-in queues of `QueueLibrary(now:)`, made by the
/// genesis replica, so that the built-ins of two devices are the same queues.
///
/// An app sees this type inside ``SyncEngine/edit(now:_:)``: its edits and reads are public; the replicated
/// state it holds (the queues' states, dots, clocks, positions) is `package`, as an app never builds or merges
/// it itself (see `docs/sync.md`).
public struct ReplicatedLibrary: Sendable, Hashable {
  /// This device's identity: the one it was made with, or a new one after it learnt that a copy of its
  /// state (a restored backup, a migrated phone) used the same identity (see ``SyncEngine``).
  public internal(set) var replica: ReplicaID
  /// The last event counter used; the next event gets one more.
  package internal(set) var counter: Int
  /// This device's hybrid logical clock.
  package internal(set) var clock: HybridClock
  /// Every queue this device knows of, shown or not (a deleted queue's state stays, so that a stale device
  /// cannot bring it back by accident), but those in ``retired``.
  package internal(set) var queues: [QueueID: ReplicatedQueue]
  /// The states of queues deleted more than ``retirementDays`` days ago, set apart so that an edit's or a
  /// sync's work never grows with the number of queues ever deleted: only merges and records look here. Each is
  /// compacted to a tombstone as it is set apart (``entomb(_:now:)``). Where a queue's state sits is no part of
  /// the replicated state (``hasSameState(as:)`` looks at both).
  package internal(set) var retired: [QueueID: ReplicatedQueue] = [:]
  /// The finished episodes.
  package internal(set) var finished: FinishedEpisodes
  /// The listener's answers about Bluetooth devices (which are cars).
  package internal(set) var audioDevices: AudioDeviceAnswers
  /// The last position this device made (see ``Position/run(_:between:and:replica:counter:continuing:)``).
  package internal(set) var latestPosition: Position?
  /// What this device's routings saw of each show (`EpisodeHistory.knownEpisodes`; its own, never synced).
  package internal(set) var routingHistory = EpisodeHistory()
  /// The queues edited since the engine last looked, and whether the finished episodes were (never saved).
  var edited = Edited()
  /// A deliberately wrong merge, for the test that shows the checks catch one; never saved.
  package var fault: MergeFault?

  /// The most queues shown, as `QueueLibrary` allows.
  package static let maximumQueues = QueueLibrary.maximumQueueLimit

  /// A device's state before any edit: the built-in queues.
  ///
  /// - Parameters:
  ///   - replica: This device's identity, new for each installation.
  ///   - now: When the built-in queues count as created (the earliest date any device gives wins).
  public init(replica: ReplicaID, now: Date = Date()) {
    precondition(replica != .genesis, "a device's replica identity must not be empty")
    self.replica = replica
    self.counter = 0
    self.clock = HybridClock(replica: replica)
    self.finished = FinishedEpisodes()
    self.audioDevices = AudioDeviceAnswers()
    self.queues = [:]
    let genesis = Dot(.genesis, 1)
    let builtIns = QueueLibrary(now: now)
    for (offset, queue) in builtIns.queues.enumerated() {
      let encoded = try! QueuesJSONForm.encode(rules: queue.autoSwitchRules, settings: queue.smartFillSettings)
      var state = ReplicatedQueue(
        id: queue.id, title: Register(queue.title, stamp: .genesis), emoji: Register(queue.emoji, stamp: .genesis),
        rules: Register(encoded.rules, stamp: .genesis), smartFill: Register(encoded.settings, stamp: .genesis),
        listPosition: Register(
          Position([.init(index: offset + 1, replica: .genesis, counter: 1)]), stamp: .genesis),
        createdAt: queue.createdAt)
      state.alive = [genesis]
      state.context.insert(genesis)
      queues[queue.id] = state
    }
  }

  /// A state read back from its parts (see `SyncStore`).
  init(
    replica: ReplicaID, counter: Int, clock: HybridClock, queues: [QueueID: ReplicatedQueue],
    finished: FinishedEpisodes, audioDevices: AudioDeviceAnswers, latestPosition: Position?
  ) {
    self.audioDevices = audioDevices
    self.latestPosition = latestPosition
    self.replica = replica
    self.counter = counter
    self.clock = clock
    self.queues = queues
    self.finished = finished
  }

  /// What the edits since the engine last looked changed.
  struct Edited: Sendable, Hashable {
    var queues: Set<QueueID> = []
    /// Whether the library record's state (the finished episodes, the audio devices) changed.
    var library = false
  }

  // MARK: Reading

  /// The identifiers of the queues shown, in the listener's order.
  ///
  /// - Complexity: O(*q* log *q* + *n*) in the number of queues and episodes.
  public var visibleQueueIDs: [QueueID] {
    queues.values.filter { $0.id == .upNext || $0.isVisible(finished: finished) }
      .sorted { ($0.listPosition.value, $0.id) < ($1.listPosition.value, $1.id) }
      .map(\.id)
  }

  /// The episodes shown in queue `id`, in play order (empty for a queue not shown).
  ///
  /// - Complexity: O(*n* log *n*) in the queue's entries.
  public func episodes(in id: QueueID) -> [EpisodeID] {
    queues[id].map { $0.order(finished: finished).map(\.episode) } ?? []
  }

  /// Whether this device and `other` hold the same replicated state (their identities, counters and clocks
  /// aside).
  package func hasSameState(as other: ReplicatedLibrary) -> Bool {
    finished == other.finished && audioDevices == other.audioDevices
      && queues.count + retired.count == other.queues.count + other.retired.count
      && queues.allSatisfy { other.queueState($0.key) == $0.value }
      && retired.allSatisfy { other.queueState($0.key) == $0.value }
  }

  /// The state of queue `id`, active or retired.
  package func queueState(_ id: QueueID) -> ReplicatedQueue? { queues[id] ?? retired[id] }

  /// The days after its last change that a deleted queue's state is set apart in ``retired``: as long as
  /// `QueueLibrary` keeps a deleted queue restorable.
  package static let retirementDays = QueueLibrary.restorableDays

  /// Sets apart, in ``retired``, the queues not shown whose last change is more than ``retirementDays``
  /// days before `now`, and compacts each to a tombstone (``entomb(_:now:)``).
  ///
  /// - Complexity: O(*q*) in the active queues.
  mutating func retireDeletedQueues(now: Date) {
    let limit = Double(Self.retirementDays * 86_400)
    for (id, queue) in queues
    where id != .upNext && now.timeIntervalSince(queue.lastModified) > limit && !queue.isVisible(finished: finished) {
      queues[id] = nil
      retired[id] = queue
      entomb(id, now: now)
    }
  }

  // MARK: Merging

  /// Merges another device's state: every queue, the finished episodes and the audio devices.
  ///
  /// - Complexity: O(*n* + *m*) in the two states' sizes.
  package mutating func merge(_ other: ReplicatedLibrary) {
    for queue in other.queues.values { merge(queue) }
    for queue in other.retired.values { merge(queue) }
    merge(other.finished)
    merge(other.audioDevices)
  }

  /// Merges another device's answers about audio devices.
  ///
  /// - Complexity: O(*d* + *e*) in the two states' answers.
  package mutating func merge(_ other: AudioDeviceAnswers) {
    audioDevices = audioDevices.merged(with: other)
    for answer in other.answers.values { clock.observe(answer.stamp) }
  }

  /// Merges another device's state of one queue.
  package mutating func merge(_ queue: ReplicatedQueue) {
    if let old = retired[queue.id] {
      let merged = old.merged(with: queue, fault: fault)
      if merged.isVisible(finished: finished) {
        retired[queue.id] = nil
        queues[queue.id] = merged
      } else {
        retired[queue.id] = merged
      }
      counter = max(counter, merged.context[replica])
      observeStamps(of: queue)
      return
    }
    let merged = queues[queue.id].map { $0.merged(with: queue, fault: fault) } ?? queue
    queues[queue.id] = merged
    counter = max(counter, merged.context[replica])
    observeStamps(of: queue)
  }

  /// Merges another device's finished episodes.
  package mutating func merge(_ other: FinishedEpisodes) {
    finished = finished.merged(with: other)
    for finishes in other.marks.values { counter = max(counter, finishes[replica]) }
  }

  /// Lets the clock see every stamp of `queue`, so that this device's next write is later than all of them.
  mutating func observeStamps(of queue: ReplicatedQueue) {
    for stamp in [
      queue.title.stamp, queue.emoji.stamp, queue.rules.stamp, queue.smartFill.stamp, queue.autoSwitch.stamp,
      queue.playhead.stamp, queue.listPosition.stamp,
    ] {
      clock.observe(stamp)
    }
    for stamp in queue.routingStamps { clock.observe(stamp) }
    for entry in [queue.entries.values, queue.hidden.values].joined() {
      for add in entry.adds.values { clock.observe(add.stamp) }
      for move in entry.moves.values { clock.observe(move.stamp) }
      for write in entry.progress.values { clock.observe(write.stamp) }
    }
  }

  // MARK: Helpers for the edits

  /// The state of queue `id`, when it is shown.
  func visibleQueue(_ id: QueueID) throws(SyncError) -> ReplicatedQueue {
    guard let queue = queues[id], id == .upNext || queue.isVisible(finished: finished) else {
      throw .queue(.unknownQueue(id))
    }
    return queue
  }

  /// A new dot for an event of `queue`.
  mutating func newDot(in queue: inout ReplicatedQueue) -> Dot {
    counter += 1
    let dot = Dot(replica, counter)
    queue.context.insert(dot)
    return dot
  }

  /// The deepest position an edit leaves before it rebalances the queue: 12 levels.
  package static let rebalanceDepth = 12

  /// Moves every shown entry of `queue`, keeping the order, to one fresh run at the top level: positions
  /// grow a level each time an episode goes between two neighbours one of which is inside the other's subtree,
  /// so a long-lived queue's paths would grow without bound. The rebalance is a batch of respacing moves (one
  /// dot each, one stamp), merged like any other: nothing can be lost by it. Each keeps the place it replaced,
  /// so that a move or an add made meanwhile on another device, against the old places, is read in those
  /// terms: it stays between the neighbours it was given, and a move beats a respacing it did not see (see
  /// ``Respacing``). The playhead is written only when it names no shown episode (it holds a place then).
  ///
  /// - Complexity: O(*n* log *n*) in the queue's entries.
  mutating func rebalance(_ queue: inout ReplicatedQueue, now: Date) {
    let order = queue.order(finished: finished)
    guard !order.isEmpty else { return }
    let stamp = clock.tick(now: now)
    let dots = order.map { _ in newDot(in: &queue) }
    let positions = Position.run(order.count, between: nil, and: nil, replica: replica, counter: dots[0].counter)
    let run = Respacing.latestRun(order.compactMap { queue.entries[$0.episode]?.placingMove })
    let current = queue.currentIndex(in: order)
    let head = queue.playhead.value
    for (offset, item) in order.enumerated() {
      // The places before earlier respacings stay, for devices that have not seen those either.
      var formerly = [item.position]
      if let move = queue.entries[item.episode]?.placingMove, let run, Respacing.sameRun(move.value, run) {
        formerly += move.formerly.prefix(Respacing.generations - 1)
      }
      queue.entries[item.episode]?.moves = [
        dots[offset]: .init(value: positions[offset], stamp: stamp, formerly: formerly)
      ]
    }
    // A playhead that names no shown episode holds a place; it moves to the new terms, as the rest.
    if head.position != nil, head.episode.map({ episode in !order.contains { $0.episode == episode } }) ?? true {
      let place: ReplicatedQueue.Playhead =
        current < order.count
        ? .init(episode: order[current].episode, position: positions[current])
        : .init(episode: nil, position: positions.last)
      queue.playhead.write(place, stamp: stamp)
    }
    latestPosition = positions.last
  }

  /// `count` new positions between `before` and `after` for an edit whose first dot is `dot`.
  mutating func positions(_ count: Int, between before: Position?, and after: Position?, first dot: Dot) -> [Position] {
    let positions = Position.run(
      count, between: before, and: after, replica: replica, counter: dot.counter, continuing: latestPosition)
    // A left run continues from its first position, a right one from its last (see `Position.run`).
    latestPosition = positions[0].levels.last!.index < 0 ? positions.first : positions.last
    return positions
  }

  /// Stores an edited queue, stamped as changed at `now`, and compacted: the writes a merge left that no
  /// longer matter are removed as this device's own edit (an observed remove: a state that still holds them
  /// drops them when it merges this one, as its context has seen them). Those are the moves and playback
  /// positions that a later one beats, and the moves and positions of an entry whose adds were all removed.
  /// (Concurrent adds of one episode all stay: each keeps it against a remove that had not seen it.)
  ///
  /// When a shown entry's position is deeper than ``rebalanceDepth`` levels, the edit also moves every shown
  /// entry, in order, to a fresh one-level run (see ``rebalance(_:now:)``).
  ///
  /// An edit that leaves the queue shown removes what a deletion hid (kept by another device's concurrent add,
  /// the queue is no longer deleted), so that a record never carries a deleted copy of a shown queue.
  mutating func store(_ queue: ReplicatedQueue, now: Date, deleting: Bool = false) {
    var queue = queue
    if !deleting { renewCreation(of: &queue, before: queues[queue.id]) }
    if !deleting, queue.hasHidden, queue.isVisible(finished: finished) { queue.forgetHidden() }
    queue.compact()
    if queue.entries.values.contains(where: { ($0.position?.levels.count ?? 0) > Self.rebalanceDepth }) {
      rebalance(&queue, now: now)
    }
    queue.lastModified = max(queue.lastModified, Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
    queues[queue.id] = queue
    edited.queues.insert(queue.id)
  }
}
