import Foundation
import SmartFillSupport

/// Where and how a run was made, which its figures mean nothing without: the Swift version, the build
/// configuration, the cores, the date, the git revision (when run in a checkout) and the command line.
struct RunContext: Equatable {
  /// The first line of `swift --version`, or the compiler version this was built with when that fails.
  var swiftVersion: String
  /// "release" or "debug".
  var configuration: String
  var cores: Int
  /// When the run started, ISO 8601 in UTC.
  var date: String
  /// `git rev-parse HEAD` in the current folder, or `nil` outside a checkout.
  var gitRevision: String?
  /// Whether `git status` lists changes, or `nil` outside a checkout.
  var hasUncommittedChanges: Bool?
  /// fillbench's arguments.
  var arguments: [String]

  /// This process's context.
  static func current(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> RunContext {
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
      swiftVersion: swiftVersion, configuration: configuration, cores: ProcessInfo.processInfo.activeProcessorCount,
      date: Timestamp.format(Date()), gitRevision: gitRevision,
      hasUncommittedChanges: status.map { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty },
      arguments: arguments)
  }

  /// The JSON report's `context`.
  var json: JSONWriter.Node {
    .object([
      ("swiftVersion", .string(swiftVersion)),
      ("buildConfiguration", .string(configuration)),
      ("cores", .integer(cores)),
      ("date", .string(date)),
      ("gitRevision", gitRevision.map { .string($0) } ?? .null),
      ("gitUncommittedChanges", hasUncommittedChanges.map { .bool($0) } ?? .null),
      ("arguments", .array(arguments.map { .string($0) })),
    ])
  }

  /// The Markdown report's context, a list.
  var markdownLines: [String] {
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
      "- command: `" + (["fillbench"] + arguments).joined(separator: " ") + "`",
    ]
  }

  /// The standard output of `executable` run with `arguments`, or `nil` when it cannot start or fails.
  static func run(_ executable: String, _ arguments: [String]) -> String? {
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
}
