import Foundation
import SmartFill
import SmartFillSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A queue library kept in a JSON file, safe against crashes, against other processes writing it and against
/// files that are bad or are not files at all.
///
/// - Writes are atomic: the new state goes to a temporary file beside the store, which is flushed to disk
///   and renamed over the store, so a crash or a kill leaves either the previous state or the new one whole.
/// - Writers take an exclusive lock (`flock` on `<file>.lock`, opened without following a symbolic link: a
///   lock path that is a link is refused) and read the file again before writing, so two processes writing
///   the same store do not lose each other's changes: use ``update(now:discarding:_:)``, or
///   ``save(_:now:discarding:)``, which refuses to overwrite a state it has not seen.
/// - A store path that is a symbolic link is followed when an operation starts: *the file* is the end of the
///   chain, and it is what is read and replaced (the temporary file, the lock and the backups sit beside it),
///   so the link stays a link. A write keeps the replaced file's mode, and its owner and group where the
///   process may set them.
/// - Only a regular file is read. A FIFO, a device, a directory or a socket is refused with
///   ``QueueError/storeNotRegularFile(path:target:kind:)``, found on the opened descriptor (opened without
///   blocking), so a FIFO cannot hang a reader that holds the lock. A file larger than ``maximumFileSize``
///   is refused with ``QueueError/storeTooLarge(path:size:limit:)``, and no read allocates more than that.
/// - A file that cannot be read at all (see ``LoadReport``) is moved aside (`<file>.corrupt-<date>`) and
///   reported, never overwritten. A file that can be read only in part is *incomplete*: its valid queues
///   load with ``loadReporting(now:)``, a copy is kept as `<file>.incomplete-<hash>`, and a write replaces
///   it only when the caller passes back the report of what will be lost (`discarding:`). A file from a
///   newer version is left untouched and reported. A file of an older version (1 to 3) is migrated, and kept
///   as `<file>.v<version>-backup` when it is first replaced.
/// - Temporary files are named `<file>.tmp-queuestore-<pid>-<16 hex digits>`; a write removes those of
///   processes that are gone, and no other file.
public struct QueueStore: Sendable {
  /// The largest store file read: 256 MiB (a library of 20 queues × 1,000 episodes is about 6 MB).
  public static let maximumFileSize = 256 << 20

  /// The store file's path, as given (it may be a symbolic link).
  public let path: String
  /// The largest file this store reads; ``maximumFileSize`` but in tests.
  let sizeLimit: Int

  /// A store at `path`; nothing is read or written until asked.
  public init(path: String) {
    self.init(path: path, maximumFileSize: Self.maximumFileSize)
  }

  /// A store at a file URL.
  public init(url: URL) {
    self.init(path: url.path)
  }

  /// A store that reads files of at most `maximumFileSize` bytes (for tests of the bound).
  package init(path: String, maximumFileSize: Int) {
    self.path = path
    self.sizeLimit = maximumFileSize
  }

  // MARK: Loading

  /// Reads the library; when the file does not exist yet, a new library (``QueueLibrary/init(now:)``).
  ///
  /// - Throws: ``QueueError/storeIncomplete(path:issues:backupPath:)`` when part of the file could not be
  ///   read (``loadReporting(now:)`` loads the rest), ``QueueError/storeCorrupt(path:reason:keptAt:)`` after
  ///   moving a file that cannot be read at all aside, ``QueueError/storeVersionUnsupported(path:version:)``,
  ///   ``QueueError/storeNotRegularFile(path:target:kind:)``, ``QueueError/storeTooLarge(path:size:limit:)``,
  ///   ``QueueError/storeUnreadable(path:reason:)``.
  /// - Complexity: O(*n*) in the size of the file.
  public func load(now: Date = Date()) throws(QueueError) -> QueueLibrary {
    let (library, report) = try loadReporting(now: now)
    guard report.isComplete else {
      throw .storeIncomplete(path: path, issues: report.issues, backupPath: report.backupPath)
    }
    return library
  }

  /// Reads the library as far as the file can be read: every valid queue, with a report of what was left
  /// out or replaced (see ``LoadReport``). When the report is not complete, a copy of the file is kept
  /// (``LoadReport/backupPath``), and writes are refused until one passes the report back:
  ///
  /// ```swift
  /// let (library, report) = try store.loadReporting()
  /// if !report.isComplete, confirm(report.issues) {
  ///   try store.update(discarding: report) { _ in }  // writes what loaded; the copy keeps the rest
  /// }
  /// ```
  ///
  /// - Throws: The errors of ``load(now:)`` but ``QueueError/storeIncomplete(path:issues:backupPath:)``.
  /// - Complexity: O(*n*) in the size of the file.
  public func loadReporting(now: Date = Date()) throws(QueueError) -> (library: QueueLibrary, report: LoadReport) {
    let file = try resolvedFile()
    // Reading needs no lock: writers replace the file by a rename, so a read sees one whole state.
    guard let contents = try contents(of: file) else { return (QueueLibrary(now: now), LoadReport()) }
    do {
      let (library, issues) = try QueueLibrary.salvaging(json: contents.bytes, now: now)
      guard !issues.isEmpty else { return (library, LoadReport()) }
      // Incomplete: keep a copy of what was read, under the lock as writers do; at best, so that a store in a
      // folder this process cannot write still loads.
      let backup = try? withLock(file) { () throws(QueueError) in try keepBackup(of: contents, at: file) }
      return (library, LoadReport(issues: issues, backupPath: backup))
    } catch {
      if case .unsupportedVersion(let version) = error {
        throw .storeVersionUnsupported(path: path, version: version)
      }
    }
    // Not readable at all: look again under the lock, so that a file being replaced meanwhile is not moved
    // aside.
    return try withLock(file) { () throws(QueueError) in
      let state = try readLocked(file, now: now)
      return (state.library, state.report)
    }
  }

