import Foundation
import QueueScreens
import Queues
import SmartFill
import SmartFillSupport

// `list`, `switcher` and `show`: the design's three screens, which only read the store.

extension QueuesCommandContext {
  /// `list`: the management screen.
  mutating func list() throws(CommandError) {
    _ = try arguments()
    let library = try load()
    let screen = QueueManagementScreen(library)
    let restorable = library.restorableDeletedQueues(now: now)
    say(QueuesCommand.text(screen, deleted: restorable, columns: environment.columns))
    json(
      .object([
        (
          "queues",
          .array(
            zip(library.queues, screen.rows).map { queue, row in
              .object([
                ("id", .string(queue.id.rawValue)), ("name", .string(row.name)),
                ("isActive", .bool(row.activeLabel != nil)),
                ("episodeCount", .integer(queue.count)), ("remainingSeconds", .integer(queue.remainingSeconds)),
                ("unknownDurationCount", .integer(queue.unknownDurationCount)), ("countText", .string(row.countText)),
                ("totalText", .string(row.totalText)), ("unknownText", row.unknownText.map { .string($0) } ?? .null),
                ("autoSwitchText", row.autoSwitchText.map { .string($0) } ?? .null),
                ("actions", .array(row.actions.map { .string($0.title) })),
              ])
            })
        ),
        ("queueCount", .integer(library.count)), ("queueLimit", .integer(library.queueLimit)),
        ("createText", screen.createText.map { .string($0) } ?? .null),
        (
          "deletedQueues",
          .array(
            restorable.map {
              .object([
                ("id", .string($0.queue.id.rawValue)), ("name", .string($0.queue.name)),
                ("deletedAt", .string(Timestamp.format($0.deletedAt))),
              ])
            })
        ),
      ]))
  }

  /// `switcher`: the mini player and its drop-down.
  mutating func switcher() throws(CommandError) {
    _ = try arguments()
    let library = try load()
    let switcher = QueueSwitcher(library)
    say(QueuesCommand.text(switcher, columns: environment.columns))
    let playing: JSONWriter.Node =
      switcher.nowPlaying.map { playing in
        let current = library.activeQueue.current!
        return .object([
          ("title", .string(playing.title)), ("showTitle", .string(playing.showTitle)),
          ("positionText", .string(playing.positionText)),
          ("playbackPositionSeconds", .integer(current.playbackPositionSeconds)),
          ("durationSeconds", current.durationSeconds.map { .integer($0) } ?? .null),
          ("fractionPlayed", playing.fractionPlayed.map { .number($0) } ?? .null),
        ])
      } ?? .null
    json(
      .object([
        ("activeQueueID", .string(switcher.activeQueueID.rawValue)), ("nowPlaying", playing),
        ("fromText", .string(switcher.fromText)), ("countText", .string(switcher.countText)),
        (
          "rows",
          .array(
            switcher.rows.map {
              .object([
                ("id", .string($0.id.rawValue)), ("name", .string($0.name)), ("isActive", .bool($0.isActive)),
                ("countText", .string($0.countText)),
              ])
            })
        ),
        ("createText", switcher.createText.map { .string($0) } ?? .null),
      ]))
  }

  /// `show QUEUE [--catalog CATALOG]`: the editor's view of a queue.
  mutating func show() throws(CommandError) {
    let name = try arguments("<queue>")[0]
    let library = try load()
    let queue = try queue(name, in: library)
    let catalog = try parsed.value("--catalog").map { (file) throws(CommandError) in
      try SmartFillCommand.readCatalog(file)
    }
    let editor: QueueEditor
    do throws(QueueError) {
      editor = try QueueEditor(editing: queue.id, in: library, catalog: catalog)
    } catch {
      throw .failure(error.description)
    }
    say(QueuesCommand.text(editor, queue: queue, columns: environment.columns))
    json(
      QueuesCommand.node(
        command: "show", queue, in: library,
        extra: [
          ("ruleRows", .array(editor.ruleRows.map { .string($0.text) })),
          ("smartFillLines", editor.smartFillSection().map { .array($0.lines.map { .string($0) }) } ?? .null),
          ("episodeRows", .array(editor.episodeRows().map { .string($0.text) })),
        ]))
  }
}
