import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Queue store")
struct QueueStoreTests {
  func store() throws -> QueueStore {
    QueueStore(path: try TemporaryDirectory(prefix: "queues-tests").file("queues.json"))
  }

  func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map(Array.init)
  }

  @Test("a store without a file loads a new library and writes nothing")
  func missingFile() throws {
    let store = try store()
    #expect(try store.load(now: testDate) == QueueLibrary(now: testDate))
    #expect(!FileManager.default.fileExists(atPath: store.path))
  }

  @Test("a saved library loads back equal, with its revision advanced")
  func saveAndLoad() throws {
    let store = try store()
    var library = try store.load(now: testDate)
    try library.createQueue(named: "🚴 Bike", id: QueueID("bike"), now: testDate)
    let saved = try store.save(library)
    #expect(saved.revision == 1)
    #expect(try store.load() == saved)
    #expect(bytes(store.path) == Array(saved.jsonData()))
  }

  @Test("a save over a state it has not seen is refused and writes nothing")
  func staleSave() throws {
    let store = try store()
    let first = try store.save(QueueLibrary(now: testDate))
    try store.update { (library) throws(QueueError) in try library.createQueue(named: "Elsewhere") }
    let before = bytes(store.path)
    var stale = first
    try stale.rename(.commute, to: "🚗 Drive")
    #expect(throws: QueueError.storeChanged(path: store.path, loadedRevision: 1, currentRevision: 2)) {
      try store.save(stale)
    }
    #expect(bytes(store.path) == before)
  }

  @Test("an update reads the file under the lock and applies the change on top of it")
  func update() throws {
    let store = try store()
    try store.update(now: testDate) { (library) throws(QueueError) in try library.createQueue(named: "One") }
    let saved = try store.update { (library) throws(QueueError) in try library.createQueue(named: "Two") }
    #expect(saved.queues.suffix(2).map(\.name) == ["One", "Two"])
    #expect(saved.revision == 2)
    #expect(try store.load() == saved)
    let unchanged = try store.update { _ in }
    #expect(unchanged.revision == 2, "an update that changes nothing writes nothing")
  }

  @Test("an update whose change throws writes nothing")
  func failedUpdate() throws {
    let store = try store()
    try store.save(QueueLibrary(now: testDate))
    let before = bytes(store.path)
    #expect(throws: QueueError.duplicateName("🚗 Commute", existing: "🚗 Commute")) {
      try store.update { (library) throws(QueueError) in
        try library.createQueue(named: "Fine")
        try library.createQueue(named: "🚗 Commute")
      }
    }
    #expect(bytes(store.path) == before)
  }

  @Test(
    "a corrupt file is kept aside and reported, never overwritten",
    arguments: ["not json", "", #"{"version": 2, "queues": []}"#])
  func corruptFile(content: String) throws {
    let store = try store()
    try Data(content.utf8).write(to: URL(fileURLWithPath: store.path))
    var kept: String?
    do {
      _ = try store.load(now: testDate)
      Issue.record("a corrupt file loaded")
    } catch {
      guard case .storeCorrupt(let path, _, let keptAt) = error else {
        Issue.record("expected storeCorrupt, got \(error)")
        return
      }
      #expect(path == store.path)
      kept = keptAt
    }
    let keptAt = try #require(kept)
    #expect(bytes(keptAt) == Array(content.utf8))
    #expect(keptAt.hasPrefix(store.path + ".corrupt-20261129T080000Z"))
    #expect(!FileManager.default.fileExists(atPath: store.path))
    #expect(try store.load(now: testDate) == QueueLibrary(now: testDate))
  }

  @Test("a file cut short, as a torn write would leave it, is caught")
  func truncatedFile() throws {
    let store = try store()
    var library = QueueLibrary(now: testDate)
    try library.modify(.upNext) { (queue) throws(QueueError) in try queue.playLast([reference("1"), reference("2")]) }
    let whole = Array(library.jsonData())
    try Data(whole.prefix(whole.count / 2)).write(to: URL(fileURLWithPath: store.path))
    #expect(throws: QueueError.self) { try store.update { _ in } }
    let names = try FileManager.default.contentsOfDirectory(atPath: (store.path as NSString).deletingLastPathComponent)
    #expect(names.contains { $0.hasPrefix("queues.json.corrupt-") })
  }

  @Test("a file from a newer version is reported and left as it is")
  func newerVersion() throws {
    let store = try store()
    let content = Data(#"{"version": 9, "somethingNew": true}"#.utf8)
    try content.write(to: URL(fileURLWithPath: store.path))
    #expect(throws: QueueError.storeVersionUnsupported(path: store.path, version: 9)) { try store.load() }
    #expect(throws: QueueError.storeVersionUnsupported(path: store.path, version: 9)) {
      try store.update { (library) throws(QueueError) in try library.createQueue(named: "X") }
    }
    #expect(FileManager.default.contents(atPath: store.path) == content)
  }

  @Test("a version 1 file is migrated, and kept as a backup when first replaced")
  func migration() throws {
    let store = try store()
    let version1 = Data(
      #"{"version": 1, "episodes": [{"feedURL": "f", "episodeGUID": "g", "title": "", "showTitle": "", "playbackPositionSeconds": 0, "addedAt": "2026-01-01T00:00:00Z"}]}"#
        .utf8)
    try version1.write(to: URL(fileURLWithPath: store.path))
    #expect(try store.load().upNext.guids == ["g"])
    let saved = try store.update { (library) throws(QueueError) in try library.createQueue(named: "New") }
    #expect(saved.upNext.guids == ["g"])
    #expect(FileManager.default.contents(atPath: store.path + ".v1-backup") == version1)
    #expect(try store.load() == saved)
  }

  @Test("a path that cannot be read is reported and not moved")
  func unreadable() throws {
    let directory = try TemporaryDirectory(prefix: "queues-tests").path
    try FileManager.default.createDirectory(atPath: directory + "/queues.json", withIntermediateDirectories: false)
    let store = QueueStore(path: directory + "/queues.json")
    #expect(throws: QueueError.storeUnreadable(path: store.path, reason: "Is a directory")) { try store.load() }
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: store.path, isDirectory: &isDirectory) && isDirectory.boolValue)
  }

  @Test("a store in a missing directory reports the failed write")
  func writeFailure() throws {
    let store = QueueStore(path: try TemporaryDirectory(prefix: "queues-tests").file("missing/queues.json"))
    #expect(throws: QueueError.self) { try store.save(QueueLibrary()) }
  }

  @Test("temporary files left by killed writers are removed by the next write")
  func staleTemporaryFiles() throws {
    let store = try store()
    let stale = store.path + ".tmp-99999-1"
    try Data("half a libr".utf8).write(to: URL(fileURLWithPath: stale))
    try store.save(QueueLibrary(now: testDate))
    #expect(!FileManager.default.fileExists(atPath: stale))
  }

  @Test("the README's embedding flow works through the store: fill, switch, delete with confirmation")
  func embeddingFlow() throws {
    let store = try store()
    let catalog = Catalog(shows: [
      Show(
        feedURL: "https://example.com/a.xml", title: "A",
        episodes: (1...6).map {
          Episode(guid: "a\($0)", published: later($0), durationSeconds: $0 * 5 * 60)
        })
    ])
    let engine = try FillEngine(catalog: catalog)
    var fill: QueueLibrary.FillOutcome?
    try store.update(now: testDate) { (library) throws(QueueError) in
      try library.modify(.commute) { (queue) throws(QueueError) in
        queue.smartFillSettings = SmartFillSettings(mode: .fillTime, targetSeconds: 45 * 60)
      }
      fill = try library.fill(.commute, using: engine, placement: .append)
    }
    #expect(fill?.message == nil)
    let library = try store.update { (library) throws(QueueError) in
      _ = try library.switchTo(.commute, savingPosition: nil)
    }
    #expect(library.activeQueue.id == .commute)
    #expect(library.activeQueue.current == library.activeQueue.episodes.first)
    let deletion = try library.deletion(of: .commute)
    let after = try store.update { (library) throws(QueueError) in try library.delete(deletion) }
    #expect(after.activeQueueID == .upNext)
    #expect(try store.load().deletedQueues.map(\.queue.id) == [.commute])
  }

  // MARK: Other processes

  @Test("two processes writing the same store keep each other's changes")
  func twoProcesses() throws {
    let writer = try #require(writerURL(), "build queue-store-writer first (swift build)")
    let store = try store()
    let count = 60
    let processes = try ["a", "b"].map { tag in
      let process = Process()
      process.executableURL = writer
      process.arguments = ["append", store.path, tag, String(count)]
      try process.run()
      return process
    }
    for process in processes {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    let library = try store.load()
    let guids = library.upNext.guids
    #expect(guids.count == 2 * count)
    #expect(guids.filter { $0.hasPrefix("a-") } == (0..<count).map { "a-\($0)" })
    #expect(guids.filter { $0.hasPrefix("b-") } == (0..<count).map { "b-\($0)" })
    #expect(library.revision == 2 * count)
  }

  @Test("two threads of one process writing the same store keep each other's changes")
  func twoThreads() throws {
    let store = try store()
    let count = 40
    let failures = Mutex<[QueueError]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      for index in 0..<count {
        do {
          try store.update { (library) throws(QueueError) in
            try library.modify(.upNext) { (queue) throws(QueueError) in
              try queue.playLast([reference("t\(thread)-\(index)")])
            }
          }
        } catch let error as QueueError {
          failures.withLock { $0.append(error) }
        } catch {
          Issue.record("unexpected \(error)")
        }
      }
    }
    #expect(failures.withLock { $0 }.isEmpty)
    let library = try store.load()
    #expect(library.upNext.count == 2 * count)
    #expect(library.revision == 2 * count)
  }

  @Test("a writer killed at random moments hundreds of times always leaves a whole state it wrote")
  func killedWriter() throws {
    let writer = try #require(writerURL(), "build queue-store-writer first (swift build)")
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["QUEUES_CRASH_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0..<1_000_000)
    let runs = environment["QUEUES_CRASH_RUNS"].flatMap { Int($0) } ?? 300
    print("killed-writer test: seed \(seed), \(runs) runs (replay with QUEUES_CRASH_SEED=\(seed))")
    var random = SeededGenerator(seed: seed)
    let store = try store()
    var announced: [Int: Set<UInt64>] = [:]
    var lastCommitted = 0
    var killedMidWrite = 0
    var killedAfterRename = 0
    for run in 0..<runs {
      let process = Process()
      process.executableURL = writer
      process.arguments = ["crash", store.path, String(seed), "400"]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      var received = Data()
      if run.isMultiple(of: 2) {
        // Any moment in the writer's life: starting, reading, changing, writing.
        usleep(UInt32.random(in: 1_000...60_000, using: &random))
      } else {
        // Just after the writer announces its first, second or third write: inside or around the write.
        let writes = Int.random(in: 1...3, using: &random)
        while received.split(separator: UInt8(ascii: "\n")).filter({ $0.first == UInt8(ascii: "W") }).count < writes {
          let chunk = output.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          received.append(chunk)
        }
        usleep(UInt32.random(in: 0...3_000, using: &random))
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      received.append(output.fileHandleForReading.readDataToEndOfFile())
      let text = String(decoding: received, as: UTF8.self)
      var lastAnnounced = 0
      for line in text.split(separator: "\n") {
        let fields = line.split(separator: " ")
        if fields.count == 3, fields[0] == "W", let revision = Int(fields[1]), let hash = UInt64(fields[2]) {
          announced[revision, default: []].insert(hash)
          lastAnnounced = max(lastAnnounced, revision)
        } else if fields.count == 2, fields[0] == "C", let revision = Int(fields[1]) {
          lastCommitted = max(lastCommitted, revision)
        }
      }
      guard let content = bytes(store.path) else {
        #expect(lastCommitted == 0, "seed \(seed), run \(run): the store vanished after revision \(lastCommitted)")
        continue
      }
      let library: QueueLibrary
      do {
        library = try store.load()
      } catch {
        Issue.record("seed \(seed), run \(run): the reload failed: \(error)")
        return
      }
      #expect(
        announced[library.revision]?.contains(StableHash.fnv1a64(content)) == true,
        "seed \(seed), run \(run): revision \(library.revision) on disk is not a state the writer wrote")
      #expect(
        library.revision >= lastCommitted,
        "seed \(seed), run \(run): revision \(library.revision) on disk is older than the committed \(lastCommitted)")
      if lastAnnounced > library.revision { killedMidWrite += 1 }
      if library.revision > lastCommitted { killedAfterRename += 1 }
      lastCommitted = max(lastCommitted, library.revision)
    }
    let directory = (store.path as NSString).deletingLastPathComponent
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp-") }
    #expect(leftovers.count <= 1, "stale temporary files are cleaned up by the next write: \(leftovers)")
    #expect(lastCommitted > 0, "seed \(seed): the writer never committed; the test checked nothing")
    print(
      "killed-writer test: seed \(seed), \(runs) kills, \(lastCommitted) revisions committed, "
        + "\(killedMidWrite) kills between a write's start and its rename, \(killedAfterRename) just after a rename")
  }
}

/// The `queue-store-writer` executable, built beside the test bundle (or named by `QUEUE_STORE_WRITER`).
func writerURL() -> URL? {
  if let path = ProcessInfo.processInfo.environment["QUEUE_STORE_WRITER"] {
    return URL(fileURLWithPath: path)
  }
  return BuiltProgram("queue-store-writer")?.url
}
