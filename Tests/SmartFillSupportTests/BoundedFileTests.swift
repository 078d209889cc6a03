import Foundation
import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("Bounded file reads")
struct BoundedFileTests {
  @Test("reads a regular file whole, and refuses one over the bound")
  func regular() throws {
    let folder = try TemporaryDirectory(prefix: "support-tests")
    defer { folder.cleanUp() }
    let path = try folder.write("a", "hello")
    #expect(try BoundedFile.read(path, maximumBytes: 5) == Array("hello".utf8))
    #expect(throws: FileError(path: path, problem: .tooLarge(size: 5, limit: 4))) {
      try BoundedFile.read(path, maximumBytes: 4)
    }
    #expect(try BoundedFile.read(try folder.write("empty", ""), maximumBytes: 0) == [])
    #expect(try BoundedFile.contents(folder.file("none"), maximumBytes: 9) == nil)
  }

  @Test("a FIFO, a device, a directory and a missing file are refused at once")
  func notRegular() throws {
    let folder = try TemporaryDirectory(prefix: "support-tests")
    defer { folder.cleanUp() }
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: FileError(path: fifo, problem: .notRegularFile(.fifo))) {
      try BoundedFile.read(fifo, maximumBytes: 100)
    }
    #expect(throws: FileError(path: "/dev/zero", problem: .notRegularFile(.characterDevice))) {
      try BoundedFile.read("/dev/zero", maximumBytes: 100)
    }
    #expect(throws: FileError(path: folder.path, problem: .notRegularFile(.directory))) {
      try BoundedFile.read(folder.path, maximumBytes: 100)
    }
    #expect(throws: FileError(path: folder.file("none"), problem: .missing)) {
      try BoundedFile.read(folder.file("none"), maximumBytes: 100)
    }
  }

  @Test("the reasons say what the path is")
  func reasons() {
    #expect(
      FileError(path: "p", problem: .notRegularFile(.fifo)).reason == "it is a FIFO (named pipe), not a regular file")
    #expect(FileError(path: "p", problem: .notRegularFile(.directory)).description == "p: it is a directory")
    #expect(
      FileError(path: "p", problem: .tooLarge(size: 3, limit: 2)).reason
        == "it is 3 bytes, more than the 2 bytes allowed")
  }
}
