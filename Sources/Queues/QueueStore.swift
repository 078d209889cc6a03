import Foundation
import SmartFill
import SmartFillSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A queue library kept in a JSON file, safe against crashes and against other processes writing it.
///
/// - Writes are atomic: the new state goes to a temporary file beside the store, which is flushed to disk
///   and renamed over the store, so a crash or a kill leaves either the previous state or the new one whole.
/// - Writers take an exclusive lock (`flock` on `<path>.lock`) and read the file again before writing, so
///   two processes writing the same store do not lose each other's changes: use ``update(now:_:)``, or
///   ``save(_:)``, which refuses to overwrite a state it has not seen.
/// - A file that cannot be parsed is moved aside (`<path>.corrupt-<date>`) and reported, never overwritten;
///   a file from a newer version is left untouched and reported. A file of an older version (1 or 2) is
///   migrated, and kept as `<path>.v<version>-backup` when it is first replaced.
public struct QueueStore: Sendable {
  /// The store file's path.
  public let path: String

  /// A store at `path`; nothing is read or written until asked.
  public init(path: String) {
    self.path = path
  }

  /// A store at a file URL.
  public init(url: URL) {
    self.path = url.path
  }

  var lockPath: String { path + ".lock" }

  /// Reads the library; when the file does not exist yet, a new library (``QueueLibrary/init(now:)``).
  ///
  /// - Throws: ``QueueError/storeCorrupt(path:reason:keptAt:)`` after moving a broken file aside,
  ///   ``QueueError/storeVersionUnsupported(path:version:)``, ``QueueError/storeUnreadable(path:reason:)``.
  /// - Complexity: O(*n*) in the size of the file.
  public func load(now: Date = Date()) throws(QueueError) -> QueueLibrary {
    // Reading needs no lock: writers replace the file by a rename, so a read sees one whole state.
    do {
      return try decode(try readFile(), now: now)
    } catch {
      switch error {
      case .unsupportedVersion(let version): throw .storeVersionUnsupported(path: path, version: version)
      case .malformedLibrary: break
      default: throw error
      }
    }
    // Broken: look again under the lock, so that a file being replaced meanwhile is not moved aside.
    return try withLock { () throws(QueueError) in try decodeOrSetAside(try readFile(), now: now) }
  }

  /// Saves `library` when the store still holds the state it was loaded from.
  ///
  /// - Returns: The library as saved, with its ``QueueLibrary/revision`` advanced.
  /// - Throws: ``QueueError/storeChanged(path:loadedRevision:currentRevision:)`` when another writer saved
  ///   since (nothing is written: load again, or use ``update(now:_:)``), a read error as ``load(now:)``
  ///   throws, or ``QueueError/storeWriteFailed(path:reason:)``.
  /// - Complexity: O(*n*) in the size of the library.
  @discardableResult
  public func save(_ library: QueueLibrary, now: Date = Date()) throws(QueueError) -> QueueLibrary {
    try withLock { () throws(QueueError) in
      let bytes = try readFile()
      let current = try decodeOrSetAside(bytes, now: now)
      if bytes != nil, current.revision != library.revision {
        throw .storeChanged(path: path, loadedRevision: library.revision, currentRevision: current.revision)
      }
      var saved = library
      saved.revision = current.revision + 1
      try writeLibrary(saved, replacing: bytes, willWrite: nil)
      return saved
    }
  }

  /// Reads the library under the store's lock, applies `body` and writes the result, so that changes made
  /// meanwhile by other processes are kept. Nothing is written when `body` throws or changes nothing.
  ///
  /// ```swift
  /// let library = try store.update { (library) throws(QueueError) in
  ///   try library.createQueue(named: "🚴 Bike")
  /// }
  /// ```
  ///
  /// - Returns: The library as saved.
  /// - Throws: What `body` throws, a read error as ``load(now:)`` throws, or
  ///   ``QueueError/storeWriteFailed(path:reason:)``.
  /// - Complexity: O(*n*) in the size of the library, plus `body`.
  @discardableResult
  public func update(now: Date = Date(), _ body: (inout QueueLibrary) throws(QueueError) -> Void)
    throws(QueueError) -> QueueLibrary
  {
    try update(now: now, willWrite: nil, body)
  }

  /// ``update(now:_:)`` with a hook that sees the exact bytes before they are written (for the crash test).
  package func update(
    now: Date = Date(), willWrite: ((Data) -> Void)?, _ body: (inout QueueLibrary) throws(QueueError) -> Void
  ) throws(QueueError) -> QueueLibrary {
    try withLock { () throws(QueueError) in
      let bytes = try readFile()
      let current = try decodeOrSetAside(bytes, now: now)
      var library = current
      try body(&library)
      if library == current && bytes != nil { return current }
      library.revision = current.revision + 1
      try writeLibrary(library, replacing: bytes, willWrite: willWrite)
      return library
    }
  }

