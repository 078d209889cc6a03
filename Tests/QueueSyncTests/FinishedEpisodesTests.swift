import Foundation
import Queues
import SmartFill
import SmartFillTestSupport
import Testing

@testable import QueueSync

@Suite("Finished episodes")
struct FinishedEpisodesTests {
  @Test("an episode finished again and again costs one counter per device that finished it")
  func oneCounterPerDevice() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    for round in 0..<50 {
      try phone.playLast([reference("a")], in: .upNext, now: at(Double(round * 10)))
      phone.markFinished(episode("a"), now: at(Double(round * 10 + 1)))
      tablet.markFinished(episode("a"), now: at(Double(round * 10 + 2)))
    }
    exchange(&phone, &tablet)
    #expect(phone.finished.marks[episode("a")]?.counters.count == 2)
    try phone.playLast([reference("a")], in: .upNext, now: at(1_000))
    let add = try #require(phone.queues[.upNext]?.entries[episode("a")]?.adds.values.first)
    #expect(add.finishesSeen.counters.count == 2, "an add knows the latest finish of each device")
  }

  @Test("an add that knew a device's earlier finish, not its later one, is hidden by the later one")
  func laterFinishHides() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    phone.markFinished(episode("a"), now: at(1))
    exchange(&phone, &tablet)
    // The tablet adds it again on purpose, knowing the first finish; the phone finishes it again meanwhile.
    try tablet.playLast([reference("a")], in: .commute, now: at(2))
    phone.markFinished(episode("a"), now: at(3))
    exchange(&phone, &tablet)
    #expect(guids(tablet, .commute).isEmpty)
    #expect(phone.hasSameState(as: tablet))
  }

  @Test("a state written with every finish's dot reads as the latest finish per device")
  func oldStatesCompact() throws {
    let text =
      #"{"format":1,"replicas":["a","b"],"feeds":["https://example.com/show-1.xml"],"#
      + #""finished":[[0,"x",[0,3,0,7,1,2]]],"audioDevices":[]}"#
    let record = SyncRecord(id: "library", type: "Library", fields: ["state": .json(Array(text.utf8))])
    guard case .library(let finished, _) = try ReplicatedLibrary.state(of: record) else {
      Issue.record("not a library state")
      return
    }
    #expect(finished.marks[episode("x")] == VersionVector([ReplicaID("a"): 7, ReplicaID("b"): 2]))
  }
}

@Suite("Finished episodes in shards")
struct FinishedShardTests {
  @Test("a state file whose library record was pending before the finishes were sharded sends every shard")
  func pendingLibraryBeforeSharding() async throws {
    let server = InMemorySyncServer()
    var phone = SyncEngine(replica: ReplicaID("phone"), deviceName: "iPhone", now: at(0))
    let finished = (0..<20).map { episode("e\($0)") }
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      for id in finished { library.markFinished(id, now: at(0)) }
    }
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let path = folder.path + "/sync.json"
    try SyncStore(path: path).save(phone)
    // The file as the version before the shards wrote it: the finishes waited in the pending library record.
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let pending = try #require(text.range(of: #""pending":\s*\[[^\]]*\]"#, options: .regularExpression))
    #expect(text[pending].contains("finished."))
    let old = text.replacingCharacters(in: pending, with: #""pending": ["library"]"#)
    var loaded = try SyncStore.engine(bytes: Array(old.utf8), path: path)
    _ = await loaded.sync(with: server, now: at(20))
    var tablet = SyncEngine(replica: ReplicaID("tablet"), deviceName: "iPad", now: at(0))
    _ = await tablet.sync(with: server, now: at(30))
    #expect(finished.allSatisfy { tablet.state.finished.contains($0) })
  }
}
