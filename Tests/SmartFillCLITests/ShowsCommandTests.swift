import Foundation
import SmartFill
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill shows")
struct ShowsCommandTests {
  @Test("lists each show with its title, feed URL and counts, then the totals (issue 46, 2)")
  func text() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("c.json", Data(queuesCatalog.jsonBytes()))
    #expect(
      SmartFillCommand.run(["shows", catalog])
        == .init(
          standardOutput: """
            Show A (https://a.example/feed): 3 episodes, 0 without a known duration, 0 played
            Show B (https://b.example/feed): 1 episode, 1 without a known duration, 0 played
            Show C (https://c.example/feed): 1 episode, 0 without a known duration, 0 played
            3 shows, 5 episodes

            """))
  }

  @Test("--json lists the shows as one document")
  func json() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("c.json", Data(queuesCatalog.jsonBytes()))
    let output = SmartFillCommand.run(["shows", catalog, "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    let shows = try #require(object["shows"] as? [[String: Any]])
    #expect(shows.map { $0["title"] as? String } == ["Show A", "Show B", "Show C"])
    #expect(shows.map { $0["feedURL"] as? String } == queuesCatalog.shows.map(\.feedURL))
    #expect(shows.map { $0["episodeCount"] as? Int } == [3, 1, 1])
    #expect(shows.map { $0["unknownDurationCount"] as? Int } == [0, 1, 0])
  }

  @Test("a missing catalog argument is a usage error; --help prints the help")
  func usage() {
    #expect(SmartFillCommand.run(["shows"]).exitStatus == 64)
    #expect(SmartFillCommand.run(["shows", "--help"]).standardOutput == HelpText.showsHelp)
  }
}
