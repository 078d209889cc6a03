import Foundation
import QueueSync
import Queues
import SmartFill
import SmartFillSupport

/// What a simulated device shows of one queue.
package struct SimulatedQueue: Sendable, Hashable {
  package var id: QueueID
  package var name: String
  package var episodes: [EpisodeID]
}

/// An edit a simulated listener makes on one device.
package enum SimulatedEdit: Sendable, Hashable {
  /// Adds (or re-adds, or moves) episodes at an index, as one batch.
  case insert(QueueID, [EpisodeID], at: Int)
  /// Adds episodes at the end as an automatic add does.
  case addAutomatically(QueueID, [EpisodeID])
  case remove(QueueID, EpisodeID)
  case move(QueueID, IndexSet, to: Int)
  case rename(QueueID, String)
  case clear(QueueID)
  case create(QueueID, String)
  case delete(QueueID)
  case duplicate(QueueID, as: QueueID)
  /// Plays the episode at an index and records a position in it.
  case play(QueueID, at: Int, seconds: Int)
  case finish(EpisodeID)
}

/// Delivery faults and counts of one simulated run's transport.
package struct SimulationTransport {
  /// The percentage of save answers lost (the save applied, the answer never came).
  package var lostSavePercent = 10
  package var random: SplitMix64
  package var saves = 0
  package var lostAnswers = 0
  package var conflicts = 0
  package var duplicatedRecords = 0
  package var staleRecords = 0
}

/// A device of the simulation under one sync rule.
package protocol SimulatedReplica {
  /// The rule's server, shared by the devices of a run.
  associatedtype Server: AnyObject
  static func makeServer() -> Server
  /// Device `index`, first used at `now`.
  init(index: Int, now: Date)
  /// The queues shown, each with its episodes in order.
  var view: [SimulatedQueue] { get }
  /// The identifiers of the queues shown.
  var queueIDs: [QueueID] { get }
  /// Queue `id` as shown.
  func queue(_ id: QueueID) -> SimulatedQueue
  /// Applies `edit` at the device's wall-clock time `now`; returns the edit as made (an automatic add
  /// leaves episodes out), or `nil` when the device refuses it.
  mutating func perform(_ edit: SimulatedEdit, now: Date) -> SimulatedEdit?
  /// Syncs until the device and the server hold each other's changes (retrying after lost answers).
  mutating func sync(with server: Server, now: Date, transport: inout SimulationTransport)
  /// Whether this device's replicated state equals `other`'s, where the rule has one (else compare views).
  func hasSameState(as other: Self) -> Bool
  /// Why the device's library is not a valid one, if it is not.
  var libraryProblem: String? { get }
}

/// The episodes of the simulation: 48 episodes of 6 shows.
package enum SimulatedEpisodes {
  package static let all: [EpisodeID] = (0..<48).map {
    EpisodeID(feedURL: "https://example.com/show-\($0 % 6).xml", guid: "episode-\($0)")
  }

  /// The queue reference of `episode`.
  package static func reference(_ episode: EpisodeID) -> EpisodeReference {
    let number = Int(episode.guid.dropFirst("episode-".count)) ?? 0
    return EpisodeReference(
      episodeGUID: episode.guid, feedURL: episode.feedURL, title: "Episode \(number)", showTitle: "Show \(number % 6)",
      durationSeconds: 600 + number * 60, addedAt: Date(timeIntervalSince1970: 1_767_225_600))
  }
}

// MARK: The CRDT rule

