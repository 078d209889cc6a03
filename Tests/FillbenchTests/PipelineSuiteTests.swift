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
}
