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

  @Test("a reader reads the file a chunk at a time, and refuses a byte past the bound when the file grows")
  func reader() throws {
    let folder = try TemporaryDirectory(prefix: "support-tests")
    defer { folder.cleanUp() }
    let text = Array((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) })
    let path = try folder.write("a", Data(text))
    for chunk in [1, 3, 64, 999, 1000, 4096] {
      let reader = try #require(try BoundedFile.Reader.open(path, maximumBytes: 1000))
      #expect(reader.size == 1000)
      var read: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: chunk)
      while true {
        let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        if count == 0 { break }
        #expect(count <= chunk)
        read += buffer[..<count]
      }
      #expect(read == text, "chunks of \(chunk)")
      #expect(reader.count == 1000)
    }
    #expect(try BoundedFile.Reader.open(folder.file("none"), maximumBytes: 9) == nil)
    #expect(throws: FileError(path: path, problem: .tooLarge(size: 1000, limit: 999))) {
      try BoundedFile.Reader.open(path, maximumBytes: 999)
    }
    // The file grows after it was opened: the reader stops one byte past the bound.
    let reader = try #require(try BoundedFile.Reader.open(path, maximumBytes: 1000))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data([1, 2, 3]))
    try handle.close()
    var buffer = [UInt8](repeating: 0, count: 600)
    #expect(try buffer.withUnsafeMutableBytes { try reader.read(into: $0) } == 600)
    #expect(throws: FileError(path: path, problem: .tooLarge(size: 1001, limit: 1000))) {
      try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
    }
    // Opened again, it is over the bound at once.
    #expect(throws: FileError(path: path, problem: .tooLarge(size: 1003, limit: 1000))) {
      try BoundedFile.contents(path, maximumBytes: 1000)
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