  /// Reads the library as ``loadReporting(now:)`` does, but changes nothing on disk: a file that cannot be
  /// read at all stays where it is, and no copy of an incomplete one is made. For commands that only read
  /// (listing, auditing, simulating), so that looking never moves the listener's file.
  ///
  /// - Throws: ``QueueError/storeUnreadable(path:reason:)`` for a file that is not a valid library (it was
  ///   left as it is), and the other errors of ``load(now:)`` but
  ///   ``QueueError/storeIncomplete(path:issues:backupPath:)``.
  /// - Complexity: O(*n*) in the size of the file.
  public func read(now: Date = Date()) throws(QueueError) -> (library: QueueLibrary, report: LoadReport) {
    let file = try resolvedFile()
    guard let contents = try contents(of: file) else { return (QueueLibrary(now: now), LoadReport()) }
    do {
      let (library, issues) = try QueueLibrary.salvaging(json: contents.bytes, now: now)
      return (library, LoadReport(issues: issues))
    } catch {
      if case .unsupportedVersion(let version) = error {
        throw .storeVersionUnsupported(path: path, version: version)
      }
      let reason = error.description.replacingOccurrences(of: "queue library, ", with: "")
      throw .storeUnreadable(path: path, reason: "it is not a valid queue library (\(reason))")
    }
  }

  /// The files that a store which could not be read at all was moved to (`<file>.corrupt-<date>`), sorted by
  /// name (the oldest first); they stay until the listener repairs and moves one back, or removes them.
  public var setAsideFiles: [String] {
    guard let file = try? resolvedFile() else { return [] }
    let folder = (file as NSString).deletingLastPathComponent
    let prefix = (file as NSString).lastPathComponent + ".corrupt-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    return names.filter { $0.hasPrefix(prefix) }.sorted().map { folder.isEmpty ? $0 : folder + "/" + $0 }
  }

  // MARK: Writing

  /// Saves `library` when the store still holds the state it was loaded from.
  ///
  /// - Parameter report: The report of an incomplete store's load, which the caller accepts to lose: the
  ///   write replaces an incomplete store only when the store's issues are still exactly these (a copy of
  ///   the file is kept first). It is not needed, and not looked at, for a store that reads whole.
  /// - Returns: The library as saved, with its ``QueueLibrary/revision`` advanced (see
  ///   ``QueueLibrary/maximumRevision``).
  /// - Throws: ``QueueError/storeChanged(path:loadedRevision:currentRevision:)`` when another writer saved
  ///   since (nothing is written: load again, or use ``update(now:discarding:_:)``),
  ///   ``QueueError/storeIncomplete(path:issues:backupPath:)`` when the store is incomplete and `report`
  ///   does not list its issues, a read error as ``load(now:)`` throws,
  ///   ``QueueError/malformedLibrary(location:reason:)`` for a library that would not read back whole, or
  ///   ``QueueError/storeWriteFailed(path:reason:)``.
  /// - Complexity: O(*n*) in the size of the library.
  @discardableResult
  public func save(_ library: QueueLibrary, now: Date = Date(), discarding report: LoadReport? = nil)
    throws(QueueError) -> QueueLibrary
  {
    let file = try resolvedFile()
    return try withLock(file) { () throws(QueueError) in
      let current = try readLocked(file, now: now)
      try checkWritable(current, discarding: report, at: file)
      if current.contents != nil, current.library.revision != library.revision {
        throw .storeChanged(path: path, loadedRevision: library.revision, currentRevision: current.library.revision)
      }
      var saved = library
      saved.revision = QueueLibrary.revision(after: current.library.revision)
      try writeLibrary(saved, replacing: current.contents, at: file, willWrite: nil)
      return saved
    }
  }

