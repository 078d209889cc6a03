import Foundation
import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("Atomic file writes")
struct AtomicFileTests {
  @Test("replaces a file whole, keeps its mode, and leaves no temporary file")
  func replaces() throws {
    let folder = try TemporaryDirectory(prefix: "support-tests")
    defer { folder.cleanUp() }
    let path = try folder.write("a.json", "old")
    #expect(chmod(path, 0o600) == 0)
    try AtomicFile.write(Array("new".utf8), to: path)
    #expect(try folder.read("a.json") == "new")
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.json"])
  }

  @Test("writes through a symbolic link to its target, keeping the link")
  func symlink() throws {
    let folder = try TemporaryDirectory(prefix: "support-tests")
    defer { folder.cleanUp() }
    let target = try folder.write("target.json", "old")
    let link = folder.file("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    try AtomicFile.write(Array("new".utf8), to: link)
    #expect(try folder.read("target.json") == "new")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
  }

  @Test("a missing folder or a directory is an error naming the path; nothing is changed")
  func errors() throws {
    let folder = try TemporaryDirectory(prefix: "support-tests")
    defer { folder.cleanUp() }
    #expect(throws: AtomicFile.WriteError(path: folder.file("no/x"), reason: "no such directory \(folder.file("no"))"))
    {
      try AtomicFile.write([1], to: folder.file("no/x"))
    }
    #expect(throws: AtomicFile.WriteError(path: folder.path, reason: "it is a directory")) {
      try AtomicFile.write([1], to: folder.path)
    }
    #expect(AtomicFile.isSameFile(folder.path, folder.path + "/."))
    #expect(!AtomicFile.isSameFile(folder.path, folder.file("missing")))
  }
}
