import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("QueuesCommandUndo+JSON")
struct QueuesCommandUndoJSONTests {
  @Test("the undo file's format, pinned")
  func format() throws {
    let library = QueueLibrary(now: day(0))
    let text = QueuesCommandUndo(command: "clear", queueID: .sleep, before: library).jsonText(now: day(1))
    let escaped = library.jsonText().replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: "\\n")
    #expect(
      text == """
        {
          "version": 1,
          "command": "clear",
          "queueID": "sleep",
          "queueName": "😴 Sleep",
          "savedAt": "2024-01-02T00:00:00Z",
          "library": "\(escaped)"
        }

        """)
    let read = try QueuesCommandUndo(json: Array(text.utf8), now: day(1))
    #expect(read == QueuesCommandUndo(command: "clear", queueID: .sleep, before: library))
    #expect(
      throws: CommandError.failure(
        "the undo file is not valid: version: version 2 is not supported (this version reads 1)")
    ) {
      try QueuesCommandUndo(
        json: Array(text.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2").utf8), now: day(1))
    }
  }
}
