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
final class QueueStoreTests {
  /// The directories this test made, removed when it ends.
  private var directories: [TemporaryDirectory] = []

  deinit { for directory in directories { directory.cleanUp() } }

  /// A new directory, removed when the test ends.
  func directory() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory(prefix: "queues-tests")
    directories.append(directory)
    return directory
  }

  /// A store in a new directory, without a file yet.
  func store() throws -> QueueStore { QueueStore(path: try directory().file("queues.json")) }

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
    "a file from which no queue can be read is kept aside and reported, never overwritten",
    arguments: ["not json", "", "[]", #"{"version": 2}"#, #"{"version": 3, "queues": {}}"#, #"{"version": 1}"#])
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

  @Test("a version 3 file is migrated to version 4 with its rules, and kept as .v3-backup when first replaced")
  func version3Migration() throws {
    let store = try store()
    let version3 = Data(QueueLibraryJSONTests.version3File.utf8)
    try version3.write(to: URL(fileURLWithPath: store.path))
    let loaded = try store.load()
    #expect(loaded[.commute]?.autoSwitchRules.last?.trigger == .focusFilter(focusName: "Driving"))
    let saved = try store.update { (library) throws(QueueError) in
      library.markAudioDevice("00:11:22", name: "Golf", isCar: true)
      try library.recordConsent(.always, forRule: 0, of: .commute)
    }
    #expect(FileManager.default.contents(atPath: store.path + ".v3-backup") == version3)
    let text = try String(contentsOfFile: store.path, encoding: .utf8)
    #expect(text.hasPrefix("{\n  \"version\": 4,"))
    let reloaded = try store.load()
    #expect(reloaded == saved)
    #expect(reloaded.knownAudioDevice("00:11:22")?.isCar == true)
    #expect(reloaded[.commute]?.autoSwitchRules.first?.consent == .always)
    // A second write keeps the first backup as it was.
    try store.update { (library) throws(QueueError) in try library.disableAutoSwitch(for: .sleep) }
    #expect(FileManager.default.contents(atPath: store.path + ".v3-backup") == version3)
    #expect(try store.load()[.sleep]?.isAutoSwitchEnabled == false)
  }

  @Test("a directory at the store's path is refused as such, and not moved")
  func unreadable() throws {
    let directory = try directory().path
    try FileManager.default.createDirectory(atPath: directory + "/queues.json", withIntermediateDirectories: false)
    let store = QueueStore(path: directory + "/queues.json")
    let refusal = QueueError.storeNotRegularFile(path: store.path, target: store.path, kind: .directory)
    #expect(throws: refusal) { try store.load() }
    #expect(throws: refusal) { try store.update { _ in } }
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: store.path, isDirectory: &isDirectory) && isDirectory.boolValue)
  }

  @Test("a store in a missing directory reports the failed write")
  func writeFailure() throws {
    let store = QueueStore(path: try directory().file("missing/queues.json"))
    #expect(throws: QueueError.self) { try store.save(QueueLibrary()) }
  }

  @Test("temporary files left by killed writers are removed by the next write")
  func staleTemporaryFiles() throws {
    let store = try store()
    let stale = store.path + ".tmp-queuestore-\(goneProcess())-00000000deadbeef"
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
    let count = TestScale.count(60, minimum: 20)
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
    let count = TestScale.count(40, minimum: 20)
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

  @Test("read changes nothing on disk: a corrupt file stays, and what an update set aside is listed")
  func readOnly() throws {
    let store = try store()
    try Data("{\"broken".utf8).write(to: URL(fileURLWithPath: store.path))
    #expect(throws: QueueError.self) { try store.read() }
    #expect(bytes(store.path) == Array("{\"broken".utf8))
    #expect(store.setAsideFiles.isEmpty)
    #expect(throws: QueueError.self) { try store.update { _ in } }
    #expect(store.setAsideFiles.count == 1)
    #expect(store.setAsideFiles.first.flatMap { bytes($0) } == Array("{\"broken".utf8))
    #expect(try store.read().report.isComplete, "the store is missing now: a new library")
  }

  @Test("a writer killed at random moments hundreds of times always leaves a whole state it wrote")
  func killedWriter() throws {
    let writer = try #require(writerURL(), "build queue-store-writer first (swift build)")
    let store = try store()
    var announced: [Int: Set<UInt64>] = [:]
    var lastCommitted = 0
    var killedMidWrite = 0
    var killedAfterRename = 0
    let cases = SeededCases(seed: 0xC7A5_4ED5, count: 300)
    for var trial in cases {
      let process = Process()
      process.executableURL = writer
      process.arguments = ["crash", store.path, String(trial.seed), "400"]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      var received = Data()
      if trial.index.isMultiple(of: 2) {
        // Any moment in the writer's life: starting, reading, changing, writing.
        usleep(UInt32.random(in: 1_000...60_000, using: &trial.random))
      } else {
        // Just after the writer announces its first, second or third write: inside or around the write.
        let writes = Int.random(in: 1...3, using: &trial.random)
        while received.split(separator: UInt8(ascii: "\n")).filter({ $0.first == UInt8(ascii: "W") }).count < writes {
          let chunk = output.fileHandleForReading.availableData
          if chunk.isEmpty { break }
          received.append(chunk)
        }
        usleep(UInt32.random(in: 0...3_000, using: &trial.random))
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
        #expect(lastCommitted == 0, "\(trial): the store vanished after revision \(lastCommitted)")
        continue
      }
      let library: QueueLibrary
      do {
        library = try store.load()
      } catch {
        Issue.record("\(trial): the reload failed: \(error)")
        return
      }
      #expect(
        announced[library.revision]?.contains(StableHash.fnv1a64(content)) == true,
        "\(trial): revision \(library.revision) on disk is not a state the writer wrote")
      #expect(
        library.revision >= lastCommitted,
        "\(trial): revision \(library.revision) on disk is older than the committed \(lastCommitted)")
      if lastAnnounced > library.revision { killedMidWrite += 1 }
      if library.revision > lastCommitted { killedAfterRename += 1 }
      lastCommitted = max(lastCommitted, library.revision)
    }
    let directory = (store.path as NSString).deletingLastPathComponent
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp-") }
    #expect(leftovers.count <= 1, "stale temporary files are cleaned up by the next write: \(leftovers)")
    #expect(TestScale.replayedSeed != nil || lastCommitted > 0, "the writer never committed; the test checked nothing")
    print(
      "killed-writer test: \(cases.count) kills, \(lastCommitted) revisions committed, "
        + "\(killedMidWrite) kills between a write's start and its rename, \(killedAfterRename) just after a rename")
  }
}

