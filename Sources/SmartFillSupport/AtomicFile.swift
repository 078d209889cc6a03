import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a whole file so that a reader, a crash or a full disk never sees it half written: the bytes go to a
/// temporary file in the same folder, are flushed to disk, and the temporary file is renamed over the target
/// (then the folder is flushed). On any failure the temporary file is removed and the previous file is left as
/// it was.
///
/// Temporary files are named `<file>.tmp-<tag>-<pid>-<16 hex digits>`, a pattern only this code writes, with
/// the writer's process, so that ``removeStaleTemporaryFiles(beside:tag:)`` removes only those of writers
/// that are gone, never another program's files.
package enum AtomicFile {
  /// Writes `bytes` to `target` atomically, through a temporary file beside `file` (the target's folder
  /// unless given). The new file gets `attributes`' mode, and its owner and group where this process may set
  /// them; without attributes, 0644 less the umask.
  ///
  /// - Throws: ``FileError`` naming `target`; nothing is left behind.
  /// - Complexity: O(*n*) in the number of bytes, plus two flushes to disk.
  package static func write(
    _ bytes: [UInt8], to target: String, beside file: String? = nil, keeping attributes: FileAttributes? = nil,
    tag: String = "smartfill"
  ) throws(FileError) {
    let temporary = temporaryName(for: file ?? target, tag: tag)
    // Private until its mode is set, so that a private file's bytes are never readable by others.
    let descriptor = open(
      temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, attributes == nil ? 0o644 : 0o600)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT {
        throw FileError(path: target, problem: .system("no such directory \(FilePath.directory(of: target))"))
      }
      throw .system(target, code)
    }
    var failure: Int32?
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        failure = errno
        break
      }
      offset += written
    }
    if failure == nil, let attributes {
      // The owner first: changing it clears the set-user-ID and set-group-ID bits, which the mode sets back.
      // Only a privileged process may give a file away; others keep at least the group when they can.
      if attributes.owner != geteuid() || attributes.group != getegid(),
        fchown(descriptor, attributes.owner, attributes.group) != 0
      {
        _ = fchown(descriptor, uid_t.max, attributes.group)
      }
      if fchmod(descriptor, attributes.mode & 0o7777) != 0 { failure = errno }
    }
    if failure == nil, fsync(descriptor) != 0 { failure = errno }
    if close(descriptor) != 0, failure == nil { failure = errno }
    if failure == nil, rename(temporary, target) != 0 { failure = errno }
    if let failure {
      unlink(temporary)
      throw .system(target, failure)
    }
    syncDirectory(of: target)
  }

  /// Writes `bytes` to `path`, following a symbolic link to the file it ends at (the link stays a link) and
  /// keeping an existing file's mode and owner; anything but a regular file or nothing at all is refused.
  ///
  /// - Throws: ``FileError`` naming `path`.
  package static func replace(_ path: String, with bytes: [UInt8], tag: String = "smartfill") throws(FileError) {
    let target = try FilePath.resolved(path)
    var info = stat()
    var attributes: FileAttributes?
    if lstat(target, &info) == 0 {
      if let kind = FileKind(mode: info.st_mode) { throw FileError(path: path, problem: .notRegularFile(kind)) }
      attributes = FileAttributes(mode: info.st_mode, owner: info.st_uid, group: info.st_gid)
    }
    do {
      try write(bytes, to: target, keeping: attributes, tag: tag)
    } catch {
      throw FileError(path: path, problem: error.problem)
    }
  }

  /// A new temporary file's name beside `file`: `<file>.tmp-<tag>-<pid>-<16 hex digits>`.
  package static func temporaryName(for file: String, tag: String) -> String {
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
    return "\(file).tmp-\(tag)-\(getpid())-" + String(repeating: "0", count: 16 - random.count) + random
  }

  /// Removes the temporary files that writers of `file` with `tag` left when they were killed: only names of
  /// the pattern (``temporaryName(for:tag:)``) whose process is gone, and only regular files. Call it when no
  /// writer of the file can be writing (under its lock).
  package static func removeStaleTemporaryFiles(beside file: String, tag: String) {
    let directory = FilePath.directory(of: file)
    let prefix = FilePath.name(of: file) + ".tmp-\(tag)-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names where name.hasPrefix(prefix) {
      guard let process = writer(ofTemporaryName: name.dropFirst(prefix.count)), process != getpid() else {
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

  /// The process in a temporary file's name after its tag (`<pid>-<16 hex digits>`), or `nil` when the name
  /// is not of the pattern.
  package static func writer(ofTemporaryName rest: Substring) -> pid_t? {
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

  /// Flushes the folder of `file`, so that a rename in it survives a crash.
  package static func syncDirectory(of file: String) {
    let descriptor = open(FilePath.directory(of: file), O_RDONLY | O_CLOEXEC | O_DIRECTORY)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #else
      Darwin.write(descriptor, bytes, count)
    #endif
  }
}
