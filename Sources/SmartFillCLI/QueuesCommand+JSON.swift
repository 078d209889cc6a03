import Foundation
import QueueScreens
import Queues
import SmartFill
import SmartFillSupport

// The `--json` documents of `smartfill queues`: stable keys, units in their names, the screens' texts beside
// the figures they are made of.

extension QueuesCommand {
  /// A queue: its id, name, state, episodes, rules and smart fill settings.
  static func node(_ queue: Queue, isActive: Bool) -> JSONWriter.Node {
    .object([
      ("id", .string(queue.id.rawValue)),
      ("name", .string(queue.name)),
      ("isActive", .bool(isActive)),
      ("episodeCount", .integer(queue.count)),
      ("currentIndex", .integer(queue.currentIndex)),
      ("remainingSeconds", .integer(queue.remainingSeconds)),
      ("unknownDurationCount", .integer(queue.unknownDurationCount)),
      ("isAutoSwitchEnabled", .bool(queue.isAutoSwitchEnabled)),
      ("autoSwitchRules", .array(queue.autoSwitchRules.map(node))),
      ("smartFill", queue.smartFillSettings.map(node) ?? .null),
      ("showTies", .array(queue.showTies.map(node))),
      ("episodes", .array(queue.episodes.map(node))),
    ])
  }

  /// An episode in a queue.
  static func node(_ episode: EpisodeReference) -> JSONWriter.Node {
    .object([
      ("feedURL", .string(episode.feedURL)),
      ("guid", .string(episode.episodeGUID)),
      ("title", .string(episode.title)),
      ("showTitle", .string(episode.showTitle)),
      ("durationSeconds", episode.durationSeconds.map { .integer($0) } ?? .null),
      ("playbackPositionSeconds", .integer(episode.playbackPositionSeconds)),
    ])
  }

  /// An auto-switch rule: its kind, sentence and state.
  static func node(_ rule: AutoSwitchRule) -> JSONWriter.Node {
    .object([
      ("kind", .string(rule.kind)),
      ("sentence", .string(rule.sentence)),
      ("summary", .string(rule.summary)),
      ("isEnabled", .bool(rule.isEnabled)),
      ("consent", .string(rule.consent.rawValue)),
      ("returnsWhenTriggerEnds", .bool(rule.returnsWhenTriggerEnds)),
    ])
  }

  /// A show tied to the queue.
  static func node(_ tie: ShowTie) -> JSONWriter.Node {
    .object([
      ("feedURL", .string(tie.feedURL)), ("showTitle", .string(tie.showTitle)),
      ("placement", .string(tie.placement.rawValue)), ("onlyNewEpisodes", .bool(tie.onlyNewEpisodes)),
      ("tiedAt", .string(Timestamp.format(tie.tiedAt))),
    ])
  }

  /// Smart fill settings.
  static func node(_ settings: SmartFillSettings) -> JSONWriter.Node {
    .object([
      ("mode", .string(settings.mode.rawValue)),
      ("targetSeconds", settings.targetSeconds.map { .integer($0) } ?? .null),
      ("toleranceSeconds", .integer(settings.toleranceSeconds)),
      ("priorityShows", .array(settings.priorityShows.map { .string($0) })),
    ])
  }

  /// A command's result: what it did, and the queue it did it to.
  static func node(command: String, _ queue: Queue, in library: QueueLibrary, extra: [(String, JSONWriter.Node)] = [])
    -> JSONWriter.Node
  {
    .object(
      [("command", .string(command)), ("queue", node(queue, isActive: queue.id == library.activeQueueID))] + extra)
  }
}
