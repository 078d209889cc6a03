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
/// A target that is a symbolic link is written through: the link's final target is replaced, and the link
/// stays. An existing file keeps its permission bits.
package enum AtomicFile {
  /// Why a write failed: the path and the system's reason.
  package struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file that was to be written.
    package var path: String
    /// The system's reason ("No space left on device").
    package var reason: String

    package init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }

    package var description: String { "\(path): cannot write the file: \(reason)" }
  }

  /// Writes `bytes` to `path` atomically.
  ///
  /// - Throws: ``WriteError`` naming the path and the reason; the previous file is unchanged.
  /// - Complexity: O(*n*) in the number of bytes, plus two flushes to disk.
  package static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
    let target = resolvedPath(path)
    var info = stat()
    let exists = stat(target, &info) == 0
    if exists, info.st_mode & S_IFMT == S_IFDIR { throw WriteError(path: path, reason: "it is a directory") }
    if exists, info.st_mode & S_IFMT != S_IFREG {
      throw WriteError(path: path, reason: "it is not a regular file")
    }
    let directory = (target as NSString).deletingLastPathComponent
    let name = (target as NSString).lastPathComponent
    let temporary =
      (directory.isEmpty ? "" : directory + "/") + ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let mode = exists ? mode_t(info.st_mode & 0o7777) : 0o644
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard descriptor >= 0 else {
      let reason = errno == ENOENT ? "no such directory \(directory)" : systemReason()
      throw WriteError(path: path, reason: reason)
    }
    var failure: String?
    if exists { fchmod(descriptor, mode) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        failure = systemReason()
        break
      }
      offset += written
    }
    if failure == nil, fsync(descriptor) != 0 { failure = systemReason() }
    if close(descriptor) != 0, failure == nil { failure = systemReason() }
    if failure == nil, rename(temporary, target) != 0 { failure = systemReason() }
    if let failure {
      unlink(temporary)
      throw WriteError(path: path, reason: failure)
    }
    let folder = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// `path` with every symbolic link along it resolved (the file itself may not exist yet).
  package static func resolvedPath(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, Int(PATH_MAX))
      guard length > 0 else { return current }
      let link = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current =
        link.hasPrefix("/")
        ? link : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(link)
    }
    return current
  }

  /// Whether `lhs` and `rhs` name the same existing file (the same device and inode, through any links).
  package static func isSameFile(_ lhs: String, _ rhs: String) -> Bool {
    var left = stat()
    var right = stat()
    guard stat(lhs, &left) == 0, stat(rhs, &right) == 0 else { return false }
    return left.st_dev == right.st_dev && left.st_ino == right.st_ino
  }

  private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(descriptor, bytes, count)
    #else
      Darwin.write(descriptor, bytes, count)
    #endif
  }

  private static func systemReason() -> String { String(cString: strerror(errno)) }
}
