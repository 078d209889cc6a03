import Foundation
import SmartFill
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("Shows named on the command line")
struct CatalogShowLookupTests {
  static let catalog = Catalog(shows: [
    Show(feedURL: "https://a.example/feed", title: "99% Invisible", episodes: []),
    Show(feedURL: "https://b.example/feed", title: "Reply All", episodes: []),
    Show(feedURL: "https://c.example/feed", title: "Reply All", episodes: []),
  ])

  @Test("a show is found by its feed URL, as feeds are compared, or by a title one show has")
  func found() throws {
    #expect(try Self.catalog.show(named: "https://a.example/feed").title == "99% Invisible")
    #expect(try Self.catalog.show(named: "http://www.a.example/feed/").title == "99% Invisible")
    #expect(try Self.catalog.show(named: "99%  invisible").feedURL == "https://a.example/feed")
  }

  @Test("a title of several shows, or of none, is a usage error that helps")
  func notFound() {
    #expect(
      throws: CommandError.usage(
        "2 shows in the catalog are titled \"reply all\" (https://b.example/feed, https://c.example/feed); give the "
          + "feed URL", command: nil)
    ) { try Self.catalog.show(named: "reply all") }
    #expect(
      throws: CommandError.usage(
        "no show in the catalog has the title or feed URL \"99 Invisible\"; did you mean \"99% Invisible\"?",
        command: nil)
    ) { try Self.catalog.show(named: "99 Invisible") }
    #expect(
      throws: CommandError.usage(
        "no show in the catalog has the title or feed URL \"Invisible\"; did you mean \"99% Invisible\"?",
        command: nil)
    ) { try Self.catalog.show(named: "Invisible") }
  }

  @Test("fill --priority and queues add --show take a title (issue 46, 2)")
  func titlesOnTheCommandLine() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    let fill = SmartFillCommand.run(["fill", catalog, "--mode", "fill-time", "--minutes", "20", "--priority", "show c"])
    #expect(fill.exitStatus == 0, "\(fill.standardError)")
    #expect(
      SmartFillCommand.run(["fill", catalog, "--mode", "fill-time", "--minutes", "20", "--priority", "Show Z"])
        .standardError.hasPrefix(
          "Error: --priority: no show in the catalog has the title or feed URL \"Show Z\"; did you mean"))
    let add = session.run("add", "commute", "a6", "--show", "Show A", "--catalog", catalog)
    #expect(add.exitStatus == 0, "\(add.standardError)")
    #expect(try session.library().queue(.commute).episodes.map(\.episodeGUID) == ["a6"])
    #expect(session.run("add", "commute", "b1", "--show", "Show A", "--catalog", catalog).exitStatus == 1)
  }
}
