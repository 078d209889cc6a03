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

  /// `value` without a fraction when it has none: "500", "4", "0.2".
  static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  static let headers = [
    "case", "subs", "episodes", "p50", "p90", "p99", "max", "hit", "mean |dev|", "worst |dev|", "design hit",
    "design mean |dev|", "design worst", "design p50", "speed-up",
  ]

  /// A case's row of the wide and Markdown tables.
  static func row(_ result: CaseResult) -> [String] {
    [
      result.name, "\(result.subscriptions)", "\(result.episodes)", duration(result.times.p50),
      duration(result.times.p90), duration(result.times.p99), duration(result.times.max), hitCell(result),
      String(format: "%.0f s", result.meanDeviationSeconds), "\(result.worstDeviationSeconds) s",
      percent(result.seedHitRate), String(format: "%.0f s", result.seedMeanDeviationSeconds),
      "\(result.seedWorstDeviationSeconds) s", duration(result.seedTimes.p50), speedUp(result),
    ]
  }

  /// The case label without its catalog: "fill-time 45m ±3m".
  static func caseLabel(_ mode: FillRequest.Mode, target: Int, tolerance: Int) -> String {
    "\(mode.rawValue) \(minutes(target)) ±\(tolerance / 60)m"
  }

  /// Each catalog's results, in the order they ran, with the catalog's peak resident memory.
  static func byCatalog(_ results: [CaseResult]) -> [(catalog: String, results: [CaseResult])] {
    var groups: [(catalog: String, results: [CaseResult])] = []
    for result in results {
      if groups.last?.catalog == result.catalog {
        groups[groups.count - 1].results.append(result)
      } else {
        groups.append((result.catalog, [result]))
      }
    }
    return groups
  }

  /// The plain report: by default two tables that fit ``TextTable/defaultWidth`` columns, the engine's fills
  /// and the design's algorithms beside them, each catalog's cases under its name; `wide`, one table with every
  /// column and each case's full name, as the Markdown report has.
  static func table(_ results: [CaseResult], wide: Bool = false) -> String {
    let groups = byCatalog(results)
    if wide {
      var lines = TextTable.aligned([headers] + results.map(row))
      lines.append("")
      lines += groups.map { peakLine($0.catalog, $0.results.first?.peakResidentBytes) }
      return lines.joined(separator: "\n")
    }
    let label = { (result: CaseResult) in
      caseLabel(result.mode, target: result.targetSeconds, tolerance: result.toleranceSeconds)
    }
    let fills = groups.map { group in
      let first = group.results[0]
      let peak = first.peakResidentBytes.map(PipelineReport.megabytes) ?? "unknown"
      return TextTable.Section(
        title: "\(group.catalog): \(first.subscriptions) subscriptions, \(first.episodes) episodes, "
          + "peak resident memory \(peak)",
        rows: group.results.map { result in
          [
            label(result), duration(result.times.p50), duration(result.times.p90), duration(result.times.p99),
            duration(result.times.max), hitCell(result), String(format: "%.0f s", result.meanDeviationSeconds),
            "\(result.worstDeviationSeconds) s",
          ]
        })
    }
    let design = groups.map { group in
      TextTable.Section(
        title: group.catalog,
        rows: group.results.map { result in
          [
            label(result), percent(result.seedHitRate), String(format: "%.0f s", result.seedMeanDeviationSeconds),
            "\(result.seedWorstDeviationSeconds) s", duration(result.seedTimes.p50), speedUp(result),
          ]
        })
    }
    var lines = ["Fills of a hot engine, wall time per fill (hit: inside the window, of the requests that can be):"]
    lines += TextTable.aligned(
      header: ["case", "p50", "p90", "p99", "max", "hit", "mean dev", "worst dev"], sections: fills)
    lines += ["", "The design's algorithms on the same requests (its greedy fill, its continue-series loop):"]
    lines += TextTable.aligned(
      header: ["case", "design hit", "design mean dev", "design worst", "design p50", "speed-up"], sections: design)
    return lines.joined(separator: "\n")
  }

  /// "100 % (4/4)": the hit rate, and of how many requests that can reach their window.
  static func hitCell(_ result: CaseResult) -> String {
    "\(percent(result.hitRate)) (\(result.feasibleInstances)/\(result.instances))"
  }

  /// The design's p50 over ours: "21.4×".
  static func speedUp(_ result: CaseResult) -> String {
    String(format: "%.1f×", Double(result.seedTimes.p50) / Double(max(1, result.times.p50)))
  }

  /// "peak resident memory, gen-100-s1: 124.2 MB".
  static func peakLine(_ name: String, _ peak: Int?) -> String {
    "peak resident memory, \(name): \(peak.map(PipelineReport.megabytes) ?? "unknown")"
  }

  /// The Markdown report's fill cases: one table with every column, then each catalog's peak memory.
  static func markdown(_ results: [CaseResult]) -> String {
    var lines = TextTable.markdown([headers] + results.map(row))
    lines.append("")
    lines += byCatalog(results).map { "- " + peakLine($0.catalog, $0.results.first?.peakResidentBytes) }
    return lines.joined(separator: "\n")
  }

  /// `p50Nanoseconds`, `p90Nanoseconds`, `p99Nanoseconds` and `maxNanoseconds`, as the JSON report gives
  /// every timed row.
  static func percentileMembers(_ times: Percentiles) -> [(String, JSONWriter.Node)] {
    [
      ("p50Nanoseconds", .integer(Int(times.p50))), ("p90Nanoseconds", .integer(Int(times.p90))),
      ("p99Nanoseconds", .integer(Int(times.p99))), ("maxNanoseconds", .integer(Int(times.max))),
    ]
  }

  /// The JSON report: `context`, `cases`, `pipeline`, `changes` and `verdict`.
  static func json(
    _ results: [CaseResult], pipeline: JSONWriter.Node = .array([]), changes: JSONWriter.Node = .array([]),
    verdict: JSONWriter.Node = .null, context: RunContext = .current(program: "fillbench")
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
      .object([
        ("context", context.json), ("cases", .array(cases)), ("pipeline", pipeline), ("changes", changes),
        ("verdict", verdict),
      ])) + "\n"
  }
}
