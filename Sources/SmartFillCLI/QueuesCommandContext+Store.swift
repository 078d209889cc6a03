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

  /// The library as stored (a new one when the file does not exist yet), read without changing anything on
  /// disk; a store read only in part, or not at all, is a failure unless `--discard-unreadable` was given.
  ///
  /// A missing store whose predecessor was moved aside (`<store>.corrupt-<date>`) is said on standard error
  /// by a command that only reads, and refused by one that changes the queues, until the listener repairs
  /// and moves the old file back or passes `--discard-unreadable`.
  func load() throws(CommandError) -> QueueLibrary {
    let store = try store()
    if parsed.isSet("--discard-unreadable") {
      return try startingAnew(store) { () throws(QueueError) in
        try store.loadReporting(now: now).library
      }
    }
    let loaded: (library: QueueLibrary, report: LoadReport)
    do {
      loaded = try store.read(now: now)
    } catch {
      throw Self.unreadable(error)
    }
    if !loaded.report.isComplete { throw Self.incomplete(store, loaded.report) }
    try checkSetAside(store)
    return loaded.library
  }

  /// Says, or refuses, a missing store whose predecessor was moved aside (see ``load()``).
  func checkSetAside(_ store: QueueStore) throws(CommandError) {
    guard !FilePath.exists(store.path), let kept = store.setAsideFiles.last else { return }
    let where_ =
      "the queue store \(DisplayText.escaped(store.path)) does not exist: the one before could not be "
      + "read and was moved aside to \(DisplayText.escaped(kept))"
    let recovery = "repair it and move it back, or pass --discard-unreadable to start a new store (it is kept)"
    if isReadOnly {
      notices.add("warning: \(where_); this is a new library; \(recovery)")
    } else {
      throw .failure("\(where_); nothing was written; \(recovery)")
    }
  }

  /// Runs `body`, and with `--discard-unreadable`, a store that cannot be read at all is moved aside (said on
  /// standard error) and `body` runs again on the new store.
  func startingAnew<Result>(_ store: QueueStore, _ body: () throws(QueueError) -> Result)
    throws(CommandError) -> Result
  {
    do {
      return try body()
    } catch {
      guard case .storeCorrupt(_, let reason, let keptAt) = error else { throw Self.unreadable(error) }
      notices.add(
        "warning: the queue store \(DisplayText.escaped(store.path)) is not a valid queue library (\(reason)); "
          + "it was moved aside to \(DisplayText.escaped(keptAt)) and a new store is started")
      do {
        return try body()
      } catch {
        throw Self.unreadable(error)
      }
    }
  }

  /// A store error for the command line; a store that is not a valid library says how to go on.
  static func unreadable(_ error: QueueError) -> CommandError {
    if case .storeIncomplete(let path, let issues, let backupPath) = error {
      return incomplete(QueueStore(path: path), LoadReport(issues: issues, backupPath: backupPath))
    }
    if case .storeUnreadable(_, let reason) = error, reason.hasPrefix("it is not a valid queue library") {
      return .failure(
        "\(error.description); nothing was written; repair the file, or pass --discard-unreadable to move it "
          + "aside and start a new store")
    }
    return .failure(error.description)
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
  /// store read only in part only with `--discard-unreadable` (a copy of the file is kept first), and over
  /// one that cannot be read at all, or whose predecessor was moved aside, likewise (see ``load()``).
  ///
  /// - Returns: The library as saved.
  @discardableResult
  func update(_ body: (inout QueueLibrary) throws(QueueError) -> Void) throws(CommandError) -> QueueLibrary {
    let store = try store()
    if !parsed.isSet("--discard-unreadable") {
      // Refused before the store's own update, which would move a file it cannot read aside.
      do {
        _ = try store.read(now: now)
      } catch {
        throw Self.unreadable(error)
      }
      try checkSetAside(store)
    }
    let now = self.now
    let discarding = parsed.isSet("--discard-unreadable")
    return try startingAnew(store) { () throws(QueueError) in
      let report = discarding ? try store.loadReporting(now: now).report : nil
      return try store.update(now: now, discarding: report, body)
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

  /// The id among `candidates` that `text` names: the one whose whole name it is (ignoring case and runs of
  /// spaces) or whose id it is, else the one whose name without its emoji it is.
  ///
  /// - Throws: A usage error listing the candidates when none matches, or when the text names several (a
  ///   name of one queue and the id of another included).
  static func resolve(_ text: String, among candidates: [(id: QueueID, name: String)], what: String)
    throws(CommandError) -> QueueID
  {
    func listing(_ queues: [(id: QueueID, name: String)]) -> String {
      queues.isEmpty ? "there are none" : queues.map { "\($0.name) (\($0.id.rawValue))" }.joined(separator: ", ")
    }
    let key = QueueName.lookupKey(text)
    var exact = candidates.first { QueueName.lookupKey($0.name) == key }.map { [$0] } ?? []
    if let byID = candidates.first(where: { $0.id.rawValue == text }), !exact.contains(where: { $0.id == byID.id }) {
      exact.append(byID)
    }
    if exact.count == 1 { return exact[0].id }
    if exact.count > 1 {
      throw QueuesCommand.usage(
        "'\(DisplayText.quoted(text))' is the name of \(exact[0].name) (\(exact[0].id.rawValue)) and the id of "
          + "\(exact[1].name) (\(exact[1].id.rawValue)); give the whole name of the second or the id of the first")
    }
    let textKey = QueueName.lookupKey(QueueName.text(of: text))
    let matches = candidates.filter { QueueName.lookupKey(QueueName.text(of: $0.name)) == textKey }
    if matches.count == 1 { return matches[0].id }
    if matches.isEmpty {
      throw QueuesCommand.usage(
        "No \(what) is named '\(DisplayText.quoted(text))'; the \(what)s: \(listing(candidates))")
    }
    throw QueuesCommand.usage(
      "'\(DisplayText.quoted(text))' names \(matches.count) \(what)s: \(listing(matches)); give the whole name or the id"
    )
  }
}
