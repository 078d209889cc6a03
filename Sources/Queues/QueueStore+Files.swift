import Foundation
import SmartFillSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The store's side of the file system: following a symbolic link to the file it ends at, reading only a
// regular file and only up to a bound, writing atomically with the replaced file's mode and owner, and the
// files it keeps beside the store (lock, temporary files, backups, a corrupt file moved aside).

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

    /// The kind of file whose `st_mode` is `mode` (`nil` for a regular file).
    init?(mode: mode_t) {
      switch mode & S_IFMT {
      case S_IFREG: return nil
      case S_IFDIR: self = .directory
      case S_IFIFO: self = .fifo
      case S_IFCHR: self = .characterDevice
      case S_IFBLK: self = .blockDevice
      case S_IFSOCK: self = .socket
      case S_IFLNK: self = .symbolicLink
      default: self = .unknown
      }
    }

    /// "a FIFO (named pipe)", "a character device", …
    public var description: String {
      switch self {
      case .directory: return "a directory"
      case .fifo: return "a FIFO (named pipe)"
      case .characterDevice: return "a character device"
      case .blockDevice: return "a block device"
      case .socket: return "a socket"
      case .symbolicLink: return "a symbolic link"
      case .unknown: return "a file of an unknown kind"
      }
    }
  }

  /// A store file's bytes, with the mode, owner and group that a write replacing it keeps.
  struct FileContents: Sendable {
    var bytes: [UInt8]
    var mode: mode_t
    var owner: uid_t
    var group: gid_t
  }

  /// The most links followed from the store's path, as many as Linux follows in a path.
  static let maximumLinks = 40

  // MARK: Following links

  /// The file the store reads and writes: ``path``, or the end of the chain of symbolic links that starts
  /// there (a relative link is resolved in its own folder). A missing file, or a link to one, resolves to
  /// where the first write creates it.
  ///
  /// - Throws: ``QueueError/storeUnreadable(path:reason:)`` for a chain of more than 40 links or a link that
  ///   cannot be read.
  func resolvedFile() throws(QueueError) -> String {
    var current = path
    for _ in 0..<Self.maximumLinks {
      var info = stat()
      guard lstat(current, &info) == 0 else {
        if errno == ENOENT || errno == ENOTDIR { return current }
        throw .storeUnreadable(path: path, reason: Self.errorText())
      }
      guard info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = buffer.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          readlink(current, $0, buffer.count - 1)
        }
      }
      guard count >= 0 else { throw .storeUnreadable(path: path, reason: Self.errorText()) }
      let target = String(decoding: buffer[0..<count], as: UTF8.self)
      current = target.hasPrefix("/") ? target : Self.directory(of: current) + "/" + target
    }
    throw .storeUnreadable(
      path: path, reason: "it is a chain of more than \(Self.maximumLinks) symbolic links, or a loop of them")
  }

  // MARK: Reading

  /// The bytes of `file` (the store's resolved file), or `nil` when it does not exist.
  ///
  /// The file is opened without blocking and without following a link, and checked on the open descriptor,
  /// so that nothing but a regular file is ever read: a FIFO cannot hang a reader holding the lock, and a
  /// device cannot feed it without end. The read stops past ``maximumFileSize``.
  ///
  /// - Throws: ``QueueError/storeNotRegularFile(path:target:kind:)``,
  ///   ``QueueError/storeTooLarge(path:size:limit:)`` or ``QueueError/storeUnreadable(path:reason:)``.
  /// - Complexity: O(*n*) in the size of the file.
  func contents(of file: String) throws(QueueError) -> FileContents? {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT { return nil }
      if let refusal = notRegularFile(file, reportedAs: path) { throw refusal }
      throw .storeUnreadable(path: path, reason: Self.errorText(code))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .storeUnreadable(path: path, reason: Self.errorText()) }
    if let kind = FileKind(mode: info.st_mode) {
      throw .storeNotRegularFile(path: path, target: file, kind: kind)
    }
    if Int(info.st_size) > sizeLimit {
      throw .storeTooLarge(path: path, size: Int(info.st_size), limit: sizeLimit)
    }
    // One byte more than the size, so that the end shows without growing; a file that grows meanwhile (or
    // lies about its size, as some kernel files do) grows the buffer up to the limit and no further.
    var bytes = [UInt8](repeating: 0, count: max(0, Int(info.st_size)) + 1)
    var count = 0
    while true {
      if count == bytes.count {
        if count > sizeLimit { throw .storeTooLarge(path: path, size: count, limit: sizeLimit) }
        bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), sizeLimit + 1 - count)))
      }
      let received = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
      if received < 0 {
        if errno == EINTR { continue }
        throw .storeUnreadable(path: path, reason: Self.errorText())
      }
      if received == 0 { break }
      count += received
    }
    bytes.removeSubrange(count...)
    return FileContents(bytes: bytes, mode: info.st_mode, owner: info.st_uid, group: info.st_gid)
  }

  /// The error for `file` when it exists and is not a regular file (looked at after an `open` failed, to
  /// say why), reported under `name`.
  func notRegularFile(_ file: String, reportedAs name: String) -> QueueError? {
    var info = stat()
    guard lstat(file, &info) == 0, let kind = FileKind(mode: info.st_mode) else { return nil }
    return .storeNotRegularFile(path: name, target: file, kind: kind)
  }

  // MARK: Writing

  /// Writes `bytes` to a new temporary file beside `file`, flushes it, renames it over `target` (`file`
  /// or one of its backups) and flushes the folder. The new file gets the mode of `original`, and its owner
  /// and group where this process may set them; without an original, 0644 less the umask.
  ///
  /// - Throws: ``QueueError/storeWriteFailed(path:reason:)``; nothing is left behind.
  /// - Complexity: O(*n*) in the number of bytes.
  func writeAtomically(_ bytes: [UInt8], to target: String, beside file: String, like original: FileContents?)
    throws(QueueError)
  {
    let temporary = Self.temporaryName(for: file)
    // Private until its mode is set, so that a private store's bytes are never readable by others.
    let descriptor = open(
      temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, original == nil ? 0o644 : 0o600)
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
    if failure == nil, let original {
      // The owner first: changing it clears the set-user-ID and set-group-ID bits, which the mode sets back.
      // Only a privileged process may give a file away; others keep at least the group when they can.
      if original.owner != geteuid() || original.group != getegid(),
        fchown(descriptor, original.owner, original.group) != 0
      {
        _ = fchown(descriptor, uid_t.max, original.group)
      }
      if fchmod(descriptor, original.mode & 0o7777) != 0 { failure = Self.errorText() }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = Self.errorText() }
    if close(descriptor) != 0, failure == nil { failure = Self.errorText() }
    if failure == nil, rename(temporary, target) != 0 { failure = Self.errorText() }
    if let failure {
      unlink(temporary)
      throw .storeWriteFailed(path: target, reason: failure)
    }
    syncDirectory(of: target)
  }

  /// A new temporary file's name beside `file`: `<file>.tmp-queuestore-<pid>-<16 hex digits>`, a pattern
  /// that only this code writes, with the writer's process so that a clean-up can tell whether it is gone.
  static func temporaryName(for file: String) -> String {
    "\(file)\(temporaryMarker)\(getpid())-\(hexadecimal(UInt64.random(in: 0...UInt64.max)))"
  }

  /// What every temporary file's name has after the store file's name.
  static let temporaryMarker = ".tmp-queuestore-"

  /// Removes the temporary files that writers of `file` left when they were killed: only names of this
  /// store's pattern (``temporaryName(for:)``) whose process is gone, and only regular files. Called under
  /// the lock, when no writer of this store is writing.
  func removeStaleTemporaryFiles(beside file: String) {
    let directory = Self.directory(of: file)
    let prefix = Self.name(of: file) + Self.temporaryMarker
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names where name.hasPrefix(prefix) {
      guard let process = Self.writer(ofTemporaryName: name.dropFirst(prefix.count)), process != getpid() else {
        continue
      }
      // A process that exists (or that this one may not signal, which also means it exists) may be writing.
      if kill(process, 0) == 0 || errno != ESRCH { continue }
      let candidate = directory + "/" + name
      var info = stat()
      guard lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
      unlink(candidate)
    }
  }

  /// The process in a temporary file's name after the marker (`<pid>-<16 hex digits>`), or `nil` when the
  /// name is not of this store's pattern.
  static func writer(ofTemporaryName rest: Substring) -> pid_t? {
    let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 10,
      parts[0].utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      parts[1].utf8.count == 16,
      parts[1].utf8.allSatisfy({
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
      }),
      let process = pid_t(parts[0]), process > 0
    else { return nil }
    return process
  }

  /// Keeps a copy of an incomplete store's file as `<file>.incomplete-<FNV-1a hash of its bytes>`, with its
  /// mode and owner, unless that copy exists already.
  ///
  /// - Returns: The copy's path.
  func keepBackup(of contents: FileContents, at file: String) throws(QueueError) -> String {
    let backup = "\(file).incomplete-\(Self.hexadecimal(StableHash.fnv1a64(contents.bytes)))"
    if !Self.exists(backup) {
      try writeAtomically(contents.bytes, to: backup, beside: file, like: contents)
    }
    return backup
  }

  /// Renames `file` to `<file>.corrupt-<date>` (with a number when taken) and returns the new path.
  func setAside(_ file: String, now: Date) throws(QueueError) -> String {
    let stamp = Timestamp.format(now.wholeSeconds).filter { $0 != "-" && $0 != ":" }
    var candidate = "\(file).corrupt-\(stamp)"
    var number = 2
    while Self.exists(candidate) {
      candidate = "\(file).corrupt-\(stamp)-\(number)"
      number += 1
    }
    if rename(file, candidate) != 0 {
      throw .storeUnreadable(path: path, reason: "it is corrupt and could not be moved aside: \(Self.errorText())")
    }
    syncDirectory(of: file)
    return candidate
  }

  func syncDirectory(of file: String) {
    let descriptor = open(Self.directory(of: file), O_RDONLY | O_CLOEXEC | O_DIRECTORY)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

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
      if let refusal = notRegularFile(lockPath, reportedAs: lockPath) { throw refusal }
      throw .storeWriteFailed(path: lockPath, reason: "cannot open the lock file: \(Self.errorText(code))")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .storeWriteFailed(path: lockPath, reason: "cannot open the lock file: \(Self.errorText())")
    }
    if let kind = FileKind(mode: info.st_mode) {
      throw .storeNotRegularFile(path: lockPath, target: lockPath, kind: kind)
    }
    while flock(descriptor, LOCK_EX) != 0 {
      if errno != EINTR { throw .storeWriteFailed(path: lockPath, reason: "cannot lock: \(Self.errorText())") }
    }
    return try body()
  }

  // MARK: Paths

  /// The folder of `file`: what is before its last `/`, or `.`.
  static func directory(of file: String) -> String {
    guard let slash = file.lastIndex(of: "/") else { return "." }
    return slash == file.startIndex ? "/" : String(file[..<slash])
  }

  /// The last component of `file`.
  static func name(of file: String) -> String {
    guard let slash = file.lastIndex(of: "/") else { return file }
    return String(file[file.index(after: slash)...])
  }

  /// Whether something (a file, a link, even a dangling one) is at `path`.
  static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// `value` as 16 lowercase hexadecimal digits.
  static func hexadecimal(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  static func errorText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
  }
}
