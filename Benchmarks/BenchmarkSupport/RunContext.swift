import Foundation

/// Where and how a benchmark's run was made, which its figures mean nothing without: the Swift version, the
/// build configuration, the cores, the date, the git revision (when run in a checkout) and the command line;
/// shared by the benchmarks' Markdown reports.
public struct RunContext: Equatable, Sendable {
  /// The benchmark's name, as the command line starts ("fillbench").
  public var program: String
  /// The first line of `swift --version`, or the compiler version this was built with when that fails.
  public var swiftVersion: String
  /// "release" or "debug".
  public var configuration: String
  public var cores: Int
  /// When the run started, ISO 8601 in UTC.
  public var date: String
  /// `git rev-parse HEAD` in the current folder, or `nil` outside a checkout.
  public var gitRevision: String?
  /// Whether `git status` lists changes, or `nil` outside a checkout.
  public var hasUncommittedChanges: Bool?
  /// The benchmark's arguments.
  public var arguments: [String]

  /// A context from its parts.
  public init(
    program: String, swiftVersion: String, configuration: String, cores: Int, date: String, gitRevision: String?,
    hasUncommittedChanges: Bool?, arguments: [String]
  ) {
    self.program = program
    self.swiftVersion = swiftVersion
    self.configuration = configuration
    self.cores = cores
    self.date = date
    self.gitRevision = gitRevision
    self.hasUncommittedChanges = hasUncommittedChanges
    self.arguments = arguments
  }

  /// This process's context, for the benchmark `program`.
  public static func current(program: String, arguments: [String] = Array(CommandLine.arguments.dropFirst()))
    -> RunContext
  {
    #if DEBUG
      let configuration = "debug"
    #else
      let configuration = "release"
    #endif
    var swiftVersion = "unknown"
    #if compiler(>=6.3)
      swiftVersion = "6.3 or later"
    #elseif compiler(>=6.2)
      swiftVersion = "6.2"
    #elseif compiler(>=6.1)
      swiftVersion = "6.1"
    #elseif compiler(>=6.0)
      swiftVersion = "6.0"
    #endif
    if let output = run("/usr/bin/env", ["swift", "--version"]),
      let line = output.split(separator: "\n").first(where: { $0.contains("Swift version") })
    {
      swiftVersion = String(line)
    }
    let revision = run("/usr/bin/env", ["git", "rev-parse", "HEAD"])?.trimmingCharacters(in: .whitespacesAndNewlines)
    let gitRevision = revision?.isEmpty == false ? revision : nil
    let status = gitRevision == nil ? nil : run("/usr/bin/env", ["git", "status", "--porcelain"])
    return RunContext(
      program: program, swiftVersion: swiftVersion, configuration: configuration,
      cores: ProcessInfo.processInfo.activeProcessorCount,
      date: Date().formatted(.iso8601), gitRevision: gitRevision,
      hasUncommittedChanges: status.map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty },
      arguments: arguments)
  }

  /// The Markdown report's context, a list.
  public var markdownLines: [String] {
    let revision =
      gitRevision.map { revision in
        "`\(revision.prefix(12))`" + (hasUncommittedChanges == true ? " with uncommitted changes" : "")
      } ?? "unknown (not run in a git checkout)"
    return [
      "- Swift: \(swiftVersion)",
      "- configuration: \(configuration)",
      "- cores: \(cores)",
      "- revision: \(revision)",
      "- date: \(date)",
      "- command: `" + ([program] + arguments).joined(separator: " ") + "`",
    ]
  }

  /// The standard output of `executable` run with `arguments`, or `nil` when it cannot start or fails.
  public static func run(_ executable: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// A Markdown table: the header (the first row), its rule, the rows; a `|` inside a cell is escaped, so
  /// that "mean |dev|" stays one column.
  ///
  /// - Complexity: O(*n*) in the cells' characters.
  public static func markdownTable(_ rows: [[String]]) -> [String] {
    var lines: [String] = []
    for (index, row) in rows.enumerated() {
      lines.append("| " + row.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
      if index == 0 { lines.append("|" + row.map { _ in "---" }.joined(separator: "|") + "|") }
    }
    return lines
  }
}
