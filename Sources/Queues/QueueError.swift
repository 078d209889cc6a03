import Foundation
import SmartFill
import SmartFillSupport

/// Something the queue model or the queue store cannot do: a bad name, an unknown queue or episode, an
/// index out of range, a full library, a fill the engine refused, or a store file that cannot be read or
/// written. Each case carries the offending value and says how to fix it.
public enum QueueError: Error, Sendable, Hashable, CustomStringConvertible {
  // MARK: Names

  /// A queue name is empty, too long or contains control characters.
  case invalidName(String, reason: String)
  /// A queue name clashes with an existing queue's name (ignoring case, Unicode normalization, emoji
  /// variation selectors and surrounding spaces).
  case duplicateName(String, existing: String)
  /// The emoji given for a queue is not a single emoji.
  case invalidEmoji(String)

  // MARK: The library

  /// The library already holds as many queues as its limit allows.
  case queueLimitReached(limit: Int)
  /// The queue limit is less than 1, less than the number of queues the library holds, or more than
  /// ``QueueLibrary/maximumQueueLimit``.
  case invalidQueueLimit(Int, queueCount: Int)
  /// No queue has this identifier.
  case unknownQueue(QueueID)
  /// An identifier given to a new queue is already in use.
  case duplicateQueueID(QueueID)
  /// Up Next cannot be deleted or renamed; `operation` says what was tried.
  case upNextIsPermanent(operation: String)
  /// The queue changed after its deletion was confirmed; the user must confirm again.
  case deletionOutdated(queueName: String)
  /// No deleted queue with this identifier can be restored.
  case notDeleted(QueueID)
  /// The queue was deleted more than 30 days ago.
  case restoreExpired(queueName: String, deletedAt: Date)
  /// An undo token does not match the queue's current state (the queue was deleted, or the undo was
  /// already applied).
  case undoUnavailable(queueName: String)

  // MARK: Episodes

  /// An index is outside the queue's episodes.
  case indexOutOfRange(index: Int, validRange: ClosedRange<Int>, queueName: String)
  /// The episode is not in the queue.
  case episodeNotInQueue(EpisodeID, queueName: String)
  /// An episode reference's field is out of range.
  case invalidEpisode(EpisodeID, field: String, value: String, reason: String)
  /// A playback position is negative or beyond the episode's duration (or, when the duration is unknown,
  /// beyond ``EpisodeReference/maximumDurationSeconds``).
  case invalidPosition(seconds: Int, episode: EpisodeID, durationSeconds: Int?)
  /// An auto-switch rule's field is out of range.
  case invalidRule(field: String, value: String, reason: String)

  // MARK: Smart fill

  /// The queue has no smart fill settings.
  case noSmartFillSettings(queueName: String)
  /// The engine refused the queue's smart fill settings.
  case fill(FillError, queueName: String)

  // MARK: JSON and the store

  /// Library JSON that cannot be read: `location` is the path to the offending field
  /// (`queues[1].episodes[3].feedURL`).
  case malformedLibrary(location: String, reason: String)
  /// The library JSON has a version this package does not read (a newer app wrote it).
  case unsupportedVersion(Int)
  /// The store file could not be read (permissions, I/O); it was left where it is.
  case storeUnreadable(path: String, reason: String)
  /// The store file is not a valid library (no queue can be read from it); it was moved to `keptAt` and
  /// nothing was overwritten.
  case storeCorrupt(path: String, reason: String, keptAt: String)
  /// The store file could be read only in part: `issues` says what was left out (see ``LoadReport``). A copy
  /// is kept at `backupPath` (`nil` when it could not be made), and nothing is written over the file unless
  /// the caller passes the report back (``QueueStore/update(now:discarding:_:)``).
  case storeIncomplete(path: String, issues: [LoadReport.Issue], backupPath: String?)
  /// The store's path (or its lock's) is not a regular file: `target` is where its symbolic links lead
  /// (`path` itself when it is not a link), and `kind` what is there. Nothing was read or written.
  case storeNotRegularFile(path: String, target: String, kind: QueueStore.FileKind)
  /// The store file has `size` bytes (at least), more than `limit` (``QueueStore/maximumFileSize``); it was
  /// left as it is.
  case storeTooLarge(path: String, size: Int, limit: Int)
  /// The store file was written by a newer version of the package; it was left untouched.
  case storeVersionUnsupported(path: String, version: Int)
  /// Writing the store failed; the previous state is still whole.
  case storeWriteFailed(path: String, reason: String)
  /// The store was saved by someone else since this library was loaded.
  case storeChanged(path: String, loadedRevision: Int, currentRevision: Int)

