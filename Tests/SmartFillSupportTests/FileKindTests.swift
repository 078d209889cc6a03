import Foundation
import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("File kinds and paths")
struct FileKindTests {
  @Test("kinds are told apart without following links")
  func kinds() throws {
    let folder = try TemporaryDirectory(prefix: "support-tests")
    defer { folder.cleanUp() }
    let file = try folder.write("f", "x")
    let link = folder.file("l")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
    #expect(FileKind(lookingAt: file) == nil)
    #expect(FileKind(lookingAt: link) == .symbolicLink)
    #expect(FileKind(lookingAt: folder.path) == .directory)
    #expect(FileKind(lookingAt: "/dev/null") == .characterDevice)
  }

  @Test("a chain of links resolves to its end; a loop is an error")
  func resolving() throws {
    let folder = try TemporaryDirectory(prefix: "support-tests")
    defer { folder.cleanUp() }
    let file = try folder.write("f", "x")
    try FileManager.default.createSymbolicLink(atPath: folder.file("b"), withDestinationPath: "f")
    try FileManager.default.createSymbolicLink(atPath: folder.file("a"), withDestinationPath: folder.file("b"))
    #expect(try FilePath.resolved(folder.file("a")) == folder.path + "/f")
    #expect(try FilePath.resolved(folder.file("missing")) == folder.file("missing"))
    try FileManager.default.createSymbolicLink(atPath: folder.file("x"), withDestinationPath: "y")
    try FileManager.default.createSymbolicLink(atPath: folder.file("y"), withDestinationPath: "x")
    #expect(throws: FileError.self) { try FilePath.resolved(folder.file("x")) }
    #expect(FilePath.isSameFile(file, folder.file("a")))
    #expect(
      FilePath.directory(of: "/a/b") == "/a" && FilePath.directory(of: "b") == "." && FilePath.name(of: "/a/b") == "b")
  }
}
