import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

/// A store file in a fresh folder, and `smartfill queues` run on it with a fixed clock, 80 columns and
/// scripted answers.
final class QueuesSession {
  let folder: TemporaryDirectory
  var variables: [String: String]
  var answers: [String] = []
  var prompts: [String] = []
  var now = day(10)

  init(columns: Int = 80) throws {
    folder = try TemporaryDirectory(prefix: "smartfill-queues")
    variables = ["SMARTFILL_STORE": folder.file("queues.json"), "COLUMNS": String(columns)]
  }

  deinit { folder.cleanUp() }

  var storePath: String { folder.file("queues.json") }

  /// The environment the commands see.
  var environment: QueuesCommandEnvironment {
    QueuesCommandEnvironment(
      variables: variables, now: { [now] in now },
      ask: { [self] prompt in
        prompts.append(prompt)
        return answers.isEmpty ? nil : answers.removeFirst()
      })
  }

  /// Runs `smartfill queues` with `arguments`.
  @discardableResult
  func run(_ arguments: String...) -> SmartFillCommand.Output { run(arguments) }

  func run(_ arguments: [String]) -> SmartFillCommand.Output {
    var output = SmartFillCommand.Output()
    do {
      try QueuesCommand.run(arguments, environment: environment, into: &output)
    } catch {
      output.standardError += "Error: \(error.description)\n"
      output.exitStatus = error.exitStatus
    }
    return output
  }

  /// The library in the store.
  func library() throws -> QueueLibrary { try QueueStore(path: storePath).load(now: now) }

  /// Writes `catalog` beside the store and returns its path.
  func write(_ catalog: Catalog, as name: String = "catalog.json") throws -> String {
    try folder.write(name, Data(catalog.jsonBytes()))
  }
}

/// Shows A (serial, 20-minute episodes S2E5 to S2E7), B (one unknown length) and C (a bonus).
let queuesCatalog = Catalog(shows: [
  Show(
    feedURL: "https://a.example/feed", title: "Show A", ordering: .serial,
    episodes: [
      Episode(guid: "a5", title: "Five", published: day(1), durationSeconds: 1200, season: 2, episode: 5),
      Episode(guid: "a6", title: "Six", published: day(2), durationSeconds: 1200, season: 2, episode: 6),
      Episode(guid: "a7", title: "Seven", published: day(3), durationSeconds: 1500, season: 2, episode: 7),
    ]),
  Show(
    feedURL: "https://b.example/feed", title: "Show B",
    episodes: [Episode(guid: "b1", title: "Interview", published: day(1), durationSeconds: nil)]),
  Show(
    feedURL: "https://c.example/feed", title: "Show C",
    episodes: [Episode(guid: "c1", title: "Extra", published: day(2), durationSeconds: 600, kind: .bonus)]),
])

@Suite("smartfill queues")
struct QueuesCommandTests {
  let usage =
    "Usage: smartfill queues <command> [<argument> ...] [--store <path>] [--json]\n"
    + "  See 'smartfill --help' for more information.\n"

  @Test("usage errors exit 64 with the queues' usage line")
  func usageErrors() throws {
    for (arguments, message) in [
      (["queues"], "Missing expected argument '<command>'"),
      (
        ["queues", "frobnicate"],
        "Unknown command 'frobnicate'; use one of list, switcher, show, create, rename, delete, restore, duplicate, clear, undo, add, remove, move, settings, fill, rules, switch, play, finish"
      ),
      (["queues", "show"], "Missing expected argument '<queue>'"),
      (["queues", "list", "extra"], "Unexpected argument 'extra'"),
      (["queues", "list", "--minutes", "3"], "Unknown option '--minutes'"),
    ] {
      let session = try QueuesSession()
      var output = SmartFillCommand.Output()
      do {
        try QueuesCommand.run(Array(arguments.dropFirst()), environment: session.environment, into: &output)
        Issue.record("\(arguments) should fail")
      } catch {
        #expect(error == .usage(message, command: .queues), "\(arguments)")
      }
      let whole = SmartFillCommand.run(arguments)
      #expect(whole.exitStatus == 64)
      #expect(whole.standardError == "Error: \(message)\n" + usage, "\(arguments)")
    }
  }

  @Test("--help prints the queues' help to standard output")
  func help() throws {
    let output = try QueuesSession().run("--help")
    #expect(output.exitStatus == 0)
    #expect(output.standardOutput.hasPrefix("OVERVIEW: Show and change the queues in a store file.\n"))
    #expect(output.standardOutput == HelpText.queuesHelp)
    #expect(SmartFillCommand.run(["help", "queues"]).standardOutput == HelpText.queuesHelp)
  }

