import Foundation
import PostgresTestCluster
import QueueSync
import QueueSyncPostgres
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

@Suite("Queues in parts through PostgreSQL", needsPostgres)
struct QueuePartsPostgresTests {
  /// One sync of `engine` through `server`'s blocking calls.
  static func sync(_ engine: inout SyncEngine, _ server: PostgresSyncServer, at now: Date) -> SyncReport {
    engine.syncNow(
      now: now, fetch: { token in Result { () throws(SyncServerError) in try server.changes(since: token) } },
      save: { records in Result { () throws(SyncServerError) in try server.apply(records) } },
      delete: { ids in Result { () throws(SyncServerError) in try server.remove(ids) } })
  }

  @Test("a queue in parts and its edits reach another device in fetch pages; replaced parts are deleted")
  func partsThroughPostgres() throws {
    let server = try SharedCluster.server(fetchLimit: 3)
    let start = Date(timeIntervalSince1970: 1_767_225_600)
    var devices = ["phone", "tablet"].map { name in
      var engine = SyncEngine(replica: ReplicaID(name), deviceName: name, now: start)
      engine.splitBytes = 20_000
      engine.partBytes = 6_000
      return engine
    }
    let episodes = (0..<300).map {
      EpisodeReference(
        episodeGUID: "e\($0)", feedURL: "https://example.com/show.xml", title: "Episode \($0)", showTitle: "Show",
        durationSeconds: 1_800, addedAt: start)
    }
    try devices[0].edit(now: start) { (library) throws(SyncError) in
      try library.playLast(episodes, in: .commute, now: start)
    }
    for round in 0..<4 {
      let now = start.addingTimeInterval(Double(100 * round + 20))
      if round > 0 {
        let index = round % 2
        let removed = devices[index].state.episodes(in: .commute)[0]
        try devices[index].edit(now: now) { (library) throws(SyncError) in
          try library.remove(removed, from: .commute, now: now)
        }
      }
      for index in [0, 1, 0] {
        let report = Self.sync(&devices[index], server, at: now.addingTimeInterval(Double(20 + index)))
        #expect(report.problems.isEmpty && report.failure == nil, "round \(round): \(report)")
      }
      #expect(devices[0].state.episodes(in: .commute) == devices[1].state.episodes(in: .commute), "round \(round)")
    }
    #expect(devices[1].state.episodes(in: .commute).count == 297)
    var all: [SyncRecord] = []
    var token: ChangeToken?
    repeat {
      let changes = try server.changes(since: token)
      all += changes.changed
      token = changes.token
      if !changes.moreComing { break }
    } while true
    let head = try #require(all.first { $0.id == "queue.commute" })
    let named = Set(try QueueParts.info(of: head).parts)
    #expect(Set(all.map(\.id).filter(QueueParts.isPart)) == named, "only the current head's parts remain")
  }
}
