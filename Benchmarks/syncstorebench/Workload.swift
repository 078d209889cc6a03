import BenchmarkSupport
import Foundation
import QueueSync
import QueueSyncPostgres
import SmartFillSupport

/// What the store holds of each record, as the benchmark's model knows it: the change tag the store gave its
/// last save (`nil` before the first) and that save's stamp. Saves of one record hold its lock around the
/// call, so that the model knows the current tag when the answer comes; different records (and every
/// fetch) run at once.
final class StoreModel: @unchecked Sendable {
  struct Entry {
    var tag: String?
    var stamp = 0
  }

  private var entries: [Entry]
  private let locks: [NSLock]

  /// A model of `count` records, none saved yet.
  init(count: Int) {
    entries = Array(repeating: Entry(), count: count)
    locks = (0..<min(count, 4_096)).map { _ in NSLock() }
  }

  /// Runs `body` with record `index`'s entry, holding its lock.
  func withEntry<Result>(_ index: Int, _ body: (inout Entry) throws -> Result) rethrows -> Result {
    let lock = locks[index % locks.count]
    lock.lock()
    defer { lock.unlock() }
    return try body(&entries[index])
  }
}

/// What one client counted and measured.
struct ClientTally {
  var saveNanoseconds: [UInt64] = []
  var fetchNanoseconds: [UInt64] = []
  /// Timed saves whose tag the model knew to be stale: each must be answered with a conflict. (Every save,
  /// the warm-up's too, is checked: an answer other than the model's is a wrong answer.)
  var expectedConflicts = 0
  /// Conflicts the store answered.
  var detectedConflicts = 0
  /// Saves the store applied.
  var applied = 0
  /// Answers the model did not expect: a save over a version it did not know (a lost update), a conflict for
  /// a current tag, a conflict carrying another record than the stored one.
  var wrongAnswers: [String] = []
  /// Calls that failed.
  var failures: [String] = []
  /// Records received by fetches.
  var fetchedRecords = 0

  mutating func merge(_ other: ClientTally) {
    saveNanoseconds += other.saveNanoseconds
    fetchNanoseconds += other.fetchNanoseconds
    expectedConflicts += other.expectedConflicts
    detectedConflicts += other.detectedConflicts
    applied += other.applied
    wrongAnswers += other.wrongAnswers
    failures += other.failures
    fetchedRecords += other.fetchedRecords
  }
}

/// One client: a connection, and what it last saw of each record and user.
struct Client {
  let number: Int
  let options: Options
  let connection: PostgresConnection
  let model: StoreModel
  var random: SplitMix64
  var tags: [Int: String] = [:]
  var tokens: [Int: ChangeToken] = [:]
  var saves = 0
  var tally = ClientTally()
  /// The record to save again next, after a conflict (as the engine merges and saves again).
  var retry: (user: Int, record: Int)?

  init(number: Int, options: Options, connectionString: String, model: StoreModel) {
    self.number = number
    self.options = options
    connection = PostgresConnection(connectionString, statementTimeoutMilliseconds: 60_000)
    self.model = model
    random = SplitMix64(seed: options.seed &+ UInt64(number) &* 0x9E37_79B9_7F4A_7C15)
  }

  static func user(_ index: Int) -> String { "user-\(index)" }
  static func recordID(_ index: Int) -> String { "queue.q\(index)" }

  /// One operation, timed when `timed`: the save again of a record that met a conflict, else a random one.
  /// Nine in ten go to the client's own users (user number ≡ client number, modulo the clients), as a user's
  /// devices keep to their user; the rest to anyone, whose tags this client knows less well.
  mutating func step(timed: Bool) {
    if let (user, record) = retry {
      retry = nil
      save(
        user: user, record: record, on: PostgresSyncServer(connection: connection, user: Self.user(user)), timed: timed)
      return
    }
    var user = random.integer(in: 0...(options.users - 1))
    if random.chance(9, in: 10), options.users > options.clients {
      let own = (options.users - 1 - number) / options.clients
      user = number + options.clients * random.integer(in: 0...own)
    }
    let server = PostgresSyncServer(connection: connection, user: Self.user(user))
    if random.integer(in: 1...100) <= options.savePercent {
      save(user: user, record: random.integer(in: 0...(options.recordsPerUser - 1)), on: server, timed: timed)
    } else {
      fetch(user: user, on: server, timed: timed)
    }
  }

