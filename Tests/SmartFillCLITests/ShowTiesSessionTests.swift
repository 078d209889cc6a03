import Foundation
import SmartFill
import SmartFillTestSupport
import Testing

/// A listener's session with shows tied to queues (issue 48), each command a process of the built `smartfill`
/// on one store: tie two shows, refresh with a catalog that has new episodes, see them routed, remove one by
/// hand, refresh again: it stays out.
@Suite("A session with shows tied to queues")
struct ShowTiesSessionTests {
  static let binary = BuiltProgram("smartfill")

  @Test("tie two shows → refresh → routed → remove one by hand → refresh again: it stays out")
  func session() throws {
    guard let program = Self.binary else {
      print("the smartfill binary was not found next to the test bundle; the session is skipped")
      return
    }
    let folder = try TemporaryDirectory(prefix: "smartfill-ties")
    defer { folder.cleanUp() }
    let store = folder.file("queues.json")
    let before = try folder.write("before.json", Data(tiesCatalog(daily: [1, 2], hardFork: [1]).jsonBytes()))
    let after = try folder.write("after.json", Data(tiesCatalog(daily: [1, 2, 3, 4], hardFork: [1, 3]).jsonBytes()))
    // The feed drops "Daily 3" for a while, as feeds that list their last few episodes do.
    let dropped = try folder.write("dropped.json", Data(tiesCatalog(daily: [1, 2, 4], hardFork: [1, 3]).jsonBytes()))
    func queues(_ arguments: String...) throws -> BuiltProgram.Run {
      let run = try program.run(["queues"] + arguments + ["--store", store])
      #expect(run.status == 0, "\(arguments): \(run.err)")
      return run
    }

    // The store has seen the shows as they were.
    #expect(try queues("refresh", "--catalog", before).out == "No new episodes.\n")
    // 1. Tie two shows, by title.
    #expect(
      try queues("tie", "commute", "The Daily", "--next", "--catalog", before).out
        == "New episodes of \u{201C}The Daily\u{201D} go to 🚗 Commute (next).\n")
    #expect(
      try queues("tie", "workout", "hard fork", "--catalog", before).out
        == "New episodes of \u{201C}Hard Fork\u{201D} go to 🏋️ Workout (last).\n")
    #expect(
      try queues("show", "commute").out.contains("SHOWS TIED\n  1. The Daily — https://daily.example/feed (next)\n"))
    // 2, 3. Refresh with new episodes: each goes to its show's queue, and the tool says where.
    #expect(
      try queues("refresh", "--catalog", after).out == """
        \u{201C}Daily 3\u{201D} of \u{201C}The Daily\u{201D} went to 🚗 Commute (next, position 1).
        \u{201C}Daily 4\u{201D} of \u{201C}The Daily\u{201D} went to 🚗 Commute (next, position 2).
        \u{201C}Fork 3\u{201D} of \u{201C}Hard Fork\u{201D} went to 🏋️ Workout (last, position 1).
        🚗 Commute: now 2 episodes · 40 min total.
        🏋️ Workout: now 1 episode · 1 h total.

        """)
    #expect(
      try queues("show", "commute").out.contains("1. The Daily · Daily 3 (20 min)\n  2. The Daily · Daily 4 (20 min)\n")
    )
    // 4. Remove one by hand.
    #expect(
      try queues("remove", "commute", "d3").out == "Removed 1 episode from 🚗 Commute: now 1 episode · 20 min total.\n")
    // 5. Refresh again: it stays out, even after the feed dropped it and listed it again.
    #expect(try queues("refresh", "--catalog", after).out == "No new episodes.\n")
    #expect(try queues("refresh", "--catalog", dropped).out == "No new episodes.\n")
    #expect(
      try queues("refresh", "--catalog", after).out
        == "\u{201C}Daily 3\u{201D} of \u{201C}The Daily\u{201D} stayed out: it was removed from 🚗 Commute by hand "
        + "earlier.\n")
    let commute = try queues("show", "commute", "--json").out
    #expect(!commute.contains(#""guid": "d3""#) && commute.contains(#""guid": "d4""#))
  }
}
