import Foundation
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill")
struct SmartFillCommandTests {
  @Test("--version prints the version")
  func version() {
    #expect(SmartFillCommand.run(["--version"]) == .init(standardOutput: "0.1.0\n"))
  }

  @Test(
    "top-level usage errors print the error, the usage and the pointer to --help, with exit status 64",
    arguments: [
      (["frobnicate"], "Unknown subcommand 'frobnicate'"),
      (["--frobnicate"], "Unknown option '--frobnicate'"),
      (["help", "nope"], "Unknown subcommand 'nope'"),
    ])
  func usageErrors(arguments: [String], message: String) {
    let expected = "Error: \(message)\nUsage: smartfill <subcommand>\n" + usageFooter
    #expect(SmartFillCommand.run(arguments) == .init(standardError: expected, exitStatus: 64))
  }

  @Test("bare smartfill prints the overview, as --help does (issue 46, 4)")
  func bare() {
    #expect(SmartFillCommand.run([]) == .init(standardOutput: HelpText.root))
    #expect(SmartFillCommand.run([]) == SmartFillCommand.run(["--help"]))
  }

  @Test(
    "a misspelt subcommand, command or option gets a suggestion everywhere (issue 46, 4)",
    arguments: [
      (["fil"], "Unknown subcommand 'fil'; did you mean 'fill'?", "smartfill <subcommand>"),
      (["help", "qeues"], "Unknown subcommand 'qeues'; did you mean 'queues'?", "smartfill <subcommand>"),
      (["--verison"], "Unknown option '--verison'; did you mean '--version'?", "smartfill <subcommand>"),
      (
        ["fill", "c.json", "--mode", "variety", "--minute", "5"],
        "Unknown option '--minute'; did you mean '--minutes'?",
        HelpText.usage(.fill)
      ),
      (["queues", "lst"], "Unknown command 'lst'; did you mean 'list'?", HelpText.usage(.queues)),
      (["queues", "list", "--jsno"], "Unknown option '--jsno'; did you mean '--json'?", HelpText.usage(.queues)),
      (
        ["audit", "--catalgo", "c.json"], "Unknown option '--catalgo'; did you mean '--catalog'?",
        HelpText.usage(.audit)
      ),
      (["import", "--opm", "l.opml"], "Unknown option '--opm'; did you mean '--opml'?", HelpText.usage(.import)),
    ])
  func suggestions(arguments: [String], message: String, usage: String) {
    #expect(
      SmartFillCommand.run(arguments)
        == .init(standardError: "Error: \(message)\nUsage: \(usage)\n" + usageFooter, exitStatus: 64))
  }

  @Test("runtime failures name the file and the problem, with exit status 1")
  func runtimeFailures() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let missing = folder.path + "/missing.json"
    #expect(
      SmartFillCommand.run(["fill", missing, "--mode", "variety", "--minutes", "30"])
        == .init(standardError: "Error: \(missing): cannot read the file: no such file\n", exitStatus: 1))
    #expect(
      SmartFillCommand.run(["validate", folder.path])
        == .init(standardError: "Error: \(folder.path): cannot read the file: it is a directory\n", exitStatus: 1))
    let broken = try folder.write("broken.json", "{\"version\": 1, \"shows\": [}")
    #expect(
      SmartFillCommand.run(["fill", broken, "--mode", "continue-series"])
        == .init(
          standardError: "Error: \(broken): invalid catalog: line 1, column 26: malformed JSON: "
            + "unexpected character \"}\"\n",
          exitStatus: 1))
  }

  @Test("writing to a missing folder is a runtime failure naming the file")
  func unwritableOutput() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let feed = try folder.write(
      "f.xml",
      "<rss><channel><title>T</title><item><guid>g</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>"
        + "<enclosure url=\"https://e/a.mp3\"/></item></channel></rss>")
    let target = folder.path + "/no/such/dir/catalog.json"
    let output = SmartFillCommand.run(["import", feed, "-o", target])
    #expect(output.exitStatus == 1)
    #expect(output.standardOutput == "")
    #expect(
      output.standardError.hasSuffix(
        "Error: \(target): cannot write the file: no such directory \(folder.path)/no/such/dir\n"))
  }

  /// Whether `text` holds a control character other than a line break (C0, DEL, C1).
  static func hasRawControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != "\n" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) }
  }

  @Test("C0, DEL, C1 and ESC in names and values are escaped in every human-readable output (issue 45, 3)")
  func controlsEscaped() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = ["--store", folder.file("s.json")]
    // An 8-bit CSI, DEL and NEL in a refused queue name.
    let refused = SmartFillCommand.run(["queues", "create", "A\u{9B}2J\u{7F}\u{85}B"] + store)
    #expect(refused.exitStatus == 64 || refused.exitStatus == 1)
    #expect(!Self.hasRawControl(refused.standardError), "\(refused.standardError.debugDescription)")
    #expect(refused.standardError.contains("\\u{9B}"))
    // ESC, BEL and CSI in a Focus name and a device name, accepted and then shown.
    for arguments in [
      ["queues", "rules", "commute", "add", "focus", "--focus-name", "F\u{1B}[2J\u{07}"],
      ["queues", "rules", "commute", "add", "audio", "--device-id", "d\u{9B}1", "--device-name", "D\u{1B}]0;x\u{07}"],
      ["queues", "show", "commute"], ["queues", "list"], ["queues", "switcher"],
    ] {
      let output = SmartFillCommand.run(arguments + store)
      #expect(output.exitStatus == 0, "\(arguments): \(output.standardError)")
      #expect(!Self.hasRawControl(output.standardOutput), "\(arguments): \(output.standardOutput.debugDescription)")
      #expect(!Self.hasRawControl(output.standardError), "\(arguments)")
    }
    // The JSON form is left to JSON's own escapes: it still parses.
    let json = SmartFillCommand.run(["queues", "show", "commute", "--json"] + store)
    #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) }
  }

  @Test("values echoed in messages are cut to 80 characters (issue 45, 4)")
  func echoesCut() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = ["--store", folder.file("s.json")]
    let long = String(repeating: "x", count: 10_000)
    let emoji = String(repeating: "🚲", count: 5_000)
    for arguments in [
      ["queues", "create", long], ["queues", "create", "Bike", "--emoji", emoji],
      ["queues", "rename", "commute", long],
      ["queues", "rules", "commute", "add", "time", "--start", "07:00", "--end", "08:00", "--time-zone", long],
      ["queues", "rules", "commute", "add", "focus", "--focus-name", long],
      ["queues", "rules", "commute", "add", "audio", "--device-id", "d1", "--device-name", long],
      ["queues", "show", long], ["queues", "add", "commute", long],
    ] {
      let output = SmartFillCommand.run(arguments + store)
      for line in (output.standardOutput + output.standardError).split(separator: "\n") {
        #expect(line.count < 300, "\(arguments.prefix(3)): a line of \(line.count) characters")
      }
    }
  }
}
