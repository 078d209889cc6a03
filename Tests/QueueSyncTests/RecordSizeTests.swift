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
