import BenchmarkSupport
import Foundation
import SmartFill
import SmartFillSupport

/// The benchmark's outputs: a table, Markdown for CI summaries, and one JSON document.
enum Report {
  static func minutes(_ seconds: Int) -> String {
    seconds % 3600 == 0 ? "\(seconds / 3600)h" : "\(seconds / 60)m"
  }

  static func duration(_ nanoseconds: UInt64) -> String {
    let value = Double(nanoseconds)
    if value < 1_000 { return "\(nanoseconds) ns" }
    if value < 1_000_000 { return String(format: "%.1f µs", value / 1_000) }
    if value < 1_000_000_000 { return String(format: "%.2f ms", value / 1_000_000) }
    return String(format: "%.2f s", value / 1_000_000_000)
  }

  static func percent(_ value: Double) -> String { String(format: "%.0f %%", value * 100) }

  static let headers = [
    "case", "subs", "episodes", "p50", "p90", "p99", "max", "hit", "mean |dev|", "worst |dev|", "design hit",
    "design mean |dev|", "design worst", "design p50", "speed-up",
  ]

  static func row(_ result: CaseResult) -> [String] {
    let ratio = Double(result.seedTimes.p50) / Double(max(1, result.times.p50))
    return [
      result.name, "\(result.subscriptions)", "\(result.episodes)", duration(result.times.p50),
      duration(result.times.p90), duration(result.times.p99), duration(result.times.max),
      "\(percent(result.hitRate)) (\(result.feasibleInstances)/\(result.instances))",
      String(format: "%.0f s", result.meanDeviationSeconds), "\(result.worstDeviationSeconds) s",
      percent(result.seedHitRate), String(format: "%.0f s", result.seedMeanDeviationSeconds),
      "\(result.seedWorstDeviationSeconds) s", duration(result.seedTimes.p50), String(format: "%.1f×", ratio),
    ]
  }

  static func table(_ results: [CaseResult], peaks: [(String, Int?)]) -> String {
    var lines = TextTable.aligned([headers] + results.map(row))
    lines.append("")
    lines += peaks.map(peakLine)
    return lines.joined(separator: "\n")
  }

  /// "peak resident memory, gen-100-s1: 124.2 MB".
  static func peakLine(_ name: String, _ peak: Int?) -> String {
    "peak resident memory, \(name): \(peak.map { String(format: "%.1f MB", Double($0) / 1e6) } ?? "unknown")"
  }

  static func markdown(_ results: [CaseResult], peaks: [(String, Int?)]) -> String {
    var lines = TextTable.markdown([headers] + results.map(row))
    lines.append("")
    lines += peaks.map { "- " + peakLine($0, $1) }
    return lines.joined(separator: "\n")
  }

  static func context() -> JSONWriter.Node {
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
    var members: [(String, JSONWriter.Node)] = [
      ("swiftVersion", .string(swiftVersion)),
      ("buildConfiguration", .string(configuration)),
      ("cores", .integer(ProcessInfo.processInfo.activeProcessorCount)),
      ("date", .string(Timestamp.format(Date()))),
    ]
    if let revision = run("/usr/bin/env", ["git", "rev-parse", "HEAD"])?.trimmingCharacters(
      in: .whitespacesAndNewlines),
      !revision.isEmpty
    {
      members.append(("gitRevision", .string(revision)))
    } else {
      members.append(("gitRevision", .null))
    }
    return .object(members)
  }

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

  /// `p50Nanoseconds`, `p90Nanoseconds`, `p99Nanoseconds` and `maxNanoseconds`, as the JSON report gives
  /// every timed row.
  static func percentileMembers(_ times: Percentiles) -> [(String, JSONWriter.Node)] {
    [
      ("p50Nanoseconds", .integer(Int(times.p50))), ("p90Nanoseconds", .integer(Int(times.p90))),
      ("p99Nanoseconds", .integer(Int(times.p99))), ("maxNanoseconds", .integer(Int(times.max))),
    ]
  }

  static func json(
    _ results: [CaseResult], pipeline: JSONWriter.Node = .array([]), changes: JSONWriter.Node = .array([])
  ) -> String {
    let cases = results.map { result -> JSONWriter.Node in
      .object(
        [
          ("name", .string(result.name)),
          ("mode", .string(result.mode.rawValue)),
          ("subscriptions", .integer(result.subscriptions)),
          ("episodes", .integer(result.episodes)),
          ("targetSeconds", .integer(result.targetSeconds)),
          ("toleranceSeconds", .integer(result.toleranceSeconds)),
        ] + percentileMembers(result.times) + [
          ("cpuNanosecondsPerFill", .integer(Int(result.cpuNanosecondsPerFill))),
          ("fills", .integer(result.fills)),
          ("hitRate", .number(result.hitRate)),
          ("feasibleInstances", .integer(result.feasibleInstances)),
          ("instances", .integer(result.instances)),
          ("meanDeviationSeconds", .number(result.meanDeviationSeconds)),
          ("worstDeviationSeconds", .integer(result.worstDeviationSeconds)),
          ("seedMeanDeviationSeconds", .number(result.seedMeanDeviationSeconds)),
          ("seedWorstDeviationSeconds", .integer(result.seedWorstDeviationSeconds)),
          ("plainRuleChecks", .integer(result.plainRuleChecks)),
          ("peakResidentBytes", result.peakResidentBytes.map { .integer($0) } ?? .null),
          ("seedHitRate", .number(result.seedHitRate)),
          ("seedP50Nanoseconds", .integer(Int(result.seedTimes.p50))),
          ("seedOverfillRate", .number(result.seedOverfillRate)),
          ("seedThreeInARowRate", result.seedThreeInARowRate.map { .number($0) } ?? .null),
          ("varietyRuleConflicts", .integer(result.ruleConflicts)),
          ("failures", .array(result.failures.map { .string($0) })),
        ])
    }
    return JSONWriter.text(
      .object([("context", context()), ("cases", .array(cases)), ("pipeline", pipeline), ("changes", changes)])) + "\n"
  }
}