  // MARK: Reading

  /// The file's bytes, or `nil` when it does not exist.
  func readFile() throws(QueueError) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw .storeUnreadable(path: path, reason: Self.errorText())
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .storeUnreadable(path: path, reason: Self.errorText())
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  func decode(_ bytes: [UInt8]?, now: Date) throws(QueueError) -> QueueLibrary {
    guard let bytes else { return QueueLibrary(now: now) }
    return try QueueLibrary(json: bytes, now: now)
  }

  /// Decodes `bytes`; must be called under the lock, as it moves a broken file aside.
  func decodeOrSetAside(_ bytes: [UInt8]?, now: Date) throws(QueueError) -> QueueLibrary {
    do {
      return try decode(bytes, now: now)
    } catch {
      switch error {
      case .unsupportedVersion(let version):
        throw .storeVersionUnsupported(path: path, version: version)
      default:
        let reason = error.description.replacingOccurrences(of: "queue library, ", with: "")
        let keptAt = try setAside(now: now)
        throw .storeCorrupt(path: path, reason: reason, keptAt: keptAt)
      }
    }
  }

  /// Renames the store file to `<path>.corrupt-<date>` (with a number when taken) and returns the new path.
  func setAside(now: Date) throws(QueueError) -> String {
    let stamp = Timestamp.format(now.wholeSeconds).filter { $0 != "-" && $0 != ":" }
    var candidate = "\(path).corrupt-\(stamp)"
    var number = 2
    while access(candidate, F_OK) == 0 {
      candidate = "\(path).corrupt-\(stamp)-\(number)"
      number += 1
    }
    if rename(path, candidate) != 0 {
      throw .storeUnreadable(path: path, reason: "it is corrupt and could not be moved aside: \(Self.errorText())")
    }
    syncDirectory()
    return candidate
  }

  // MARK: Writing

  /// Writes `library` atomically; keeps a file of an older version that it replaces as
  /// `<path>.v<version>-backup`.
  func writeLibrary(_ library: QueueLibrary, replacing previous: [UInt8]?, willWrite: ((Data) -> Void)?)
    throws(QueueError)
  {
    removeStaleTemporaryFiles()
    if let previous, let version = Self.olderVersion(of: previous), access(path + ".v\(version)-backup", F_OK) != 0 {
      try writeAtomically(previous, to: path + ".v\(version)-backup")
    }
    let data = library.jsonData()
    willWrite?(data)
    try writeAtomically(Array(data), to: path)
  }

  /// Writes `bytes` to a new temporary file, flushes it, renames it over `target` and flushes the directory.
  func writeAtomically(_ bytes: [UInt8], to target: String) throws(QueueError) {
    let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    if descriptor < 0 { throw .storeWriteFailed(path: target, reason: Self.errorText()) }
    var failure: String?
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        failure = Self.errorText()
        break
      }
      offset += written
    }
    if failure == nil, fsync(descriptor) != 0 { failure = Self.errorText() }
    if close(descriptor) != 0, failure == nil { failure = Self.errorText() }
    if failure == nil, rename(temporary, target) != 0 { failure = Self.errorText() }
    if let failure {
      unlink(temporary)
      throw .storeWriteFailed(path: target, reason: failure)
    }
    syncDirectory()
  }

  /// Removes temporary files left by writers that were killed; called under the lock, when no one writes.
  func removeStaleTemporaryFiles() {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    let prefix = url.lastPathComponent + ".tmp-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names where name.hasPrefix(prefix) {
      unlink(directory + "/" + name)
    }
  }

  func syncDirectory() {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// The version of a store file older than ``QueueLibrary/formatVersion``, or `nil`.
  static func olderVersion(of bytes: [UInt8]) -> Int? {
    guard case .object(let members)? = try? JSONValue.parse(bytes), case .integer(let version)? = members["version"],
      version < QueueLibrary.formatVersion
    else { return nil }
    return version
  }

  // MARK: Locking

  /// Runs `body` holding the store's exclusive lock (which also excludes other threads of this process).
  func withLock<Result>(_ body: () throws(QueueError) -> Result) throws(QueueError) -> Result {
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    if descriptor < 0 {
      throw .storeWriteFailed(path: lockPath, reason: "cannot open the lock file: \(Self.errorText())")
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      if errno != EINTR { throw .storeWriteFailed(path: lockPath, reason: "cannot lock: \(Self.errorText())") }
    }
    return try body()
  }

  static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