/// A process identifier that no process has: one above the system's largest (Linux's `pid_max`).
func goneProcess() -> pid_t {
  let text = (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)) ?? ""
  return (pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 99_998) + 1
}

/// The `queue-store-writer` executable, built beside the test bundle (or named by `QUEUE_STORE_WRITER`).
func writerURL() -> URL? {
  if let path = ProcessInfo.processInfo.environment["QUEUE_STORE_WRITER"] {
    return URL(fileURLWithPath: path)
  }
  return BuiltProgram("queue-store-writer")?.url
}

// MARK: Bad input (the hostile review's reproductions)

extension QueueStoreTests {
  /// A library whose Up Next holds 450 episodes, with a queue "🚴 Bike" (id "bike") beside the built-in ones.
  static func bigLibrary() throws -> QueueLibrary {
    var library = QueueLibrary(now: testDate)
    try library.modify(.upNext, now: testDate) { (queue) throws(QueueError) in
      try queue.playLast((0..<450).map { reference("e\($0)") })
    }
    try library.createQueue(named: "🚴 Bike", id: QueueID("bike"), now: testDate)
    return library
  }

  /// The number of episodes of the queue `id` in the store file at `path`, read as plain JSON.
  func episodeCount(of id: String, inFileAt path: String) -> Int? {
    guard let bytes = bytes(path), case .object(let root)? = try? JSONValue.parse(bytes),
      case .array(let queues)? = root["queues"]
    else { return nil }
    for case .object(let queue) in queues where queue["id"] == .string(id) {
      if case .array(let episodes)? = queue["episodes"] { return episodes.count }
    }
    return nil
  }

