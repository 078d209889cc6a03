import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

@Suite("Queues in parts under faults")
struct QueuePartsFaultTests {
  /// A device's engine read back from its state file's bytes, as after a crash (the test's knobs set again).
  static func restarted(_ bytes: [UInt8], name: String) throws -> SyncEngine {
    var engine = try SyncEngine.load(bytes, name: name)
    engine.splitBytes = 20_000
    engine.partBytes = 6_000
    return engine
  }

  @Test("devices editing a queue in parts through paged, reordered, stale and lost deliveries and crashes converge")
  func randomizedFaults() throws {
    for var trial in SeededCases(seed: 0x9A27_F0, count: TestScale.count(40, minimum: 4)) {
      let transport = PartsTransport(seed: trial.random.next())
      transport.faulty = true
      transport.lostPercent = 15
      let count = trial.random.integer(in: 2...3)
      var devices = (0..<count).map { splittingEngine("device-\($0)", split: 20_000, part: 6_000) }
      // The model: every episode added and not removed since, whatever travelled how.
      var expected: Set<EpisodeID> = []
      var next = 0
      func fresh(_ number: Int) -> [EpisodeReference] {
        (0..<number).map { _ in
          next += 1
          return reference("e\(next)", show: next % 7)
        }
      }
      let initial = fresh(trial.random.integer(in: 150...300))
      try devices[0].edit(now: at(0)) { (library) throws(SyncError) in
        try library.playLast(initial, in: .commute, now: at(0))
      }
      expected.formUnion(initial.map(\.id))
      var now = at(0)
      var crashes = 0
      for _ in 0..<30 {
        now += 15
        let index = trial.random.integer(in: 0...(count - 1))
        if trial.random.chance(1, in: 2) {
          let shown = devices[index].state.episodes(in: .commute)
          let time = now
          switch trial.random.integer(in: 0...2) {
          case 0 where !shown.isEmpty:
            let victim = shown[trial.random.integer(in: 0...(shown.count - 1))]
            try devices[index].edit(now: time) { (library) throws(SyncError) in
              try library.remove(victim, from: .commute, now: time)
            }
            expected.remove(victim)
          case 1:
            let added = fresh(trial.random.integer(in: 1...4))
            try devices[index].edit(now: time) { (library) throws(SyncError) in
              try library.playNext(added, in: .commute, now: time)
            }
            expected.formUnion(added.map(\.id))
          default:
            let added = fresh(trial.random.integer(in: 1...20))
            try devices[index].edit(now: time) { (library) throws(SyncError) in
              try library.playLast(added, in: .commute, now: time)
            }
            expected.formUnion(added.map(\.id))
          }
        } else {
          transport.pageSize = trial.random.integer(in: 2...8)
          // A crash at a random answer: the device comes back as its state file was then.
          let crashAt = trial.random.chance(1, in: 4) ? trial.random.integer(in: 0...6) : -1
          var answers = 0
          var saved: [UInt8]?
          transport.sync(&devices[index], at: now) { engine in
            if answers == crashAt { saved = try? SyncStore.bytes(of: engine) }
            answers += 1
          }
          if let saved {
            devices[index] = try Self.restarted(saved, name: "device-\(index)")
            crashes += 1
          }
        }
      }
      // Settle: no more faults; everyone syncs, then again two days later (parts no head names go after a day).
      transport.faulty = false
      transport.lostPercent = 0
      for day in 0..<2 {
        now += Double(day) * 2 * 86_400
        for round in 0..<4 {
          for index in devices.indices {
            let report = transport.sync(&devices[index], at: now + Double(round * 20 + index))
            #expect(report.problems.isEmpty && report.failure == nil, "\(trial): \(report)")
          }
        }
      }
      let first = devices[0]
      #expect(Set(first.state.episodes(in: .commute)) == expected, "\(trial): nothing lost, nothing resurrected")
      for (index, device) in devices.enumerated() {
        #expect(device.state.hasSameState(as: first.state), "\(trial): device \(index) differs")
        #expect(device.pending.isEmpty, "\(trial): device \(index) has \(device.pending) pending")
        #expect(device.partCache.waiting.isEmpty, "\(trial): device \(index) waits")
      }
      // The server holds it all: a new device gets the same state from it.
      var newcomer = splittingEngine("newcomer", split: 20_000, part: 6_000)
      transport.pageSize = 3
      transport.sync(&newcomer, at: now + 200)
      let complete = newcomer.state.queues[.commute] == first.state.queues[.commute]
      #expect(complete, "\(trial): the server lacks something")
      #expect(transport.unnamedParts.isEmpty, "\(trial): \(transport.unnamedParts.count) parts no head names")
      let records = transport.server.allRecords
      #expect(records.allSatisfy { $0.byteCount < SyncRecord.maximumBytes }, "\(trial)")
      #expect(records.contains { QueueParts.isHead($0) }, "\(trial): the queue travelled in parts")
      _ = crashes
    }
  }
}

extension SyncEngine {
  /// The engine in a state file's bytes.
  static func load(_ bytes: [UInt8], name: String) throws -> SyncEngine {
    try SyncStore.engine(bytes: bytes, path: name + ".json")
  }
}
