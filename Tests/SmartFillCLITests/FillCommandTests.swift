import Foundation
import SmartFill
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill fill")
struct FillCommandTests {
  let fillUsage =
    "Usage: smartfill fill <catalog> --mode <mode> [--minutes <minutes>] [--tolerance <minutes>] "
    + "[--aim <minutes>] [--priority <show> ...] [--exclude <guid> ...] [--json]\n"

  @Test("--json prints exactly one document with the documented keys")
  func json() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("catalog.json", smallCatalog.jsonText())
    let output = SmartFillCommand.run(["fill", catalog, "--mode", "fill-time", "--minutes", "45", "--json"])
    let expected = """
      {
        "mode": "fill-time",
        "status": "filled",
        "targetSeconds": 2700,
        "toleranceSeconds": 180,
        "totalSeconds": 2700,
        "episodes": [
          {
            "feedURL": "https://a.example/feed",
            "guid": "a-long",
            "title": "Long",
            "seconds": 2700,
            "season": 2,
            "episode": 7
          }
        ],
        "message": null,
        "reason": null,
        "notes": []
      }

      """
    #expect(output == .init(standardOutput: expected))
  }

  @Test("--json gives null for an unknown season and for continue-series without a target")
  func jsonNulls() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("catalog.json", smallCatalog.jsonText())
    let output = SmartFillCommand.run([
      "fill", catalog, "--mode", "continue-series", "--exclude", "a-long", "--exclude",
      "https://a.example/feed#a-unknown", "--json",
    ])
    let expected = """
      {
        "mode": "continue-series",
        "status": "filled",
        "targetSeconds": null,
        "toleranceSeconds": 180,
        "totalSeconds": 600,
        "episodes": [
          {
            "feedURL": "https://a.example/feed",
            "guid": "a-short",
            "title": "Short",
            "seconds": 600,
            "season": null,
            "episode": null
          }
        ],
        "message": null,
        "reason": null,
        "notes": []
      }

      """
    #expect(output == .init(standardOutput: expected))
  }

  @Test("an empty catalog gives status empty with the message")
  func empty() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("catalog.json", "{\"version\": 1, \"shows\": []}")
    let output = SmartFillCommand.run(["fill", catalog, "--mode", "variety", "--minutes", "30", "--json"])
    let expected = """
      {
        "mode": "variety",
        "status": "empty",
        "targetSeconds": 1800,
        "toleranceSeconds": 180,
        "totalSeconds": 0,
        "episodes": [],
        "message": "No episodes available. Subscribe to more shows?",
        "reason": {
          "kind": "noEpisodes"
        },
        "notes": []
      }

      """
    #expect(output == .init(standardOutput: expected))
  }

  @Test("the table shows each episode with its show, numbers, title, time and reason, then the total")
  func table() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("catalog.json", smallCatalog.jsonText())
    let output = SmartFillCommand.run([
      "fill", catalog, "--mode", "fill-time", "--minutes", "44", "--tolerance", "1.5", "--priority",
      "https://a.example/feed",
    ])
    let expected = """
      #  SHOW        EPISODE  TITLE   TIME  WHY
      1  Alpha Show  S2 E7    Long   45:00  priority show

      Total 45:00 for a target of 44:00 ± 1:30 (+1:00): filled, 1 episode, fill-time

      """
    #expect(output == .init(standardOutput: expected))
  }

  @Test("an unknown --exclude GUID is a warning on standard error")
  func unknownExclude() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("catalog.json", smallCatalog.jsonText())
    let output = SmartFillCommand.run(["fill", catalog, "--mode", "fill-time", "--minutes", "45", "--exclude", "zz"])
    #expect(output.exitStatus == 0)
    #expect(output.standardError == "warning: --exclude zz: no such episode in \(catalog)\n")
  }

  @Test(
    "usage errors name the option and the value, with exit status 64",
    arguments: [
      (["fill"], "Missing expected argument '<catalog>'"),
      (["fill", "c.json"], "Missing expected argument '--mode <mode>'"),
      (
        ["fill", "c.json", "--mode", "shuffle"],
        "The value 'shuffle' is invalid for '--mode <mode>'. "
          + "Please provide one of 'fill-time', 'continue-series' and 'variety'."
      ),
      (["fill", "c.json", "--mode", "fill-time"], "Missing '--minutes <minutes>': mode fill-time needs a target"),
      (["fill", "c.json", "--mode", "variety"], "Missing '--minutes <minutes>': mode variety needs a target"),
      (
        ["fill", "c.json", "--mode", "variety", "--minutes", "abc"],
        "The value 'abc' is invalid for '--minutes <minutes>': expected a number of minutes such as 45 or 12.5, "
          + "more than 0 and at most 10080"
      ),
      (
        ["fill", "c.json", "--mode", "variety", "--minutes", "0"],
        "The value '0' is invalid for '--minutes <minutes>': expected minutes more than 0 and at most 10080"
      ),
      (
        ["fill", "c.json", "--mode", "variety", "--minutes", "-5"],
        "The value '-5' is invalid for '--minutes <minutes>': expected a number of minutes such as 45 or 12.5, "
          + "more than 0 and at most 10080"
      ),
      (
        ["fill", "c.json", "--mode", "variety", "--minutes", "30", "--tolerance", "x"],
        "The value 'x' is invalid for '--tolerance <minutes>': expected a number of minutes such as 45 or 12.5, "
          + "from 0 to 30"
      ),
      (["fill", "c.json", "--mode"], "Missing value for '--mode <mode>'"),
      (["fill", "c.json", "--mode", "variety", "--color"], "Unknown option '--color'"),
      (["fill", "c.json", "d.json"], "Unexpected argument 'd.json'"),
      (["fill", "c.json", "--json=yes"], "The option '--json' does not take a value"),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(
      SmartFillCommand.run(arguments)
        == .init(standardError: "Error: \(message)\n" + fillUsage + usageFooter, exitStatus: 64))
  }

  @Test(
    "values out of range are usage errors naming the option and the real limit (checked before rounding)",
    arguments: [
      (
        ["--minutes", "45", "--tolerance", "30.0001"],
        "The value '30.0001' is invalid for '--tolerance <minutes>': expected minutes from 0 to 30"
      ),
      (
        ["--minutes", "45", "--aim", "31"],
        "The value '31' is invalid for '--aim <minutes>': expected minutes from 0 to 30"
      ),
      (
        ["--minutes", "1e9"],
        "The value '1e9' is invalid for '--minutes <minutes>': expected a number of minutes such as 45 or 12.5, "
          + "more than 0 and at most 10080"
      ),
      (
        ["--minutes", "10080.01"],
        "The value '10080.01' is invalid for '--minutes <minutes>': expected minutes more than 0 and at most 10080"
      ),
      (
        ["--minutes", "0.001"],
        "The value '0.001' is invalid for '--minutes <minutes>': it is less than a second; expected minutes more "
          + "than 0 and at most 10080, at least 1 second (0.0167)"
      ),
      (
        ["--minutes", "20000"],
        "The value '20000' is invalid for '--minutes <minutes>': expected minutes more than 0 and at most 10080"
      ),
      (
        ["--minutes", "30", "--tolerance", "30"],
        "--tolerance must be less than --minutes (30 min) and at most 30, got 30 min"
      ),
      (
        ["--minutes", "30", "--priority", "https://nowhere"],
        "--priority: no show in the catalog has the title or feed URL \"https://nowhere\"; see 'smartfill shows "
          + "<catalog>' for the shows"
      ),
    ])
  func engineErrors(extra: [String], message: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("catalog.json", smallCatalog.jsonText())
    #expect(
      SmartFillCommand.run(["fill", catalog, "--mode", "fill-time"] + extra)
        == .init(standardError: "Error: \(message)\n" + fillUsage + usageFooter, exitStatus: 64))
  }

  @Test("an invalid catalog is a runtime failure naming the file and the first problem")
  func invalidCatalog() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("catalog.json", "{\"version\": 2, \"shows\": []}")
    #expect(
      SmartFillCommand.run(["fill", catalog, "--mode", "continue-series"])
        == .init(
          standardError: "Error: \(catalog): invalid catalog: catalog, field \"version\": unsupported version 2; "
            + "this package reads version 1\n",
          exitStatus: 1))
  }

  @Test("minutes are read as whole or decimal numbers of minutes")
  func minutes() throws {
    #expect(try FillCommand.seconds("45", option: "x", maximumSeconds: 3600) == 2700)
    #expect(try FillCommand.seconds("22.5", option: "x", maximumSeconds: 3600) == 1350)
    #expect(try FillCommand.seconds(nil, option: "x", maximumSeconds: 3600) == nil)
    #expect(try FillCommand.seconds("0", option: "x", allowsZero: true, maximumSeconds: 3600) == 0)
    #expect(try FillCommand.seconds("60", option: "x", maximumSeconds: 3600) == 3600)
    #expect(throws: CommandError.self) { try FillCommand.seconds("1e3", option: "x", maximumSeconds: 3600) }
    #expect(throws: CommandError.self) { try FillCommand.seconds("inf", option: "x", maximumSeconds: 3600) }
    #expect(throws: CommandError.self) { try FillCommand.seconds("1.2.3", option: "x", maximumSeconds: 3600) }
  }

  @Test("10,000 exclusions take one pass over the catalog, and unknown ones are warned about")
  func manyExclusions() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("catalog.json", smallCatalog.jsonText())
    let values = (0..<10_000).map { "missing-\($0)" } + ["a-long", "https://a.example/feed#a-short"]
    let run = SmartFillCommand.run(
      ["fill", catalog, "--mode", "continue-series", "--json"] + values.flatMap { ["--exclude", $0] })
    #expect(run.exitStatus == 0)
    #expect(run.standardError.components(separatedBy: "\n").count == 10_001)
    #expect(run.standardError.hasPrefix("warning: --exclude missing-0: no such episode in \(catalog)\n"))
  }

  @Test("a target under a second and a short target are answered for what they are (issue 45, 13)")
  func shortTargets() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("c.json", Data(smallCatalog.jsonBytes()))
    let tiny = SmartFillCommand.run(["fill", catalog, "--mode", "fill-time", "--minutes", "0.001"])
    #expect(tiny.exitStatus == 64)
    #expect(tiny.standardError.contains("less than a second"), "\(tiny.standardError)")
    // 1.5 minutes with the default tolerance: the tolerance fits the target (half of it).
    let short = SmartFillCommand.run(["fill", catalog, "--mode", "fill-time", "--minutes", "1.5"])
    #expect(short.exitStatus == 0, "\(short.standardError)")
    #expect(short.standardOutput.hasPrefix("Total 0:00 for a target of 1:30 ± 0:45"), "\(short.standardOutput)")
  }
}