  @Test("the store: --store, else SMARTFILL_STORE, else XDG_DATA_HOME, else HOME")
  func storeLocation() throws {
    func path(_ variables: [String: String]) -> String? {
      QueuesCommandEnvironment(variables: variables, now: { day(0) }, ask: { _ in nil }).defaultStorePath
    }
    #expect(path(["SMARTFILL_STORE": "/s.json", "XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/s.json")
    #expect(path(["XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x/smartfill/queues.json")
    #expect(path(["HOME": "/h"]) == "/h/.local/share/smartfill/queues.json")
    #expect(path([:]) == nil)
    let session = try QueuesSession()
    session.variables = ["HOME": session.folder.path]
    #expect(session.run("create", "Bike").exitStatus == 0)
    #expect(FileManager.default.fileExists(atPath: session.folder.file(".local/share/smartfill/queues.json")))
    let other = session.folder.file("other.json")
    #expect(session.run("create", "Run", "--store", other).exitStatus == 0)
    #expect(try QueueStore(path: other).load().queue(named: "Run") != nil)
    session.variables = [:]
    #expect(session.run("list").standardError.contains("Missing '--store <path>'"))
  }

  @Test("a queue is named by its name, ignoring case and emoji, or by its id")
  func naming() throws {
    let session = try QueuesSession()
    for name in ["commute", "COMMUTE", "🚗 Commute", "🚙 commute", "commute", " Commute "] {
      #expect(session.run("show", name).standardOutput.hasPrefix("🚗 Commute\n"), "\(name)")
    }
    #expect(session.run("show", "up-next").standardOutput.hasPrefix("📋 Up Next (Default queue)\n"))
    let unknown = session.run("show", "Bike")
    #expect(unknown.exitStatus == 64)
    #expect(
      unknown.standardError
        == "Error: No queue is named 'Bike'; the queues: 📋 Up Next (up-next), 🚗 Commute (commute), "
        + "🏋️ Workout (workout), 😴 Sleep (sleep)\n")
    var library = try session.library()
    try library.createQueue(named: "🚙 Commute", id: QueueID("drive"), now: day(0))
    try QueueStore(path: session.storePath).save(library)
    // "commute" is the built-in queue's id, which wins; "Commute" names both.
    #expect(session.run("show", "commute").standardOutput.hasPrefix("🚗 Commute\n"))
    let ambiguous = session.run("show", "Commute")
    #expect(ambiguous.exitStatus == 64)
    #expect(
      ambiguous.standardError
        == "Error: 'Commute' names 2 queues: 🚗 Commute (commute), 🚙 Commute (drive); give the whole name or the id\n")
    #expect(session.run("show", "🚙 Commute").standardOutput.hasPrefix("🚙 Commute\n"))
    #expect(session.run("show", "drive").standardOutput.hasPrefix("🚙 Commute\n"))
  }

  @Test("a store that cannot be read is a failure, and is not overwritten")
  func badStore() throws {
    let session = try QueuesSession()
    try session.folder.write("queues.json", "{\"version\": 99}")
    let output = session.run("create", "Bike")
    #expect(output.exitStatus == 1)
    #expect(output.standardError.contains("has version 99, written by a newer app"))
    #expect(try session.folder.read("queues.json") == "{\"version\": 99}")
  }

  @Test("a store read only in part: refused, saying where the copy is, unless --discard-unreadable")
  func incompleteStore() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "commute", "a5", "a6", "--catalog", catalog)
    let text = try session.folder.read("queues.json")
    #expect(text.contains("\"durationSeconds\": 1200"))
    try session.folder.write(
      "queues.json", text.replacingOccurrences(of: "\"durationSeconds\": 1200", with: "\"durationSeconds\": -5"))
    let refused = session.run("list")
    #expect(refused.exitStatus == 1)
    #expect(
      refused.standardError.hasPrefix(
        "Error: the queue store \(session.storePath) could be read only in part (2 values left out or replaced, the first at queues[1].episodes[0]"
      ))
    #expect(
      refused.standardError.hasSuffix(
        "; nothing was written; pass --discard-unreadable to use and write what could be read\n"))
    #expect(session.run("create", "Bike").exitStatus == 1)
    #expect(try session.folder.read("queues.json").contains("-5"))
    #expect(session.run("create", "Bike", "--discard-unreadable").exitStatus == 0)
    let library = try session.library()
    #expect(library.queue(named: "Bike") != nil)
    let backups = try FileManager.default.contentsOfDirectory(atPath: session.folder.path).filter {
      $0.contains(".incomplete-")
    }
    #expect(backups.count == 1)
  }

  @Test("--json: every command prints one JSON document and nothing else on standard output")
  func jsonEverywhere() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    let commands: [[String]] = [
      ["list"], ["switcher"], ["show", "commute"], ["create", "Bike"], ["rename", "bike", "Ride"],
      ["add", "commute", "a5", "a6", "--catalog", catalog], ["remove", "commute", "2"], ["move", "commute", "1", "1"],
      ["settings", "commute", "--mode", "continue-series"], ["fill", "commute", "--catalog", catalog],
      ["rules", "commute", "add", "focus"], ["switch", "commute"], ["play", "--position", "10"], ["finish"],
      ["duplicate", "commute"], ["clear", "commute"], ["undo"], ["delete", "ride", "--yes"], ["restore", "ride"],
    ]
    for command in commands {
      let output = session.run(command + ["--json"])
      #expect(output.exitStatus == 0, "\(command): \(output.standardError)")
      let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
      #expect(object != nil, "\(command)")
      #expect(output.standardOutput.hasSuffix("}\n"), "\(command)")
    }
  }

  @Test("2,000 seeded random command lines: each ends in 0, 1 or 64, and the store always loads whole")
  func seededCommandLines() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    let commands = QueuesCommand.Action.allCases.map(\.rawValue) + ["", "--help"]
    let words = [
      "commute", "up next", "Bike", "🚴 Bike", "sleep", "x", "1", "2", "0", "-1", "99999999999999999999", "a5", "c1",
      "b1", "add", "remove", "enable", "disable", "on", "off", "car", "motion", "time", "audio", "focus", "--yes",
      "--next", "--last", "--at", "--position", "12:34", "1:5", "--episode", "--mode", "variety", "continue-series",
      "--minutes", "45", "nan", "--tolerance", "--priority", "--replace", "--off", "--catalog", catalog, "--emoji",
      "🚗", "--activity", "running", "--start", "22:00", "--end", "06:00", "--days", "weekdays", "--output",
      "airPods", "--json", "\u{1B}[2J", "",
    ]
    for var trial in SeededCases(seed: 0xC0_11AE, count: 2_000) {
      var arguments = [commands[trial.random.integer(in: 0...commands.count - 1)]]
      for _ in 0..<trial.random.integer(in: 0...5) {
        arguments.append(words[trial.random.integer(in: 0...words.count - 1)])
      }
      session.answers = [trial.random.integer(in: 0...1) == 0 ? "y" : "n"]
      let output = session.run(arguments)
      #expect([0, 1, 64].contains(output.exitStatus), "\(trial): \(arguments)")
      #expect(output.exitStatus == 0 || output.standardError.hasPrefix("Error: "), "\(trial): \(arguments)")
      #expect(throws: Never.self, "\(trial): \(arguments)") { _ = try session.library() }
    }
  }

  @Test("a text that is one queue's name and another's id is a usage error in show, delete and audit (issue 45, 12)")
  func idNameCollision() throws {
    let session = try QueuesSession()
    #expect(session.run("create", "  commute  ").exitStatus == 0)
    let created = try #require(try session.library().queue(named: "commute"))
    #expect(created.id != .commute)
    for command in [["show", "commute"], ["delete", "commute", "--yes"]] {
      let output = session.run(command)
      #expect(output.exitStatus == 64, "\(command)")
      #expect(
        output.standardError
          == "Error: 'commute' is the name of commute (\(created.id.rawValue)) and the id of 🚗 Commute (commute); "
          + "give the whole name of the second or the id of the first\n", "\(command)")
    }
    let audit = SmartFillCommand.run(["audit", "--queue", "commute", "--store", session.storePath])
    #expect(audit.exitStatus == 64, "\(audit.standardError)")
    #expect(audit.standardError.contains("is the name of commute"))
    #expect(session.run("show", "🚗 Commute").exitStatus == 0)
    #expect(session.run("show", created.id.rawValue).exitStatus == 0)
    #expect(try session.library().queues.count == 5, "nothing was deleted")
  }

  @Test("runs of spaces in a name are one space at creation and at lookup (issue 46, 5)")
  func innerSpaces() throws {
    let session = try QueuesSession()
    #expect(session.run("create", "Morning  Run").standardOutput == "Created Morning Run.\n")
    #expect(session.run("show", "morning   run").exitStatus == 0)
    #expect(session.run("create", "morning\u{A0}run").exitStatus != 0, "the same name")
    // A name an older version kept with two spaces is found too.
    var library = try session.library()
    try library.rename(try #require(library.queue(named: "morning run")).id, to: "Evening Run")
    try QueueStore(path: session.storePath).save(library)
    var text = try session.folder.read("queues.json")
    text = text.replacingOccurrences(of: "Evening Run", with: "Evening  Run")
    try session.folder.write("queues.json", text)
    #expect(session.run("show", "evening run").exitStatus == 0)
  }
}
