import Foundation
import SmartFillTestSupport
import Testing

/// A newcomer's first session, as the README's "The command-line tool" section writes it: its commands run
/// as written (on the built `smartfill`, on the shared feeds), with the GUID the listing shows put where the
/// README says `<guid>`.
@Suite("A newcomer's first session, from the README")
struct NewcomerSessionTests {
  static let binary = BuiltProgram("smartfill")

  /// The README's section on the tool: its text up to the next heading of its level.
  static func readmeSection() throws -> String {
    let readme = try String(
      contentsOf: SharedFeeds.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "## The command-line tool\n"))
    let rest = readme[start.upperBound...]
    let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  /// The command lines of the section's second `sh` block, each split as a shell would split words in
  /// double quotes, without its comment.
  static func commands(in section: String) throws -> [[String]] {
    let blocks = section.components(separatedBy: "```sh\n").dropFirst().map {
      $0.components(separatedBy: "```")[0]
    }
    let block = try #require(blocks.dropFirst().first)
    return block.split(separator: "\n").map { line in
      var words: [String] = []
      var word = ""
      var quoted = false
      var started = false
      for character in line {
        if character == "\"" {
          quoted.toggle()
          started = true
        } else if character == "#", !quoted, !started {
          break
        } else if character == " ", !quoted {
          if started { words.append(word) }
          word = ""
          started = false
        } else {
          word.append(character)
          started = true
        }
      }
      if started { words.append(word) }
      return words
    }
  }

  @Test("README → build → import → shows → fill by title → queues add from the listing → audit (issue 46)")
  func session() throws {
    guard let feeds = SharedFeeds.directory else {
      print(SharedFeeds.skipMessage)
      return
    }
    guard let program = Self.binary else {
      print("the smartfill binary was not found next to the test bundle; the newcomer session is skipped")
      return
    }
    let section = try Self.readmeSection()
    // The README says how to build the tool and where it lands.
    #expect(section.contains("swift build -c release --product smartfill"))
    #expect(section.contains(".build/release/smartfill"))
    let commands = try Self.commands(in: section)
    #expect(
      commands.map { $0.prefix(2).joined(separator: " ") } == [
        "smartfill import", "smartfill shows", "smartfill episodes", "smartfill fill", "smartfill queues",
        "smartfill audit",
      ])
    guard commands.count == 6 else { return }
    let folder = try TemporaryDirectory(prefix: "smartfill-newcomer")
    defer { folder.cleanUp() }
    func run(_ words: [String], guid: String = "") throws -> BuiltProgram.Run {
      let arguments = words.dropFirst().map {
        $0.replacingOccurrences(of: "../shared/feeds", with: feeds.path).replacingOccurrences(of: "<guid>", with: guid)
      }
      return try program.run(Array(arguments), currentDirectory: folder.path)
    }

    let imported = try run(commands[0])
    #expect(imported.status == 0, "\(imported.err)")
    #expect(imported.err.hasSuffix("Imported 4 shows, 414 episodes (0 without a known duration), 1 warning\n"))

    let shows = try run(commands[1])
    #expect(
      shows.out == """
        99% Invisible (http://feeds.99percentinvisible.org/99percentinvisible): 178 episodes, 0 without a known \
        duration, 0 played
        Reply All (http://feeds.gimletmedia.com/hearreplyall): 187 episodes, 0 without a known duration, 0 played
        Serial (http://feeds.serialpodcast.org/serialpodcast): 28 episodes, 0 without a known duration, 0 played
        StartUp Podcast (http://feeds.hearstartup.com/hearstartup): 21 episodes, 0 without a known duration, 0 played
        4 shows, 414 episodes

        """)

    let episodes = try run(commands[2])
    #expect(episodes.status == 0)
    let lines = episodes.out.split(separator: "\n")
    #expect(
      lines.first
        == "Serial (http://feeds.serialpodcast.org/serialpodcast): 28 episodes, 0 without a known duration, 0 played")
    #expect(lines.count == 29)
    let chosen = try #require(lines.first { $0.hasSuffix("  S02 Episode 11: Present for Duty") })
    #expect(chosen == "  s02-e11  -  1:06:00  S02 Episode 11: Present for Duty")
    let guid = String(chosen.dropFirst(2).prefix { $0 != " " })

    let fill = try run(commands[3])
    #expect(fill.status == 0, "\(fill.err)")
    let rows = fill.out.split(separator: "\n").dropFirst().dropLast()
    #expect(!rows.isEmpty && rows.allSatisfy { $0.contains("99% Invisible") && $0.hasSuffix("priority show") })
    #expect(
      fill.out.hasSuffix("\nTotal 45:37 for a target of 45:00 ± 3:00 (+0:37): filled, 10 episodes, fill-time\n"),
      "\(fill.out)")

    let add = try run(commands[4], guid: guid)
    #expect(add.status == 0, "\(add.err)")
    #expect(add.out == "Added 1 episode to 🚗 Commute: now 1 episode · 1 h 6 min total.\n")

    // The audit's verdict: one MEDIUM finding (a car rule without a marked Bluetooth car), so exit 1.
    let audit = try run(commands[5])
    #expect(audit.status == 1, "\(audit.err)")
    #expect(audit.out.hasPrefix("QUEUE FEATURE: Queue system\nComplexity: High\nStatus: ⚠ ISSUES\n"))
    #expect(
      audit.out.contains(
        "  - MEDIUM rule 1 (Car) of 🚗 Commute can fire only through CarPlay: no Bluetooth device is marked as your "
          + "car\n"))
    #expect(audit.out.contains("  Smart Fill: ✓ Accurate\n"))
  }
}
