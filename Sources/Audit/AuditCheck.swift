/// The outcome of one functionality line's checks: its status, the figures behind it, and what failed.
package struct AuditCheck: Sendable, Hashable {
  /// Which line.
  package var area: AuditArea
  /// The status its checks earned.
  package var status: AuditStatus
  /// The figures, in the order the report shows them.
  package var figures: [AuditFigure]
  /// What failed, each an ISSUES line.
  package var findings: [AuditFinding]

  /// Creates a check's outcome.
  package init(area: AuditArea, status: AuditStatus, figures: [AuditFigure], findings: [AuditFinding]) {
    self.area = area
    self.status = status
    self.figures = figures
    self.findings = findings
  }

  /// The figure whose JSON key is `key`, if any.
  package func figure(_ key: String) -> AuditFigure? { figures.first { $0.key == key } }
}
