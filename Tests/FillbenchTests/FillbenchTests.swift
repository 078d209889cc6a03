import Foundation
import SmartFillTestSupport
import Testing

/// Runs the built `fillbench` binary for what only the process shows: help, usage errors and exit statuses.
@Suite("fillbench executable")
struct FillbenchTests {
  static let binary = BuiltProgram("fillbench")

  func run(_ arguments: [String]) throws -> BuiltProgram.Run {
    try #require(Self.binary).run(arguments)
  }

  static let usage =
    "Usage: fillbench [--quick] [--pipeline-only] [--format <table|markdown>] [--wide] [--json] [--budget-ms <ms>] "
    + "[--catalog <path> ...] [--check-thresholds] [--update-thresholds] [--thresholds <path>] [--write-datasets <dir>]\n"
    + "  See 'fillbench --help' for more information.\n"

  static let usageErrors: [([String], String)] = [
    (["--fast"], "Error: Unknown option '--fast'\n"),
    (["--format", "csv"], "Error: The value 'csv' is invalid for '--format <format>'; use table or markdown\n"),
    (["--budget-ms", "-3"], "Error: The value '-3' is invalid for '--budget-ms <ms>'; use a positive number\n"),
    (["--budget-ms"], "Error: Missing value for '--budget-ms <ms>'\n"),
    (["--budget-ms", "zero"], "Error: The value 'zero' is invalid for '--budget-ms <ms>'; use a positive number\n"),
    (["--catalog"], "Error: Missing value for '--catalog <path>'\n"),
    (
      ["--check-thresholds", "--update-thresholds"],
      "Error: '--check-thresholds' and '--update-thresholds' cannot be used together\n"
    ),
  ]

  @Test(
    "a usage error prints the error, the usage line and where to find help, and exits with 64", arguments: usageErrors)
  func usageError(_ arguments: [String], message: String) throws {
    guard Self.binary != nil else {
      print("the fillbench binary was not found next to the test bundle; the process test is skipped")
      return
    }
    let result = try run(arguments)
    #expect(result.out == "")
    #expect(result.err == message + Self.usage)
    #expect(result.status == 64)
  }

  @Test("--help prints the overview, usage and options to standard output and exits with 0")
  func help() throws {
    guard Self.binary != nil else {
      print("the fillbench binary was not found next to the test bundle; the process test is skipped")
      return
    }
    let result = try run(["--help"])
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(result.out.hasPrefix("OVERVIEW: Benchmarks the SmartFill engine"))
    #expect(result.out.contains("\nUSAGE: fillbench [--quick]"))
    #expect(result.out.contains("\nOPTIONS:\n  --quick "))
    #expect(result.out.contains("EXIT STATUS:"))
  }

  @Test("--write-datasets writes the datasets; a bad --catalog is a runtime failure naming the file, exit 1")
  func unreadableCatalog() throws {
    guard Self.binary != nil else {
      print("the fillbench binary was not found next to the test bundle; the process test is skipped")
      return
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fillbench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let bad = directory.appendingPathComponent("bad.json")
    try Data(#"{"version": 1, "shows": [{"title": "x", "episodes": []}]}"#.utf8).write(to: bad)
    let result = try run(["--write-datasets", directory.path])
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("gen-10-s7.json").path))
    let invalid = try run(["--quick", "--catalog", bad.path])
    #expect(invalid.status == 1)
    #expect(invalid.out == "")
    #expect(invalid.err.hasSuffix("Error: \(bad.path): shows[0], field \"feedURL\": required field is missing\n"))
    let missing = try run(["--quick", "--catalog", directory.appendingPathComponent("none.json").path])
    #expect(missing.status == 1)
    #expect(missing.err.contains("Error: \(directory.appendingPathComponent("none.json").path): cannot read the file"))
  }

  @Test(
    "a run ends its standard output with the verdict, which the exit status and standard error's last line agree with")
  func verdictLast() throws {
    guard Self.binary != nil else {
      print("the fillbench binary was not found next to the test bundle; the process test is skipped")
      return
    }
    let root = SharedFeeds.packageRoot
    let datasets = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Datasets").path)
      .filter { $0.hasSuffix(".json") }
    try #require(!datasets.isEmpty)
    let result = try #require(Self.binary).run(["--pipeline-only", "--quick"], currentDirectory: root.path)
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= 100 }, "\(result.out)")
    let verdict = try #require(lines.firstIndex { $0.hasPrefix("Verdict: ") })
    #expect(
      Array(lines[verdict...].prefix(5)) == [
        "Verdict: PASS (exit status 0)",
        "  correctness: passed (\(datasets.count) catalogs read back)",
        "  p99 budget: not checked (no 100-subscription case ran)",
        "  committed thresholds: not checked (--check-thresholds compares each p50 with",
        "    Benchmarks/Thresholds/fillbench.json)",
      ])
    // Then the aspirational goals, each met or not met yet, and nothing after them.
    #expect(
      lines[verdict + 5]
        == "Aspirational goals, reported and not gated (they change neither the verdict nor the exit status):")
    #expect(
      lines[(verdict + 6)...].dropLast().allSatisfy {
        $0.hasPrefix("  met: ") || $0.hasPrefix("  not met yet: ") || $0.hasPrefix("    ")
      })
    #expect(lines.last == "")
    #expect(result.err.hasSuffix("done: 0 cases; verdict: PASS (exit status 0)\n"))
  }
}
