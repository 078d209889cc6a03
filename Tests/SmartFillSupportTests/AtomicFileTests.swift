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
    try AtomicFile.replace(path, with: Array("new".utf8))
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
    try AtomicFile.replace(link, with: Array("new".utf8))
    #expect(try folder.read("target.json") == "new")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
  }

  @Test("a missing folder or a directory is an error naming the path; nothing is changed")
  func errors() throws {
    let folder = try TemporaryDirectory(prefix: "support-tests")
    defer { folder.cleanUp() }
    #expect(
      throws: FileError(path: folder.file("no/x"), problem: .system("no such directory \(folder.file("no"))"))
    ) { try AtomicFile.replace(folder.file("no/x"), with: [1]) }
    #expect(throws: FileError(path: folder.path, problem: .notRegularFile(.directory))) {
      try AtomicFile.replace(folder.path, with: [1])
    }
  }

  @Test("only temporary files of the tag whose writer is gone are cleaned up")
  func staleTemporaryFiles() throws {
    let folder = try TemporaryDirectory(prefix: "support-tests")
    defer { folder.cleanUp() }
    let file = folder.file("a.json")
    let ours = try folder.write("a.json.tmp-t-2147483646-0123456789abcdef", "x")
    let live = try folder.write("a.json.tmp-t-1-0123456789abcdef", "x")
    let other = try folder.write("a.json.tmp-other-2147483646-0123456789abcdef", "x")
    let odd = try folder.write("a.json.tmp-t-2147483646-nothex", "x")
    AtomicFile.removeStaleTemporaryFiles(beside: file, tag: "t")
    #expect(!FilePath.exists(ours))
    #expect(FilePath.exists(live) && FilePath.exists(other) && FilePath.exists(odd))
    let name = AtomicFile.temporaryName(for: file, tag: "t")
    #expect(AtomicFile.writer(ofTemporaryName: name.dropFirst((file + ".tmp-t-").count)) == getpid())
  }
}