  public var description: String {
    switch self {
    case .invalidName(let name, let reason):
      return "queue name \(quoted(name)): \(reason)"
    case .duplicateName(let name, let existing):
      return "queue name \(quoted(name)) is already used by queue \(quoted(existing)); choose another name"
    case .invalidEmoji(let emoji):
      return "queue emoji \(quoted(emoji)): must be exactly one emoji, such as \"🚗\""
    case .queueLimitReached(let limit):
      return "the library already has \(limit) queues, its limit; delete a queue or raise the limit"
    case .invalidQueueLimit(let limit, let count):
      return "queue limit \(limit): must be at least 1 and at least the number of queues (\(count)), "
        + "and at most \(QueueLibrary.maximumQueueLimit)"
    case .unknownQueue(let id):
      return "no queue has the id \(quoted(id.rawValue))"
    case .duplicateQueueID(let id):
      return "queue id \(quoted(id.rawValue)) is already in use"
    case .upNextIsPermanent(let operation):
      return "Up Next cannot be \(operation); it always exists"
    case .deletionOutdated(let name):
      return "queue \(quoted(name)) changed after its deletion was confirmed; ask the user to confirm again"
    case .notDeleted(let id):
      return "no deleted queue with the id \(quoted(id.rawValue)) can be restored"
    case .restoreExpired(let name, let deletedAt):
      return "queue \(quoted(name)) was deleted on \(Timestamp.format(deletedAt)), more than "
        + "\(QueueLibrary.restorableDays) days ago, and can no longer be restored"
    case .undoUnavailable(let name):
      return "the clear of queue \(quoted(name)) can no longer be undone"
    case .indexOutOfRange(let index, let range, let name):
      return
        "queue \(quoted(name)): index \(index) is out of range; must be in \(range.lowerBound)...\(range.upperBound)"
    case .episodeNotInQueue(let id, let name):
      return "episode \(quoted(id.guid)) of \(shown(id.feedURL)) is not in queue \(quoted(name))"
    case .invalidEpisode(let id, let field, let value, let reason):
      return "episode \(quoted(id.guid)) of \(shown(id.feedURL)), field \"\(field)\": \(reason), got \(shown(value))"
    case .invalidPosition(let seconds, let id, let duration):
      let limit =
        duration.map { " and at most the duration (\($0) s)" }
        ?? " and at most \(EpisodeReference.maximumDurationSeconds) s (365 days)"
      return "episode \(quoted(id.guid)) of \(shown(id.feedURL)): playback position must be 0 or more\(limit), "
        + "got \(seconds) s"
    case .invalidRule(let field, let value, let reason):
      return "auto-switch rule, field \"\(field)\": \(reason), got \(shown(value))"
    case .noSmartFillSettings(let name):
      return "queue \(quoted(name)) has no smart fill settings; set a mode and a target first"
    case .fill(let error, let name):
      return "smart fill of queue \(quoted(name)): \(error)"
    case .malformedLibrary(let location, let reason):
      return "queue library, \(location): \(reason)"
    case .unsupportedVersion(let version):
      return "queue library version \(version) is not supported (this package reads versions 1 to "
        + "\(QueueLibrary.formatVersion)); update the app"
    case .storeUnreadable(let path, let reason):
      return "cannot read the queue store \(path): \(reason); the file was left as it is"
    case .storeCorrupt(let path, let reason, let keptAt):
      return "the queue store \(path) is not a valid queue library (\(reason)); it was kept at \(keptAt) "
        + "and nothing was overwritten"
    case .storeIncomplete(let path, let issues, let backupPath):
      let count = issues.count == 1 ? "1 value" : "\(issues.count) values"
      let first = issues.first.map { ", the first at \($0.location): \($0.reason)" } ?? ""
      let kept = backupPath.map { "a copy of it was kept at \($0), " } ?? ""
      return "the queue store \(path) could be read only in part (\(count) left out or replaced\(first)); "
        + "\(kept)nothing was overwritten; load it with loadReporting(now:) and write over it with "
        + "update(discarding:) to keep what could be read"
    case .storeNotRegularFile(let path, let target, let kind):
      let place = path == target ? path : "\(path) (a symbolic link to \(target))"
      return "the queue store's file \(place) is \(kind), not a regular file; nothing was read or written"
    case .storeTooLarge(let path, let size, let limit):
      return "the queue store \(path) has \(size) bytes, more than the limit of \(limit) bytes; the file was "
        + "left as it is"
    case .storeVersionUnsupported(let path, let version):
      return "the queue store \(path) has version \(version), written by a newer app (this package reads "
        + "versions 1 to \(QueueLibrary.formatVersion)); the file was left as it is"
    case .storeWriteFailed(let path, let reason):
      return "cannot write the queue store \(path): \(reason); the previous state is unchanged"
    case .storeChanged(let path, let loaded, let current):
      return "the queue store \(path) was saved elsewhere (revision \(current)) since this library was loaded "
        + "(revision \(loaded)); reload it or use update(_:) to apply the change"
    }
  }

  /// `text` as a JSON string, cut to 80 characters and with DEL and C1 controls escaped as well, so that a
  /// message never echoes unbounded input or a terminal control.
  private func quoted(_ text: String) -> String { DisplayText.escaped(JSONValue.string(text).excerpt) }

  /// A value already written for the message (a feed URL, a rule's value), cut and escaped likewise.
  private func shown(_ text: String) -> String { DisplayText.quoted(text) }
}
