import Foundation
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill simulate")
struct SimulateCommandTests {
  /// CarPlay at 08:05 with the built-in queues, asked and declined; the car's play right after it held.
  static let timeline = """
    {"version": 1, "timeZone": "Europe/Berlin", "events": [
      {"at": "2026-03-02T08:05:00+01:00", "event": "carPlayConnected"},
      {"at": "2026-03-02T08:05:01+01:00", "event": "remotePlay"},
      {"at": "2026-03-02T08:05:09+01:00", "event": "answer", "answer": "no"},
      {"at": "2026-03-02T23:00:00+01:00", "event": "carPlayDisconnected"}
    ]}
    """

  @Test("prints each event with its decision and reason, then the active queue")
  func text() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let file = try folder.write("day.json", Self.timeline)
    let expected = """
      2026-03-02 08:05:00 +01:00  carPlayConnected
          ask: Switching to 🚗 Commute? [Yes | No | Don't ask again for Car] — CarPlay connected; rule Car of \
      🚗 Commute; you have not chosen Always, so asking
      2026-03-02 08:05:01 +01:00  remotePlay
          hold playback — the play command came 1 s after CarPlay connected; a context change alone never starts \
      playback
      2026-03-02 08:05:09 +01:00  answer no
          none — you said No to 🚗 Commute; not asked again before this trigger (CarPlay connected) ends and comes \
      back
      2026-03-02 23:00:00 +01:00  carPlayDisconnected
          ask: Switching to 😴 Sleep? [Yes | No | Don't ask again for 22:00–06:00] — it is 22:00–06:00; rule \
      22:00–06:00 of 😴 Sleep; you have not chosen Always, so asking
      active queue: 📋 Up Next; 0 switches

      """
    #expect(SmartFillCommand.run(["simulate", file]) == .init(standardOutput: expected))
  }

  @Test("--json prints the log as one document; --store starts from a store, which is not written")
  func jsonAndStore() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let file = try folder.write("day.json", Self.timeline)
    let storeText = try String(
      contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Datasets/timelines/commuter-queues.json").path,
      encoding: .utf8)
    let store = try folder.write("queues.json", storeText)
    let output = SmartFillCommand.run(["simulate", file, "--store", store, "--json"])
    #expect(output.exitStatus == 0 && output.standardError.isEmpty)
    let document = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
    #expect(document?["switchCount"] as? Int == 0)
    #expect(document?["activeQueueID"] as? String == "up-next")
    #expect((document?["entries"] as? [Any])?.count == 4)
    #expect(try folder.read("queues.json") == storeText, "the store is only read")
  }

  @Test("a bad timeline or store names the file, the place and the value; exit status 1")
  func failures() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let bad = try folder.write(
      "bad.json", #"{"version": 1, "timeZone": "UTC", "events": [{"at": "2026-03-02T08:00:00Z", "event": "nap"}]}"#)
    let output = SmartFillCommand.run(["simulate", bad])
    #expect(output.exitStatus == 1 && output.standardOutput.isEmpty)
    #expect(output.standardError.hasPrefix("Error: \(bad): invalid timeline, events[0].event: must be one of "))
    #expect(output.standardError.hasSuffix(#"found "nap""# + "\n"))
    let good = try folder.write("day.json", Self.timeline)
    let store = try folder.write("queues.json", #"{"version": 4, "queues": 3}"#)
    #expect(
      SmartFillCommand.run(["simulate", good, "--store", store])
        == .init(
          standardError: "Error: \(store): invalid queue store: queues: expected an array, found 3\n",
          exitStatus: 1))
    let missing = folder.file("missing.json")
    #expect(
      SmartFillCommand.run(["simulate", missing])
        == .init(standardError: "Error: \(missing): cannot read the file: no such file\n", exitStatus: 1))
  }

  @Test("usage errors and help")
  func usage() {
    let usage = "Usage: smartfill simulate <timeline> [--store <queues>] [--json]\n" + usageFooter
    #expect(
      SmartFillCommand.run(["simulate"])
        == .init(standardError: "Error: Missing expected argument '<timeline>'\n" + usage, exitStatus: 64))
    #expect(
      SmartFillCommand.run(["simulate", "a.json", "--speed", "2"])
        == .init(standardError: "Error: Unknown option '--speed'\n" + usage, exitStatus: 64))
    let help = SmartFillCommand.run(["simulate", "--help"])
    #expect(help.exitStatus == 0 && help.standardOutput == SmartFillCommand.run(["help", "simulate"]).standardOutput)
    #expect(help.standardOutput.hasPrefix("OVERVIEW: Replay a timeline of context events through auto-switching.\n"))
    #expect(help.standardOutput.contains("  --store <queues>        A queue store file to start from"))
  }
}