/// A device running this module's sync: a ``SyncEngine`` through the ``InMemorySyncServer``, with save
/// answers lost and fetched records duplicated, reordered and mixed with stale versions.
package struct ReplicatedDevice: SimulatedReplica {
  package var engine: SyncEngine
  package var index: Int

  package final class Server {
    package let server = InMemorySyncServer()
    /// The last versions saved of each record, to deliver stale ones.
    package var history: [String: [SyncRecord]] = [:]
    package var fault: MergeFault?
    package init() {}
  }

  package static func makeServer() -> Server { Server() }

  package init(index: Int, now: Date) {
    self.index = index
    engine = SyncEngine(replica: ReplicaID("device-\(index)"), deviceName: "Device \(index)", now: now)
  }

  package var view: [SimulatedQueue] { queueIDs.map(queue) }

  package var queueIDs: [QueueID] { engine.state.visibleQueueIDs }

  package func queue(_ id: QueueID) -> SimulatedQueue {
    SimulatedQueue(id: id, name: engine.state.queues[id]!.name, episodes: engine.state.episodes(in: id))
  }

  package mutating func perform(_ edit: SimulatedEdit, now: Date) -> SimulatedEdit? {
    do {
      return try engine.edit(now: now) { (library) throws(SyncError) -> SimulatedEdit? in
        switch edit {
        case .insert(let queue, let episodes, let index):
          try library.insert(episodes.map(SimulatedEpisodes.reference), into: queue, at: index, now: now)
        case .addAutomatically(let queue, let episodes):
          let added = try library.addAutomatically(episodes.map(SimulatedEpisodes.reference), to: queue, now: now)
          return added.isEmpty ? nil : .addAutomatically(queue, added)
        case .remove(let queue, let episode): try library.remove(episode, from: queue, now: now)
        case .move(let queue, let offsets, let destination):
          try library.move(fromOffsets: offsets, toOffset: destination, in: queue, now: now)
        case .rename(let queue, let name): try library.rename(queue, to: name, now: now)
        case .clear(let queue): try library.clear(queue, now: now)
        case .create(let queue, let name): try library.createQueue(named: name, id: queue, now: now)
        case .delete(let queue): try library.delete(queue, now: now)
        case .duplicate(let queue, let copy): try library.duplicate(queue, newID: copy, now: now)
        case .play(let queue, let index, let seconds):
          try library.makeCurrent(at: index, in: queue, now: now)
          try library.recordPosition(seconds, in: queue, now: now)
        case .finish(let episode): library.markFinished(episode, now: now)
        }
        return edit
      }
    } catch {
      return nil
    }
  }

  package mutating func sync(with server: Server, now: Date, transport: inout SimulationTransport) {
    engine.fault = server.fault
    for attempt in 0..<64 {
      var failed = false
      _ = engine.syncNow(
        now: now.addingTimeInterval(Double(attempt)),
        fetch: { token in
          switch Result(catching: { () throws(SyncServerError) in try server.server.changes(since: token) }) {
          case .failure(let error): return .failure(error)
          case .success(var changes):
            var delivered: [SyncRecord] = []
            for record in changes.changed {
              delivered.append(record)
              if transport.random.chance(1, in: 10) {
                delivered.append(record)
                transport.duplicatedRecords += 1
              }
              if let older = server.history[record.id]?.dropLast().last, transport.random.chance(1, in: 10) {
                delivered.append(older)
                transport.staleRecords += 1
              }
            }
            transport.random.shuffle(&delivered)
            changes.changed = delivered
            return .success(changes)
          }
        },
        save: { records in
          transport.saves += 1
          let outcomes = server.server.apply(records)
          for outcome in outcomes {
            switch outcome {
            case .saved(let record):
              server.history[record.id, default: []] = (server.history[record.id] ?? []).suffix(2) + [record]
            case .conflict: transport.conflicts += 1
            default: break
            }
          }
          if transport.random.chance(transport.lostSavePercent, in: 100) {
            transport.lostAnswers += 1
            failed = true
            return .failure(.connectionLost)
          }
          return .success(outcomes)
        },
        delete: { ids in
          server.server.remove(ids)
          if transport.random.chance(transport.lostSavePercent, in: 100) {
            transport.lostAnswers += 1
            failed = true
            return .failure(.connectionLost)
          }
          return .success(())
        })
      if !failed && engine.pending.isEmpty { return }
    }
  }

  package func hasSameState(as other: ReplicatedDevice) -> Bool {
    engine.state.hasSameState(as: other.engine.state)
  }

  package var libraryProblem: String? {
    do {
      _ = try engine.library()
      return nil
    } catch {
      return error.description
    }
  }
}

extension SplitMix64 {
  /// Shuffles `elements` (Fisher–Yates, from this generator).
  package mutating func shuffle<T>(_ elements: inout [T]) {
    guard elements.count > 1 else { return }
    for index in stride(from: elements.count - 1, to: 0, by: -1) {
      elements.swapAt(index, integer(in: 0...index))
    }
  }
}
