import Foundation
import Testing

@testable import fillbench

/// The pipeline's child processes: their peak memory must be their own, not the memory this process had.
@Suite("Pipeline child processes")
struct PipelineSuiteTests {
  @Test("a child's peak memory does not count memory its parent has freed")
  func childPeakIsItsOwn() throws {
    // 400 MB touched, then freed: this process's peak is now at least that, its resident memory far less.
    let size = 400 << 20
    let block = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
    for offset in stride(from: 0, to: size, by: 4096) { block[offset] = 1 }
    block.deallocate()
    ChildProcess.returnFreedMemory()
    let resident = ChildProcess.residentBytes()
    let figures = try #require(ChildProcess.run("/bin/true", arguments: []))
    #expect(figures.exitStatus == 0)
    // The child's own pages and those it was forked with, not this process's 400 MB peak.
    #expect(
      figures.peakResidentBytes <= resident + 64 << 20 && figures.peakResidentBytes < size,
      "child peak \(figures.peakResidentBytes) bytes, this process resident \(resident) bytes")
  }

  @Test("a program that cannot be executed exits with status 127; the exit status is the child's")
  func exitStatuses() throws {
    #expect(try #require(ChildProcess.run("/nonexistent/program", arguments: [])).exitStatus == 127)
    #expect(try #require(ChildProcess.run("/bin/sh", arguments: ["-c", "exit 3"])).exitStatus == 3)
  }

  @Test("the processes run in rounds, file after file, each file's first run uncounted; a failing file has no figures")
  func processesInRounds() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-rounds-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // A stand-in for smartfill: logs the file it was given (its last argument), and fails on `bad`.
    let log = directory.appendingPathComponent("log").path
    let script = directory.appendingPathComponent("fake-smartfill").path
    try "#!/bin/sh\nfor last; do :; done\necho \"$last\" >> '\(log)'\ncase \"$last\" in *bad) exit 3;; esac\n"
      .write(toFile: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    let paths = ["a", "b", "bad"].map { directory.appendingPathComponent($0).path }
    for path in paths { try "{}".write(toFile: path, atomically: true, encoding: .utf8) }
    let suite = PipelineSuite(options: Options(quick: true), progress: { _ in })
    var failures: [String] = []
    let figures = suite.runProcesses(script, paths: paths, failures: &failures)

    // 10 runs in three rounds (4, 3, 3), the first round after one uncounted run; `bad` stops at its first.
    let (a, b, bad) = (paths[0], paths[1], paths[2])
    let rounds = [5, 3, 3].flatMap { runs in Array(repeating: a, count: runs) + Array(repeating: b, count: runs) }
    let expected = Array(rounds[0..<10]) + [bad] + Array(rounds[10...])
    let logged = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
    #expect(logged == expected)
    #expect(figures.map { $0?.runs } == [10, 10, nil])
    #expect(failures.count == 1 && failures[0].hasSuffix("bad: exit status 3"), "\(failures)")
  }
}
