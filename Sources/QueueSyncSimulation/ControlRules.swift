import Foundation
import QueueSync
import Queues
import SmartFill

// The two known-bad rules the simulation runs as controls, in the same simulator as the CRDT:
//
// - The design's rule: each queue is one record with a `lastModified`; when a device's change meets a
//   server record changed since the device last saw it, the two are merged (a union of their episodes) if
//   their `lastModified` are less than 10 seconds apart, and otherwise the later one replaces the other whole.
// - Whole-list replace, as Pocket Casts syncs Up Next: adds and removes go to the server as operations, a
//   reorder sends the whole list, which replaces the server's; devices then take the server's lists.

/// A queue as a plain record: a name, a list and a date.
package struct PlainQueue: Sendable, Hashable {
  package var name: String
  package var episodes: [EpisodeID]
  package var isDeleted = false
  package var lastModified: Date
}

/// The plain library both controls keep on each device, with the edits on it.
package struct PlainLibrary: Sendable, Hashable {
  package var queues: [QueueID: PlainQueue] = [:]

  package init(now: Date) {
    for queue in QueueLibrary(now: now).queues {
      queues[queue.id] = PlainQueue(name: queue.name, episodes: [], lastModified: Date(timeIntervalSince1970: 0))
    }
  }

  package var view: [SimulatedQueue] {
    queues.keys.sorted().compactMap { id in
      guard let queue = queues[id], !queue.isDeleted else { return nil }
      return SimulatedQueue(id: id, name: queue.name, episodes: queue.episodes)
    }
  }

  /// Applies `edit`, returning the edit as made (or `nil`) and the queues it changed.
  package mutating func apply(_ edit: SimulatedEdit, now: Date) -> (SimulatedEdit?, [QueueID]) {
    func live(_ id: QueueID) -> Bool { queues[id].map { !$0.isDeleted } ?? false }
    func touch(_ id: QueueID, _ change: (inout PlainQueue) -> Void) {
      change(&queues[id]!)
      queues[id]!.lastModified = now
    }
    switch edit {
    case .insert(let id, let episodes, let index):
      guard live(id), index <= queues[id]!.episodes.count else { return (nil, []) }
      touch(id) { queue in
        var unique: [EpisodeID] = []
        for episode in episodes where !unique.contains(episode) { unique.append(episode) }
        let before = queue.episodes[..<index].filter { !unique.contains($0) }
        let after = queue.episodes[index...].filter { !unique.contains($0) }
        queue.episodes = before + unique + after
      }
      return (edit, [id])
    case .addAutomatically(let id, let episodes):
      guard live(id) else { return (nil, []) }
      let added = episodes.filter { !queues[id]!.episodes.contains($0) }
      guard !added.isEmpty else { return (nil, []) }
      touch(id) { $0.episodes += added }
      return (.addAutomatically(id, added), [id])
    case .remove(let id, let episode):
      guard live(id), queues[id]!.episodes.contains(episode) else { return (nil, []) }
      touch(id) { $0.episodes.removeAll { $0 == episode } }
      return (edit, [id])
    case .move(let id, let offsets, let destination):
      guard live(id), let last = offsets.last, last < queues[id]!.episodes.count else { return (nil, []) }
      touch(id) { queue in
        let moved = offsets.map { queue.episodes[$0] }
        var kept = queue.episodes.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
        kept.insert(contentsOf: moved, at: destination - offsets.count(in: 0..<destination))
        queue.episodes = kept
      }
      return (edit, [id])
    case .rename(let id, let name):
      guard live(id), id != .upNext, !view.contains(where: { $0.id != id && QueueName.clash($0.name, name) }) else {
        return (nil, [])
      }
      touch(id) { $0.name = name }
      return (edit, [id])
    case .clear(let id):
      guard live(id) else { return (nil, []) }
      touch(id) { $0.episodes = [] }
      return (edit, [id])
    case .create(let id, let name):
      guard queues[id] == nil, !view.contains(where: { QueueName.clash($0.name, name) }) else { return (nil, []) }
      queues[id] = PlainQueue(name: name, episodes: [], lastModified: now)
      return (edit, [id])
    case .delete(let id):
      guard live(id), id != .upNext else { return (nil, []) }
      touch(id) {
        $0.isDeleted = true
        $0.episodes = []
      }
      return (edit, [id])
    case .duplicate(let id, let copy):
      guard live(id), queues[copy] == nil else { return (nil, []) }
      queues[copy] = PlainQueue(name: queues[id]!.name + " copy", episodes: queues[id]!.episodes, lastModified: now)
      return (edit, [copy])
    case .play(let id, let index, _):
      return live(id) && index < queues[id]!.episodes.count ? (edit, []) : (nil, [])
    case .finish(let episode):
      let holding = queues.keys.filter { queues[$0]!.episodes.contains(episode) }
      for id in holding { touch(id) { $0.episodes.removeAll { $0 == episode } } }
      return (edit, holding)
    }
  }
}

