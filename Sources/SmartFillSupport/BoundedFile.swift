import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole regular file with a bound on its size, so that a path that names a FIFO (which would block),
/// a device such as `/dev/zero` (which never ends) or a huge file is an error instead of a hang or unbounded
/// memory.
package enum BoundedFile {
  /// Why a file could not be read: the path and the reason.
  package struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path, as given.
    package var path: String
    /// What went wrong ("no such file", "it is a FIFO, not a regular file", "it is larger than 1 GiB").
    package var reason: String

    package init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }

    package var description: String { "\(path): cannot read the file: \(reason)" }
  }

  /// The bytes of the regular file at `path` (through symbolic links), at most `maximumBytes` of them.
  ///
  /// The file is opened without blocking and checked on the open descriptor, so nothing can swap it for a
  /// FIFO between the check and the read.
  ///
  /// - Throws: ``ReadError`` for a missing or unreadable file, anything but a regular file, or a file over
  ///   `maximumBytes`.
  /// - Complexity: O(*n*) in the file's size.
  package static func read(_ path: String, maximumBytes: Int) throws(ReadError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: throw ReadError(path: path, reason: "no such file")
      case EACCES: throw ReadError(path: path, reason: "permission denied")
      default: throw ReadError(path: path, reason: String(cString: strerror(errno)))
      }
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw ReadError(path: path, reason: "it is a directory")
    case S_IFIFO: throw ReadError(path: path, reason: "it is a FIFO, not a regular file")
    case S_IFCHR, S_IFBLK: throw ReadError(path: path, reason: "it is a device, not a regular file")
    case S_IFSOCK: throw ReadError(path: path, reason: "it is a socket, not a regular file")
    default: throw ReadError(path: path, reason: "it is not a regular file")
    }
    let size = Int(info.st_size)
    guard size <= maximumBytes else {
      throw ReadError(path: path, reason: "it is \(size) bytes, more than the \(maximumBytes) bytes allowed")
    }
    // The file may still grow while it is read: read at most one byte past the bound to notice.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while count <= maximumBytes {
      if count == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, maximumBytes + 1 - count)))
      }
      let got = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        throw ReadError(path: path, reason: String(cString: strerror(errno)))
      }
      if got == 0 { break }
      count += got
    }
    guard count <= maximumBytes else {
      throw ReadError(path: path, reason: "it grew past the \(maximumBytes) bytes allowed while being read")
    }
    bytes.removeSubrange(count...)
    return bytes
  }
}
