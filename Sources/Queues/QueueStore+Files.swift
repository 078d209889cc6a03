import Foundation
import SmartFillSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The store's side of the file system, on the support layer's file code (`FilePath`, `BoundedFile`,
// `AtomicFile`): following a symbolic link to the file it ends at, reading only a regular file and only up to
// a bound, writing atomically with the replaced file's mode and owner, and the files it keeps beside the
// store (lock, temporary files, backups, a corrupt file moved aside).

extension QueueStore {
  /// What a path holds when it is not a regular file, as
  /// ``QueueError/storeNotRegularFile(path:target:kind:)`` reports it.
  public enum FileKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case directory
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case symbolicLink
    case unknown

    /// The same kind as the support layer's.
    init(_ kind: SmartFillSupport.FileKind) {
      self = FileKind(rawValue: kind.rawValue)!
    }

    /// "a FIFO (named pipe)", "a character device", …
    public var description: String { SmartFillSupport.FileKind(rawValue: rawValue)!.description }
  }

  /// A store file's bytes, with the mode, owner and group that a write replacing it keeps.
  typealias FileContents = BoundedFile.Contents

  /// The tag of the store's temporary files: `<file>.tmp-queuestore-<pid>-<16 hex digits>`.
  static let temporaryTag = "queuestore"

  // MARK: Following links

  /// The file the store reads and writes: ``path``, or the end of the chain of symbolic links that starts
  /// there (see `FilePath.resolved`). A missing file, or a link to one, resolves to where the first write
  /// creates it.
  ///
  /// - Throws: ``QueueError/storeUnreadable(path:reason:)`` for a chain of more than 40 links or a link that
  ///   cannot be read.
  func resolvedFile() throws(QueueError) -> String {
    do {
      return try FilePath.resolved(path)
    } catch {
      throw .storeUnreadable(path: path, reason: error.reason)
    }
  }

  // MARK: Reading

  /// The bytes of `file` (the store's resolved file), or `nil` when it does not exist.
  ///
  /// Opened without blocking and without following a link, checked on the open descriptor, and read up to
  /// ``maximumFileSize`` (see `BoundedFile`): a FIFO cannot hang a reader holding the lock, and a device
  /// cannot feed it without end.
  ///
  /// - Throws: ``QueueError/storeNotRegularFile(path:target:kind:)``,
  ///   ``QueueError/storeTooLarge(path:size:limit:)`` or ``QueueError/storeUnreadable(path:reason:)``.
  /// - Complexity: O(*n*) in the size of the file.
  func contents(of file: String) throws(QueueError) -> FileContents? {
    do {
      return try BoundedFile.contents(file, maximumBytes: sizeLimit, followsLinks: false)
    } catch {
      switch error.problem {
      case .notRegularFile(let kind): throw .storeNotRegularFile(path: path, target: file, kind: FileKind(kind))
      case .tooLarge(let size, let limit): throw .storeTooLarge(path: path, size: size, limit: limit)
      case .missing, .system: throw .storeUnreadable(path: path, reason: error.reason)
      }
    }
  }

  // MARK: Writing

  /// Writes `bytes` to a new temporary file beside `file`, flushes it, renames it over `target` (`file`
  /// or one of its backups) and flushes the folder; the new file keeps `original`'s mode, owner and group
  /// (see `AtomicFile`).
  ///
  /// - Throws: ``QueueError/storeWriteFailed(path:reason:)``; nothing is left behind.
  /// - Complexity: O(*n*) in the number of bytes.
  func writeAtomically(_ bytes: [UInt8], to target: String, beside file: String, like original: FileContents?)
    throws(QueueError)
  {
    do {
      try AtomicFile.write(bytes, to: target, beside: file, keeping: original?.attributes, tag: Self.temporaryTag)
    } catch {
      throw .storeWriteFailed(path: target, reason: error.reason)
    }
  }

  /// Removes the temporary files that writers of `file` left when they were killed (only this store's, only
  /// those whose process is gone). Called under the lock, when no writer of this store is writing.
  func removeStaleTemporaryFiles(beside file: String) {
    AtomicFile.removeStaleTemporaryFiles(beside: file, tag: Self.temporaryTag)
  }

  /// Keeps a copy of an incomplete store's file as `<file>.incomplete-<FNV-1a hash of its bytes>`, with its
  /// mode and owner, unless that copy exists already.
  ///
  /// - Returns: The copy's path.
  func keepBackup(of contents: FileContents, at file: String) throws(QueueError) -> String {
    let backup = "\(file).incomplete-\(Self.hexadecimal(StableHash.fnv1a64(contents.bytes)))"
    if !FilePath.exists(backup) {
      try writeAtomically(contents.bytes, to: backup, beside: file, like: contents)
    }
    return backup
  }

  /// Renames `file` to `<file>.corrupt-<date>` (with a number when taken) and returns the new path.
  func setAside(_ file: String, now: Date) throws(QueueError) -> String {
    let stamp = Timestamp.format(now.wholeSeconds).filter { $0 != "-" && $0 != ":" }
    var candidate = "\(file).corrupt-\(stamp)"
    var number = 2
    while FilePath.exists(candidate) {
      candidate = "\(file).corrupt-\(stamp)-\(number)"
      number += 1
    }
    if rename(file, candidate) != 0 {
      throw .storeUnreadable(path: path, reason: "it is corrupt and could not be moved aside: \(Self.errorText())")
    }
    syncDirectory(of: file)
    return candidate
  }

  func syncDirectory(of file: String) { AtomicFile.syncDirectory(of: file) }

  // MARK: Locking

  /// Runs `body` holding the exclusive lock of `file` (`flock` on `<file>.lock`, which also excludes other
  /// threads of this process). The lock file is opened without following a link and without blocking.
  ///
  /// - Throws: ``QueueError/storeNotRegularFile(path:target:kind:)`` when the lock's path is a symbolic link
  ///   or anything but a regular file (nothing is created), ``QueueError/storeWriteFailed(path:reason:)``,
  ///   or what `body` throws.
  func withLock<Result>(_ file: String, _ body: () throws(QueueError) -> Result) throws(QueueError) -> Result {
    let lockPath = file + ".lock"
    let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o644)
    if descriptor < 0 {
      let code = errno
      if let kind = SmartFillSupport.FileKind(lookingAt: lockPath) {
        throw .storeNotRegularFile(path: lockPath, target: lockPath, kind: FileKind(kind))
      }
      throw .storeWriteFailed(path: lockPath, reason: "cannot open the lock file: \(Self.errorText(code))")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .storeWriteFailed(path: lockPath, reason: "cannot open the lock file: \(Self.errorText())")
    }
    if let kind = SmartFillSupport.FileKind(mode: info.st_mode) {
      throw .storeNotRegularFile(path: lockPath, target: lockPath, kind: FileKind(kind))
    }
    while flock(descriptor, LOCK_EX) != 0 {
      if errno != EINTR { throw .storeWriteFailed(path: lockPath, reason: "cannot lock: \(Self.errorText())") }
    }
    return try body()
  }

  // MARK: Paths

  /// `value` as 16 lowercase hexadecimal digits.
  static func hexadecimal(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  static func errorText(_ code: Int32 = errno) -> String { FilePath.systemReason(code) }
}