/// A device under the design's 10-second rule.
package struct DesignRuleDevice: SimulatedReplica {
  package final class Server {
    package var queues: [QueueID: (queue: PlainQueue, version: Int)] = [:]
    package init() {}
  }

  package var library: PlainLibrary
  /// The server version of each queue when last synced.
  var base: [QueueID: Int] = [:]
  var dirty: Set<QueueID> = []

  package static func makeServer() -> Server { Server() }
  package init(index: Int, now: Date) { library = PlainLibrary(now: now) }
  package var view: [SimulatedQueue] { library.view }
  package var queueIDs: [QueueID] { library.view.map(\.id) }
  package func queue(_ id: QueueID) -> SimulatedQueue { library.view.first { $0.id == id }! }

  package mutating func perform(_ edit: SimulatedEdit, now: Date) -> SimulatedEdit? {
    let (made, changed) = library.apply(edit, now: now)
    dirty.formUnion(changed)
    return made
  }

  package mutating func sync(with server: Server, now: Date, transport: inout SimulationTransport) {
    transport.saves += 1
    for id in Set(server.queues.keys).union(library.queues.keys) {
      let stored = server.queues[id]
      if dirty.contains(id), let local = library.queues[id] {
        var winner = local
        if let stored, stored.version != base[id] {
          transport.conflicts += 1
          let apart = abs(local.lastModified.timeIntervalSince(stored.queue.lastModified))
          if apart < 10 {
            winner.episodes = stored.queue.episodes + local.episodes.filter { !stored.queue.episodes.contains($0) }
            winner.lastModified = max(local.lastModified, stored.queue.lastModified)
          } else if stored.queue.lastModified > local.lastModified {
            winner = stored.queue
          }
        }
        server.queues[id] = (winner, (stored?.version ?? 0) + 1)
      }
      if let current = server.queues[id] {
        library.queues[id] = current.queue
        base[id] = current.version
      }
    }
    dirty = []
  }

  package func hasSameState(as other: DesignRuleDevice) -> Bool { library == other.library }
  package var libraryProblem: String? { nil }
}

/// A device under whole-list replace.
package struct ReplaceRuleDevice: SimulatedReplica {
  enum Operation {
    case insert(QueueID, [EpisodeID], at: Int)
    case remove(QueueID, EpisodeID)
    case replace(QueueID, PlainQueue)
  }

  package final class Server {
    package var library: PlainLibrary
    package init() { library = PlainLibrary(now: Date(timeIntervalSince1970: 0)) }
  }

  package var library: PlainLibrary
  var log: [Operation] = []

  package static func makeServer() -> Server { Server() }
  package init(index: Int, now: Date) { library = PlainLibrary(now: Date(timeIntervalSince1970: 0)) }
  package var view: [SimulatedQueue] { library.view }
  package var queueIDs: [QueueID] { library.view.map(\.id) }
  package func queue(_ id: QueueID) -> SimulatedQueue { library.view.first { $0.id == id }! }

  package mutating func perform(_ edit: SimulatedEdit, now: Date) -> SimulatedEdit? {
    let (made, changed) = library.apply(edit, now: now)
    guard let made else { return nil }
    switch made {
    case .insert(let id, let episodes, let index): log.append(.insert(id, episodes, at: index))
    case .addAutomatically(let id, let episodes): log.append(.insert(id, episodes, at: Int.max))
    case .remove(let id, let episode): log.append(.remove(id, episode))
    case .finish(let episode): for id in changed { log.append(.remove(id, episode)) }
    default: for id in changed { log.append(.replace(id, library.queues[id]!)) }
    }
    return made
  }

  package mutating func sync(with server: Server, now: Date, transport: inout SimulationTransport) {
    transport.saves += 1
    for operation in log {
      switch operation {
      case .insert(let id, let episodes, let index):
        guard var queue = server.library.queues[id], !queue.isDeleted else { continue }
        let new = episodes.filter { !queue.episodes.contains($0) }
        queue.episodes.insert(contentsOf: new, at: min(index, queue.episodes.count))
        server.library.queues[id] = queue
      case .remove(let id, let episode):
        server.library.queues[id]?.episodes.removeAll { $0 == episode }
      case .replace(let id, let queue):
        server.library.queues[id] = queue
      }
    }
    log = []
    library = server.library
  }

  package func hasSameState(as other: ReplaceRuleDevice) -> Bool { library == other.library }
  package var libraryProblem: String? { nil }
}
