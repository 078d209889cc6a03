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

extension MainTests {
  @Test("a question's answer is read as a short line: endless input is no answer, and nothing is deleted (issue 45, 7)")
  func boundedAnswer() throws {
    guard let binary = Self.binary else {
      print("the smartfill binary was not found next to the test bundle; the process test is skipped")
      return
    }
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = folder.file("s.json")
    #expect(try binary.run(["queues", "create", "Bike", "--store", store]).status == 0)
    let process = Process()
    process.executableURL = binary.url
    process.arguments = ["queues", "delete", "bike", "--store", store]
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/zero"))
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(30)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    let ended = !process.isRunning
    if !ended { process.terminate() }
    process.waitUntilExit()
    #expect(ended, "the answer was still being read after 30 s")
    #expect(process.terminationStatus == 1)
    #expect(try binary.run(["queues", "show", "bike", "--store", store]).status == 0, "Bike is still there")
  }
}

/// The process's streams and files under faults: closed or full streams, a closed pipe, a file-size limit.
@Suite("smartfill under faults")
struct MainFaultTests {
  static let binary = BuiltProgram("smartfill")

  /// Runs `script` with `/bin/sh`, `$SMARTFILL` naming the built binary.
  func shell(_ script: String) throws -> BuiltProgram.Run {
    let program = try #require(Self.binary)
    return try BuiltProgram(url: URL(fileURLWithPath: "/bin/sh")).run(
      ["-c", "SMARTFILL='\(program.url.path)'; " + script])
  }

  @Test("a closed or full standard output is an error on standard error and exit status 1, not a trap")
  func closedOutput() throws {
    guard Self.binary != nil else { return print("the smartfill binary was not built; skipped") }
    let closed = try shell(#""$SMARTFILL" generate --subscriptions 3 --seed 1 >&-"#)
    #expect(closed.status == 1)
    #expect(closed.err == "Error: cannot write to standard output: Bad file descriptor\n")
    let full = try shell(#""$SMARTFILL" generate --subscriptions 3 --seed 1 > /dev/full"#)
    #expect(full.status == 1)
    #expect(full.err == "Error: cannot write to standard output: No space left on device\n")
    let closedError = try shell(#""$SMARTFILL" validate /nonexistent 2>&-"#)
    #expect(closedError.status == 1)
    #expect(closedError.out == "Error: cannot write to standard error: Bad file descriptor\n")
  }

  @Test("a closed pipe ends the program quietly")
  func closedPipe() throws {
    guard Self.binary != nil else { return print("the smartfill binary was not built; skipped") }
    let run = try shell(#""$SMARTFILL" generate --subscriptions 200 --seed 1 | head -c 10 > /dev/null; echo "$?""#)
    #expect(run.err == "")
    #expect(run.out == "0\n")
  }

  @Test("-o on a disk that fills up keeps the previous file whole and leaves no temporary file")
  func fullDisk() throws {
    guard Self.binary != nil else { return print("the smartfill binary was not built; skipped") }
    let folder = try TemporaryDirectory(prefix: "smartfill-cli-tests")
    defer { folder.cleanUp() }
    let target = try folder.write("catalog.json", "previous contents\n")
    // A file-size limit of 8 KiB stands in for a full disk: the write fails midway with EFBIG.
    let run = try shell(#"ulimit -f 8; "$SMARTFILL" generate --subscriptions 30 --seed 1 -o '\#(target)'"#)
    #expect(run.status == 1)
    #expect(run.err == "Error: \(target): cannot write the file: File too large\n")
    #expect(try folder.read("catalog.json") == "previous contents\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["catalog.json"])
  }
}
