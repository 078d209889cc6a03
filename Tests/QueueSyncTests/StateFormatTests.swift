import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

@Suite("The record state's wire format")
struct StateFormatTests {
  /// Device "a" creates "Bike" at the start and appends episode "x" a second later.
  static func bike() throws -> ReplicatedLibrary {
    var library = device("a")
    try library.createQueue(named: "Bike", id: QueueID("bike"), now: at(0))
    try library.playLast([reference("x")], in: QueueID("bike"), now: at(1))
    return library
  }

  @Test("a queue's state is pinned byte for byte")
  func pinned() throws {
    let library = try Self.bike()
    let bytes = StateWriter.encode(try #require(library.queues[QueueID("bike")]))
    let stamp = "[1767225600000,0,0]"
    let later = "[1767225601000,0,0]"
    let expected =
      #"{"format":1,"replicas":["a",""],"feeds":["https://example.com/show-1.xml"],"queueID":"bike","#
      // The add of x renews the creation (dot 4), so that a concurrent delete keeps the queue.
      + #""context":[0,4],"alive":[0,4],"title":["Bike",\#(stamp)],"emoji":[null,\#(stamp)],"#
      + #""rules":[[],\#(stamp)],"smartFill":[null,\#(stamp)],"autoSwitch":[true,[0,0,1]],"#
      + #""playhead":[null,null,\#(stamp)],"#
      // Created at the end of the list: its own run under the top-level place after Sleep's (4).
      + #""listPosition":[[5,1,1,1,0,1],\#(stamp)],"createdAt":"2026-01-01T00:00:00Z","#
      + #""lastModified":"2026-01-01T00:00:01Z","entries":[[0,"x","#
      + #"[[0,2,[],\#(later),"Episode x","Show 1",1800,1767225600]],[[0,3,[1,0,2],\#(later)]],[]]]}"#
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }

  @Test("every record reads back to the state it was made from")
  func roundTrip() throws {
    for trial in SeededCases(seed: 0xF0A7, count: 20) {
      let states = randomHistory(seed: trial.seed)
      let library = states[states.count - 1]
      // The library's state comes in parts: the audio devices in one record, the finishes in shards.
      var finished = FinishedEpisodes()
      var audioDevices = AudioDeviceAnswers()
      for id in library.recordIDs {
        let record = try #require(library.record(id, deviceName: "x", changeTag: nil))
        switch try ReplicatedLibrary.state(of: record) {
        case .queue(let queue): #expect(queue == library.queues[queue.id], "\(trial), \(id)")
        case .library(let part, let devices):
          #expect(part.marks.allSatisfy { ReplicatedLibrary.finishedRecordID(FinishMarks.shard(of: $0.key)) == id })
          #expect(devices.answers.isEmpty || id == ReplicatedLibrary.libraryRecordID, "\(trial), \(id)")
          finished = finished.merged(with: part)
          audioDevices = audioDevices.merged(with: devices)
        }
      }
      #expect(finished == library.finished, "\(trial)")
      #expect(audioDevices == library.audioDevices, "\(trial)")
    }
  }

  @Test(
    "bad states are refused with their place",
    arguments: [
      (#"{"format":2}"#, "state.format", "must be 1, found 2"),
      (#"{"format":1,"replicas":[],"feeds":[]}"#, "state.queueID", "the field is missing"),
      (
        #"{"format":1,"replicas":["a"],"feeds":[],"queueID":"bike","title":["Bike",[1,0,5]]}"#,
        "state.title[1][2]", "must be from 0 to 0, found 5"
      ),
    ])
  func badStates(text: String, location: String, reason: String) {
    let record = SyncRecord(id: "queue.bike", type: "Queue", fields: ["state": .json(Array(text.utf8))])
    #expect(throws: SyncError.invalidRecord(recordID: "queue.bike", location: location, reason: reason)) {
      try ReplicatedLibrary.state(of: record)
    }
  }
}

@Suite("The sync state file")
struct SyncStoreTests {
  @Test("the engine reads back whole, with the library in the Queues form beside the sync state")
  func roundTrip() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = SyncStore(path: folder.path + "/sync.json")
    #expect(try store.load() == nil)
    var engine = engine("phone")
    try engine.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast([reference("a"), reference("b")], in: .commute, now: at(0))
      library.markFinished(episode("b"), now: at(1))
      library.markAudioDevice("00:1A:7D", name: "Golf", isCar: true, now: at(2))
      try library.disableAutoSwitch(for: .commute, now: at(3))
    }
    try store.save(engine)
    let loaded = try #require(try store.load())
    #expect(loaded.state.hasSameState(as: engine.state))
    #expect(loaded.state.counter == engine.state.counter && loaded.state.clock == engine.state.clock)
    #expect(loaded.state.latestPosition == engine.state.latestPosition)
    #expect(loaded.pending == engine.pending && loaded.pendingSince == engine.pendingSince)
    #expect(loaded.token == engine.token && loaded.changeTags == engine.changeTags)
    #expect(loaded.snapshots == engine.snapshots)
    let file = try #require(FileManager.default.contents(atPath: store.path))
    guard case .object(let root) = try JSONValue.parse(Array(file)), let library = root["library"] else {
      Issue.record("no library member")
      return
    }
    var json = JSONWriter()
    json.write(library)
    #expect(try QueueLibrary(json: json.bytes) == engine.library())
    #expect(try loaded.library().knownAudioDevice("00:1A:7D")?.isCar == true)
    #expect(try !loaded.library().queue(.commute).isAutoSwitchEnabled)
  }

  @Test("a bad or newer file is refused with a typed error, and left as it is")
  func badFiles() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let path = folder.path + "/sync.json"
    try Data(#"{"version": 9}"#.utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: SyncError.stateFileVersionUnsupported(path: path, version: 9)) { try SyncStore(path: path).load() }
    try Data(#"{"version": 1, "sync": {"replica": ""}}"#.utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: SyncError.invalidStateFile(path: path, location: "sync.replica", reason: "must not be empty")) {
      try SyncStore(path: path).load()
    }
    #expect(FileManager.default.contents(atPath: path) == Data(#"{"version": 1, "sync": {"replica": ""}}"#.utf8))
  }
}