  @Test("one queue name over the limit does not cost the store its other queues")
  func longNameKeepsTheRest() throws {
    let store = try store()
    let long = "🚴 " + String(repeating: "x", count: 45)
    let text = try Self.bigLibrary().jsonText().replacingOccurrences(of: "🚴 Bike", with: long)
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
    #expect(throws: QueueError.self) { try store.load(now: testDate) }
    #expect(throws: QueueError.self) {
      try store.update(now: testDate) { (library) throws(QueueError) in try library.createQueue(named: "New") }
    }
    _ = try? store.update(now: testDate) { (library) throws(QueueError) in try library.createQueue(named: "New") }
    #expect(episodeCount(of: "up-next", inFileAt: store.path) == 450, "the 450 episodes are still in the store")
    #expect(bytes(store.path) == Array(text.utf8), "a store that was not read whole is not written over")
  }

  @Test("members this version does not know survive a load, a change and a save, at every level")
  func unknownMembersSurvive() throws {
    let store = try store()
    var library = try QueueLibraryJSONTests.sample()
    try library.modify(.upNext) { (queue) throws(QueueError) in
      queue.smartFillSettings = SmartFillSettings(mode: .variety, targetSeconds: 3600)
    }
    let extra = #"{"n": 1.5, "list": [1, "two", null, true], "nested": {"b": [], "a": {}}}"#
    var text = library.jsonText()
    // A member beside a known key of each kind of object: the top level, a queue, an episode, a rule, smart fill
    // settings, a deleted queue's record.
    text = text.replacingOccurrences(of: #""queueLimit": 6,"#, with: #""queueLimit": 6, "topNew": \#(extra),"#)
    text = text.replacingOccurrences(
      of: #""id": "commute","#, with: #""id": "commute", "queueNew": "q","#)
    text = text.replacingOccurrences(
      of: #""episodeGUID": "a-1","#, with: #""episodeGUID": "a-1", "episodeNew": \#(extra),"#)
    text = text.replacingOccurrences(of: #""kind": "car""#, with: #""kind": "car", "ruleNew": false"#)
    text = text.replacingOccurrences(of: #""mode": "fill-time","#, with: #""mode": "fill-time", "settingsNew": 7,"#)
    text = text.replacingOccurrences(of: #""formerIndex": 2,"#, with: #""formerIndex": 2, "deletedNew": [2],"#)
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
    try store.update { (library) throws(QueueError) in
      try library.rename(.commute, to: "🚗 Drive")
      try library.modify(.upNext) { (queue) throws(QueueError) in try queue.playLast([reference("new")]) }
    }
    let written = try #require(bytes(store.path))
    guard case .object(let root) = try JSONValue.parse(written),
      case .array(let queues)? = root["queues"], case .object(let upNext) = queues[0],
      case .object(let commute) = queues[1], case .array(let episodes)? = upNext["episodes"],
      case .object(let episode) = episodes[0], case .array(let rules)? = commute["autoSwitchRules"],
      case .object(let rule) = rules[0], case .object(let settings)? = commute["smartFillSettings"],
      case .array(let deleted)? = root["deletedQueues"], case .object(let record) = deleted[0]
    else {
      Issue.record("unexpected shape:\n\(String(decoding: written, as: UTF8.self))")
      return
    }
    let value = try JSONValue.parse(Array(extra.utf8))
    #expect(root["topNew"] == value)
    #expect(commute["queueNew"] == .string("q"))
    #expect(commute["name"] == .string("🚗 Drive"))
    #expect(episode["episodeNew"] == value)
    #expect(rule["ruleNew"] == .bool(false))
    #expect(settings["settingsNew"] == .integer(7))
    #expect(record["deletedNew"] == .array([.integer(2)]))
  }

  @Test("a revision at the largest integer does not make the store unwritable")
  func hugeRevision() throws {
    let store = try store()
    let text = QueueLibrary(now: testDate).jsonText()
      .replacingOccurrences(of: #""revision": 0"#, with: #""revision": 9223372036854775807"#)
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
    // Before the bound, this update trapped on `revision + 1`.
    #expect(throws: QueueError.self) {
      try store.update(now: testDate) { (library) throws(QueueError) in try library.createQueue(named: "New") }
    }
    #expect(bytes(store.path) == Array(text.utf8))
  }

  @Test("durations near the largest integer are refused, so that the sum of a queue cannot overflow")
  func hugeDurations() throws {
    let store = try store()
    var library = QueueLibrary(now: testDate)
    try library.modify(.upNext) { (queue) throws(QueueError) in
      try queue.playLast([reference("1", minutes: 10), reference("2", minutes: 20)])
    }
    let text = library.jsonText()
      .replacingOccurrences(of: #""durationSeconds": 600"#, with: #""durationSeconds": 9223372036854775807"#)
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
    // Before the bound, the library loaded and its summary trapped adding up the durations.
    let loaded = try? store.load(now: testDate)
    #expect(loaded?.upNext.summary != "")
    #expect(loaded == nil || loaded?.upNext.count == 1)
  }
}

// MARK: Incomplete stores

extension QueueStoreTests {
  /// A store whose queue "bike" has a 47-character name, beside Up Next's 450 episodes; its text and the issue
  /// its load reports.
  func storeWithLongName() throws -> (QueueStore, String, LoadReport.Issue) {
    let store = try store()
    let long = "🚴 " + String(repeating: "x", count: 45)
    let text = try Self.bigLibrary().jsonText().replacingOccurrences(of: "🚴 Bike", with: long)
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
    let quoted = JSONWriter.quoted(long)
    let issue = LoadReport.Issue(
      location: "queues[4].name", value: quoted, reason: "must be at most 40 characters, has 47, found \(quoted)",
      outcome: .queueSkipped(id: QueueID("bike"), name: long))
    return (store, text, issue)
  }

  @Test("an incomplete store loads every valid queue, with a report of the one left out and a copy of the file")
  func incompleteLoad() throws {
    let (store, text, issue) = try storeWithLongName()
    let (library, report) = try store.loadReporting(now: testDate)
    #expect(library.upNext.count == 450)
    #expect(library.queues.map(\.id) == [.upNext, .commute, .workout, .sleep])
    #expect(report.issues == [issue])
    let backup = try #require(report.backupPath)
    #expect(backup.hasPrefix(store.path + ".incomplete-"))
    #expect(bytes(backup) == Array(text.utf8))
    #expect(bytes(store.path) == Array(text.utf8), "the store itself is left as it is")
    #expect(throws: QueueError.storeIncomplete(path: store.path, issues: [issue], backupPath: backup)) {
      try store.load(now: testDate)
    }
    // Loading again keeps the one copy.
    #expect(try store.loadReporting(now: testDate).report == report)
    let names = try FileManager.default.contentsOfDirectory(atPath: (store.path as NSString).deletingLastPathComponent)
    #expect(names.filter { $0.contains(".incomplete-") }.count == 1)
  }

  @Test("an incomplete store is written over only with the report of what it loses")
  func incompleteWrite() throws {
    let (store, text, issue) = try storeWithLongName()
    let (library, report) = try store.loadReporting(now: testDate)
    let refusal = QueueError.storeIncomplete(path: store.path, issues: [issue], backupPath: report.backupPath)
    #expect(throws: refusal) { try store.update { _ in } }
    #expect(throws: refusal) { try store.save(library) }
    var other = report
    other.issues[0].reason = "something else"
    #expect(throws: refusal) { try store.update(discarding: other) { _ in } }
    #expect(bytes(store.path) == Array(text.utf8))

    let saved = try store.update(now: testDate, discarding: report) { (library) throws(QueueError) in
      try library.createQueue(named: "🚴 Bike", id: QueueID("bike-2"), now: testDate)
    }
    #expect(saved.revision == 1)
    #expect(saved.upNext.count == 450)
    #expect(try store.load() == saved)
    #expect(bytes(try #require(report.backupPath)) == Array(text.utf8), "the copy keeps what was left out")
    try store.update { (library) throws(QueueError) in try library.createQueue(named: "Later") }
  }

  @Test("an incomplete store is repaired by an update that changes nothing, or by a save, given its report")
  func incompleteRepair() throws {
    let (store, _, _) = try storeWithLongName()
    let (library, report) = try store.loadReporting(now: testDate)
    let repaired = try store.update(discarding: report) { _ in }
    #expect(repaired.revision == 1)
    #expect(try store.loadReporting().report.isComplete)

    let (second, _, _) = try storeWithLongName()
    let (_, secondReport) = try second.loadReporting(now: testDate)
    let saved = try second.save(library, discarding: secondReport)
    #expect(saved.revision == 1)
    #expect(try second.load() == saved)
  }

  @Test("a report of an earlier state of the file does not allow writing over a later one")
  func staleReport() throws {
    let (store, _, _) = try storeWithLongName()
    let (_, report) = try store.loadReporting(now: testDate)
    let text = QueueLibrary(now: testDate).jsonText().replacingOccurrences(
      of: #""kind": "car""#, with: #""kind": "boat""#)
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
    #expect {
      try store.update(discarding: report) { _ in }
    } throws: { error in
      guard case .storeIncomplete(_, let issues, _) = error as? QueueError else { return false }
      return issues.map(\.location) == ["queues[1].autoSwitchRules[0].kind"]
    }
    #expect(bytes(store.path) == Array(text.utf8))
  }

  @Test("a revision out of bounds is reported, and the store is written again from revision 1 once accepted")
  func revisionOutOfBounds() throws {
    let store = try store()
    let text = QueueLibrary(now: testDate).jsonText()
      .replacingOccurrences(of: #""revision": 0"#, with: #""revision": 9223372036854775807"#)
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
    let (_, report) = try store.loadReporting(now: testDate)
    #expect(
      report.issues == [
        LoadReport.Issue(
          location: "revision", value: "9223372036854775807",
          reason: "must be from 0 to 9007199254740991, found 9223372036854775807", outcome: .replaced(with: "0"))
      ])
    #expect(try store.update(discarding: report) { _ in }.revision == 1)
    #expect(try store.update { (library) throws(QueueError) in try library.createQueue(named: "X") }.revision == 2)
  }

  @Test("the write after the largest revision is revision 1, and a save from before it is still refused")
  func revisionWraps() throws {
    let store = try store()
    let top = QueueLibrary.maximumRevision
    let text = QueueLibrary(now: testDate).jsonText()
      .replacingOccurrences(of: #""revision": 0"#, with: #""revision": \#(top)"#)
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
    let loaded = try store.load(now: testDate)
    #expect(loaded.revision == top)
    let saved = try store.update { (library) throws(QueueError) in try library.createQueue(named: "X") }
    #expect(saved.revision == 1)
    #expect(throws: QueueError.storeChanged(path: store.path, loadedRevision: top, currentRevision: 1)) {
      try store.save(loaded)
    }
    #expect(try store.save(saved).revision == 2)
  }

  @Test("a library that would not read back whole is not written")
  func unreadableLibraryNotWritten() throws {
    let store = try store()
    try store.save(QueueLibrary(now: testDate))
    let before = bytes(store.path)
    #expect(
      throws: QueueError.malformedLibrary(
        location: "queues[1].smartFillSettings.targetSeconds", reason: "must be from 1 to 604800, got 0")
    ) {
      try store.update { (library) throws(QueueError) in
        try library.modify(.commute) { (queue) throws(QueueError) in
          queue.smartFillSettings = SmartFillSettings(mode: .fillTime, targetSeconds: 0)
        }
      }
    }
    #expect(bytes(store.path) == before)
  }
}
