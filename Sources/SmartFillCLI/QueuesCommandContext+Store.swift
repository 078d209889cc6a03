import Foundation
import Queues
import SmartFillSupport

// The store file of `smartfill queues`, and the queues named on the command line.

extension QueuesCommandContext {
  /// The store: `--store`, or the default location (see ``QueuesCommandEnvironment/defaultStorePath``), whose
  /// folder is made when it is missing.
  func store() throws(CommandError) -> QueueStore {
    if let path = parsed.value("--store") { return QueueStore(path: path) }
    guard let path = environment.defaultStorePath else {
      throw QueuesCommand.usage("Missing '--store <path>': neither SMARTFILL_STORE nor HOME is set")
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw .failure("\(DisplayText.escaped(folder)): cannot make the store's folder: \(error.localizedDescription)")
      }
    }
    return QueueStore(path: path)
  }

  /// The library as stored (a new one when the file does not exist yet); a store read only in part is a
  /// failure unless `--discard-unreadable` was given.
  func load() throws(CommandError) -> QueueLibrary {
    let store = try store()
    let loaded: (library: QueueLibrary, report: LoadReport)
    do {
      loaded = try store.loadReporting(now: now)
    } catch {
      throw .failure(error.description)
    }
    if !loaded.report.isComplete, !parsed.isSet("--discard-unreadable") { throw Self.incomplete(store, loaded.report) }
    return loaded.library
  }

  /// A store read only in part, said for the command line: what was left out, where the copy is, and the
  /// option that writes over it with what could be read.
  static func incomplete(_ store: QueueStore, _ report: LoadReport) -> CommandError {
    let count = report.issues.count == 1 ? "1 value" : "\(report.issues.count) values"
    let first = report.issues.first.map { ", the first at \($0.location): \($0.reason)" } ?? ""
    let kept = report.backupPath.map { "a copy of it is kept at \(DisplayText.escaped($0)); " } ?? ""
    return .failure(
      "the queue store \(DisplayText.escaped(store.path)) could be read only in part (\(count) left out or "
        + "replaced\(first)); \(kept)nothing was written; pass --discard-unreadable to use and write what could "
        + "be read")
  }

  /// Applies `body` to the stored library under the store's lock and writes the result atomically; over a
  /// store read only in part only with `--discard-unreadable` (a copy of the file is kept first).
  ///
  /// - Returns: The library as saved.
  @discardableResult
  func update(_ body: (inout QueueLibrary) throws(QueueError) -> Void) throws(CommandError) -> QueueLibrary {
    let store = try store()
    var report: LoadReport?
    do {
      if parsed.isSet("--discard-unreadable") { report = try store.loadReporting(now: now).report }
      return try store.update(now: now, discarding: report, body)
    } catch {
      if case .storeIncomplete(_, let issues, let backupPath) = error {
        throw Self.incomplete(store, LoadReport(issues: issues, backupPath: backupPath))
      }
      throw .failure(error.description)
    }
  }

  // MARK: Naming queues

  /// The queue `text` names: its whole name (ignoring case), its id, or its name ignoring case and emoji
  /// ("Commute" for "🚗 Commute"), in this order.
  ///
  /// - Throws: A usage error listing the queues when none or several match.
  func queue(_ text: String, in library: QueueLibrary) throws(CommandError) -> Queue {
    let candidates = library.queues.map { (id: $0.id, name: $0.name) }
    return try library.found(Self.resolve(text, among: candidates, what: "queue")).value
  }

  /// The deleted queue `text` names, as ``queue(_:in:)`` finds a queue; of deleted queues with the same
  /// name, the one deleted last.
  func deletedQueue(_ text: String, in library: QueueLibrary) throws(CommandError) -> QueueLibrary.DeletedQueue {
    let candidates = library.deletedQueues.reversed().map { (id: $0.queue.id, name: $0.queue.name) }
    let id = try Self.resolve(text, among: candidates, what: "deleted queue")
    return library.deletedQueues.last { $0.queue.id == id }!
  }

  /// The id among `candidates` that `text` names.
  static func resolve(_ text: String, among candidates: [(id: QueueID, name: String)], what: String)
    throws(CommandError) -> QueueID
  {
    if let whole = candidates.first(where: { QueueName.clash($0.name, text) }) { return whole.id }
    if let exact = candidates.first(where: { $0.id.rawValue == text }) { return exact.id }
    let key = QueueName.comparisonKey(QueueName.text(of: text))
    let matches = candidates.filter { QueueName.comparisonKey(QueueName.text(of: $0.name)) == key }
    if matches.count == 1 { return matches[0].id }
    let listed = (matches.isEmpty ? candidates : matches).map { "\($0.name) (\($0.id.rawValue))" }
    let list = listed.isEmpty ? "there are none" : listed.joined(separator: ", ")
    if matches.isEmpty {
      throw QueuesCommand.usage("No \(what) is named '\(DisplayText.quoted(text))'; the \(what)s: \(list)")
    }
    throw QueuesCommand.usage(
      "'\(DisplayText.quoted(text))' names \(matches.count) \(what)s: \(list); give the whole name or the id")
  }
}
