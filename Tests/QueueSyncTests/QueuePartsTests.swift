import Foundation
import QueueSyncSimulation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// A server for the tests of queues in parts: the in-memory server, fetched in pages of at most `pageSize`
/// records, with stale versions of heads, duplicated and reordered deliveries, and lost answers when asked.
final class PartsTransport {
  let server = InMemorySyncServer()
  var random: SplitMix64
  var pageSize = Int.max
  /// The percentage of answers lost (the request applied, the answer never came).
  var lostPercent = 0
  /// Whether fetches duplicate records, reorder them and bring stale versions of heads.
  var faulty = false
  /// The pages left of the fetch under way, with the token it started from.
  var pages: (from: ChangeToken?, left: [FetchedChanges])?
  /// Every version of each queue record saved, to deliver stale ones.
  var history: [String: [SyncRecord]] = [:]

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  func fetch(_ token: ChangeToken?) -> Result<FetchedChanges, SyncServerError> {
    if let pages, pages.from == token, let next = pages.left.first {
      self.pages = pages.left.count > 1 ? (token, Array(pages.left.dropFirst())) : nil
      return .success(next)
    }
    let all: FetchedChanges
    do { all = try server.changes(since: token) } catch { return .failure(error) }
    var delivered: [SyncRecord] = []
    for record in all.changed {
      delivered.append(record)
      guard faulty else { continue }
      if random.chance(1, in: 8) { delivered.append(record) }
      if let older = history[record.id]?.dropLast().last, random.chance(1, in: 4) { delivered.append(older) }
    }
    if faulty { random.shuffle(&delivered) }
    var split: [FetchedChanges] = []
    var start = 0
    repeat {
      let end = min(delivered.count, start + pageSize)
      split.append(FetchedChanges(changed: Array(delivered[start..<end]), token: token ?? ChangeToken(rawValue: "0")))
      start = end
    } while start < delivered.count
    for index in split.indices { split[index].moreComing = index < split.count - 1 }
    split[split.count - 1].deleted = all.deleted
    split[split.count - 1].token = all.token
    pages = split.count > 1 ? (token, Array(split.dropFirst())) : nil
    return .success(split[0])
  }

  func save(_ records: [SyncRecord]) -> Result<[SaveOutcome], SyncServerError> {
    let outcomes = server.apply(records)
    for case .saved(let record) in outcomes where record.id.hasPrefix("queue.") {
      history[record.id, default: []].append(record)
    }
    return random.chance(lostPercent, in: 100) ? .failure(.connectionLost) : .success(outcomes)
  }

  func delete(_ ids: [String]) -> Result<Void, SyncServerError> {
    server.remove(ids)
    return random.chance(lostPercent, in: 100) ? .failure(.connectionLost) : .success(())
  }

  /// One sync of `engine`; `after` runs after each answer.
  @discardableResult
  func sync(_ engine: inout SyncEngine, at now: Date, after: (inout SyncEngine) -> Void = { _ in }) -> SyncReport {
    engine.syncNow(now: now, fetch: fetch, save: save, delete: delete, after: after)
  }

  /// The parts on the server that no head on the server names.
  var unnamedParts: [String] {
    let records = server.allRecords
    let named = Set(records.filter(QueueParts.isHead).flatMap { (try? QueueParts.info(of: $0).parts) ?? [] })
    return records.map(\.id).filter { QueueParts.isPart($0) && !named.contains($0) }
  }
}

/// An engine that splits a queue's record past `split` bytes, in parts of at most `part` bytes.
func splittingEngine(_ name: String, split: Int, part: Int) -> SyncEngine {
  var engine = SyncEngine(replica: ReplicaID(name), deviceName: name, now: at(0))
  engine.splitBytes = split
  engine.partBytes = part
  return engine
}

