import Foundation
import Queues
import SmartFill
import SmartFillSupport
import Testing

@testable import QueueSync

@Suite("Record size and compaction")
struct RecordSizeTests {
  /// The operations in `swift test` (a debug build sorts a 1,000-episode queue in about 20 ms, so 20,000
  /// operations take minutes there); `syncbench` runs the full 20,000 in a release build. Set
  /// `QUEUESYNC_SIZE_OPERATIONS=20000` to run them here.
  static let operations = ProcessInfo.processInfo.environment["QUEUESYNC_SIZE_OPERATIONS"].flatMap { Int($0) } ?? 300

  @Test("a 1,000-episode queue after thousands of operations on two devices stays well under CloudKit's 1 MB")
  func compaction() throws {
    var (phone, tablet) = try SyncWorkload.churn(episodes: 1_000, operations: Self.operations, seed: 20_000)
    #expect(phone.hasSameState(as: tablet))
    // The next edit compacts what the last merge left.
    try phone.makeCurrent(at: 0, in: .commute, now: at(1e6))
    let record = try #require(phone.record("queue.commute", deviceName: "iPhone", changeTag: nil))
    let queue = try #require(phone.queues[.commute])
    let count = phone.episodes(in: .commute).count
    #expect((990...1_010).contains(count), "about 1,000 episodes (concurrent adds and removes vary it)")
    // No tombstones: the state holds the shown entries only, each with its adds (one, or a few concurrent
    // ones), at most one move and one playback position (the writes they replaced are gone).
    #expect(queue.entries.count == count)
    #expect(queue.entries.values.allSatisfy { $0.adds.count <= 2 && $0.moves.count <= 1 && $0.progress.count <= 1 })
    #expect(queue.context.counters.count == 3, "the built-ins' and one per device, whatever the number of operations")
    print("record size after \(Self.operations) operations: \(record.byteCount) bytes for \(count) episodes")
    #expect(record.byteCount < 600_000, "budget for 1,000 episodes (\(record.byteCount) bytes)")
    #expect(record.byteCount < SyncRecord.maximumBytes)
  }
}
