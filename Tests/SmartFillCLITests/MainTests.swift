import Foundation
import SmartFillTestSupport
import Testing

/// Runs the built `smartfill` binary, to check what the library tests cannot: the streams and the exit status
/// of the process.
@Suite("smartfill executable")
struct MainTests {
  static let binary = BuiltProgram("smartfill")

  func run(_ arguments: [String]) throws -> BuiltProgram.Run {
    try #require(Self.binary).run(arguments)
  }

  @Test("the process prints to the right streams and exits with the right status")
  func process() throws {
    guard Self.binary != nil else {
      print("the smartfill binary was not found next to the test bundle; the process test is skipped")
      return
    }
    let version = try run(["--version"])
    #expect(version.out == "0.1.0\n")
    #expect(version.err == "")
    #expect(version.status == 0)
    let usage = try run(["fill"])
    #expect(usage.out == "")
    #expect(usage.err.hasPrefix("Error: Missing expected argument '<catalog>'\nUsage: smartfill fill <catalog>"))
    #expect(usage.err.hasSuffix("  See 'smartfill --help' for more information.\n"))
    #expect(usage.status == 64)
    let missing = try run(["validate", "/nonexistent/catalog.json"])
    #expect(missing.err == "Error: /nonexistent/catalog.json: cannot read the file: no such file\n")
    #expect(missing.status == 1)
  }
}
