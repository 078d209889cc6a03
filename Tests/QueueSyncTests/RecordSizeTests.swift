import Foundation
import QueueSyncSimulation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

@Suite("Record size and compaction")
struct RecordSizeTests {
  /// The operations: 2,000 in the long run, 200 by default (a debug build sorts a 1,000-episode queue in
  /// milliseconds); `syncbench` runs 20,000 in a release build.
  static let operations = TestScale.count(2_000, minimum: 200)

  @Test("a 1,000-episode queue after thousands of operations on two devices stays well under CloudKit's 1 MB")
  func compaction() throws {
    for trial in SeededCases(seed: 20_000, count: 1, minimum: 1) {
      try Self.churn(trial)
    }
  }

  static func churn(_ trial: SeededCase) throws {
    var (phone, tablet) = try SyncWorkload.churn(episodes: 1_000, operations: Self.operations, seed: trial.seed)
    #expect(phone.hasSameState(as: tablet), "\(trial)")
    // The next edit compacts what the last merge left.
    try phone.makeCurrent(at: 0, in: .commute, now: at(1e6))
    let record = try #require(phone.record("queue.commute", deviceName: "iPhone", changeTag: nil))
    let queue = try #require(phone.queues[.commute])
    let count = phone.episodes(in: .commute).count
    #expect((970...1_030).contains(count), "\(trial): about 1,000 episodes (concurrent adds and removes vary it)")
    // No tombstones: the state holds the shown entries only, each with its adds (one, or a few concurrent
    // ones), at most one move and one playback position (the writes they replaced are gone).
    #expect(queue.entries.count == count, "\(trial)")
    #expect(
      queue.entries.values.allSatisfy { $0.adds.count <= 2 && $0.moves.count <= 1 && $0.progress.count <= 1 },
      "\(trial)")
    #expect(
      queue.context.counters.count == 3, "\(trial): the built-ins' and one per device, whatever the operations")
    print("record size after \(Self.operations) operations: \(record.byteCount) bytes for \(count) episodes")
    #expect(record.byteCount < 600_000, "\(trial): budget for 1,000 episodes (\(record.byteCount) bytes)")
  }
}

@Suite("Records at realistic sizes")
struct RecordLimitTests {
  /// One sync of `engine` through `server`, counting the records each save sends by identifier.
  static func sync(_ engine: inout SyncEngine, _ server: InMemorySyncServer, at now: Date, sent: inout [String: Int])
    -> SyncReport
  {
    engine.syncNow(
      now: now, fetch: { token in Result { () throws(SyncServerError) in try server.changes(since: token) } },
      save: { records in
        for record in records { sent[record.id, default: 0] += 1 }
        return .success(server.apply(records))
      }, delete: { ids in .success(server.remove(ids)) })
  }

