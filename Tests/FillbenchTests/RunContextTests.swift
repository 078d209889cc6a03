import BenchmarkSupport
import Foundation
import SmartFillSupport
import Testing

@testable import fillbench

@Suite("A run's context")
struct RunContextTests {
  static let context = RunContext(
    program: "fillbench", swiftVersion: "Swift version 6.2 (swift-6.2-RELEASE)", configuration: "release", cores: 2,
    date: "2026-12-05T19:00:00Z", gitRevision: "24a3a92d9f1e0c6b5a4d3c2b1a0f9e8d7c6b5a49", hasUncommittedChanges: true,
    arguments: ["--quick", "--format", "markdown"])

  @Test("Markdown: the Swift version, configuration, cores, revision, date and command, a list")
  func markdown() {
    #expect(
      Self.context.markdownLines == [
        "- Swift: Swift version 6.2 (swift-6.2-RELEASE)",
        "- configuration: release",
        "- cores: 2",
        "- revision: `24a3a92d9f1e` with uncommitted changes",
        "- date: 2026-12-05T19:00:00Z",
        "- command: `fillbench --quick --format markdown`",
      ])
    var outside = Self.context
    (outside.gitRevision, outside.hasUncommittedChanges) = (nil, nil)
    #expect(outside.markdownLines[3] == "- revision: unknown (not run in a git checkout)")
  }

  @Test("this process's context: its configuration, its cores, a date of today, the revision of this checkout")
  func current() throws {
    let context = RunContext.current(program: "fillbench", arguments: ["--quick"])
    #if DEBUG
      #expect(context.configuration == "debug")
    #else
      #expect(context.configuration == "release")
    #endif
    #expect(context.cores == ProcessInfo.processInfo.activeProcessorCount)
    #expect(context.date.hasPrefix(String(Timestamp.format(Date()).prefix(10))))
    #expect(context.arguments == ["--quick"])
    if let revision = context.gitRevision {
      #expect(revision.count == 40 && revision.allSatisfy(\.isHexDigit), "\(revision)")
      #expect(context.hasUncommittedChanges != nil)
    }
  }
}
