import Foundation
import SmartFillSupport

/// The "From bytes to queue" table (``PipelineSuite``): as text, Markdown and JSON.
enum PipelineReport {
  static let title = "From bytes to queue"

  static let headers = [
    "catalog", "subs", "episodes", "size", "parse p50", "parse", "parse, CPU", "file read p50", "engine build p50",
    "smartfill fill p50",
    "fill p90", "fill CPU p50", "peak RSS",
  ]

  static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1e6) }

  static func row(_ row: PipelineSuite.Row) -> [String] {
    [
      row.name, "\(row.subscriptions)", "\(row.episodes)", megabytes(row.bytes), Report.duration(row.parse.p50),
      String(format: "%.0f MB/s", row.parseMegabytesPerSecond),
      String(format: "%.0f MB/s", row.parseCPUMegabytesPerSecond), Report.duration(row.fileRead.p50),
      Report.duration(row.build.p50),
      row.process.map { Report.duration($0.wall.p50) } ?? "–", row.process.map { Report.duration($0.wall.p90) } ?? "–",
      row.process.map { Report.duration($0.cpu.p50) } ?? "–",
      row.process.map { megabytes($0.peakResidentBytes) } ?? "–",
    ]
  }

  /// The columns of the default table, which fits ``TextTable/defaultWidth``: the others are in the wide,
  /// Markdown and JSON reports.
  static let narrowColumns = [
    "catalog", "subs", "size", "parse p50", "parse", "engine build p50", "smartfill fill p50", "peak RSS",
  ]

  /// The aspirational goals of issue 10 that this table measures, each met or not (a goal left out was not
  /// measured): reported beside the verdict, never gating it.
  static func goals(_ rows: [PipelineSuite.Row]) -> [Verdict.Goal] {
    var goals: [Verdict.Goal] = []
    if let slowest = rows.min(by: { $0.parseMegabytesPerSecond < $1.parseMegabytesPerSecond }) {
      goals.append(
        Verdict.Goal(
          name: "parse ≥ \(Int(PipelineSuite.parseGoalMegabytesPerSecond)) MB/s on every catalog",
          isMet: slowest.parseMegabytesPerSecond >= PipelineSuite.parseGoalMegabytesPerSecond,
          detail: String(
            format: "slowest %.0f MB/s, %.0f MB/s of CPU time, \(slowest.name)", slowest.parseMegabytesPerSecond,
            slowest.parseCPUMegabytesPerSecond)))
    }
    let hundred = rows.filter { $0.subscriptions == 100 }
    if let (name, process) = hundred.compactMap({ row in row.process.map { (row.name, $0) } }).first {
      goals.append(
        Verdict.Goal(
          name: "smartfill fill on \(name) ≤ \(Report.duration(PipelineSuite.processGoalNanoseconds))",
          isMet: process.wall.p50 <= PipelineSuite.processGoalNanoseconds,
          detail: "p50 \(Report.duration(process.wall.p50)), CPU p50 \(Report.duration(process.cpu.p50)), "
            + "\(process.runs) runs"))
    }
    if let large = rows.first(where: { $0.subscriptions >= PipelineSuite.generatedSubscriptions }),
      let process = large.process
    {
      // A child's peak counts the pages it was forked with; one no larger than those is only a bound.
      let bound =
        process.peakResidentBytes <= process.parentResidentBytes
        ? ", an upper bound: fillbench held \(megabytes(process.parentResidentBytes)) when it forked the runs" : ""
      goals.append(
        Verdict.Goal(
          name: "peak memory of smartfill fill at \(large.subscriptions) subscriptions ≤ "
            + megabytes(PipelineSuite.peakGoalBytes),
          isMet: process.peakResidentBytes <= PipelineSuite.peakGoalBytes,
          detail: "\(megabytes(process.peakResidentBytes))\(bound); the \(megabytes(large.bytes)) file is read a "
            + "chunk at a time"))
    }
    return goals
  }

  /// The plain table: by default the columns that fit ``TextTable/defaultWidth``, `wide` every one.
  static func table(_ rows: [PipelineSuite.Row], notes: [String], wide: Bool = false) -> String {
    let cells = [headers] + rows.map(row)
    let shown = wide ? cells : cells.map { line in narrowColumns.map { line[headers.firstIndex(of: $0)!] } }
    var lines = [title + ":"] + TextTable.aligned(shown)
    if !notes.isEmpty { lines += [""] + notes.flatMap { TextTable.wrapped("note: \($0)", indent: 6) } }
    return lines.joined(separator: "\n")
  }

  static func markdown(_ rows: [PipelineSuite.Row], notes: [String]) -> String {
    var lines = ["### \(title)", ""] + TextTable.markdown([headers] + rows.map(row))
    if !notes.isEmpty { lines += [""] + notes.map { "- \($0)" } }
    return lines.joined(separator: "\n")
  }

  static func json(_ rows: [PipelineSuite.Row]) -> JSONWriter.Node {
    .array(
      rows.map { row in
        var members: [(String, JSONWriter.Node)] = [
          ("catalog", .string(row.name)),
          ("subscriptions", .integer(row.subscriptions)),
          ("episodes", .integer(row.episodes)),
          ("bytes", .integer(row.bytes)),
          ("parseP50Nanoseconds", .integer(Int(row.parse.p50))),
          ("parseMegabytesPerSecond", .number(row.parseMegabytesPerSecond)),
          ("parseCPUMegabytesPerSecond", .number(row.parseCPUMegabytesPerSecond)),
          ("fileReadP50Nanoseconds", .integer(Int(row.fileRead.p50))),
          ("buildP50Nanoseconds", .integer(Int(row.build.p50))),
        ]
        if let process = row.process {
          members += [
            ("processP50Nanoseconds", .integer(Int(process.wall.p50))),
            ("processP90Nanoseconds", .integer(Int(process.wall.p90))),
            ("processCPUP50Nanoseconds", .integer(Int(process.cpu.p50))),
            ("processRuns", .integer(process.runs)),
            ("processPeakResidentBytes", .integer(process.peakResidentBytes)),
            ("fillbenchResidentBytesAtFork", .integer(process.parentResidentBytes)),
          ]
        } else {
          members.append(("processP50Nanoseconds", .null))
        }
        return .object(members)
      })
  }
}
