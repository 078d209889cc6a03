import Foundation
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill validate")
struct ValidateCommandTests {
  @Test("a valid catalog is summarized, with exit status 0")
  func valid() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write("catalog.json", smallCatalog.jsonText())
    #expect(
      SmartFillCommand.run(["validate", catalog])
        == .init(standardOutput: "\(catalog): valid catalog, 1 show, 3 episodes (1 without a known duration)\n"))
  }

  @Test("every problem is listed with its location, and the exit status is 1")
  func problems() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let catalog = try folder.write(
      "catalog.json",
      """
      {"version": 1, "shows": [
        {"feedURL": "https://a", "title": "A", "episodes": [
          {"guid": "x", "published": "2024-01-01T00:00:00Z", "durationSeconds": 0},
          {"guid": "y", "published": "yesterday"}
        ]},
        {"title": 5, "episodes": []}
      ]}
      """)
    let expected = """
      \(catalog): show https://a, episode "x", field "durationSeconds": duration must be from 1 to 604800 whole seconds \
      (7 days); leave the field out when unknown, got 0
      \(catalog): show https://a, episode "y", field "published": must be an ISO 8601 date and time such as \
      "2024-01-31T08:00:00Z", got "yesterday"
      \(catalog): shows[1], field "feedURL": required field is missing
      \(catalog): shows[1], field "title": expected a string, got 5

      """
    #expect(
      SmartFillCommand.run(["validate", catalog])
        == .init(standardOutput: expected, standardError: "Error: \(catalog): 4 problems\n", exitStatus: 1))
  }

  @Test("usage errors")
  func usage() {
    let usage = "Usage: smartfill validate <catalog>\n" + usageFooter
    #expect(
      SmartFillCommand.run(["validate"])
        == .init(standardError: "Error: Missing expected argument '<catalog>'\n" + usage, exitStatus: 64))
    #expect(
      SmartFillCommand.run(["validate", "a", "b"])
        == .init(standardError: "Error: Unexpected argument 'b'\n" + usage, exitStatus: 64))
  }
}

@Suite("smartfill validate: files that are not catalogs")
struct ValidateHostileFileTests {
  @Test("a FIFO, a device and a directory are refused at once, naming what they are")
  func notRegularFiles() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let fifo = folder.file("catalog.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let zero = folder.file("zero.json")
    try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
    for (file, reason) in [
      (fifo, "it is a FIFO (named pipe), not a regular file"), (zero, "it is a character device, not a regular file"),
      (folder.path, "it is a directory"),
    ] {
      #expect(
        SmartFillCommand.run(["validate", file])
          == .init(standardError: "Error: \(file): cannot read the file: \(reason)\n", exitStatus: 1))
    }
  }
}
