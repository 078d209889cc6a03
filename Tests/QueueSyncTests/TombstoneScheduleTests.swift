import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// An independent model of what the listener saved: every create and add with its causal past (the operations
/// its device had seen, through the server), and the deletes. An add (or a creation) is kept unless a delete of
/// its queue saw it; a queue brought back under a new identifier (`q3x-kept`) counts as its queue. A device
/// restored from a backup loses the operations it made after the backup that never reached the server.
struct SavedAddsModel {
  enum Kind: Equatable {
    case create(family: String)
    case add(family: String, guid: String)
    case delete(family: String)
  }

  private(set) var operations: [(kind: Kind, past: Set<Int>)] = []
  private(set) var seen: [Set<Int>]
  private var server: Set<Int> = []
  /// The operations gone with a restore: made after the backup, never on the server.
  private(set) var lost: Set<Int> = []

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

  /// What a backup of `device` holds: the operations it has seen.
  func backup(_ device: Int) -> Set<Int> { seen[device] }

  /// `device` restored from `backup`: what it saw since, and the server lacks, is lost.
  mutating func restore(_ device: Int, from backup: Set<Int>) {
    lost.formUnion(seen[device].subtracting(backup).subtracting(server))
    seen[device] = backup
  }

  /// The episodes (by GUID) that must be shown at the end, with their queue's family, and the families that
  /// must be shown.
  var saved: (episodes: [String: String], families: Set<String>) {
    var episodes: [String: String] = [:]
    var families: Set<String> = []
    let deletes = operations.indices.filter {
      if case .delete = operations[$0].kind { !lost.contains($0) } else { false }
    }
    for (index, operation) in operations.enumerated() where !lost.contains(index) {
      let deleted = { (family: String) in
        deletes.contains {
          self.operations[$0].kind == .delete(family: family) && self.operations[$0].past.contains(index)
        }
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
  @Test("3-4 devices, long offline spells, restored backups: converged, nothing saved lost, no stable tombstone left")
  func schedules() throws {
    var collected = 0
    var kept = 0
    var moved = 0
    var waited = 0
    var schedules = 0
    for var trial in SeededCases(seed: 0x70B5_70E5, count: 200) {
      let figures = try run(&trial)
      collected += figures.collected
      kept += figures.kept
      moved += figures.moved
      waited += figures.waited
      schedules += 1
    }
    print(
      "tombstone schedules: \(schedules), \(collected) collected, \(kept) kept, \(moved) identities moved, \(waited) waited for an abandoned identity"
    )
    // The schedules must reach every rule: tombstones collected, queues kept after a collection, and devices
    // restored from a backup taking a new identity (whose old one must not hold tombstones back).
    #expect(
      collected > 0 && kept > 0 && moved > 0, "collected \(collected) tombstones, kept \(kept) queues, moved \(moved)")
  }

  /// One schedule; returns how many queue records the server deleted, how many queues came back and how many
  /// restored devices took a new identity.
  func run(_ trial: inout SeededCase) throws -> (collected: Int, kept: Int, moved: Int, waited: Int) {
    var kept = 0
    var moved = 0
    var waited = 0
    var backups: [Int: (bytes: [UInt8], seen: Set<Int>)] = [:]
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
      if Double.random(in: 0..<1, using: &trial.random) < 0.08 {
        if let backup = backups[device], Bool.random(using: &trial.random) {
          fleet.devices[device] = try SyncStore.engine(bytes: backup.bytes, path: "backup-\(device).json")
          model.restore(device, from: backup.seen)
        } else {
          backups[device] = (try SyncStore.bytes(of: fleet.devices[device]), model.backup(device))
        }
      }
      for index in 0..<count where offlineUntil[index] <= day && Bool.random(using: &trial.random) {
        let identity = fleet.devices[index].state.replica
        kept += fleet.sync(index, day: day).summaries.filter(\.isKeptAfterCollection).count
        model.sync(index)
        if fleet.devices[index].state.replica != identity { moved += 1 }
      }
    }
    // Every device comes back; 31 days later every deletion is a tombstone, then every one is collected. An
    // identity no device runs any more, and that no other identity took over (a device restored again from a
    // backup older than its new identity leaves one behind: it cannot tell it from a copy still running),
    // holds its tombstones back until it expires, 90 days after it was last heard from.
    var finals = [day + 1, day + 32, day + 33]
    while let final = finals.first {
      finals.removeFirst()
      for _ in 0..<4 {
        for index in 0..<count {
          kept += fleet.sync(index, day: final).summaries.filter(\.isKeptAfterCollection).count
          model.sync(index)
        }
      }
      if finals.isEmpty && waited == 0 && !abandonedIdentities(fleet, now: TombstoneFleet.day(final)).isEmpty {
        finals.append(final + Double(DeviceRegistry.expiryDays) + 1)
        waited += 1
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
    return (fleet.server.contents.deletions.count, kept, moved, waited)
  }

  /// The identities in device 0's registry that no device of the fleet runs, that it heard from less than 90
  /// days before `now`, and whose latest record no identity names as taken over (at that revision or a later
  /// one).
  func abandonedIdentities(_ fleet: TombstoneFleet, now: Date) -> [String] {
    let running = Set(fleet.devices.map(\.state.replica.rawValue))
    let registry = fleet.devices[0].registry
    return registry.devices.filter { replica, entry in
      !running.contains(replica)
        && now.timeIntervalSince(registry.seenAt[replica] ?? entry.lastSync)
          < Double(DeviceRegistry.expiryDays * 86_400)
        && !registry.devices.values.contains { ($0.replaces[replica] ?? -1) >= entry.revision }
    }.map(\.key)
  }
}
