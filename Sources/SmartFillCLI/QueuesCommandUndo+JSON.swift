import Foundation
import Queues
import SmartFillSupport

// The undo file, `<store>.undo`:
//
//   {"version": 1, "command": "clear", "queueID": "commute", "queueName": "🚗 Commute",
//    "savedAt": "2024-01-01T00:00:00Z", "library": "<the store's JSON before the change, as a string>"}
//
// The library before the change is kept in the store's own format (its one encoding), as a string.

extension QueuesCommandUndo {
  /// The format version of the undo file.
  static let formatVersion = 1

  /// The undo file's text.
  func jsonText(now: Date) -> String {
    var json = JSONWriter()
    json.object { json in
      json.member("version", Self.formatVersion)
      json.member("command", command)
      json.member("queueID", queueID.rawValue)
      json.member("queueName", before[queueID]?.name ?? "")
      json.member("savedAt", now)
      json.member("library", before.jsonText())
    }
    json.append("\n")
    return json.text
  }

  /// Reads an undo file.
  init(json bytes: [UInt8], now: Date) throws(CommandError) {
    do throws(JSONReadError) {
      let reader = try JSONReader(parsing: bytes)
      let version = try reader.integer("version")
      guard version == Self.formatVersion else {
        throw reader.error("version \(version) is not supported (this version reads 1)", at: "version")
      }
      command = try reader.string("command")
      queueID = QueueID(try reader.string("queueID"))
      let text = try reader.string("library")
      do throws(QueueError) {
        before = try QueueLibrary(json: Array(text.utf8), now: now)
      } catch {
        throw reader.error("\(error)", at: "library")
      }
    } catch {
      throw .failure("the undo file is not valid: \(error)")
    }
  }
}
