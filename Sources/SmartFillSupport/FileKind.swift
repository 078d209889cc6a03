#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a path holds when it is not a regular file: the readers and writers of the package refuse such
/// paths, naming what they are.
package enum FileKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case directory
  case fifo
  case characterDevice
  case blockDevice
  case socket
  case symbolicLink
  case unknown

  /// The kind of file whose `st_mode` is `mode` (`nil` for a regular file).
  package init?(mode: mode_t) {
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

  /// The kind of what is at `path` (without following a link), or `nil` when it is a regular file or
  /// cannot be looked at.
  package init?(lookingAt path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    self.init(mode: info.st_mode)
  }

  /// "a FIFO (named pipe)", "a character device", …
  package var description: String {
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

/// A file's permission bits, owner and group, which a write that replaces the file keeps.
package struct FileAttributes: Sendable, Hashable {
  package var mode: mode_t
  package var owner: uid_t
  package var group: gid_t

  package init(mode: mode_t, owner: uid_t, group: gid_t) {
    self.mode = mode
    self.owner = owner
    self.group = group
  }
}

/// Paths as the package's file code takes them apart.
package enum FilePath {
  /// The folder of `file`: what is before its last `/`, or `.`.
  package static func directory(of file: String) -> String {
    guard let slash = file.lastIndex(of: "/") else { return "." }
    return slash == file.startIndex ? "/" : String(file[..<slash])
  }

  /// The last component of `file`.
  package static func name(of file: String) -> String {
    guard let slash = file.lastIndex(of: "/") else { return file }
    return String(file[file.index(after: slash)...])
  }

  /// Whether something (a file, a link, even a dangling one) is at `path`.
  package static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// The most symbolic links followed from one path, as many as Linux follows.
  package static let maximumLinks = 40

  /// The file `path` ends at: `path`, or the end of the chain of symbolic links that starts there (a relative
  /// link is resolved in its own folder). A missing file, or a link to one, resolves to where a write
  /// creates it.
  ///
  /// - Throws: ``FileError`` when the chain is longer than ``maximumLinks`` (or a loop) or a link cannot be
  ///   read.
  package static func resolved(_ path: String) throws(FileError) -> String {
    var current = path
    for _ in 0..<maximumLinks {
      var info = stat()
      guard lstat(current, &info) == 0 else {
        if errno == ENOENT || errno == ENOTDIR { return current }
        throw .system(path)
      }
      guard info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = buffer.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
          readlink(current, $0, buffer.count - 1)
        }
      }
      guard count >= 0 else { throw .system(path) }
      let target = String(decoding: buffer[0..<count], as: UTF8.self)
      current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
    }
    throw FileError(
      path: path, problem: .system("it is a chain of more than \(maximumLinks) symbolic links, or a loop of them"))
  }

  /// Whether `lhs` and `rhs` name the same existing file (the same device and inode, through any links).
  package static func isSameFile(_ lhs: String, _ rhs: String) -> Bool {
    var left = stat()
    var right = stat()
    guard stat(lhs, &left) == 0, stat(rhs, &right) == 0 else { return false }
    return left.st_dev == right.st_dev && left.st_ino == right.st_ino
  }

  /// The system's sentence for `code` ("No space left on device").
  package static func systemReason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
}

/// Why a file could not be read or written: the path and the problem.
package struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  package enum Problem: Sendable, Hashable {
    /// Nothing is at the path.
    case missing
    /// The path holds something other than a regular file.
    case notRegularFile(FileKind)
    /// The file is larger than a reader allows.
    case tooLarge(size: Int, limit: Int)
    /// The system refused, with its sentence ("Permission denied", "No space left on device").
    case system(String)
  }

  /// The file's path, as given.
  package var path: String
  /// What went wrong.
  package var problem: Problem

  package init(path: String, problem: Problem) {
    self.path = path
    self.problem = problem
  }

  /// A system error of the last call, for `path`.
  package static func system(_ path: String, _ code: Int32 = errno) -> FileError {
    FileError(path: path, problem: .system(FilePath.systemReason(code)))
  }

  /// "no such file", "it is a FIFO (named pipe), not a regular file", "it is 300 bytes, more than the 200
  /// bytes allowed", or the system's sentence.
  package var reason: String {
    switch problem {
    case .missing: return "no such file"
    case .notRegularFile(.directory): return "it is a directory"
    case .notRegularFile(let kind): return "it is \(kind), not a regular file"
    case .tooLarge(let size, let limit): return "it is \(size) bytes, more than the \(limit) bytes allowed"
    case .system(let sentence): return sentence
    }
  }

  package var description: String { "\(path): \(reason)" }
}
