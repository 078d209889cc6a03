import Foundation
import Queues
import SmartFill
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

/// The Daily and Hard Fork with episodes published on `days`, and Serial.
func tiesCatalog(daily: [Int], hardFork: [Int]) -> Catalog {
  Catalog(shows: [
    Show(
      feedURL: "https://daily.example/feed", title: "The Daily",
      episodes: daily.map { Episode(guid: "d\($0)", title: "Daily \($0)", published: day($0), durationSeconds: 1200) }),
    Show(
      feedURL: "https://hard-fork.example/feed", title: "Hard Fork",
      episodes: hardFork.map {
        Episode(guid: "h\($0)", title: "Fork \($0)", published: day($0), durationSeconds: 3600)
      }),
    Show(
      feedURL: "https://serial.example/feed", title: "Serial",
      episodes: [Episode(guid: "s1", title: "One", published: day(1), durationSeconds: 1800)]),
  ])
}

@Suite("smartfill queues: tie, untie, untied, refresh")
struct QueuesCommandShowTiesTests {
  @Test("tie by title or feed URL; tying elsewhere moves, with a message; untie; show and list list the ties")
  func tieAndUntie() throws {
    let session = try QueuesSession()
    let catalog = try session.write(tiesCatalog(daily: [1], hardFork: [1]))
    #expect(
      session.run("tie", "commute", "the daily", "--next", "--catalog", catalog).standardOutput
        == "New episodes of \u{201C}The Daily\u{201D} go to 🚗 Commute (next).\n")
    session.run("tie", "commute", "https://hard-fork.example/feed", "--catalog", catalog)
    #expect(
      session.run("tie", "workout", "Hard Fork", "--catalog", catalog, "--only-new").standardOutput
        == "New episodes of \u{201C}Hard Fork\u{201D} go to 🏋️ Workout (last, only new episodes), no longer to "
        + "🚗 Commute.\n")
    let show = session.run("show", "commute").standardOutput
    #expect(show.contains("SHOWS TIED\n  1. The Daily — https://daily.example/feed (next)\n"))
    let list = try QueuesSession(columns: 200)
    list.variables["SMARTFILL_STORE"] = session.storePath
    let table = list.run("list").standardOutput
    #expect(table.hasPrefix("QUEUE ") && table.contains("  SHOWS  "), "\(table)")
    #expect(table.contains("  The Daily  ") && table.contains("  Hard Fork  "), "\(table)")
    let json = session.run("show", "workout", "--json").standardOutput
    #expect(json.contains(#""showTies": ["#) && json.contains(#""feedURL": "https://hard-fork.example/feed""#))
    #expect(json.contains(#""onlyNewEpisodes": true"#))
    #expect(
      session.run("untie", "the daily").standardOutput == "\u{201C}The Daily\u{201D} is no longer tied to 🚗 Commute.\n")
    #expect(try session.library().tie(of: "https://daily.example/feed") == nil)
    #expect(session.run("show", "commute").standardOutput.contains("SHOWS TIED\n  None\n"))
  }

  @Test("tie and untie: an unknown show, Up Next, a wrong queue are refused with suggestions, changing nothing")
  func mistakes() throws {
    let session = try QueuesSession()
    let catalog = try session.write(tiesCatalog(daily: [1], hardFork: [1]))
    let unknown = session.run("tie", "commute", "The Dialy", "--catalog", catalog)
    #expect(unknown.exitStatus == 1)
    #expect(
      unknown.standardError
        == "Error: \(catalog): no show in the catalog has the title or feed URL \"The Dialy\"; did you mean "
        + "\"The Daily\"?\n")
    #expect(
      session.run("tie", "commute", "The Daily").standardError
        == "Error: \"The Daily\" is not a feed URL, and no show tied has that title; give the feed URL, or "
        + "--catalog <catalog> to name the show by its title\n")
    #expect(
      session.run("tie", "up-next", "Serial", "--catalog", catalog).standardError.contains("cannot be tied to Up Next"))
    #expect(
      session.run("tie", "commute", "Serial", "--next", "--last", "--catalog", catalog).standardError
        == "Error: Give one of '--next' and '--last', not both\n")
    #expect(session.run("untie", "Serial").standardError.contains("no show tied to a queue has the title or feed URL"))
    session.run("tie", "commute", "Serial", "--catalog", catalog)
    #expect(
      session.run("untie", "workout", "Serail").standardError
        == "Error: no show tied to a queue has the title or feed URL \"Serail\"; no show is tied\n")
    #expect(
      session.run("untie", "commute", "Serail").standardError
        == "Error: no show tied to a queue has the title or feed URL \"Serail\"; did you mean \"Serial\"?\n")
    #expect(try session.library().tie(of: "https://serial.example/feed")?.queue.id == .commute)
  }

  @Test("refresh routes what is new since the last refresh, says where it went, and untied shows go nowhere")
  func refresh() throws {
    let session = try QueuesSession()
    session.now = day(5)
    let before = try session.write(tiesCatalog(daily: [1], hardFork: [1]), as: "before.json")
    let after = try session.write(tiesCatalog(daily: [1, 6, 7], hardFork: [1, 6]), as: "after.json")
    session.run("tie", "commute", "The Daily", "--next", "--catalog", before)
    #expect(session.run("refresh", "--catalog", before).standardOutput == "No new episodes.\n")
    session.now = day(8)
    let output = session.run("refresh", "--catalog", after).standardOutput
    #expect(
      output == """
        \u{201C}Daily 6\u{201D} of \u{201C}The Daily\u{201D} went to 🚗 Commute (next, position 1).
        \u{201C}Daily 7\u{201D} of \u{201C}The Daily\u{201D} went to 🚗 Commute (next, position 2).
        \u{201C}Fork 6\u{201D} of \u{201C}Hard Fork\u{201D} stayed out: its show is tied to no queue.
        🚗 Commute: now 2 episodes · 40 min total.

        """)
    #expect(
      session.run("untied", "up-next").standardOutput
        == "New episodes of shows tied to no queue go to the end of 📋 Up Next.\n")
    #expect(session.run("refresh", "--catalog", after).standardOutput == "No new episodes.\n")
    #expect(session.run("refresh").standardError == "Error: Missing expected argument '--catalog <catalog>'\n")
  }
}
