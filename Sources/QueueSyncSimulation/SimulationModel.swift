import Foundation
import QueueSync
import Queues
import SmartFill

/// The simulation's independent model of what must survive, from which edits each device had heard of.
///
/// Every edit is numbered per device; a device has heard of a prefix of each device's edits (a sync makes the
/// device and the server each hear of everything the other has). From that alone:
///
/// - an add of an episode to a queue survives unless a remove, clear or deletion of the queue that had heard
///   of it happened, or a finish of the episode that had heard of it, or a finish the add had not heard of
///   (a finish hides the adds made before it was known, so a stale automatic add cannot bring it back);
/// - an episode should be in a queue when one of its adds survives; a queue should be shown when a creation
///   survives (no deletion heard of it) or it should hold an episode.
struct SimulationModel {
  /// An edit: its device and number (number 0 is the start every device knows).
  struct Edit: Hashable {
    var device: Int
    var number: Int
  }

  /// What a device had heard of: the highest edit number of each device.
  typealias Knowledge = [Int]

  struct Pair: Hashable {
    var queue: QueueID
    var episode: EpisodeID
  }

  struct Add {
    var edit: Edit
    /// What the add's device had heard of: a finish it had heard of does not hide it.
    var heard: Knowledge
  }

  struct Batch {
    var queue: QueueID
    var edit: Edit
    var episodes: [EpisodeID]
  }

  var knowledge: [Knowledge]
  var serverKnowledge: Knowledge
  var adds: [Pair: [Add]] = [:]
  /// Removes of one episode from one queue: what each had heard of.
  var removes: [Pair: [Knowledge]] = [:]
  /// Clears and deletions of a queue: what each had heard of.
  var clears: [QueueID: [Knowledge]] = [:]
  var finishes: [EpisodeID: [(edit: Edit, heard: Knowledge)]] = [:]
  var creations: [QueueID: [Edit]] = [:]
  var deletions: [QueueID: [Knowledge]] = [:]
  /// The adds and moves of each pair, with what each had heard of.
  var placements: [Pair: [(edit: Edit, heard: Knowledge)]] = [:]
  var batches: [Batch] = []

  init(devices: Int) {
    knowledge = Array(repeating: Array(repeating: 0, count: devices), count: devices)
    serverKnowledge = Array(repeating: 0, count: devices)
    for queue in QueueLibrary(now: Date(timeIntervalSince1970: 0)).queues {
      creations[queue.id] = [Edit(device: 0, number: 0)]
    }
  }

  /// Every pair that was ever added.
  var pairs: [Pair] { Array(adds.keys) }

  static func heard(_ knowledge: Knowledge, _ edit: Edit) -> Bool { knowledge[edit.device] >= edit.number }

  mutating func sync(_ device: Int) {
    for index in serverKnowledge.indices {
      let both = max(serverKnowledge[index], knowledge[device][index])
      serverKnowledge[index] = both
      knowledge[device][index] = both
    }
  }

  /// Records an edit `device` made on `shown`, the queue as it showed it before.
  mutating func record(_ made: SimulatedEdit, by device: Int, in shown: SimulatedQueue) {
    knowledge[device][device] += 1
    let edit = Edit(device: device, number: knowledge[device][device])
    let heard = knowledge[device]
    func add(_ queue: QueueID, _ episodes: [EpisodeID], batch: Bool) {
      var unique: [EpisodeID] = []
      for episode in episodes where !unique.contains(episode) { unique.append(episode) }
      for episode in unique {
        let pair = Pair(queue: queue, episode: episode)
        adds[pair, default: []].append(Add(edit: edit, heard: heard))
        placements[pair, default: []].append((edit, heard))
      }
      if batch, unique.count >= 2 { batches.append(Batch(queue: queue, edit: edit, episodes: unique)) }
    }
    // An add renews its queue's creation, so that a concurrent deletion keeps the whole queue.
    func renew(_ queue: QueueID, _ episodes: [EpisodeID]) {
      if queue != .upNext, !episodes.isEmpty { creations[queue, default: []].append(edit) }
    }
    switch made {
    case .insert(let queue, let episodes, _):
      add(queue, episodes, batch: true)
      renew(queue, episodes)
    case .addAutomatically(let queue, let episodes):
      add(queue, episodes, batch: true)
      // An automatic add leaves out what the queue shows and what its device knows was finished.
      renew(
        queue,
        episodes.filter { episode in
          !shown.episodes.contains(episode)
            && !(finishes[episode] ?? []).contains { Self.heard(heard, $0.edit) }
        })
    case .remove(let queue, let episode):
      removes[Pair(queue: queue, episode: episode), default: []].append(heard)
    case .move(let queue, let offsets, _):
      let moved = offsets.map { shown.episodes[$0] }
      for episode in moved { placements[Pair(queue: queue, episode: episode), default: []].append((edit, heard)) }
      if moved.count >= 2 { batches.append(Batch(queue: queue, edit: edit, episodes: moved)) }
    case .clear(let queue):
      clears[queue, default: []].append(heard)
    case .delete(let queue):
      clears[queue, default: []].append(heard)
      deletions[queue, default: []].append(heard)
    case .create(let queue, _):
      creations[queue, default: []].append(edit)
    case .duplicate(let queue, let copy):
      creations[copy, default: []].append(edit)
      add(copy, queue == shown.id ? shown.episodes : [], batch: false)
    case .finish(let episode):
      finishes[episode, default: []].append((edit, heard))
    case .rename, .play:
      break
    }
  }

  /// Whether `add` of `pair` survives.
  func survives(_ add: Add, of pair: Pair) -> Bool {
    if (removes[pair] ?? []).contains(where: { Self.heard($0, add.edit) }) { return false }
    if (clears[pair.queue] ?? []).contains(where: { Self.heard($0, add.edit) }) { return false }
    for finish in finishes[pair.episode] ?? [] {
      if Self.heard(finish.heard, add.edit) || !Self.heard(add.heard, finish.edit) { return false }
    }
    return true
  }

  /// The queues that should be shown, each with the episodes it should hold.
  func expectedQueues() -> [QueueID: Set<EpisodeID>] {
    var result: [QueueID: Set<EpisodeID>] = [:]
    for (queue, edits) in creations {
      let deleted = deletions[queue] ?? []
      if queue == .upNext || edits.contains(where: { edit in !deleted.contains { Self.heard($0, edit) } }) {
        result[queue] = []
      }
    }
    for (pair, list) in adds where list.contains(where: { survives($0, of: pair) }) {
      result[pair.queue, default: []].insert(pair.episode)
    }
    return result
  }

  /// The batches with an episode inside them placed by edits that had not heard of the batch.
  func interleavedBatches(in shown: [QueueID: [EpisodeID]]) -> Int {
    var count = 0
    for batch in batches {
      guard let order = shown[batch.queue] else { continue }
      // The members placed by this batch alone, still shown.
      let members = Set(
        batch.episodes.filter { episode in
          placements[Pair(queue: batch.queue, episode: episode)]?.allSatisfy({ $0.edit == batch.edit }) ?? false
        }
      ).intersection(order)
      guard members.count >= 2, let first = order.firstIndex(where: members.contains),
        let last = order.lastIndex(where: members.contains)
      else { continue }
      let intruder = order[first...last].contains { episode in
        guard !members.contains(episode) else { return false }
        let placed = placements[Pair(queue: batch.queue, episode: episode)] ?? []
        return !placed.contains { $0.edit == batch.edit || Self.heard($0.heard, batch.edit) }
      }
      if intruder { count += 1 }
    }
    return count
  }
}
