import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

@Suite("The restore snapshots in the state file")
struct SyncStoreSnapshotsTests {
  /// A state file as the writer before the episode table wrote it (each episode in full in each snapshot),
  /// written by hand: two snapshots of Commute and one of Sleep sharing an episode, one with no duration.
  static let fileBeforeTheTable = #"""
    {
      "version": 1,
      "sync": {
        "replica": "phone",
        "deviceName": "phone",
        "counter": 0,
        "clock": [1767225600000, 0],
        "latestPosition": null,
        "activeQueueID": "up-next",
        "token": null,
        "changeTags": {},
        "pending": [],
        "pendingSince": null,
        "deletedOnServer": [],
        "finished": {"format":1,"replicas":[],"feeds":[],"finished":[],"audioDevices":[]},
        "queues": [],
        "snapshots": [
          {
            "queueID": "commute",
            "name": "🚗 Commute",
            "takenAt": "2026-01-02T00:00:00Z",
            "rules": [],
            "smartFill": null,
            "episodes": [
              ["https://example.com/show-1.xml", "a", "Episode \"a\"", "Show 1", 1800, 1767225600],
              ["https://example.com/show-2.xml", "b", "", "", null, 1767225660]
            ]
          },
          {
            "queueID": "commute",
            "name": "🚗 Commute",
            "takenAt": "2026-01-03T00:00:00Z",
            "rules": [],
            "smartFill": null,
            "episodes": [
              ["https://example.com/show-2.xml", "b", "", "", null, 1767225660]
            ]
          },
          {
            "queueID": "sleep",
            "name": "Sleep",
            "takenAt": "2026-01-03T00:00:00Z",
            "rules": [],
            "smartFill": null,
            "episodes": []
          }
        ]
      }
    }
    """#

  @Test("a state file written before the episode table reads, each snapshot as it was written")
  func fileBeforeTable() throws {
    let a = EpisodeInfo(
      id: episode("a"), title: "Episode \"a\"", showTitle: "Show 1", durationSeconds: 1_800, addedAt: start)
    let b = EpisodeInfo(
      id: episode("b", show: 2), title: "", showTitle: "", durationSeconds: nil, addedAt: at(60))
    let expected = [
      QueueSnapshot(
        queueID: .commute, name: "🚗 Commute", takenAt: at(86_400), episodeInfos: [a, b], rules: .array([]),
        smartFill: .null),
      QueueSnapshot(
        queueID: .commute, name: "🚗 Commute", takenAt: at(2 * 86_400), episodeInfos: [b], rules: .array([]),
        smartFill: .null),
      QueueSnapshot(
        queueID: .sleep, name: "Sleep", takenAt: at(2 * 86_400), episodeInfos: [], rules: .array([]),
        smartFill: .null),
    ]
    let engine = try SyncStore.engine(bytes: Array(Self.fileBeforeTheTable.utf8), path: "old.json")
    #expect(engine.snapshots == expected)
    // Written again, with the table, it reads back the same, and each episode is written once.
    let bytes = try SyncStore.bytes(of: engine)
    #expect(try SyncStore.engine(bytes: bytes, path: "new.json").snapshots == expected)
    #expect(String(decoding: bytes, as: UTF8.self).components(separatedBy: "show-2.xml").count == 2)
  }

  @Test(
    "an index past a table is refused with its place",
    arguments: [
      (
        #"[[0, "a", "", 60, 0]]"#, "[0, 2]", "sync.snapshots[2].episodes[1]",
        "no episode 2 in snapshotEpisodes, which has 1"
      ),
      (#"[[1, "a", "", 60, 0]]"#, "[0]", "sync.snapshotEpisodes[0][0]", "no feed 1 in snapshotFeeds, which has 1"),
      (#"[[0, "a", "", 60]]"#, "[0]", "sync.snapshotEpisodes[0]", "expected 5 elements, found 4"),
    ])
  func badIndex(table: String, episodes: String, location: String, reason: String) throws {
    let text = Self.fileBeforeTheTable.replacingOccurrences(
      of: #""episodes": []"#, with: #""episodes": "# + episodes
    )
    .replacingOccurrences(
      of: #""queues": [],"#,
      with: #""queues": [], "snapshotFeeds": [["https://example.com/show-1.xml", "Show 1"]], "snapshotEpisodes": "#
        + table + ",")
    #expect(throws: SyncError.invalidStateFile(path: "bad.json", location: location, reason: reason)) {
      try SyncStore.engine(bytes: Array(text.utf8), path: "bad.json")
    }
  }

  @Test("every snapshot reads back from the state file as it was taken, and restores the same")
  func roundTrip() throws {
    for var trial in SeededCases(seed: 0x5A4A_0001, count: 40) {
      var engine = engine("phone")
      try Self.history(&engine, days: 20, random: &trial.random)
      let loaded = try SyncStore.engine(bytes: SyncStore.bytes(of: engine), path: "phone.json")
      #expect(loaded.snapshots == engine.snapshots, "\(trial)")
      #expect(try loaded.library() == engine.library(), "\(trial)")
      guard !engine.snapshots.isEmpty else { continue }
      let index = trial.random.integer(in: 0...(engine.snapshots.count - 1))
      let now = at(Double(40 * 86_400))
      var original = engine
      // The snapshot read back restores on the device exactly as the one taken.
      var restored = engine
      let first = Result { () throws(SyncError) in try original.restore(engine.snapshots[index], now: now) }
      let second = Result { () throws(SyncError) in try restored.restore(loaded.snapshots[index], now: now) }
      #expect(first.map { true } == second.map { true }, "\(trial)")
      #expect(original.state.hasSameState(as: restored.state), "\(trial)")
      #expect(try original.library() == restored.library(), "\(trial)")
    }
  }

  @Test("the breakdown's snapshot section is the span the file gives them")
  func breakdownSpan() throws {
    var random = SplitMix64(seed: 0x5A4A_0002)
    var engine = engine("phone")
    try Self.history(&engine, days: 5, random: &random)
    let text = String(decoding: try SyncStore.bytes(of: engine), as: UTF8.self)
    let parts = try StateFileBreakdown(engine)
    #expect(parts.total == text.utf8.count)
    // The snapshots close the `sync` object: from the comma before their first member to its closing line.
    let from = try #require(text.range(of: ",\n    \"snapshotFeeds\""))
    let to = try #require(text.range(of: "\n  }\n}\n", options: .backwards))
    #expect(parts.snapshots == text.utf8.distance(from: from.lowerBound, to: to.lowerBound))
    #expect(parts.snapshotCount == engine.snapshots.count)
    #expect(parts.rest > 0 && parts.library > 0 && parts.shownQueues > 0 && parts.finishes > 0)
  }

  @Test("over a long history the snapshots stay within their limit, and so does their part of the file")
  func bound() throws {
    for var trial in SeededCases(seed: 0x5A4A_0003, count: 10) {
      var engine = engine("phone")
      var wentPast = false
      var snapshotted = Set<QueueID>()
      for day in 0..<40 {
        try Self.history(&engine, days: 1, firstDay: day, random: &trial.random)
        let entries = engine.snapshots.reduce(0) { $0 + 1 + $1.episodeInfos.count }
        // The newest snapshot of each queue still kept (shown or deleted, not retired) is never dropped.
        var newest: [QueueID: QueueSnapshot] = [:]
        for snapshot in engine.snapshots where newest[snapshot.queueID].map({ $0.takenAt < snapshot.takenAt }) ?? true {
          newest[snapshot.queueID] = snapshot
        }
        let protected = newest.filter { engine.state.queues[$0.key] != nil }.values.reduce(0) {
          $0 + 1 + $1.episodeInfos.count
        }
        wentPast = wentPast || entries + 500 > 5_000
        // A queue shown or restorable that had a snapshot still has one.
        snapshotted.formUnion(engine.snapshots.map(\.queueID))
        snapshotted = snapshotted.filter { engine.state.queues[$0] != nil }
        for id in snapshotted {
          #expect(!engine.snapshots(of: id).isEmpty, "\(trial), day \(day): \(id) lost its last snapshot")
        }
        #expect(entries <= max(5_000, protected), "\(trial), day \(day): \(entries) entries, \(protected) protected")
        // Each distinct episode once (its text, two escapes, and at most 60 bytes of numbers, punctuation and
        // indentation), each entry at most 8 bytes ("12345, "), each snapshot at most 250 bytes besides its
        // name, identifier, rules and settings (these indented, at most four times their compact text).
        let distinct = Set(engine.snapshots.flatMap(\.episodeInfos))
        let bound =
          distinct.reduce(0) { $0 + 62 + $1.id.feedURL.utf8.count + $1.id.guid.utf8.count + $1.title.utf8.count }
          + distinct.reduce(0) { $0 + $1.showTitle.utf8.count } + 8 * entries
          + engine.snapshots.reduce(0) {
            var json = JSONWriter(style: .compact)
            json.write($1.rules)
            json.write($1.smartFill)
            return $0 + 250 + $1.name.utf8.count + $1.queueID.rawValue.utf8.count + 4 * json.bytes.count
          } + 100
        let bytes = try StateFileBreakdown(engine).snapshots
        #expect(bytes <= bound, "\(trial), day \(day): \(bytes) bytes of snapshots, bound \(bound)")
      }
      #expect(wentPast, "\(trial): the history never came near the limit")
    }
  }

  /// `days` days of edits on `engine` from day `firstDay`: queues created (up to 14) and deleted, each queue
  /// shown given episodes (some of them again with other titles, or another show title for their feed), episodes
  /// removed and finished.
  static func history(_ engine: inout SyncEngine, days: Int, firstDay: Int = 0, random: inout SplitMix64) throws {
    for day in firstDay..<(firstDay + days) {
      for step in 0..<random.integer(in: 10...30) {
        let now = at(Double(day * 86_400 + step * 600))
        let shown = engine.state.visibleQueueIDs
        let queue = random.element(of: shown)
        let episodes = engine.state.episodes(in: queue)
        _ = try? engine.edit(now: now) { (library) throws(SyncError) in
          switch random.integer(in: 0...99) {
          case 0..<50:
            let count = random.integer(in: 1...(episodes.count < 60 ? 12 : 2))
            let references = (0..<count).map { _ in
              let number = random.integer(in: 0...400)
              return EpisodeReference(
                episodeGUID: "e\(number)", feedURL: "https://example.com/show-\(number % 7).xml",
                title: random.chance(1, in: 10) ? "Episode \(number), again \"\(day)\"" : "Episode \(number)",
                showTitle: random.chance(1, in: 10) ? "Show \(number % 7), renamed" : "Show \(number % 7)",
                durationSeconds: random.chance(1, in: 5) ? nil : 60 + number,
                addedAt: now)
            }
            try library.playLast(references, in: queue, now: now)
          case 50..<70 where !episodes.isEmpty:
            try library.remove(random.element(of: episodes), from: queue, now: now)
          case 70..<80 where !episodes.isEmpty:
            library.markFinished(episodes[0], now: now)
          case 80..<86 where shown.count < 14:
            let id = QueueID("q\(day)-\(step)")
            try library.createQueue(named: "Queue \(day)-\(step)", id: id, now: now)
          case 86..<90 where queue != .upNext && shown.count > 4:
            try library.delete(queue, now: now)
          default:
            break
          }
        }
      }
    }
  }
}
