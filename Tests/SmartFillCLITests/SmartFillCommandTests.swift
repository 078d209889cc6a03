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
      ([String](), "Missing expected argument '<subcommand>'"),
      (["frobnicate"], "Unknown subcommand 'frobnicate'"),
      (["--frobnicate"], "Unknown option '--frobnicate'"),
      (["help", "nope"], "Unknown subcommand 'nope'"),
    ])
  func usageErrors(arguments: [String], message: String) {
    let expected = "Error: \(message)\nUsage: smartfill <subcommand>\n" + usageFooter
    #expect(SmartFillCommand.run(arguments) == .init(standardError: expected, exitStatus: 64))
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
}
