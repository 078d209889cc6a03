import Audit
import AutoSwitch
import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

/// A decider that never acts: auto-switching does not trigger.
private struct NeverFires: AutoSwitchDecider {
  mutating func handle(_ event: ContextEvent, at time: Date, in library: inout QueueLibrary) -> Decision {
    Decision(.none, reason: "planted")
  }
}

@Suite("smartfill audit")
struct AuditCommandTests {
  static let usage = "Usage: " + HelpText.usage(.audit) + "\n" + usageFooter

  /// A store whose Road Trip queue has a car rule as Commute's: a MEDIUM finding.
  static func storeText() throws -> String {
    var library = QueueLibrary(now: day(0))
    library.markAudioDevice("00:1A:7D:DA:71:13", name: "Golf", isCar: true)
    try library.createQueue(named: "🚙 Road Trip", autoSwitchRules: [.car], id: QueueID("road-trip"), now: day(0))
    return library.jsonText()
  }

  @Test("--only queues runs that line alone and exits 0 when it is ✓")
  func onlyQueues() {
    let output = SmartFillCommand.run(["audit", "--only", "queues"])
    #expect(output.exitStatus == 0 && output.standardError.isEmpty)
    #expect(output.standardOutput.hasPrefix("QUEUE FEATURE: Queue Operations\nComplexity: Medium\nStatus: ✓ WORKING\n"))
    #expect(output.standardOutput.contains("\n  Queue Operations: ✓ All Working\n"))
    #expect(!output.standardOutput.contains("Smart Fill:"))
  }

