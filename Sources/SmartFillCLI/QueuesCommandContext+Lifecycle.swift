import Foundation
import Queues
import SmartFillSupport

// `create`, `rename`, `delete`, `restore`, `duplicate` and `clear`: queues made, named, removed and emptied.

extension QueuesCommandContext {
  /// `create NAME [--emoji E]`.
  mutating func create() throws(CommandError) {
    let text = try arguments("<name>")[0]
    let name = QueueName.compose(emoji: parsed.value("--emoji"), text: text)
    var id = QueueID.random()
    let library = try update { (library) throws(QueueError) in
      if let emoji = parsed.value("--emoji") { _ = try QueueName.validatedEmoji(emoji) }
      id = try library.createQueue(named: name, now: now)
    }
    let queue = try library.found(id).value
    say("Created \(queue.name).")
    json(QueuesCommand.node(command: "create", queue, in: library))
  }

  /// `rename QUEUE NAME [--emoji E]`: a new name (and emoji), or only a new emoji for Up Next.
  mutating func rename() throws(CommandError) {
    let given = try arguments("<queue>", "<name>")
    let old = try queue(given[0], in: try load())
    let emoji = parsed.value("--emoji") ?? old.emoji
    let library = try update { (library) throws(QueueError) in
      if old.id == .upNext {
        guard QueueName.clash(QueueName.text(of: given[1]), old.title) else {
          throw .upNextIsPermanent(operation: "renamed")
        }
        try library.changeEmoji(of: old.id, to: emoji, now: now)
      } else {
        try library.rename(old.id, to: QueueName.compose(emoji: emoji, text: QueueName.text(of: given[1])), now: now)
      }
    }
    let queue = try library.found(old.id).value
    say("Renamed \(old.name) to \(queue.name).")
    json(QueuesCommand.node(command: "rename", queue, in: library))
  }

  /// `delete QUEUE [--yes]`: says what will go and asks, unless `--yes`; restorable for 30 days.
  mutating func delete() throws(CommandError) {
    let name = try arguments("<queue>")[0]
    let loaded = try load()
    let queue = try queue(name, in: loaded)
    let deletion: QueueLibrary.Deletion
    do throws(QueueError) {
      deletion = try loaded.deletion(of: queue.id)
    } catch {
      throw .failure(error.description)
    }
    if !parsed.isSet("--yes") {
      let answer = environment.ask(deletion.confirmationMessage + " [y/N] ")
      guard let answer, ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else {
        throw .failure("\(queue.name) was not deleted: not confirmed (answer y, or pass --yes)")
      }
    }
    let library = try update { (library) throws(QueueError) in try library.delete(deletion, now: now) }
    say(
      "Deleted \(queue.name). Restore it within \(QueueLibrary.restorableDays) days with: "
        + "smartfill queues restore \(Self.shellQuoted(queue.name))")
    json(
      .object([
        ("command", .string("delete")), ("id", .string(queue.id.rawValue)), ("name", .string(queue.name)),
        ("episodeCount", .integer(queue.count)), ("activeQueueID", .string(library.activeQueueID.rawValue)),
      ]))
  }

  /// `restore QUEUE`: a deleted queue back at its place, with everything it had.
  mutating func restore() throws(CommandError) {
    let name = try arguments("<queue>")[0]
    let deleted = try deletedQueue(name, in: try load())
    let library = try update { (library) throws(QueueError) in try library.restore(deleted.queue.id, now: now) }
    let queue = try library.found(deleted.queue.id).value
    say("Restored \(queue.name) with \(QueuesCommand.plural(queue.count, "episode")).")
    json(QueuesCommand.node(command: "restore", queue, in: library))
  }

  /// `duplicate QUEUE`: a copy just after it, with its episodes, rules and settings.
  mutating func duplicate() throws(CommandError) {
    let original = try queue(try arguments("<queue>")[0], in: try load())
    var id = QueueID.random()
    let library = try update { (library) throws(QueueError) in id = try library.duplicate(original.id, now: now) }
    let copy = try library.found(id).value
    say("Duplicated \(original.name) as \(copy.name).")
    json(QueuesCommand.node(command: "duplicate", copy, in: library))
  }

  /// `clear QUEUE`: every episode out, undoable with `undo`.
  mutating func clear() throws(CommandError) {
    let target = try queue(try arguments("<queue>")[0], in: try load())
    var count = 0
    let (library, _) = try updateUndoably("clear", of: target.id) { (library) throws(QueueError) in
      count = library[target.id]?.count ?? 0
      try library.clear(target.id, now: now)
      return count > 0
    }
    let queue = try library.found(target.id).value
    say(
      "Cleared \(QueuesCommand.plural(count, "episode")) from \(queue.name)."
        + (count > 0 ? " Undo with: smartfill queues undo" : ""))
    json(QueuesCommand.node(command: "clear", queue, in: library, extra: [("clearedCount", .integer(count))]))
  }

  /// `'text'` quoted for a shell, when it needs quoting.
  static func shellQuoted(_ text: String) -> String {
    let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

extension Result where Failure == QueueError {
  /// The value, or the failure as a runtime failure of the command.
  var value: Success {
    get throws(CommandError) {
      switch self {
      case .success(let value): return value
      case .failure(let error): throw .failure(error.description)
      }
    }
  }
}

extension QueueLibrary {
  /// The queue `id` as a result (to throw as a command's failure), for ``Result/value``.
  func found(_ id: QueueID) -> Result<Queue, QueueError> {
    do throws(QueueError) { return .success(try queue(id)) } catch { return .failure(error) }
  }
}

extension QueuesCommand {
  /// `1 episode`, `2 episodes`.
  static func plural(_ count: Int, _ noun: String) -> String { ImportCommand.plural(count, noun) }
}
