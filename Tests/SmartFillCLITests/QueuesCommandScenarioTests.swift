import Foundation
import SmartFillTestSupport
import Testing

/// The design's user scenarios, end to end: the built `smartfill` on the shared real feeds (an Overcast
/// export of four shows: 99% Invisible, Reply All, Serial, StartUp), each command a process of its own on
/// one store file, as a new user would type them.
@Suite("smartfill queues: the design's scenarios")
struct QueuesCommandScenarioTests {
  static let binary = BuiltProgram("smartfill")

  /// A folder with the imported catalog and a store, and the program.
  struct User {
    let folder: TemporaryDirectory
    let program: BuiltProgram
    var catalog: String { folder.file("catalog.json") }
    var store: String { folder.file("queues.json") }

    /// Runs `smartfill queues …` on the store, with `input` on standard input.
    func queues(_ arguments: String..., input: String? = nil) throws -> BuiltProgram.Run {
      try program.run(["queues"] + arguments + ["--store", store], input: input.map { Data($0.utf8) })
    }

    /// `queues … --json`, parsed.
    func json(_ arguments: String...) throws -> [String: Any] {
      let run = try program.run(["queues"] + arguments + ["--store", store, "--json"])
      #expect(run.status == 0, "\(arguments): \(run.err)")
      return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    }
  }

