import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a regular file with a bound on its size, so that a path that names a FIFO (which would block),
/// a device such as `/dev/zero` (which never ends) or a huge file is an error instead of a hang or unbounded
/// memory: whole (``contents(_:maximumBytes:followsLinks:)``) or a chunk at a time (``Reader``).
package enum BoundedFile {
  /// A file's bytes, with the attributes a write that replaces it keeps.
  package struct Contents: Sendable, Hashable {
    package var bytes: [UInt8]
    package var attributes: FileAttributes
  }

  /// The bytes of the regular file at `path`, at most `maximumBytes` of them, or `nil` when nothing is there.
  ///
  /// The file is opened as ``Reader/open(_:maximumBytes:followsLinks:)`` opens it. The read stops one byte past
  /// the bound even when the file lies about its size, as some kernel files do.
  ///
  /// - Throws: ``FileError`` for anything but a regular file, a file over `maximumBytes`, or a system error.
  /// - Complexity: O(*n*) in the file's size.
  package static func contents(_ path: String, maximumBytes: Int, followsLinks: Bool = true) throws(FileError)
    -> Contents?
  {
    guard let reader = try Reader.open(path, maximumBytes: maximumBytes, followsLinks: followsLinks) else {
      return nil
    }
    // One byte more than the size, so that the end shows without growing; a file that grows meanwhile grows
    // the buffer up to the bound and no further (the reader refuses a byte past it).
    var bytes = [UInt8](repeating: 0, count: reader.size + 1)
    var count = 0
    while true {
      if count == bytes.count {
        bytes.append(contentsOf: repeatElement(0, count: min(max(count, 4096), maximumBytes + 1 - count)))
      }
      let received = try bytes.withUnsafeMutableBytes { buffer in
        Result { () throws(FileError) in
          try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
        }
      }.get()
      if received == 0 { break }
      count += received
    }
    bytes.removeSubrange(count...)
    return Contents(bytes: bytes, attributes: reader.attributes)
  }

  /// The bytes of the regular file at `path` (through links), at most `maximumBytes`; a missing file is an
  /// error too.
  package static func read(_ path: String, maximumBytes: Int) throws(FileError) -> [UInt8] {
    guard let contents = try contents(path, maximumBytes: maximumBytes) else {
      throw FileError(path: path, problem: .missing)
    }
    return contents.bytes
  }

  /// A regular file open for reading a chunk at a time, so that a reader of a large file needs memory for a
  /// chunk, not for the file; it refuses to read past its bound. The descriptor is closed when the reader goes.
  package final class Reader {
    /// The path, as given.
    package let path: String
    /// The most bytes the reader reads; one more is an error.
    package let maximumBytes: Int
    /// The size the file had when it was opened (it may grow or shrink meanwhile).
    package let size: Int
    /// The file's mode, owner and group.
    package let attributes: FileAttributes
    /// The bytes read so far.
    package private(set) var count = 0
    private let descriptor: Int32

    private init(path: String, maximumBytes: Int, descriptor: Int32, info: stat) {
      self.path = path
      self.maximumBytes = maximumBytes
      self.descriptor = descriptor
      self.size = max(0, Int(info.st_size))
      self.attributes = FileAttributes(mode: info.st_mode, owner: info.st_uid, group: info.st_gid)
    }

    deinit { close(descriptor) }

    /// Opens the regular file at `path`, or returns `nil` when nothing is there.
    ///
    /// The file is opened without blocking (and, unless `followsLinks`, without following a link) and checked
    /// on the open descriptor, so nothing can swap it for a FIFO between the check and the reads.
    ///
    /// - Throws: ``FileError`` for anything but a regular file, a file over `maximumBytes`, or a system error.
    package static func open(_ path: String, maximumBytes: Int, followsLinks: Bool = true) throws(FileError)
      -> Reader?
    {
      let flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followsLinks ? 0 : O_NOFOLLOW)
      let descriptor = systemOpen(path, flags)
      if descriptor < 0 {
        let code = errno
        if code == ENOENT { return nil }
        if let kind = FileKind(lookingAt: path), !(followsLinks && kind == .symbolicLink) {
          throw FileError(path: path, problem: .notRegularFile(kind))
        }
        throw .system(path, code)
      }
      var info = stat()
      guard fstat(descriptor, &info) == 0 else {
        let error = FileError.system(path)
        close(descriptor)
        throw error
      }
      let reader = Reader(path: path, maximumBytes: maximumBytes, descriptor: descriptor, info: info)
      if let kind = FileKind(mode: info.st_mode) { throw FileError(path: path, problem: .notRegularFile(kind)) }
      guard reader.size <= maximumBytes else {
        throw FileError(path: path, problem: .tooLarge(size: reader.size, limit: maximumBytes))
      }
      return reader
    }

    /// Reads the next bytes into `buffer` (at least one when `buffer` is not empty, unless the file has
    /// ended) and returns how many; 0 at the end.
    ///
    /// - Throws: ``FileError`` when the file goes past ``maximumBytes`` (it grew, or it lied about its size),
    ///   or for a system error.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
      guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
      // At most one byte past the bound, which shows that the file is over it.
      let wanted = min(buffer.count, maximumBytes + 1 - count)
      while true {
        let received = systemRead(descriptor, base, wanted)
        if received < 0 {
          if errno == EINTR { continue }
          throw .system(path)
        }
        count += received
        if count > maximumBytes {
          throw FileError(path: path, problem: .tooLarge(size: count, limit: maximumBytes))
        }
        return received
      }
    }
  }

  private static func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, flags)
    #else
      Darwin.open(path, flags)
    #endif
  }

  private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }
}