@Suite("Queues travelling in parts")
struct QueuePartsTests {
  @Test("a 10,000-episode queue and its edits reach another device in records under 1 MB, old parts deleted")
  func tenThousandEpisodes() throws {
    let transport = PartsTransport(seed: 1)
    var phone = SyncEngine(replica: ReplicaID("phone"), deviceName: "iPhone", now: at(0))
    var tablet = SyncEngine(replica: ReplicaID("tablet"), deviceName: "iPad", now: at(0))
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast((0..<10_000).map { reference("episode-\($0)", show: $0 % 40) }, in: .commute, now: at(0))
    }
    let sent = transport.sync(&phone, at: at(20))
    #expect(sent.problems.isEmpty && sent.failure == nil, "\(sent)")
    #expect(phone.pending.isEmpty)
    let received = transport.sync(&tablet, at: at(30))
    #expect(received.problems.isEmpty && received.failure == nil, "\(received)")
    #expect(tablet.state.episodes(in: .commute) == phone.state.episodes(in: .commute))
    #expect(tablet.state.episodes(in: .commute).count == 10_000)
    let same = tablet.state.hasSameState(as: phone.state)
    #expect(same)
    let records = transport.server.allRecords
    #expect(records.allSatisfy { $0.byteCount < SyncRecord.maximumBytes }, "\(records.map(\.byteCount).max() ?? 0)")
    let head = try #require(transport.server.record("queue.commute"))
    #expect(head.fields["state"] == nil && head.fields["episodeCount"] == .integer(10_000))
    let parts = try QueueParts.info(of: head).parts
    #expect(parts.count >= 2, "\(parts.count) parts")
    // Edits on either device reach the other; the parts they replace are deleted.
    let edits = TestScale.count(20, minimum: 4)
    for edit in 0..<edits {
      let time = at(Double(100 + edit * 100))
      if edit.isMultiple(of: 2) {
        try phone.edit(now: time) { (library) throws(SyncError) in
          try library.playNext([reference("new-\(edit)")], in: .commute, now: time)
        }
      } else {
        try tablet.edit(now: time) { (library) throws(SyncError) in
          try library.remove(episode("episode-\(edit)", show: edit % 40), from: .commute, now: time)
        }
      }
      for (index, report) in [
        transport.sync(&phone, at: time + 20), transport.sync(&tablet, at: time + 30),
        transport.sync(&phone, at: time + 40),
      ].enumerated() {
        #expect(report.problems.isEmpty && report.failure == nil, "edit \(edit), sync \(index): \(report)")
      }
      let same = tablet.state.hasSameState(as: phone.state)
      #expect(same, "edit \(edit)")
    }
    #expect(phone.pending.isEmpty && tablet.pending.isEmpty)
    #expect(phone.state.episodes(in: .commute).count == 10_000 + (edits + 1) / 2 - edits / 2)
    // Only the current head's parts remain: no growth with the edits.
    #expect(transport.unnamedParts.isEmpty, "\(transport.unnamedParts.count) parts no head names")
    let partCount = transport.server.allRecords.filter { QueueParts.isPart($0.id) }.count
    #expect(partCount == (try QueueParts.info(of: try #require(transport.server.record("queue.commute"))).parts.count))
  }

  @Test("a small queue keeps its record in one piece, the design's fields and the state, no parts")
  func smallQueueInOnePiece() throws {
    var phone = SyncEngine(replica: ReplicaID("phone"), deviceName: "iPhone", now: at(0))
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast((0..<50).map { reference("e\($0)") }, in: .commute, now: at(0))
    }
    guard case .save(let records)? = phone.nextRequest(now: at(20)) else {
      Issue.record("expected a save")
      return
    }
    let record = try #require(records.first { $0.id == "queue.commute" })
    #expect(records.allSatisfy { !QueueParts.isPart($0.id) })
    #expect(
      Set(record.fields.keys) == [
        "queueID", "name", "episodes", "currentIndex", "autoSwitchRules", "isAutoSwitchEnabled", "lastModified",
        "isDeleted", "deviceID", "deviceName", "state",
      ])
    #expect(record.fields["state"] == .json(StateWriter.encode(try #require(phone.state.queues[.commute]))))
  }

  /// A head and its parts of a 300-episode queue written by a phone that splits past 20 KB.
  static func splitRecords() throws -> (head: SyncRecord, parts: [SyncRecord], queue: ReplicatedQueue) {
    let transport = PartsTransport(seed: 2)
    var phone = splittingEngine("phone", split: 20_000, part: 7_000)
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast((0..<300).map { reference("e\($0)") }, in: .commute, now: at(0))
    }
    transport.sync(&phone, at: at(20))
    let head = try #require(transport.server.record("queue.commute"))
    let parts = try QueueParts.info(of: head).parts.map { try #require(transport.server.record($0)) }
    return (head, parts, try #require(phone.state.queues[.commute]))
  }

  @Test(
    "a head whose length or checksum does not match its parts is refused, naming the field",
    arguments: ["stateBytes", "stateChecksum", "parts"])
  func mismatchedHead(field: String) throws {
    let (head, parts, _) = try Self.splitRecords()
    var bad = head
    switch field {
    case "stateBytes":
      let count = try #require(head.fields["stateBytes"].flatMap { if case .integer(let n) = $0 { n } else { nil } })
      bad.fields["stateBytes"] = .integer(count + 1)
    case "stateChecksum": bad.fields["stateChecksum"] = .string("0123456789abcdef")
    default: bad.fields["parts"] = .json(Array("[\"part.x\", 3]".utf8))
    }
    var tablet = SyncEngine(replica: ReplicaID("tablet"), deviceName: "iPad", now: at(0))
    let report = tablet.handleFetch(
      FetchedChanges(changed: parts + [bad], token: ChangeToken(rawValue: "9")), now: at(30))
    let locations = report.problems.compactMap { problem -> String? in
      if case .invalidRecord("queue.commute", let location, _) = problem { return location }
      return nil
    }
    #expect(locations == [field], "\(report.problems)")
    #expect(tablet.state.episodes(in: .commute).isEmpty)
  }

  @Test("a head merges only once all its parts are there, in any order, across fetches and a restart")
  func assemblyAcrossFetches() throws {
    let (head, parts, queue) = try Self.splitRecords()
    for var trial in SeededCases(seed: 0x9A27, count: TestScale.count(40, minimum: 8)) {
      var tablet = SyncEngine(replica: ReplicaID("tablet"), deviceName: "iPad", now: at(0))
      var records = parts + [head]
      trial.random.shuffle(&records)
      var delivered: Set<String> = []
      for (index, record) in records.enumerated() {
        let changes = FetchedChanges(
          changed: [record, record], token: ChangeToken(rawValue: "\(index)"), moreComing: index < records.count - 1)
        _ = tablet.handleFetch(changes, now: at(Double(index)))
        delivered.insert(record.id)
        if delivered.count < records.count {
          #expect(tablet.state.episodes(in: .commute).isEmpty, "\(trial): merged before all parts at \(index)")
        }
        if trial.random.chance(1, in: 3) {
          let bytes = try SyncStore.bytes(of: tablet)
          tablet = try SyncStore.engine(bytes: bytes, path: "tablet.json")
        }
      }
      #expect(tablet.state.queues[.commute]?.entries == queue.entries, "\(trial)")
      #expect(tablet.partCache.bodies.isEmpty && tablet.partCache.waiting.isEmpty, "\(trial)")
    }
  }

  /// A server, a phone holding a 300-episode queue in parts (split past 20 KB) and a tablet.
  static func phoneWithQueueInParts(seed: UInt64) throws -> (PartsTransport, SyncEngine, SyncEngine) {
    var phone = splittingEngine("phone", split: 20_000, part: 7_000)
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.playLast((0..<300).map { reference("e\($0)") }, in: .commute, now: at(0))
    }
    return (PartsTransport(seed: seed), phone, splittingEngine("tablet", split: 20_000, part: 7_000))
  }

  @Test("parts whose head never came (a writer gone between its phases) are deleted by another device after a day")
  func orphansAfterADay() throws {
    var (transport, phone, tablet) = try Self.phoneWithQueueInParts(seed: 3)
    // The phone's parts are saved; its head never reaches the server, and the phone is never seen again.
    _ = phone.syncNow(
      now: at(20), fetch: transport.fetch,
      save: { records in
        records.contains { $0.id == "queue.commute" } ? .failure(.connectionLost) : transport.save(records)
      }, delete: transport.delete)
    let orphans = transport.unnamedParts
    #expect(orphans.count >= 2 && transport.server.record("queue.commute") == nil, "\(orphans)")
    transport.sync(&tablet, at: at(60))
    transport.sync(&tablet, at: at(60 + 86_000))
    #expect(transport.unnamedParts == orphans, "kept for a day: the writer may still save its head")
    transport.sync(&tablet, at: at(60 + 86_400))
    #expect(transport.unnamedParts.isEmpty, "deleted after a day")
    #expect(tablet.partCache.known.isEmpty && tablet.partCache.bodies.isEmpty)
  }

  @Test("a writer that sees its current head's parts deleted sends the queue again, in parts of new names")
  func ownPartsDeleted() throws {
    var (transport, phone, tablet) = try Self.phoneWithQueueInParts(seed: 4)
    transport.sync(&phone, at: at(20))
    let first = try QueueParts.info(of: try #require(transport.server.record("queue.commute"))).parts
    transport.server.remove([first[1]])
    transport.sync(&tablet, at: at(30))
    #expect(tablet.partCache.waiting["queue.commute"] != nil, "the head waits for a part that is gone")
    transport.sync(&phone, at: at(40))
    transport.sync(&phone, at: at(60))
    let second = try QueueParts.info(of: try #require(transport.server.record("queue.commute"))).parts
    #expect(Set(second).isDisjoint(with: first), "a deleted record stays deleted: new names")
    let received = transport.sync(&tablet, at: at(70))
    #expect(received.problems.isEmpty, "\(received)")
    #expect(tablet.state.episodes(in: .commute) == phone.state.episodes(in: .commute))
    #expect(tablet.state.episodes(in: .commute).count == 300 && tablet.partCache.waiting.isEmpty)
    #expect(transport.unnamedParts.isEmpty, "the first parts left are deleted by their writer")
  }
  @Test("a queue back under the split travels in one record again; the last head's parts go within a day")
  func shrinkingBackIntoOneRecord() throws {
    var (transport, phone, tablet) = try Self.phoneWithQueueInParts(seed: 5)
    transport.sync(&phone, at: at(20))
    let parts = try QueueParts.info(of: try #require(transport.server.record("queue.commute"))).parts
    transport.sync(&tablet, at: at(30))
    #expect(tablet.state.episodes(in: .commute).count == 300)
    try tablet.edit(now: at(40)) { (library) throws(SyncError) in
      for index in 0..<290 { try library.remove(episode("e\(index)"), from: .commute, now: at(40)) }
    }
    transport.sync(&tablet, at: at(50))
    let record = try #require(transport.server.record("queue.commute"))
    #expect(!QueueParts.isHead(record), "ten episodes fit in one record")
    transport.sync(&phone, at: at(60))
    #expect(phone.state.episodes(in: .commute) == (290..<300).map { episode("e\($0)") })
    #expect(Set(transport.unnamedParts) == Set(parts), "the phone's parts wait: it may be between its phases")
    for hour in 1...25 {
      transport.sync(&phone, at: at(60 + Double(hour) * 3_600))
      transport.sync(&tablet, at: at(70 + Double(hour) * 3_600))
    }
    #expect(transport.unnamedParts.isEmpty, "deleted a day after the tablet first saw them")
    #expect(transport.server.allRecords.allSatisfy { !QueueParts.isPart($0.id) })
    // The phone, seeing its parts deleted, sends the queue once more (in one record) and then rests.
    for time in [at(90_000), at(90_010), at(90_020)] {
      transport.sync(&phone, at: time)
      transport.sync(&tablet, at: time + 5)
    }
    let same = tablet.state.hasSameState(as: phone.state)
    #expect(same && phone.pending.isEmpty && tablet.pending.isEmpty, "\(phone.pending) \(tablet.pending)")
    #expect(transport.server.allRecords.allSatisfy { !QueueParts.isPart($0.id) })
  }
}
