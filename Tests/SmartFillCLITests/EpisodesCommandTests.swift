import Foundation
import SmartFill
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill episodes")
struct EpisodesCommandTests {
  @Test("lists a show's episodes, found by its title, with GUIDs, numbers and durations (issue 46, 2)")
  func text() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("c.json", Data(queuesCatalog.jsonBytes()))
    #expect(
      SmartFillCommand.run(["episodes", catalog, "show  a"])
        == .init(
          standardOutput: """
            Show A (https://a.example/feed): 3 episodes, 0 without a known duration, 0 played
              a5  S2E5  20:00  Five
              a6  S2E6  20:00  Six
              a7  S2E7  25:00  Seven

            """))
    #expect(
      SmartFillCommand.run(["episodes", catalog, "http://www.b.example/feed/"]).standardOutput
        == "Show B (https://b.example/feed): 1 episode, 1 without a known duration, 0 played\n  b1  -  ?  Interview\n")
  }

  @Test("--json gives the show and its episodes")
  func json() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("c.json", Data(queuesCatalog.jsonBytes()))
    let output = SmartFillCommand.run(["episodes", catalog, "Show A", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    #expect(object["feedURL"] as? String == "https://a.example/feed")
    let episodes = try #require(object["episodes"] as? [[String: Any]])
    #expect(episodes.map { $0["guid"] as? String } == ["a5", "a6", "a7"])
    #expect(episodes.map { $0["durationSeconds"] as? Int } == [1200, 1200, 1500])
    #expect(episodes.map { $0["season"] as? Int } == [2, 2, 2])
    #expect(episodes.map { $0["isPlayed"] as? Bool } == [false, false, false])
  }

  @Test("a title that names no show suggests the nearest; usage errors")
  func unknownShow() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("c.json", Data(queuesCatalog.jsonBytes()))
    let output = SmartFillCommand.run(["episodes", catalog, "Shw A"])
    #expect(output.exitStatus == 64)
    #expect(
      output.standardError.hasPrefix(
        "Error: no show in the catalog has the title or feed URL \"Shw A\"; did you mean \"Show A\"?\n"))
    #expect(SmartFillCommand.run(["episodes", catalog]).exitStatus == 64)
    #expect(SmartFillCommand.run(["episodes", catalog, "a", "b"]).exitStatus == 64)
  }
}