  @Test("100,000 finished episodes reach another device, in records each well under the limit")
  func manyFinishes() throws {
    let count = 100_000
    let server = InMemorySyncServer()
    var phone = SyncEngine(replica: ReplicaID("phone"), deviceName: "iPhone", now: at(0))
    var tablet = SyncEngine(replica: ReplicaID("tablet"), deviceName: "iPad", now: at(0))
    let finished = (0..<count).map { episode("episode-\($0)", show: $0 % 50) }
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      for id in finished { library.markFinished(id, now: at(0)) }
    }
    var sent: [String: Int] = [:]
    let sending = Self.sync(&phone, server, at: at(20), sent: &sent)
    #expect(sending.problems.isEmpty && sending.failure == nil, "\(sending)")
    let receiving = Self.sync(&tablet, server, at: at(30), sent: &sent)
    #expect(receiving.problems.isEmpty && receiving.failure == nil, "\(receiving)")
    #expect(phone.pending.isEmpty)
    let largest = server.allRecords.map(\.byteCount).max() ?? 0
    #expect(largest < SyncRecord.maximumBytes / 4, "the largest record has \(largest) bytes")
    #expect(tablet.state.finished == phone.state.finished)
    #expect(finished.allSatisfy { tablet.state.finished.contains($0) })
    // One more finish sends its shard's record alone.
    sent = [:]
    try tablet.edit(now: at(100)) { (library) throws(SyncError) in library.markFinished(finished[7], now: at(100)) }
    _ = Self.sync(&tablet, server, at: at(120), sent: &sent)
    let shard = ReplicatedLibrary.finishedRecordID(FinishMarks.shard(of: finished[7]))
    #expect(sent == [shard: 1])
    _ = Self.sync(&phone, server, at: at(130), sent: &sent)
    #expect(phone.state.finished == tablet.state.finished)
  }

  @Test("a record the server refuses as too large is sent once, reported, and sent again only after an edit")
  func refusedRecordIsNotResent() throws {
    let server = InMemorySyncServer(recordLimit: 4_000)
    var phone = SyncEngine(replica: ReplicaID("phone"), deviceName: "iPhone", now: at(0))
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast((0..<100).map { reference("episode-\($0)") }, in: .commute, now: at(0))
    }
    var sent: [String: Int] = [:]
    let first = Self.sync(&phone, server, at: at(20), sent: &sent)
    #expect(sent["queue.commute"] == 1, "\(sent)")
    let refusals = first.problems.filter {
      if case .recordTooLarge(recordID: "queue.commute", _, limit: 4_000) = $0 { return true } else { return false }
    }
    #expect(refusals.count == 1, "\(first.problems)")
    #expect(server.record("queue.commute") == nil)
    // Nothing new: nothing is sent again.
    _ = Self.sync(&phone, server, at: at(40), sent: &sent)
    #expect(sent["queue.commute"] == 1, "\(sent)")
    // The next edit sends the record once more (still refused), and the edit is kept on the device.
    try phone.edit(now: at(60)) { (library) throws(SyncError) in
      try library.playLast([reference("episode-100")], in: .commute, now: at(60))
    }
    _ = Self.sync(&phone, server, at: at(80), sent: &sent)
    #expect(sent["queue.commute"] == 2, "\(sent)")
    #expect(phone.state.episodes(in: .commute).count == 101)
  }
}

@Suite("Deleted queues and finishes over a long history")
struct TombstoneTests {
  /// The bytes of queue `id`'s record on `library`.
  static func recordBytes(_ library: ReplicatedLibrary, _ id: QueueID) -> Int {
    library.record(ReplicatedLibrary.recordID(of: id), deviceName: "d", changeTag: nil)?.byteCount ?? 0
  }

  @Test("a queue deleted long ago is a small tombstone that a stale device cannot bring back")
  func staleDeviceAfterCompaction() throws {
    var phone = device("phone")
    var stale = device("stale")
    let bike = QueueID("bike")
    let settings = SmartFillSettings(mode: .fillTime, targetSeconds: 2_700, priorityShows: ["Show 1"])
    try phone.createQueue(named: "🚴 Bike", smartFillSettings: settings, id: bike, now: at(0))
    try phone.playLast((0..<200).map { reference("e\($0)") }, in: bike, now: at(1))
    exchange(&phone, &stale)
    let full = Self.recordBytes(phone, bike)
    try phone.delete(bike, now: at(10))
    let staleRecord = try #require(stale.record(ReplicatedLibrary.recordID(of: bike), deviceName: "s", changeTag: nil))
    // 31 days later the deleted queue is set apart as a tombstone.
    phone.retireDeletedQueues(now: at(31 * 86_400))
    let stone = try #require(phone.retired[bike])
    #expect(stone.entries.isEmpty && stone.alive.isEmpty && stone.smartFill.value == .null)
    let small = Self.recordBytes(phone, bike)
    #expect(small < 700, "a tombstone's record takes \(small) bytes (the queue's took \(full))")
    // The stale device's state and its old record (every episode, its creation) bring nothing back.
    var merged = phone
    merged.merge(stale)
    try merged.merge(staleRecord)
    #expect(!merged.visibleQueueIDs.contains(bike) && merged.episodes(in: bike).isEmpty)
    #expect(merged.retired[bike] == stone)
    var staleMerged = stale
    staleMerged.merge(phone)
    #expect(!staleMerged.visibleQueueIDs.contains(bike) && staleMerged.hasSameState(as: merged))
  }

