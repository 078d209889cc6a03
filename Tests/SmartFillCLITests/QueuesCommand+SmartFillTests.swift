import Foundation
import Queues
import SmartFill
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill queues: settings and fill")
struct QueuesCommandSmartFillTests {
  @Test("settings: set, change one option, turn off")
  func settings() throws {
    let session = try QueuesSession()
    #expect(
      session.run("settings", "commute", "--mode", "continue-series", "--minutes", "45").standardOutput
        == "Smart fill of 🚗 Commute: continue-series, 45 min ± 3 min.\n")
    #expect(
      session.run("settings", "commute", "--tolerance", "5", "--priority", "https://a", "--priority", "https://b")
        .standardOutput == "Smart fill of 🚗 Commute: continue-series, 45 min ± 5 min, 2 priority shows.\n")
    #expect(
      try session.library().queue(.commute).smartFillSettings
        == SmartFillSettings(
          mode: .continueSeries, targetSeconds: 2700, toleranceSeconds: 300, priorityShows: ["https://a", "https://b"]))
    #expect(session.run("settings", "commute", "--off").standardOutput == "Smart fill of 🚗 Commute is off.\n")
    #expect(try session.library().queue(.commute).smartFillSettings == nil)
  }

  @Test("settings: bad values are usage errors and change nothing")
  func badSettings() throws {
    let session = try QueuesSession()
    for (arguments, message) in [
      (
        ["--mode", "shuffle"],
        "The value 'shuffle' is invalid for '--mode <mode>'. Please provide one of 'fill-time', 'continue-series' and 'variety'."
      ),
      (["--mode", "fill-time"], "Missing '--minutes <minutes>': mode fill-time needs a target"),
      ([], "Missing expected argument '--mode <mode>'"),
      (
        ["--mode", "variety", "--minutes", "-3"],
        "The value '-3' is invalid for '--minutes <minutes>'; use a number of minutes up to 10080"
      ),
      (
        ["--mode", "variety", "--minutes", "30", "--tolerance", "31"],
        "The value '31' is invalid for '--tolerance <minutes>'; use a number of minutes up to 30"
      ),
      (["--off", "--mode", "variety"], "Give '--off' or '--mode <mode>', not both"),
    ] {
      let output = session.run(["settings", "commute"] + arguments)
      #expect(output.exitStatus == 64, "\(arguments)")
      #expect(output.standardError == "Error: \(message)\n", "\(arguments)")
    }
    #expect(try session.library().queue(.commute).smartFillSettings == nil)
  }

  @Test("fill runs the queue's smart fill and prints the engine's reasons")
  func fill() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    #expect(
      session.run("fill", "commute", "--catalog", catalog).standardError
        == "Error: queue \"🚗 Commute\" has no smart fill settings; set a mode and a target first\n")
    session.run("settings", "commute", "--mode", "continue-series", "--minutes", "40")
    let output = session.run("fill", "commute", "--catalog", catalog)
    #expect(output.exitStatus == 0)
    #expect(
      output.standardOutput == """
        #  SHOW    EPISODE  TITLE   TIME  WHY
        1  Show A  S2 E5    Five   20:00  next in series
        2  Show A  S2 E6    Six    20:00  next in series

        Total 40:00 for a target of 40:00 ± 3:00 (+0:00): filled, 2 episodes, continue-series
        Note: Show B: 1 episode of unknown length passed over.
        Added 2 episodes to 🚗 Commute: now 2 episodes · 40 min total.

        """)
    #expect(try session.library().queue(.commute).episodes.map(\.episodeGUID) == ["a5", "a6"])
  }

  @Test("fill --replace replaces the episodes, undoably; --json carries the engine's result")
  func replace() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "commute", "c1", "--catalog", catalog)
    session.run("settings", "commute", "--mode", "continue-series", "--minutes", "20", "--tolerance", "0")
    let output = session.run("fill", "commute", "--catalog", catalog, "--replace", "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    let fill = try #require(object["fill"] as? [String: Any])
    #expect(fill["status"] as? String == "filled")
    #expect(fill["totalSeconds"] as? Int == 1200)
    #expect(try session.library().queue(.commute).episodes.map(\.episodeGUID) == ["a5"])
    #expect(session.run("undo").standardOutput == "Undid fill --replace: put back 1 episode in 🚗 Commute.\n")
    #expect(try session.library().queue(.commute).episodes.map(\.episodeGUID) == ["c1", "a5"])
  }

  @Test("a fill --replace whose undo cannot be kept changes nothing (issue 45, 1)")
  func replaceWithoutUndo() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "commute", "c1", "--catalog", catalog)
    session.run("settings", "commute", "--mode", "continue-series", "--minutes", "20", "--tolerance", "0")
    let before = try session.library()
    try FileManager.default.createDirectory(atPath: session.storePath + ".undo", withIntermediateDirectories: false)
    let output = session.run("fill", "commute", "--catalog", catalog, "--replace")
    #expect(output.exitStatus == 1)
    #expect(output.standardError.contains("cannot keep the undo"))
    #expect(try session.library() == before)
  }
}
