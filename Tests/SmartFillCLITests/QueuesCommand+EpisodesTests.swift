import Foundation
import Queues
import SmartFill
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill queues: add, remove, move")
struct QueuesCommandEpisodesTests {
  func guids(_ session: QueuesSession, _ id: QueueID = .commute) throws -> [String] {
    try session.library().queue(id).episodes.map(\.episodeGUID)
  }

  @Test("add places episodes last, next or at a position, with titles and lengths from the catalog")
  func add() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    #expect(
      session.run("add", "commute", "a5", "https://a.example/feed#a6", "--catalog", catalog).standardOutput
        == "Added 2 episodes to 🚗 Commute: now 2 episodes · 40 min total.\n")
    session.run("add", "commute", "c1", "--next", "--catalog", catalog)
    #expect(try guids(session) == ["a5", "c1", "a6"])
    #expect(
      session.run("add", "commute", "b1", "--at", "1", "--catalog", catalog).standardOutput
        == "Added 1 episode to 🚗 Commute: now 4 episodes · 50 min total + 1 of unknown length.\n")
    #expect(try guids(session) == ["b1", "a5", "c1", "a6"])
    let added = try session.library().queue(.commute).episodes[1]
    #expect(added.title == "Five")
    #expect(added.showTitle == "Show A")
    #expect(added.durationSeconds == 1200)
    #expect(added.addedAt == day(10))
  }

  @Test("add twice: an episode the queue holds is said to be queued already, and stays where it is")
  func addTwice() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "commute", "a5", "a6", "--catalog", catalog)
    let again = session.run("add", "commute", "a6", "--next", "--show", "Show A", "--catalog", catalog)
    #expect(again.exitStatus == 0)
    #expect(
      again.standardOutput
        == "\"Six\" is already in 🚗 Commute, at position 2; left where it is (smartfill queues move changes its "
        + "place).\n")
    #expect(try guids(session) == ["a5", "a6"])
    let mixed = session.run("add", "commute", "a5", "a7", "a7", "--catalog", catalog)
    #expect(
      mixed.standardOutput
        == "\"Five\" is already in 🚗 Commute, at position 1; left where it is (smartfill queues move changes its "
        + "place).\nAdded 1 episode to 🚗 Commute: now 3 episodes · 1 h 5 min total.\n")
    #expect(try guids(session) == ["a5", "a6", "a7"])
    let json = session.run("add", "commute", "a5", "--catalog", catalog, "--json").standardOutput
    #expect(json.contains(#""addedCount": 0"#) && json.contains(#""alreadyQueued": ["#))
  }

  @Test("add: mistakes are refused and change nothing")
  func addMistakes() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    let missing = session.run("add", "commute", "zz", "--catalog", catalog)
    #expect(missing.exitStatus == 1)
    #expect(missing.standardError == "Error: \(catalog): no episode has the GUID \"zz\"\n")
    #expect(
      session.run("add", "commute", "a5").standardError == "Error: Missing expected argument '--catalog <catalog>'\n")
    #expect(
      session.run("add", "commute", "--catalog", catalog).standardError
        == "Error: Missing expected argument '<episode> ...'\n")
    #expect(
      session.run("add", "commute", "a5", "--next", "--last", "--catalog", catalog).standardError
        == "Error: Give one of '--next', '--last' and '--at <n>', not --next and --last\n")
    #expect(
      session.run("add", "commute", "a5", "--at", "3", "--catalog", catalog).standardError
        == "Error: The value '3' is invalid for '--at <n>'; use a whole number from 1 to 1\n")
    #expect(try guids(session).isEmpty)
  }

  @Test("remove by position or GUID; move to a position")
  func removeAndMove() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "commute", "a5", "a6", "a7", "c1", "b1", "--catalog", catalog)
    #expect(
      session.run("remove", "commute", "2", "c1").standardOutput
        == "Removed 2 episodes from 🚗 Commute: now 3 episodes · 45 min total + 1 of unknown length.\n")
    #expect(try guids(session) == ["a5", "a7", "b1"])
    #expect(session.run("move", "commute", "1", "3").standardOutput == "Moved episode 1 of 🚗 Commute to position 3.\n")
    #expect(try guids(session) == ["a7", "b1", "a5"])
    session.run("move", "commute", "3", "1")
    #expect(try guids(session) == ["a5", "a7", "b1"])
    #expect(
      session.run("move", "commute", "1", "4").standardError
        == "Error: The value '4' is invalid for '<to>'; use a whole number from 1 to 3\n")
    #expect(session.run("remove", "commute", "9").exitStatus == 64)
    #expect(session.run("move", "sleep", "1", "1").standardError == "Error: 😴 Sleep has no episodes to move\n")
    #expect(session.run("remove", "sleep", "1").standardError == "Error: 😴 Sleep has no episodes to remove\n")
    #expect(try guids(session) == ["a5", "a7", "b1"])
  }
}
