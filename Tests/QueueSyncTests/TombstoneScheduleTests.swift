import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// An independent model of what the listener saved: every create and add with its causal past (the operations
/// its device had seen, through the server), and the deletes. An add (or a creation) is kept unless a delete of
/// its queue saw it; a queue brought back under a new identifier (`q3x-kept`) counts as its queue.
struct SavedAddsModel {
  enum Kind: Equatable {
    case create(family: String)
    case add(family: String, guid: String)
    case delete(family: String)
  }

  private(set) var operations: [(kind: Kind, past: Set<Int>)] = []
  private(set) var seen: [Set<Int>]
  private var server: Set<Int> = []

  init(devices: Int) { seen = Array(repeating: [], count: devices) }

  /// The queue a queue identifier stands for: itself without the `-kept` suffixes.
  static func family(_ id: QueueID) -> String {
    id.rawValue.components(separatedBy: "-kept").first ?? id.rawValue
  }

  mutating func record(_ kind: Kind, by device: Int) {
    operations.append((kind, seen[device]))
    seen[device].insert(operations.count - 1)
  }

  /// A complete sync of `device`: it gets what the server has, the server gets what it has.
  mutating func sync(_ device: Int) {
    server.formUnion(seen[device])
    seen[device] = server
  }

  /// The episodes (by GUID) that must be shown at the end, with their queue's family, and the families that
  /// must be shown.
  var saved: (episodes: [String: String], families: Set<String>) {
    var episodes: [String: String] = [:]
    var families: Set<String> = []
    for (index, operation) in operations.enumerated() {
      let deleted = { (family: String) in
        self.operations.contains { $0.kind == .delete(family: family) && $0.past.contains(index) }
      }
      switch operation.kind {
      case .create(let family): if !deleted(family) { families.insert(family) }
      case .add(let family, let guid):
        if !deleted(family) {
          episodes[guid] = family
          families.insert(family)
        }
      case .delete: break
      }
    }
    return (episodes, families)
  }
}

extension MergeSummary {
  var isKeptAfterCollection: Bool {
    if case .keptAfterCollection = change { return true }
    return false
  }
}

@Suite("Collecting tombstones over months of random schedules (issue 49, item 4)")
struct TombstoneScheduleTests {
  @Test("3-4 devices, long offline spells: converged, nothing saved lost, no stable tombstone left")
  func schedules() throws {
    var collected = 0
    var kept = 0
    for var trial in SeededCases(seed: 0x70B5_70E5, count: 200) {
      let figures = try run(&trial)
      collected += figures.collected
      kept += figures.kept
    }
    // The schedules must reach both rules: tombstones collected, and queues kept after a collection.
    #expect(collected > 0 && kept > 0, "collected \(collected) tombstones, kept \(kept) queues")
  }

  /// One schedule; returns how many queue records the server deleted and how many queues came back.
  func run(_ trial: inout SeededCase) throws -> (collected: Int, kept: Int) {
    var kept = 0
    let count = Int.random(in: 3...4, using: &trial.random)
    var fleet = TombstoneFleet(count: count)
    var model = SavedAddsModel(devices: count)
    var offlineUntil = Array(repeating: 0.0, count: count)
    var day = 0.0
    var created = 0
    var episodes = 0
    fleet.syncAll(day: 0, rounds: 1)
    for index in 0..<count { model.sync(index) }
    for _ in 0..<60 {
      day += Double(Int.random(in: 0...6, using: &trial.random))
      let device = Int.random(in: 0..<count, using: &trial.random)
      if Double.random(in: 0..<1, using: &trial.random) < 0.05 {
        offlineUntil[device] = day + Double(Int.random(in: 20...150, using: &trial.random))
      }
      let shown = fleet.devices[device].state.visibleQueueIDs.filter { $0.rawValue.hasPrefix("q") }
      let choice = Double.random(in: 0..<1, using: &trial.random)
      if choice < 0.2 || shown.isEmpty {
        let id = QueueID("q\(created)x")
        created += 1
        try fleet.edit(device, day: day) { (library) throws(SyncError) in
          try library.createQueue(named: "Queue \(id)", id: id, now: TombstoneFleet.day(day))
        }
        model.record(.create(family: id.rawValue), by: device)
      } else if choice < 0.65 {
        let id = shown.randomElement(using: &trial.random)!
        let guid = "e\(episodes)"
        episodes += 1
        try fleet.edit(device, day: day) { (library) throws(SyncError) in
          try library.playLast([reference(guid)], in: id, now: TombstoneFleet.day(day))
        }
        model.record(.add(family: SavedAddsModel.family(id), guid: guid), by: device)
      } else if choice < 0.85 {
        let id = shown.randomElement(using: &trial.random)!
        try fleet.edit(device, day: day) { (library) throws(SyncError) in
          try library.delete(id, now: TombstoneFleet.day(day))
        }
        model.record(.delete(family: SavedAddsModel.family(id)), by: device)
      }
      for index in 0..<count where offlineUntil[index] <= day && Bool.random(using: &trial.random) {
        kept += fleet.sync(index, day: day).summaries.filter(\.isKeptAfterCollection).count
        model.sync(index)
      }
    }
    // Every device comes back; 31 days later every deletion is a tombstone, then every one is collected.
    for final in [day + 1, day + 32, day + 33] {
      for _ in 0..<4 {
        for index in 0..<count {
          kept += fleet.sync(index, day: final).summaries.filter(\.isKeptAfterCollection).count
          model.sync(index)
        }
      }
    }
    let saved = model.saved
    let first = fleet.devices[0]
    for (index, device) in fleet.devices.enumerated() {
      let library = try device.library()
      let shownFamilies = Set(library.queues.map { SavedAddsModel.family($0.id) })
      #expect(saved.families.isSubset(of: shownFamilies), "\(trial): device \(index) lost a queue")
      for (guid, family) in saved.episodes {
        let holders = library.queues.filter { SavedAddsModel.family($0.id) == family }
        #expect(
          holders.contains { $0.episodes.contains { $0.episodeGUID == guid } },
          "\(trial): device \(index) lost episode \(guid) of \(family)")
      }
      #expect(device.pending.isEmpty, "\(trial): device \(index) has \(device.pending.sorted()) pending")
      #expect(device.state.hasSameState(as: first.state), "\(trial): device \(index) did not converge")
      let left = [device.state.queues.values, device.state.retired.values].joined()
        .filter { $0.id != .upNext && !$0.isVisible(finished: device.state.finished) }.map(\.id)
      #expect(left.isEmpty, "\(trial): device \(index) still holds \(left) deleted")
    }
    let deletedOnServer = fleet.serverQueueRecords.filter { $0.fields["isDeleted"] == .bool(true) }.map(\.id)
    #expect(deletedOnServer.isEmpty, "\(trial): the server still holds \(deletedOnServer)")
    return (fleet.server.contents.deletions.count, kept)
  }
}