  /// Reads the library under the store's lock, applies `body` and writes the result, so that changes made
  /// meanwhile by other processes are kept. Nothing is written when `body` throws or changes nothing (but
  /// for an incomplete store with its `report`, which is written in any case, so that
  /// `update(discarding: report) { _ in }` repairs it).
  ///
  /// ```swift
  /// let library = try store.update { (library) throws(QueueError) in
  ///   try library.createQueue(named: "🚴 Bike")
  /// }
  /// ```
  ///
  /// - Parameter report: The report of an incomplete store's load, which the caller accepts to lose (see
  ///   ``save(_:now:discarding:)``).
  /// - Returns: The library as saved.
  /// - Throws: What `body` throws, ``QueueError/storeIncomplete(path:issues:backupPath:)``, a read error as
  ///   ``load(now:)`` throws, ``QueueError/malformedLibrary(location:reason:)`` for a library that would not
  ///   read back whole, or ``QueueError/storeWriteFailed(path:reason:)``.
  /// - Complexity: O(*n*) in the size of the library, plus `body`.
  @discardableResult
  public func update(
    now: Date = Date(), discarding report: LoadReport? = nil, _ body: (inout QueueLibrary) throws(QueueError) -> Void
  ) throws(QueueError) -> QueueLibrary {
    try update(now: now, discarding: report, willWrite: nil, body)
  }

  /// ``update(now:discarding:_:)`` with a hook that sees the exact bytes before they are written (for the
  /// crash test).
  package func update(
    now: Date = Date(), discarding report: LoadReport? = nil, willWrite: ((Data) -> Void)?,
    _ body: (inout QueueLibrary) throws(QueueError) -> Void
  ) throws(QueueError) -> QueueLibrary {
    let file = try resolvedFile()
    return try withLock(file) { () throws(QueueError) in
      let current = try readLocked(file, now: now)
      try checkWritable(current, discarding: report, at: file)
      var library = current.library
      try body(&library)
      if library == current.library, current.contents != nil, current.report.isComplete { return current.library }
      library.revision = QueueLibrary.revision(after: current.library.revision)
      try writeLibrary(library, replacing: current.contents, at: file, willWrite: willWrite)
      return library
    }
  }

  // MARK: Under the lock

  /// The store's state as read under the lock.
  struct State {
    /// The file as read, or `nil` when there is none.
    var contents: FileContents?
    var library: QueueLibrary
    var report: LoadReport
  }

  /// Reads and decodes `file`; must be called under the lock, as it moves a file that cannot be read at all
  /// aside (and throws ``QueueError/storeCorrupt(path:reason:keptAt:)``) and keeps a copy of an incomplete
  /// one.
  func readLocked(_ file: String, now: Date) throws(QueueError) -> State {
    guard let contents = try contents(of: file) else {
      return State(contents: nil, library: QueueLibrary(now: now), report: LoadReport())
    }
    do {
      let (library, issues) = try QueueLibrary.salvaging(json: contents.bytes, now: now)
      var report = LoadReport(issues: issues)
      if !issues.isEmpty { report.backupPath = try? keepBackup(of: contents, at: file) }
      return State(contents: contents, library: library, report: report)
    } catch {
      if case .unsupportedVersion(let version) = error {
        throw .storeVersionUnsupported(path: path, version: version)
      }
      let reason = error.description.replacingOccurrences(of: "queue library, ", with: "")
      let keptAt = try setAside(file, now: now)
      throw .storeCorrupt(path: path, reason: reason, keptAt: keptAt)
    }
  }

  /// Refuses to write over an incomplete store unless `report` lists exactly its issues and a copy of the
  /// file is kept.
  func checkWritable(_ state: State, discarding report: LoadReport?, at file: String) throws(QueueError) {
    guard !state.report.isComplete, let contents = state.contents else { return }
    guard let report, report.issues == state.report.issues else {
      throw .storeIncomplete(path: path, issues: state.report.issues, backupPath: state.report.backupPath)
    }
    if state.report.backupPath == nil { _ = try keepBackup(of: contents, at: file) }
  }

  /// Writes `library` atomically over `file`, after checking that it reads back whole; keeps a file of an
  /// older version that it replaces as `<file>.v<version>-backup`.
  func writeLibrary(
    _ library: QueueLibrary, replacing previous: FileContents?, at file: String, willWrite: ((Data) -> Void)?
  )
    throws(QueueError)
  {
    try library.checkInvariants()
    removeStaleTemporaryFiles(beside: file)
    if let previous, let version = Self.olderVersion(of: previous.bytes), !FilePath.exists(file + ".v\(version)-backup")
    {
      try writeAtomically(previous.bytes, to: file + ".v\(version)-backup", beside: file, like: previous)
    }
    let bytes = library.jsonBytes()
    willWrite?(Data(bytes))
    try writeAtomically(bytes, to: file, beside: file, like: previous)
  }

  /// The version of a store file older than ``QueueLibrary/formatVersion``, or `nil`.
  static func olderVersion(of bytes: [UInt8]) -> Int? {
    guard case .object(let members)? = try? JSONValue.parse(bytes), case .integer(let version)? = members["version"],
      version < QueueLibrary.formatVersion
    else { return nil }
    return version
  }
}