  /// Devices `first` and `second` exchange their states.
  static func pair(_ devices: inout [ReplicatedLibrary], _ first: Int, _ second: Int) {
    guard first != second else { return }
    var (one, other) = (devices[first], devices[second])
    exchange(&one, &other)
    (devices[first], devices[second]) = (one, other)
  }

  @Test("over a long seeded history, deleted queues and finishes cost a bounded size each")
  func boundedHistory() throws {
    for var trial in SeededCases(seed: 0x7041_B5, count: TestScale.count(20, minimum: 2)) {
      var devices = ["a", "b", "c"].map(device)
      var snapshot: ReplicatedLibrary?
      let days = 90
      var deleted: Set<QueueID> = []
      for day in 0..<days {
        let now = at(Double(day) * 86_400 + 60)
        let index = trial.random.integer(in: 0...2)
        let id = QueueID("q\(day)")
        let count = trial.random.integer(in: 0...60)
        // Settings of up to 40 priority shows (about 1.5 KB), which a tombstone drops.
        let shows = (0..<trial.random.integer(in: 0...40)).map { "A show with a longer name \($0)" }
        let settings = SmartFillSettings(mode: .fillTime, targetSeconds: 2_700, priorityShows: shows)
        try devices[index].createQueue(named: "Queue \(day)", smartFillSettings: settings, id: id, now: now)
        try devices[index].playLast(
          (0..<count).map { reference("d\(day)-\($0)") }, in: id, now: now.addingTimeInterval(1))
        // Finishes of a small pool of episodes, again and again on every device.
        for _ in 0..<3 {
          devices[trial.random.integer(in: 0...2)].markFinished(
            episode("p\(trial.random.integer(in: 0...9))"), now: now.addingTimeInterval(2))
        }
        let older = (0..<devices.count).map { _ in trial.random.integer(in: 0...2) }
        Self.pair(&devices, older[0], older[1])
        if day > 2, let victim = devices[older[2]].visibleQueueIDs.first(where: { $0.rawValue.hasPrefix("q") }) {
          try devices[older[2]].delete(victim, now: now.addingTimeInterval(3))
          deleted.insert(victim)
        }
        if day == days / 2 { snapshot = devices[0] }
        for index in devices.indices { devices[index].retireDeletedQueues(now: now) }
      }
      // Everyone syncs after the last day, and again 31 days later (compacting what they set apart then).
      for round in 0..<2 {
        for index in devices.indices {
          devices[index].retireDeletedQueues(now: at(Double(days + 31 * round) * 86_400 + 120))
        }
        Self.pair(&devices, 0, 1)
        Self.pair(&devices, 1, 2)
        Self.pair(&devices, 0, 1)
      }
      #expect(devices[0].hasSameState(as: devices[1]) && devices[1].hasSameState(as: devices[2]), "\(trial)")
      let library = devices[0]
      #expect(library.retired.count >= deleted.count - 31, "\(trial): \(library.retired.count) retired")
      for id in library.retired.keys {
        let bytes = Self.recordBytes(library, id)
        #expect(bytes < 1_000, "\(trial): the tombstone of \(id) takes \(bytes) bytes")
      }
      // Ten episodes finished hundreds of times: a version vector each, at most one counter per device.
      #expect(library.finished.marks.count <= 10, "\(trial)")
      #expect(library.finished.marks.values.allSatisfy { $0.counters.count <= 3 }, "\(trial)")
      // A device stale since the middle of the history brings back no queue deleted since.
      var stale = try #require(snapshot)
      stale.merge(library)
      #expect(Set(stale.visibleQueueIDs) == Set(library.visibleQueueIDs), "\(trial)")
    }
  }
}
