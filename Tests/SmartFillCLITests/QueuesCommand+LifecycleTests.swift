import Foundation
import Queues
import SmartFill
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill queues: create, rename, delete, restore, duplicate, clear, undo")
struct QueuesCommandLifecycleTests {
  @Test("create and rename, with and without an emoji; names are checked")
  func createAndRename() throws {
    let session = try QueuesSession()
    #expect(session.run("create", "Bike", "--emoji", "🚴").standardOutput == "Created 🚴 Bike.\n")
    #expect(session.run("create", "📚 Books").standardOutput == "Created 📚 Books.\n")
    #expect(session.run("rename", "bike", "Ride").standardOutput == "Renamed 🚴 Bike to 🚴 Ride.\n")
    #expect(session.run("rename", "ride", "Ride", "--emoji", "🚲").standardOutput == "Renamed 🚴 Ride to 🚲 Ride.\n")
    #expect(
      session.run("rename", "up next", "Up Next", "--emoji", "⏭️").standardOutput == "Renamed 📋 Up Next to ⏭️ Up Next.\n")
    let taken = session.run("create", "sleep", "--emoji", "😴")
    #expect(taken.exitStatus == 1)
    #expect(
      taken.standardError == "Error: queue name \"😴 sleep\" is already used by queue \"😴 Sleep\"; choose another name\n"
    )
    #expect(session.run("create", "Run", "--emoji", "no").standardError.contains("must be exactly one emoji"))
    #expect(
      session.run("create", String(repeating: "x", count: 41)).standardError.contains(
        "must be at most 40 characters, has 41"))
    #expect(
      session.run("rename", "up next", "Later").standardError == "Error: Up Next cannot be renamed; it always exists\n")
    #expect(
      try session.library().queues.map(\.name) == [
        "⏭️ Up Next", "🚗 Commute", "🏋️ Workout", "😴 Sleep", "🚲 Ride", "📚 Books",
      ])
  }

  @Test("delete says what will go and asks; no answer deletes nothing; restore brings it all back")
  func deleteAndRestore() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "commute", "a5", "a6", "--catalog", catalog)
    session.run("switch", "commute")
    let before = try session.library().queue(.commute)
    session.answers = ["n"]
    let refused = session.run("delete", "commute")
    #expect(refused.exitStatus == 1)
    #expect(refused.standardError == "Error: 🚗 Commute was not deleted: not confirmed (answer y, or pass --yes)\n")
    #expect(
      session.prompts == [
        "Delete “🚗 Commute” and its 2 episodes? You can restore it for 30 days. Up Next will play instead. [y/N] "
      ])
    #expect(session.run("delete", "commute").exitStatus == 1)  // end of input
    #expect(try session.library()[.commute] != nil)
    session.answers = ["Y"]
    let deleted = session.run("delete", "commute")
    #expect(deleted.exitStatus == 0)
    #expect(
      deleted.standardOutput
        == "Deleted 🚗 Commute. Restore it within 30 days with: smartfill queues restore '🚗 Commute'\n")
    #expect(try session.library()[.commute] == nil)
    #expect(try session.library().activeQueueID == .upNext)
    #expect(session.run("restore", "nothing").exitStatus == 64)
    #expect(session.run("restore", "commute").standardOutput == "Restored 🚗 Commute with 2 episodes.\n")
    let restored = try session.library().queue(.commute)
    #expect(restored.episodes == before.episodes)
    #expect(restored.autoSwitchRules == before.autoSwitchRules)
    #expect(try session.library().queues.map(\.id)[1] == .commute)
    #expect(
      session.run("delete", "up next", "--yes").standardError == "Error: Up Next cannot be deleted; it always exists\n")
  }

  @Test("of deleted queues with one name, restore brings back the one deleted last")
  func restoreLatest() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("delete", "commute", "--yes")
    session.run("create", "Commute", "--emoji", "🚗")
    session.run("add", "commute", "a5", "--catalog", catalog)
    session.run("delete", "commute", "--yes")
    #expect(session.run("restore", "🚗 Commute").standardOutput == "Restored 🚗 Commute with 1 episode.\n")
    #expect(session.run("restore", "commute").standardOutput == "Restored 🚗 Commute restored with 0 episodes.\n")
    #expect(try session.library().queue(.commute).name == "🚗 Commute restored")
  }

  @Test("duplicate copies the episodes, rules and settings under a new name")
  func duplicate() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "commute", "a5", "c1", "--catalog", catalog)
    session.run("settings", "commute", "--mode", "fill-time", "--minutes", "30", "--priority", "https://a.example/feed")
    session.run("rules", "commute", "add", "audio", "--output", "car")
    #expect(session.run("duplicate", "commute").standardOutput == "Duplicated 🚗 Commute as 🚗 Commute copy.\n")
    #expect(session.run("duplicate", "commute").standardOutput == "Duplicated 🚗 Commute as 🚗 Commute copy 2.\n")
    let library = try session.library()
    let original = try library.queue(.commute)
    let copy = try #require(library.queue(named: "🚗 Commute copy"))
    #expect(copy.episodes == original.episodes)
    #expect(copy.autoSwitchRules == original.autoSwitchRules)
    #expect(copy.smartFillSettings == original.smartFillSettings)
    #expect(copy.id != original.id)
  }

  @Test("clear, then undo puts the episodes back before those added since, the playhead where it was")
  func clearAndUndo() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "up next", "a5", "a6", "a7", "--catalog", catalog)
    session.run("play", "--episode", "2", "--position", "1:00")
    let before = try session.library().upNext
    #expect(
      session.run("clear", "up next").standardOutput
        == "Cleared 3 episodes from 📋 Up Next. Undo with: smartfill queues undo\n")
    #expect(try session.library().upNext.isEmpty)
    session.run("add", "up next", "c1", "--catalog", catalog)
    #expect(session.run("undo").standardOutput == "Undid clear: put back 3 episodes in 📋 Up Next.\n")
    let after = try session.library().upNext
    #expect(after.episodes.map(\.episodeGUID) == ["a5", "a6", "a7", "c1"])
    #expect(after.current?.episodeGUID == "a6")
    #expect(after.current?.playbackPositionSeconds == 60)
    #expect(Array(after.episodes.prefix(3)) == before.episodes)
    let again = session.run("undo")
    #expect(again.exitStatus == 1)
    #expect(again.standardError == "Error: there is nothing to undo\n")
    #expect(session.run("clear", "sleep").standardOutput == "Cleared 0 episodes from 😴 Sleep.\n")
    #expect(session.run("undo").exitStatus == 1)
  }

  @Test("undo after the queue was deleted is refused and changes nothing")
  func undoDeleted() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "commute", "a5", "--catalog", catalog)
    session.run("clear", "commute")
    session.run("delete", "commute", "--yes")
    let before = try session.library()
    let output = session.run("undo")
    #expect(output.exitStatus == 1)
    #expect(output.standardError == "Error: the clear of queue \"🚗 Commute\" can no longer be undone\n")
    #expect(try session.library() == before)
  }

  @Test("a damaged undo file is reported, never applied")
  func badUndo() throws {
    let session = try QueuesSession()
    try session.folder.write("queues.json.undo", "{\"version\": 1, \"command\": \"clear\"}")
    let output = session.run("undo")
    #expect(output.exitStatus == 1)
    #expect(output.standardError == "Error: the undo file is not valid: queueID: the field is missing\n")
  }

  @Test("a clear whose undo cannot be kept changes nothing (issue 45, 1)")
  func clearWithoutUndo() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "commute", "a5", "a6", "--catalog", catalog)
    let before = try session.library()
    // A directory where the undo goes: a stand-in for a full disk or a read-only file.
    try FileManager.default.createDirectory(atPath: session.storePath + ".undo", withIntermediateDirectories: false)
    let output = session.run("clear", "commute")
    #expect(output.exitStatus == 1)
    #expect(output.standardError.hasPrefix("Error: \(session.storePath).undo: cannot keep the undo: "))
    #expect(output.standardError.contains("nothing was changed"))
    #expect(try session.library() == before)
  }

  @Test("a deletion past 30 days is not offered as restorable by list or list --json (issue 45, 10)")
  func expiredNotOffered() throws {
    let session = try QueuesSession()
    session.run("create", "Bike")
    session.run("delete", "bike", "--yes")
    #expect(session.run("list").standardOutput.contains("Recently deleted (restorable for 30 days): Bike"))
    session.now = day(10 + 31)
    #expect(session.run("restore", "bike").exitStatus != 0)
    let list = session.run("list")
    #expect(!list.standardOutput.contains("Bike"), "\(list.standardOutput)")
    let json = session.run("list", "--json").standardOutput
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect((object["deletedQueues"] as? [Any])?.isEmpty == true, "\(json)")
  }
}
