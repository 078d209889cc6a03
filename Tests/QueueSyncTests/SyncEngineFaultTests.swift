import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// Random schedules of devices whose clocks jump and get corrected and which are restored from backups.
///
/// The independent model: each episode is added once, by one device, to one queue; a device removes only an
/// episode it shows. An edit is durable once the server acknowledged its record; until then it lives only in
/// the device's state and in the backups taken meanwhile, so a restore drops it from the device but a later
/// restore of a newer backup brings it back. Every device syncs at the end, so an episode is then shown in its
/// queue exactly when its add is durable and no remove of it is.
@Suite("Sync under wrong clocks and restored backups")
struct SyncEngineFaultTests {
  enum Event: Hashable {
    case add(Int)
    /// A remove of an episode, with a serial number: two devices may remove the same episode.
    case remove(Int, serial: Int)
  }

  struct Device {
    var engine: SyncEngine
    /// The device's clock error, in seconds.
    var clockError: Double = 0
    /// Its edits the server may not hold yet.
    var localOnly: Set<Event> = []
    /// Its backups: the state file's bytes and the edits they held that the server might not.
    var backups: [(bytes: [UInt8], localOnly: Set<Event>)] = []
  }

  /// Schedules of the long run that once lost or brought back an episode, replayed on every run: three lost one
  /// to a backup taken before the first fetch after a restore (its copy's events were checked from its own
  /// counter, not from where they stopped being confirmed), five were counted wrong by the model (an edit
  /// counted lost for good at one restore came back with a later restore of a newer backup); the last one brought
  /// back a removed episode when the first fix moved such a backup's events although the server held the same.
  static let formerlyFailingSeeds: [UInt64] = [
    0x2767_d8e8_f610_b19e, 0x4c0a_76e1_825c_76df, 0x5b5e_f63d_9ec4_0baf, 0x711e_e471_86fa_53d3,
    0x7748_3210_38aa_4d01, 0x8dee_5a14_707d_5133, 0xb6c5_b3f0_59b5_c06f, 0xcd70_b894_1d3e_1a7d,
    0xe241_8bdb_021b_a489,
  ]

  @Test(
    "several devices with jumping clocks and restored backups end converged, nothing lost, nothing pending",
    arguments: Array(SeededCases(seed: 0xC10C_BAC0, count: 2_000)))
  func schedules(_ trial: SeededCase) async throws {
    try await Self.run(trial)
  }

  @Test(
    "the long run's schedules that once lost or brought back an episode (issue 49, item 2)",
    arguments: formerlyFailingSeeds)
  func formerlyFailing(_ seed: UInt64) async throws {
    try await Self.run(SeededCase(index: 0, seed: seed))
  }

  /// Runs the schedule of `trial` and checks its end against the model.
  static func run(_ trial: SeededCase) async throws {
    var random = trial.random
    let server = InMemorySyncServer()
    let queues: [QueueID] = [.upNext, .commute]
    var devices = (0..<random.integer(in: 2...4)).map { index in
      var engine = SyncEngine(replica: ReplicaID("d\(index)"), deviceName: "d\(index)", now: start)
      engine.identityRandom = SplitMix64(seed: trial.seed &+ UInt64(index))
      return Device(engine: engine)
    }
    var now = start
    var episodes = 0
    var queueOf: [Int: QueueID] = [:]
    var durable: Set<Event> = []
    var restores = 0
    var removes: [Int: Set<Event>] = [:]
    /// The record an edit changed: its episode's queue (an episode is in one queue only).
    func record(of event: Event) -> String {
      switch event {
      case .add(let episode), .remove(let episode, _): "queue.\(queueOf[episode]!.rawValue)"
      }
    }
    func wall(_ device: Device) -> Date { now.addingTimeInterval(device.clockError) }
    func sync(_ d: Int) async {
      _ = await devices[d].engine.sync(with: server, now: wall(devices[d]))
      // A record no longer pending was acknowledged: the server holds every edit it carried, whatever else waits.
      let acknowledged = devices[d].localOnly.filter { !devices[d].engine.pending.contains(record(of: $0)) }
      durable.formUnion(acknowledged)
      devices[d].localOnly.subtract(acknowledged)
    }
    for _ in 0..<random.integer(in: 20...80) {
      now.addTimeInterval(Double(random.integer(in: 1...900)))
      let d = random.integer(in: 0...(devices.count - 1))
      switch random.integer(in: 0...99) {
      case 0..<35:
        episodes += 1
        let queue = random.element(of: queues)
        let made = episodes
        let time = wall(devices[d])
        try devices[d].engine.edit(now: time) { (library) throws(SyncError) in
          try library.playLast([reference("e\(made)")], in: queue, now: time)
        }
        queueOf[made] = queue
        devices[d].localOnly.insert(.add(made))
      case 35..<50:
        let queue = random.element(of: queues)
        let shown = devices[d].engine.state.episodes(in: queue)
        guard !shown.isEmpty else { continue }
        let removed = random.element(of: shown)
        let time = wall(devices[d])
        try devices[d].engine.edit(now: time) { (library) throws(SyncError) in
          try library.remove(removed, from: queue, now: time)
        }
        let number = Int(removed.guid.dropFirst())!
        let event = Event.remove(number, serial: removes.values.map(\.count).reduce(0, +))
        devices[d].localOnly.insert(event)
        removes[number, default: []].insert(event)
      case 50..<75:
        await sync(d)
      case 75..<83:
        // The clock jumps up to 400 days either way.
        devices[d].clockError = Double(random.integer(in: -400...400) * 86_400 + random.integer(in: -3_600...3_600))
      case 83..<91:
        devices[d].clockError = 0
      case 91..<96:
        let bytes = try SyncStore.bytes(of: devices[d].engine)
        devices[d].backups.append((bytes, devices[d].localOnly))
      default:
        guard !devices[d].backups.isEmpty else { continue }
        let backup = random.element(of: devices[d].backups)
        var engine = try SyncStore.engine(bytes: backup.bytes, path: "backup")
        engine.identityRandom = SplitMix64(seed: trial.seed &+ UInt64(100 + restores))
        restores += 1
        devices[d].engine = engine
        devices[d].localOnly = backup.localOnly.subtracting(durable)
      }
    }
    // Every clock is corrected; every device syncs until all have everything.
    for d in devices.indices { devices[d].clockError = 0 }
    for _ in 0..<3 {
      now.addTimeInterval(60)
      for d in devices.indices { await sync(d) }
    }
    var expected: [QueueID: Set<String>] = [:]
    for (episode, queue) in queueOf
    where durable.contains(.add(episode)) && (removes[episode] ?? []).isDisjoint(with: durable) {
      expected[queue, default: []].insert("e\(episode)")
    }
    for (index, device) in devices.enumerated() {
      #expect(device.engine.pending.isEmpty, "\(trial): device \(index) still has \(device.engine.pending) pending")
      #expect(
        device.engine.state.hasSameState(as: devices[0].engine.state),
        "\(trial): device \(index) differs from device 0")
      for queue in queues {
        let shown = guids(device.engine.state, queue)
        #expect(Set(shown).count == shown.count, "\(trial): device \(index) shows an episode twice in \(queue)")
        let missing = expected[queue, default: []].subtracting(shown).sorted()
        let extra = Set(shown).subtracting(expected[queue, default: []]).sorted()
        #expect(
          missing.isEmpty && extra.isEmpty,
          "\(trial): device \(index), \(queue): lost \(missing), unexpected \(extra) (\(restores) restores)")
      }
    }
  }
}
