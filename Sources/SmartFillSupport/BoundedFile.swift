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
  /// A file's bytes, with the attributes a write that replaces it keeps.
  package struct Contents: Sendable, Hashable {
    package var bytes: [UInt8]
    package var attributes: FileAttributes
  }

  /// The bytes of the regular file at `path`, at most `maximumBytes` of them, or `nil` when nothing is there.
  ///
  /// The file is opened without blocking (and, unless `followsLinks`, without following a link) and checked
  /// on the open descriptor, so nothing can swap it for a FIFO between the check and the read. The read stops
  /// one byte past the bound even when the file lies about its size, as some kernel files do.
  ///
  /// - Throws: ``FileError`` for anything but a regular file, a file over `maximumBytes`, or a system error.
  /// - Complexity: O(*n*) in the file's size.
  package static func contents(_ path: String, maximumBytes: Int, followsLinks: Bool = true) throws(FileError)
    -> Contents?
  {
    let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followsLinks ? 0 : O_NOFOLLOW)
    let descriptor = open(path, flags)
    if descriptor < 0 {
      let code = errno
      if code == ENOENT { return nil }
      if let kind = FileKind(lookingAt: path), !(followsLinks && kind == .symbolicLink) {
        throw FileError(path: path, problem: .notRegularFile(kind))
      }
      throw .system(path, code)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw .system(path) }
    if let kind = FileKind(mode: info.st_mode) { throw FileError(path: path, problem: .notRegularFile(kind)) }
    let size = max(0, Int(info.st_size))
    guard size <= maximumBytes else {
      throw FileError(path: path, problem: .tooLarge(size: size, limit: maximumBytes))
    }
    // One byte more than the size, so that the end shows without growing; a file that grows meanwhile grows
    // the buffer up to the bound and no further.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while true {
      if count == bytes.count {
        if count > maximumBytes {
          throw FileError(path: path, problem: .tooLarge(size: count, limit: maximumBytes))
        }
        bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), maximumBytes + 1 - count)))
      }
      let received = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + count, $0.count - count) }
      if received < 0 {
        if errno == EINTR { continue }
        throw .system(path)
      }
      if received == 0 { break }
      count += received
    }
    bytes.removeSubrange(count...)
    return Contents(
      bytes: bytes, attributes: FileAttributes(mode: info.st_mode, owner: info.st_uid, group: info.st_gid))
  }

  /// The bytes of the regular file at `path` (through links), at most `maximumBytes`; a missing file is an
  /// error too.
  package static func read(_ path: String, maximumBytes: Int) throws(FileError) -> [UInt8] {
    guard let contents = try contents(path, maximumBytes: maximumBytes) else {
      throw FileError(path: path, problem: .missing)
    }
    return contents.bytes
  }

  private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }
}
