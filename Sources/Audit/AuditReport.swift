import Queues

/// The design's report, as a value: what was audited, its complexity and status, the functionality lines
/// with their figures, the ISSUES and the RECOMMENDATIONS.
///
/// Every status is computed from the checks run to make this report (``Audit/run(_:catalog:library:)``);
/// nothing is assumed. Render it with ``text`` or ``jsonText()``.
package struct AuditReport: Sendable, Hashable {
  /// What a report is about.
  package enum Subject: Sendable, Hashable {
    /// The whole queue system: the four lines, and the listener's store and catalog when given.
    case system
    /// One line (`--only`).
    case area(AuditArea)
    /// One of the listener's queues (`--queue`).
    case queue(QueueID, name: String)

    /// The report's "QUEUE FEATURE:" name.
    package var title: String {
      switch self {
      case .system: return "Queue system"
      case .area(let area): return area.title
      case .queue(_, let name): return name
      }
    }
  }

  /// The design's complexity grades.
  package enum Complexity: String, Sendable, Hashable, CaseIterable {
    case low
    case medium
    case high

    /// "Low", "Medium", "High".
    package var word: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
  }

  /// What was audited.
  package var subject: Subject
  /// How complex the feature is (see ``Audit``'s documentation for the grading).
  package var complexity: Complexity
  /// The functionality lines, in the design's order.
  package var checks: [AuditCheck]
  /// What the look at the listener's store and catalog found.
  package var storeFindings: [AuditFinding]

  /// Creates a report.
  package init(subject: Subject, complexity: Complexity, checks: [AuditCheck], storeFindings: [AuditFinding]) {
    self.subject = subject
    self.complexity = complexity
    self.checks = checks
    self.storeFindings = storeFindings
  }

  /// The overall status: the worst of the lines', and ⚠ when the store has a HIGH or MEDIUM finding (LOW
  /// findings are advice and leave it as it is).
  package var status: AuditStatus {
    var status = checks.map(\.status).max() ?? .working
    if storeFindings.contains(where: { $0.priority != .low }) { status = max(status, .issues) }
    return status
  }

  /// Every ISSUES line: the checks' failures, then the store's findings, each group by priority (stable).
  package var issues: [AuditFinding] {
    let all = checks.flatMap(\.findings) + storeFindings
    return Priority.allCases.flatMap { priority in all.filter { $0.priority == priority } }
  }

  private typealias Priority = AuditFinding.Priority

  /// The RECOMMENDATIONS: what follows from the issues, in their order, each once.
  package var recommendations: [String] {
    var seen: Set<String> = []
    return issues.compactMap(\.recommendation).filter { seen.insert($0).inserted }
  }

  /// The process's exit status for a CI: 0 when everything is ✓, 1 otherwise (a line not checked included).
  package var exitStatus: Int32 { status == .working ? 0 : 1 }
}
