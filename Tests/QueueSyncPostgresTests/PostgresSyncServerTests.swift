import Foundation
import PostgresTestCluster
import QueueSync
import QueueSyncPostgres
import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("PostgreSQL record store", needsPostgres)
struct PostgresSyncServerTests {
  @Test("a save succeeds only with the stored change tag; a conflict carries the stored record")
  func conditionalSave() throws {
    let server = try SharedCluster.server()
    guard case .saved(let first) = try server.apply([record("queue.a", "one")])[0] else {
      Issue.record("a new record was not saved")
      return
    }
    #expect(try server.apply([record("queue.a", tag: first.changeTag, "two")]).first.map(isSaved) == true)
    let stale = try server.apply([record("queue.a", tag: first.changeTag, "three")])
    guard case .conflict(let stored) = stale.first else {
      Issue.record("a stale change tag was accepted: \(stale)")
      return
    }
    #expect(stored.fields["name"] == .string("two"), "the conflict carries the stored record, not the one sent")
    #expect(stored.changeTag != first.changeTag)
    let untagged = try server.apply([record("queue.a", "four")])
    #expect(untagged == [.conflict(serverRecord: stored)], "a record sent as new, which exists, is a conflict")
    #expect(try server.record("queue.a") == stored)
  }

  @Test("a save whose answer was lost is safe to repeat: the repeat is a conflict with what the first stored")
  func repeatedSave() throws {
    let server = try SharedCluster.server()
    let sent = record("queue.a", "one")
    let first = try server.apply([sent])
    let repeated = try server.apply([sent])
    guard case .saved(let saved) = first[0], case .conflict(let stored) = repeated[0] else {
      Issue.record("first \(first), repeated \(repeated)")
      return
    }
    #expect(stored == saved, "one version stored, equal to the first save's")
    #expect(try server.changes(since: nil).changed == [saved], "nothing duplicated")
  }

  @Test("deleted records stay deleted: a later save is refused and every fetch hears of the deletion")
  func deletions() throws {
    let server = try SharedCluster.server()
    _ = try server.apply([record("queue.a", "one"), record("queue.b", "one")])
    let token = try server.changes(since: nil).token
    try server.remove(["queue.a", "queue.never-saved"])
    try server.remove(["queue.a"])
    #expect(try server.apply([record("queue.a", "again")]) == [.deleted(recordID: "queue.a")])
    #expect(try server.record("queue.a") == nil)
    let since = try server.changes(since: token)
    #expect(Set(since.deleted) == ["queue.a", "queue.never-saved"] && since.changed.isEmpty)
    let all = try server.changes(since: nil)
    #expect(all.changed.map(\.id) == ["queue.b"] && Set(all.deleted) == ["queue.a", "queue.never-saved"])
  }

  @Test("a too large record is refused with its size; tokens not made here expire; users do not see each other")
  func limitsTokensAndUsers() throws {
    let server = try SharedCluster.server(recordLimit: 100)
    let big = record("queue.big", String(repeating: "x", count: 200))
    #expect(try server.apply([big]) == [.tooLarge(recordID: "queue.big", bytes: big.byteCount, limit: 100)])
    for text in ["abc", "-1", "99"] {
      #expect(throws: SyncServerError.changeTokenExpired(ChangeToken(rawValue: text))) {
        try server.changes(since: ChangeToken(rawValue: text))
      }
    }
    _ = try server.apply([record("queue.a", "mine")])
    let other = PostgresSyncServer(connection: server.connection, user: server.user + "-other")
    #expect(try other.changes(since: nil).changed.isEmpty)
    #expect(try other.apply([record("queue.a", "theirs")]).first.map(isSaved) == true)
    #expect(try server.record("queue.a")?.fields["name"] == .string("mine"))
  }

  @Test("changes come in pages of the fetch limit, oldest first, and following the tokens misses none")
  func paging() throws {
    let server = try SharedCluster.server(fetchLimit: 3)
    for index in 0..<10 { _ = try server.apply([record("queue.\(index)", "v")]) }
    var token: ChangeToken?
    var seen: [String] = []
    var pages = 0
    repeat {
      let page = try server.changes(since: token)
      seen += page.changed.map(\.id)
      token = page.token
      pages += 1
      if !page.moreComing { break }
    } while pages < 20
    #expect(seen == (0..<10).map { "queue.\($0)" } && pages == 4)
  }

  @Test("against the in-memory server on random saves, stale saves, deletes and fetches: the same answers")
  func sameAsInMemory() throws {
    for trial in SeededCases(seed: 0x96_3E3, count: 12) {
      let postgres = try SharedCluster.server(recordLimit: 120)
      let memory = InMemorySyncServer(recordLimit: 120)
      var random = trial.random
      var tokens: [ChangeToken?] = [nil]
      for step in 0..<50 {
        let id = "queue.\(random.integer(in: 0...4))"
        let place = "\(trial), step \(step)"
        switch random.integer(in: 0...9) {
        case 0...4:
          let current = memory.record(id)?.changeTag
          let tag =
            random.chance(1, in: 4) ? (random.chance(1, in: 2) ? nil : String(random.integer(in: 1...9))) : current
          let value = random.chance(1, in: 8) ? String(repeating: "y", count: 150) : "v\(step)"
          let sent = [
            record(id, tag: tag, value),
            record("queue.x\(step % 2)", tag: memory.record("queue.x\(step % 2)")?.changeTag, "w"),
          ]
          #expect(try postgres.apply(sent) == memory.apply(sent), "\(place)")
        case 5:
          try postgres.remove([id])
          memory.remove([id])
        default:
          let token = random.element(of: tokens)
          let expected = try memory.changes(since: token)
          let fetched = try postgres.changes(since: token)
          #expect(Set(fetched.changed) == Set(expected.changed), "\(place)")
          #expect(Set(fetched.deleted) == Set(expected.deleted) && fetched.token == expected.token, "\(place)")
          tokens.append(fetched.token)
        }
      }
    }
  }
}

/// Whether an outcome is a save.
func isSaved(_ outcome: SaveOutcome) -> Bool {
  if case .saved = outcome { return true }
  return false
}
