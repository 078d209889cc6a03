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
      })
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
