import Foundation
import QueueScreens
import Queues
import SmartFill
import Testing

@Suite("QueueEditor's field errors")
struct QueueEditorValidationTests {
  @Test("each error at its field, before Save")
  func fieldErrors() throws {
    var editor = try QueueEditor(editing: .commute, in: QueueLibrary(now: start))
    #expect(editor.errors.isEmpty)
    #expect(editor.canSave)
    editor.draft.emoji = "😴"
    editor.draft.title = "sleep"
    #expect(editor.error(for: .name)?.message == "“😴 Sleep” is already taken")
    editor.draft.title = String(repeating: "a", count: 39)
    #expect(editor.error(for: .name)?.message == "Too long: 41 characters, at most 40")
    editor.draft.title = " "
    editor.draft.emoji = nil
    #expect(editor.error(for: .name)?.message == "Enter a name")
    editor.draft.title = "Drive\nfast"
    #expect(editor.error(for: .name)?.message == "A name cannot contain line breaks")
    editor.draft.title = "Drive"
    editor.draft.emoji = "AB"
    #expect(editor.error(for: .emoji)?.message == "Choose a single emoji")
    editor.draft.emoji = nil
    editor.draft.rules = [.car, .timeRange(TimeRange(start: TimeOfDay(hour: 25), end: TimeOfDay(hour: 6)))]
    #expect(
      editor.error(for: .rule(1))?.message
        == "start a time of day needs an hour 0–23 and a minute 0–59, got 25:0")
    editor.draft.rules = []
    editor.draft.smartFillSettings = SmartFillSettings(mode: .fillTime, targetSeconds: nil)
    #expect(editor.error(for: .smartFill)?.message == "Set a target duration for Fill Time")
    editor.draft.smartFillSettings = SmartFillSettings(mode: .fillTime, targetSeconds: 0)
    #expect(editor.error(for: .smartFill)?.message == "The target must be from 1 second to 7 days")
    editor.draft.smartFillSettings = SmartFillSettings(
      mode: .continueSeries, targetSeconds: nil, toleranceSeconds: 4000)
    #expect(editor.error(for: .smartFill)?.message == "The tolerance must be from 0 to 30 minutes")
    #expect(!editor.canSave)
    #expect(editor.errors.map(\.description) == ["smart fill: The tolerance must be from 0 to 30 minutes"])
  }

  @Test("over the queue limit, and Up Next's name")
  func limitAndUpNext() throws {
    let full = try QueueLibrary(now: start, queueLimit: 4)
    var create = QueueEditor(creatingIn: full)
    create.draft.title = "Bike"
    #expect(
      create.errors.map(\.description) == [
        "queue limit: You have 4 queues, the most allowed; delete one to create another"
      ])
    var library = full
    #expect(throws: QueueScreensError.invalidDraft(create.errors)) { try create.save(to: &library, now: start) }
    var upNext = try QueueEditor(editing: .upNext, in: full)
    upNext.draft.title = "Later"
    #expect(upNext.error(for: .name)?.message == "Up Next cannot be renamed; only its emoji can change")
  }

  @Test("Save checks against the library as it is now: a name taken meanwhile")
  func takenMeanwhile() throws {
    var library = QueueLibrary(now: start)
    var editor = QueueEditor(creatingIn: library)
    editor.draft.title = "Bike"
    #expect(editor.errors.isEmpty)
    try library.createQueue(named: "bike", now: start)
    let before = library
    #expect(throws: QueueScreensError.self) { try editor.save(to: &library, now: start) }
    #expect(library == before)
  }
}