  mutating func save(user: Int, record: Int, on server: PostgresSyncServer, timed: Bool) {
    let index = user * options.recordsPerUser + record
    let id = Self.recordID(record)
    saves += 1
    let stamp = number &* 1_000_000_000 &+ saves
    let sentTag = tags[index]
    let sent = SyncRecord(
      id: id, type: "Queue", changeTag: sentTag,
      fields: ["stamp": .integer(stamp), "state": .string(String(repeating: "x", count: options.recordBytes))])
    model.withEntry(index) { entry in
      let isStale = sentTag != entry.tag
      if isStale && timed { tally.expectedConflicts += 1 }
      let before = Measurement.now()
      let outcomes: [SaveOutcome]
      do { outcomes = try server.apply([sent]) } catch {
        tally.failures.append("save of \(server.user) \(id): \(error)")
        // Whether it was applied is unknown: the model takes the stored record.
        if let stored = try? server.record(id) {
          entry.tag = stored.changeTag
          if case .integer(let value)? = stored.fields["stamp"] { entry.stamp = value }
        }
        return
      }
      if timed { tally.saveNanoseconds.append(Measurement.now() - before) }
      switch outcomes.first {
      case .saved(let saved)?:
        if isStale {
          tally.wrongAnswers.append(
            "lost update: \(server.user) \(id) saved over tag \(entry.tag ?? "none") with stale tag \(sentTag ?? "none")"
          )
        }
        if timed { tally.applied += 1 }
        entry.tag = saved.changeTag
        entry.stamp = stamp
        tags[index] = saved.changeTag
      case .conflict(let stored)?:
        if timed { tally.detectedConflicts += 1 }
        if !isStale {
          tally.wrongAnswers.append("\(server.user) \(id): a conflict for the current tag \(sentTag ?? "none")")
        }
        if stored.changeTag != entry.tag || stored.fields["stamp"] != .integer(entry.stamp) {
          tally.wrongAnswers.append(
            "\(server.user) \(id): the conflict carries tag \(stored.changeTag ?? "none"), not the stored \(entry.tag ?? "none")"
          )
        }
        tags[index] = stored.changeTag
        retry = (user, record)
      case let other:
        tally.wrongAnswers.append("\(server.user) \(id): unexpected answer \(String(describing: other))")
      }
    }
  }

  mutating func fetch(user: Int, on server: PostgresSyncServer, timed: Bool) {
    let before = Measurement.now()
    do {
      let changes = try server.changes(since: tokens[user])
      if timed { tally.fetchNanoseconds.append(Measurement.now() - before) }
      tally.fetchedRecords += changes.changed.count
      for record in changes.changed {
        guard let number = Int(record.id.dropFirst(7)) else { continue }
        tags[user * options.recordsPerUser + number] = record.changeTag
      }
      tokens[user] = changes.token
    } catch {
      tally.failures.append("fetch of \(server.user): \(error)")
    }
  }
}

/// After the run: each user's records as the store holds them, against the model; the mismatches.
func finalCheck(options: Options, connectionString: String, model: StoreModel) -> [String] {
  let connection = PostgresConnection(connectionString, statementTimeoutMilliseconds: 60_000)
  var problems: [String] = []
  for user in 0..<options.users {
    let server = PostgresSyncServer(connection: connection, user: Client.user(user))
    do {
      var stored: [String: SyncRecord] = [:]
      for record in try server.changes(since: nil).changed { stored[record.id] = record }
      for record in 0..<options.recordsPerUser {
        let entry = model.withEntry(user * options.recordsPerUser + record) { $0 }
        let found = stored[Client.recordID(record)]
        if found?.changeTag != entry.tag || (entry.tag != nil && found?.fields["stamp"] != .integer(entry.stamp)) {
          problems.append(
            "\(server.user) \(Client.recordID(record)): stored \(found?.changeTag ?? "none"), model \(entry.tag ?? "none")"
          )
        }
      }
    } catch {
      problems.append("final fetch of \(server.user): \(error)")
    }
  }
  return problems
}
