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
    #expect(throws: BoundedFile.ReadError(path: path, reason: "it is 5 bytes, more than the 4 bytes allowed")) {
      try BoundedFile.read(path, maximumBytes: 4)
    }
    #expect(try BoundedFile.read(try folder.write("empty", ""), maximumBytes: 0) == [])
  }

  @Test("a FIFO, a device, a directory and a missing file are refused at once")
  func notRegular() throws {
    let folder = try TemporaryDirectory(prefix: "support-tests")
    defer { folder.cleanUp() }
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: BoundedFile.ReadError(path: fifo, reason: "it is a FIFO, not a regular file")) {
      try BoundedFile.read(fifo, maximumBytes: 100)
    }
    #expect(throws: BoundedFile.ReadError(path: "/dev/zero", reason: "it is a device, not a regular file")) {
      try BoundedFile.read("/dev/zero", maximumBytes: 100)
    }
    #expect(throws: BoundedFile.ReadError(path: folder.path, reason: "it is a directory")) {
      try BoundedFile.read(folder.path, maximumBytes: 100)
    }
    #expect(throws: BoundedFile.ReadError(path: folder.file("none"), reason: "no such file")) {
      try BoundedFile.read(folder.file("none"), maximumBytes: 100)
    }
  }
}