  @Test("--json prints one document with the report's keys")
  func json() throws {
    let output = SmartFillCommand.run(["audit", "--only", "sync", "--json"])
    #expect(output.exitStatus == 0 && output.standardError.isEmpty)
    guard case .object(let document) = try JSONValue.parse(Array(output.standardOutput.utf8)) else {
      Issue.record("not an object")
      return
    }
    #expect(
      Set(document.keys)
        == ["feature", "scope", "queueID", "complexity", "status", "functionality", "issues", "recommendations"])
    #expect(document["scope"] == .string("sync") && document["status"] == .string("working"))
  }

  @Test("a planted fault exits 1 with its mark")
  func plantedFault() {
    var components = AuditComponents()
    components.makeDecider = { _ in NeverFires() }
    var output = SmartFillCommand.Output()
    #expect(throws: Never.self) {
      try AuditCommand.run(["--only", "auto-switch"], audit: Audit(components: components), into: &output)
    }
    #expect(output.exitStatus == 1)
    #expect(output.standardOutput.contains("Status: ✗ BROKEN\n"))
    #expect(output.standardOutput.contains("  Auto-Switching: ✗ Not Triggering\n"))
  }

  @Test("a store's MEDIUM finding exits 1; the store is only read")
  func store() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let text = try Self.storeText()
    let store = try folder.write("queues.json", text)
    let output = SmartFillCommand.run(["audit", "--only", "queues", "--store", store])
    #expect(output.exitStatus == 1)
    #expect(output.standardOutput.contains("Status: ⚠ ISSUES\n"))
    #expect(
      output.standardOutput.contains(
        "  - MEDIUM 🚗 Commute and 🚙 Road Trip both switch on Car: 🚙 Road Trip never wins (the queue first in the "
          + "list does)\n"))
    #expect(try folder.read("queues.json") == text)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["queues.json"])
  }

  @Test("--queue audits one queue of the store, found as queue names are compared")
  func oneQueue() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = try folder.write("queues.json", try Self.storeText())
    let output = SmartFillCommand.run(["audit", "--queue", " 🚙 road trip", "--store", store])
    #expect(output.standardOutput.hasPrefix("QUEUE FEATURE: 🚙 Road Trip\nComplexity: Medium\nStatus: ⚠ ISSUES\n"))
    #expect(output.exitStatus == 1)
    #expect(output.standardOutput.contains("won by another queue: 1"))
  }

  @Test(
    "usage errors exit 64",
    arguments: [
      (
        ["--only", "bogus"],
        "The value 'bogus' is invalid for '--only <area>'; use queues, auto-switch, smart-fill, sync"
      ),
      (["--queue", "🚗 Commute"], "'--queue <name>' needs '--store <queues>', the store that holds the queue"),
      (["--only", "sync", "--queue", "x"], "'--only' and '--queue' cannot be combined; audit one queue or one area"),
      (["extra"], "Unexpected argument 'extra'"),
      (["--frobnicate"], "Unknown option '--frobnicate'"),
    ])
  func usageErrors(arguments: [String], message: String) {
    let output = SmartFillCommand.run(["audit"] + arguments)
    #expect(output == .init(standardError: "Error: \(message)\n" + Self.usage, exitStatus: 64))
  }

  @Test("an unknown queue name is a usage error that names it and the store's queues")
  func unknownQueue() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = try folder.write("queues.json", try Self.storeText())
    let output = SmartFillCommand.run(["audit", "--queue", "🚴 Bike", "--store", store])
    #expect(
      output
        == .init(
          standardError: "Error: no queue named \"🚴 Bike\" in the store; its queues are \"📋 Up Next\", "
            + "\"🚗 Commute\", \"🏋️ Workout\", \"😴 Sleep\", \"🚙 Road Trip\"\n" + Self.usage, exitStatus: 64))
  }

  @Test("an empty catalog leaves smart fill not checked: no ✓ beside shares of nothing, an issue, exit 1 (issue 46, 7)")
  func emptyCatalog() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("catalog.json", "{\"version\": 1, \"shows\": []}")
    let output = SmartFillCommand.run(["audit", "--only", "smart-fill", "--catalog", catalog])
    #expect(output.exitStatus == 1 && output.standardError.isEmpty)
    #expect(
      output.standardOutput.hasPrefix(
        """
        QUEUE FEATURE: Smart Fill
        Complexity: High
        Status: – NOT CHECKED

        FUNCTIONALITY:
          Smart Fill: – Not Checked
            fills run: 17 on the catalog (fill time, continue series and variety, 15 to 90 min)
            not checked: the catalog has no episode a fill can take (unplayed, of known length, at most 95 min), \
        so accuracy, continuity and variety were not checked
            speed: p99 
        """), "\(output.standardOutput)")
    #expect(
      output.standardOutput.hasSuffix(
        """
        ISSUES:
          - MEDIUM smart fill was not checked: the catalog has no episode a fill can take

        RECOMMENDATIONS:
          - Audit a catalog with unplayed episodes of known length, or leave out --catalog to audit smart fill on \
        generated catalogs

        """), "\(output.standardOutput)")
    #expect(!output.standardOutput.contains("✓"))
    #expect(!output.standardOutput.contains("0 of 5"))
  }

  @Test("a store read in part is audited as read: a show tied twice (MEDIUM) and a queue left out (HIGH)")
  func storeReadInPart() throws {
    var library = QueueLibrary(now: day(0))
    try library.tieShow("https://daily.example/feed.xml", titled: "Daily", to: .commute, now: day(0))
    try library.tieShow("https://saga.example/feed.xml", titled: "Saga", to: .sleep, now: day(0))
    let text = library.jsonText()
      .replacingOccurrences(of: "https://saga.example/feed.xml", with: "https://daily.example/feed.xml")
      .replacingOccurrences(of: "\"name\": \"🏋️ Workout\"", with: "\"name\": 7")
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = try folder.write("queues.json", text)
    let output = SmartFillCommand.run(["audit", "--only", "queues", "--store", store])
    #expect(output.exitStatus == 1 && output.standardError.isEmpty, "\(output.standardError)")
    #expect(output.standardOutput.contains("\n  - HIGH The store could be read only in part: 1 value was left out"))
    #expect(
      output.standardOutput.contains(
        "\n  - MEDIUM \"Daily\" is tied to both 🚗 Commute and 😴 Sleep in the store: a show goes to one queue, so "
          + "the first tie, to 🚗 Commute, holds and the one to 😴 Sleep was left out\n"), "\(output.standardOutput)")
    #expect(try String(contentsOfFile: store, encoding: .utf8) == text, "the store is only read")
  }

  @Test("bad input files get the readers' errors and exit 1")
  func badFiles() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = try folder.write("queues.json", "{\"version\": 4, \"queues\": 3}")
    let badStore = SmartFillCommand.run(["audit", "--store", store])
    #expect(badStore.exitStatus == 1 && badStore.standardOutput.isEmpty)
    #expect(badStore.standardError.hasPrefix("Error: \(store): invalid queue store: "))
    let catalog = try folder.write("catalog.json", "{\"version\": 1, \"shows\": [{}]}")
    let badCatalog = SmartFillCommand.run(["audit", "--catalog", catalog])
    #expect(badCatalog.exitStatus == 1)
    #expect(badCatalog.standardError.hasPrefix("Error: \(catalog): invalid catalog: "))
    let missing = SmartFillCommand.run(["audit", "--store", folder.file("none.json")])
    #expect(missing.exitStatus == 1 && missing.standardError.contains("cannot read the file"))
  }

  @Test("--help and help audit print the help")
  func help() {
    #expect(SmartFillCommand.run(["audit", "--help"]) == .init(standardOutput: HelpText.auditHelp))
    #expect(SmartFillCommand.run(["help", "audit"]) == .init(standardOutput: HelpText.auditHelp))
    #expect(HelpText.auditHelp.contains("USAGE: smartfill audit [--catalog <catalog>] [--store <queues>] "))
  }

  @Test("a store over the queue store's limit is refused by audit and simulate before it is read (issue 45, 5)")
  func storeLimit() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    // A sparse file one byte over the limit: no disk, and no read if the size is checked first.
    let store = folder.file("big.json")
    #expect(FileManager.default.createFile(atPath: store, contents: Data("{".utf8)))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store))
    try handle.truncate(atOffset: UInt64(QueueStore.maximumFileSize + 1))
    try handle.close()
    let timeline = try folder.write("day.json", SimulateCommandTests.timeline)
    for arguments in [["audit", "--only", "queues", "--store", store], ["simulate", timeline, "--store", store]] {
      let output = SmartFillCommand.run(arguments)
      #expect(output.exitStatus == 1, "\(arguments)")
      #expect(
        output.standardError.contains("more than the limit of \(QueueStore.maximumFileSize) bytes"),
        "\(arguments): \(output.standardError)")
    }
  }
}