  /// A user who imported the Overcast list, replaced the built-in Commute by their own "🚗 Commute" with a
  /// car rule and 45 minutes of continue series, and filled it; `nil` (with a message) without the feeds or
  /// the program.
  static func user(filled: Bool = true) throws -> User? {
    guard SharedFeeds.directory != nil else {
      print(SharedFeeds.skipMessage)
      return nil
    }
    guard let program = binary else {
      print("the smartfill binary was not found next to the test bundle; the scenarios are skipped")
      return nil
    }
    let user = User(folder: try TemporaryDirectory(prefix: "smartfill-scenario"), program: program)
    let imported = try #require(imported)
    #expect(imported.run.status == 0, "\(imported.run.err)")
    #expect(imported.run.err.contains("Imported 4 shows, 414 episodes"))
    try user.folder.write("catalog.json", imported.catalog)
    guard filled else { return user }
    #expect(try user.queues("delete", "commute", "--yes").status == 0)
    #expect(try user.queues("create", "Commute", "--emoji", "🚗").out == "Created 🚗 Commute.\n")
    #expect(
      try user.queues("rules", "commute", "add", "car").out == "Added the rule “When connected to car” to 🚗 Commute.\n")
    #expect(
      try user.queues("settings", "commute", "--mode", "continue-series", "--minutes", "45").out
        == "Smart fill of 🚗 Commute: continue-series, 45 min ± 3 min.\n")
    let fill = try user.queues("fill", "commute", "--catalog", user.catalog)
    #expect(fill.status == 0, "\(fill.err)")
    #expect(fill.out.contains("next in series"))
    return user
  }

  /// The Overcast list's import, run once for every scenario (it reads every feed of the folder): its run and
  /// the catalog it wrote.
  struct Imported: Sendable {
    let run: BuiltProgram.Run
    let catalog: Data
  }

  static let imported: Imported? = {
    guard let feeds = SharedFeeds.directory, let program = binary,
      let folder = try? TemporaryDirectory(prefix: "smartfill-scenario-import")
    else { return nil }
    defer { folder.cleanUp() }
    let catalog = folder.file("catalog.json")
    guard
      let run = try? program.run([
        "import", "--opml", feeds.appendingPathComponent("opml/mrh-is_overcast.opml").path, "--feeds",
        feeds.appendingPathComponent("rss").path, "-o", catalog,
      ])
    else { return nil }
    return Imported(run: run, catalog: (try? Data(contentsOf: URL(fileURLWithPath: catalog))) ?? Data())
  }()

  /// The queue named `name` in `list --json`.
  static func queue(_ name: String, of user: User) throws -> [String: Any]? {
    try (user.json("list")["queues"] as? [[String: Any]])?.first { $0["name"] as? String == name }
  }

  @Test("import an OPML list with its feeds, then see the first-use queues")
  func importAndList() throws {
    guard let user = try Self.user(filled: false) else { return }
    defer { user.folder.cleanUp() }
    let list = try user.queues("list")
    #expect(list.status == 0)
    for text in [
      "📋 Up Next (Active Now)", "Default queue", "Auto-Switch: Car 🚘", "Between 22:00 and 06:00 😴", "4 of 20 queues",
    ] {
      #expect(list.out.contains(text), "\(text)")
    }
  }

  @Test("create 🚗 Commute with a car rule, 45 minutes of continue series, fill and list")
  func createFillList() throws {
    guard let user = try Self.user() else { return }
    defer { user.folder.cleanUp() }
    let commute = try #require(try Self.queue("🚗 Commute", of: user))
    let seconds = try #require(commute["remainingSeconds"] as? Int)
    #expect((42 * 60...48 * 60).contains(seconds), "filled \(seconds) s")
    #expect(commute["autoSwitchText"] as? String == "Auto-Switch: Car 🚘")
    #expect(commute["actions"] as? [String] == ["Edit", "Clear", "Smart Fill"])
    let show = try user.queues("show", "commute", "--catalog", user.catalog)
    #expect(show.out.contains("  1. ✓ When connected to car (Asks first)\n"))
    #expect(show.out.contains("  Target Duration: 45 minutes\n  Mode: Continue Series\n"))
  }

  @Test("switch to Commute from Up Next mid-episode and back, both positions kept")
  func switchAndBack() throws {
    guard let user = try Self.user() else { return }
    defer { user.folder.cleanUp() }
    let commute = try #require(try Self.queue("🚗 Commute", of: user))
    let commuteID = try #require(commute["id"] as? String)
    let commuteEpisodes = try #require(
      (try user.json("show", commuteID)["queue"] as? [String: Any])?["episodes"] as? [[String: Any]])
    // Up Next gets Commute's last episode, played 1:00 in.
    let last = try #require(commuteEpisodes.last)
    let id = "\(last["feedURL"]!)#\(last["guid"]!)"
    #expect(try user.queues("add", "up next", id, "--catalog", user.catalog).status == 0)
    #expect(try user.queues("play", "--position", "1:00").status == 0)
    let there = try user.queues("switch", "commute", "--position", "1:30")
    #expect(there.out.hasPrefix("Switched from 📋 Up Next (saved at 1:30) to 🚗 Commute: playing "))
    #expect(try user.queues("play", "--position", "2:00").status == 0)
    let back = try user.queues("switch", "up next", "--position", "2:15")
    #expect(back.out.hasPrefix("Switched from 🚗 Commute (saved at 2:15) to 📋 Up Next: playing "))
    #expect(back.out.hasSuffix(" at 1:30 / \(Self.clock(try #require(last["durationSeconds"] as? Int))).\n"))
    let switcher = try user.json("switcher")
    #expect((switcher["nowPlaying"] as? [String: Any])?["playbackPositionSeconds"] as? Int == 90)
    let saved = try #require(
      (try user.json("show", "commute")["queue"] as? [String: Any])?["episodes"] as? [[String: Any]])
    #expect(saved.first?["playbackPositionSeconds"] as? Int == 135)
  }

  @Test("finish episodes: each leaves the queue and the next plays")
  func finishEpisodes() throws {
    guard let user = try Self.user() else { return }
    defer { user.folder.cleanUp() }
    #expect(try user.queues("switch", "commute").status == 0)
    let before = try #require(try Self.queue("🚗 Commute", of: user)?["episodeCount"] as? Int)
    let first = try user.queues("finish")
    #expect(first.out.hasPrefix("Finished “"))
    #expect(first.out.contains("🚗 Commute: playing “"))
    #expect(try user.queues("finish").status == 0)
    #expect(try Self.queue("🚗 Commute", of: user)?["episodeCount"] as? Int == before - 2)
  }

  @Test("delete with confirmation, then restore")
  func deleteAndRestore() throws {
    guard let user = try Self.user() else { return }
    defer { user.folder.cleanUp() }
    let count = try #require(try Self.queue("🚗 Commute", of: user)?["episodeCount"] as? Int)
    let refused = try user.queues("delete", "commute", input: "no\n")
    #expect(refused.status == 1)
    #expect(
      refused.err.hasPrefix(
        "Delete “🚗 Commute” and its \(count) episodes? You can restore it for 30 days. [y/N] \n"))
    #expect(try Self.queue("🚗 Commute", of: user) != nil)
    let deleted = try user.queues("delete", "commute", input: "y\n")
    #expect(deleted.status == 0, "\(deleted.err)")
    #expect(deleted.out == "Deleted 🚗 Commute. Restore it within 30 days with: smartfill queues restore '🚗 Commute'\n")
    #expect(try Self.queue("🚗 Commute", of: user) == nil)
    // The built-in Commute, deleted first, has the same name: the one deleted last comes back.
    #expect(try user.queues("restore", "🚗 Commute").out == "Restored 🚗 Commute with \(count) episodes.\n")
    #expect(try Self.queue("🚗 Commute", of: user)?["episodeCount"] as? Int == count)
  }

  @Test("duplicate with all settings")
  func duplicate() throws {
    guard let user = try Self.user() else { return }
    defer { user.folder.cleanUp() }
    #expect(try user.queues("duplicate", "commute").out == "Duplicated 🚗 Commute as 🚗 Commute copy.\n")
    let original = try #require(try user.json("show", "commute")["queue"] as? [String: Any])
    let copy = try #require(try user.json("show", "commute copy")["queue"] as? [String: Any])
    for key in ["episodes", "autoSwitchRules", "smartFill", "remainingSeconds"] {
      #expect(
        (copy[key] as? NSObject)?.isEqual(original[key]) == true, "\(key)")
    }
    #expect(copy["id"] as? String != original["id"] as? String)
  }

  static func clock(_ seconds: Int) -> String {
    let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return seconds >= 3600
      ? "\(seconds / 3600):\(two(seconds / 60 % 60)):\(two(seconds % 60))" : "\(seconds / 60):\(two(seconds % 60))"
  }
}
