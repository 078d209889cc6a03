import Foundation
import Queues
import SmartFill
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill queues: the screens")
struct QueuesCommandScreenTextTests {
  /// Commute holds S2E5 of Show A (20 min), Show C's bonus (10 min) and Show B's interview (unknown), with
  /// smart fill set up.
  static func session(columns: Int) throws -> (QueuesSession, String) {
    let session = try QueuesSession(columns: columns)
    let catalog = try session.write(queuesCatalog)
    #expect(session.run("add", "commute", "a5", "c1", "b1", "--catalog", catalog).exitStatus == 0)
    #expect(session.run("settings", "commute", "--mode", "continue-series", "--minutes", "45").exitStatus == 0)
    return (session, catalog)
  }

  @Test("list: the management screen as a table lined up in display columns")
  func listWide() throws {
    let (session, _) = try Self.session(columns: 130)
    let output = session.run("list")
    #expect(output.exitStatus == 0)
    #expect(output.standardError == "")
    #expect(
      output.standardOutput
        == "QUEUE                    EPISODES    TOTAL                               AUTO-SWITCH                 ACTIONS\n"
        + "📋 Up Next (Active Now)  0 episodes  0 min total                         Default queue               Edit\n"
        + "🚗 Commute               3 episodes  30 min total + 1 of unknown length  Auto-Switch: Car 🚘         Edit, Clear, Smart Fill\n"
        + "🏋️ Workout               0 episodes  0 min total                         Auto-Switch: Running 🏃     Edit\n"
        + "😴 Sleep                 0 episodes  0 min total                         Between 22:00 and 06:00 😴  Edit\n"
        + "\n+ Create New Queue\n4 of 20 queues\n")
  }

  @Test("list: a narrow terminal gets a few lines per queue, each cut to its width")
  func listNarrow() throws {
    let (session, _) = try Self.session(columns: 40)
    #expect(
      session.run("list").standardOutput == """
        📋 Up Next (Active Now)
          0 episodes · 0 min total
          Default queue
          Edit
        🚗 Commute
          3 episodes · 30 min total + 1 of unkn…
          Auto-Switch: Car 🚘
          Edit, Clear, Smart Fill
        🏋️ Workout
          0 episodes · 0 min total
          Auto-Switch: Running 🏃
          Edit
        😴 Sleep
          0 episodes · 0 min total
          Between 22:00 and 06:00 😴
          Edit

        + Create New Queue
        4 of 20 queues

        """)
  }

  @Test("list: deleted queues are listed for restoring; a full library offers no new queue")
  func listDeleted() throws {
    let session = try QueuesSession(columns: 40)
    #expect(session.run("delete", "sleep", "--yes").exitStatus == 0)
    var library = try session.library()
    try library.changeQueueLimit(to: 3)
    try QueueStore(path: session.storePath).save(library)
    #expect(
      session.run("list").standardOutput.hasSuffix(
        "  Edit\n\n3 of 3 queues\nRecently deleted (restorable for 30 days): 😴 Sleep\n"))
  }

  @Test("switcher: the mini player with its progress and the drop-down")
  func switcher() throws {
    let (session, catalog) = try Self.session(columns: 80)
    #expect(session.run("add", "up next", "a5", "c1", "--catalog", catalog).exitStatus == 0)
    #expect(session.run("play", "--position", "5:00").exitStatus == 0)
    #expect(
      session.run("switcher").standardOutput == """
        Now playing: Five — Show A
        5:00 / 20:00  [#####---------------] 25%
        From: 📋 Up Next ▼  2 episodes

        ✓ 📋 Up Next (Active)  2
          🚗 Commute           3
          🏋️ Workout           0
          😴 Sleep             0
        + Create Queue

        """)
    session.variables["COLUMNS"] = "30"
    #expect(session.run("switcher").standardOutput.hasPrefix("Now playing: Five — Show A\n5:00 / 20:00\nFrom:"))
  }

  @Test("switcher: wide characters line up")
  func wideCharacters() throws {
    let session = try QueuesSession()
    #expect(session.run("create", "日本語").exitStatus == 0)
    #expect(session.run("delete", "workout", "--yes").exitStatus == 0)
    #expect(session.run("delete", "sleep", "--yes").exitStatus == 0)
    #expect(
      session.run("switcher").standardOutput == """
        Nothing playing
        From: 📋 Up Next ▼  0 episodes

        ✓ 📋 Up Next (Active)  0
          🚗 Commute           0
          日本語               0
        + Create Queue

        """)
  }

  @Test("show: the editor's view, with numbers from the catalog")
  func show() throws {
    let (session, catalog) = try Self.session(columns: 80)
    #expect(
      session.run("show", "commute", "--catalog", catalog).standardOutput == """
        🚗 Commute

        AUTO-SWITCH
          1. ✓ When connected to car (Asks first)

        SMART FILL
          Target Duration: 45 minutes
          Mode: Continue Series
          Tolerance: 3 minutes
          Priority Shows: None
          Run Smart Fill Now

        SHOWS TIED
          None

        EPISODES (3 episodes · 30 min total)
        ▶ 1. Show A · S2E5 (20 min)
          2. Show C · Bonus (10 min)
          3. Show B · Interview (length unknown)

        """)
    #expect(
      session.run("show", "sleep").standardOutput == """
        😴 Sleep

        AUTO-SWITCH
          1. ✓ Between 10 pm–6 am (Asks first)

        SMART FILL
          Not set up

        SHOWS TIED
          None

        EPISODES (0 episodes · 0 min total)

        """)
  }

  @Test("switcher --json: the screen's texts beside their figures")
  func switcherJSON() throws {
    let session = try QueuesSession()
    #expect(session.run("create", "Bike", "--emoji", "🚴").exitStatus == 0)
    #expect(session.run("delete", "workout", "--yes").exitStatus == 0)
    #expect(session.run("delete", "sleep", "--yes").exitStatus == 0)
    #expect(session.run("delete", "commute", "--yes").exitStatus == 0)
    #expect(
      session.run("switcher", "--json").standardOutput == """
        {
          "activeQueueID": "up-next",
          "nowPlaying": null,
          "fromText": "From: 📋 Up Next ▼",
          "countText": "0 episodes",
          "rows": [
            {
              "id": "up-next",
              "name": "📋 Up Next",
              "isActive": true,
              "countText": "0"
            },
            {
              "id": "\(try #require(session.library().queue(named: "🚴 Bike")).id.rawValue)",
              "name": "🚴 Bike",
              "isActive": false,
              "countText": "0"
            }
          ],
          "createText": "+ Create Queue"
        }

        """)
  }

  @Test("list --json: every queue's figures and texts")
  func listJSON() throws {
    let (session, _) = try Self.session(columns: 80)
    let output = session.run("list", "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    let queues = try #require(object["queues"] as? [[String: Any]])
    #expect(queues.map { $0["name"] as? String } == ["📋 Up Next", "🚗 Commute", "🏋️ Workout", "😴 Sleep"])
    #expect(queues[1]["remainingSeconds"] as? Int == 1800)
    #expect(queues[1]["unknownDurationCount"] as? Int == 1)
    #expect(queues[1]["totalText"] as? String == "30 min total")
    #expect(queues[1]["actions"] as? [String] == ["Edit", "Clear", "Smart Fill"])
    #expect(object["queueLimit"] as? Int == 20)
  }

  @Test("titles from feeds cannot move the cursor or forge a line")
  func controlCharacters() throws {
    let session = try QueuesSession()
    let catalog = try session.write(
      Catalog(shows: [
        Show(
          feedURL: "https://x.example/feed", title: "Evil\u{1B}[2J",
          episodes: [Episode(guid: "x", title: "Line\nForged", published: day(0), durationSeconds: 60)])
      ]))
    session.run("add", "up next", "x", "--catalog", catalog)
    let switcher = session.run("switcher").standardOutput
    #expect(switcher.hasPrefix("Now playing: Line\\nForged — Evil\\e[2J\n"))
    #expect(session.run("show", "up next").standardOutput.contains("▶ 1. Evil\\e[2J · Line\\nForged (1 min)\n"))
    #expect(session.run("finish").standardOutput == "Finished “Line\\nForged”. 📋 Up Next: at its end.\n")
  }
}
