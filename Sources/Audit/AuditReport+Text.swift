extension AuditReport {
  /// The design's report format, with each line's figures indented below it:
  ///
  /// ```
  /// QUEUE FEATURE: Queue system
  /// Complexity: High
  /// Status: ✓ WORKING
  ///
  /// FUNCTIONALITY:
  ///   Queue Operations: ✓ All Working
  ///     operations checked on a scratch copy: 9 of 9 passed
  ///   …
  ///
  /// ISSUES:
  ///   - none
  ///
  /// RECOMMENDATIONS:
  ///   - none
  /// ```
  package var text: String {
    var lines = [
      "QUEUE FEATURE: \(subject.title)",
      "Complexity: \(complexity.word)",
      "Status: \(status.mark) \(status.word)",
      "",
      "FUNCTIONALITY:",
    ]
    for check in checks {
      lines.append("  \(check.area.title): \(check.status.mark) \(check.area.words(for: check.status))")
      lines += check.figures.compactMap(\.line).map { "    \($0)" }
    }
    lines += ["", "ISSUES:"]
    let issues = issues
    lines += issues.isEmpty ? ["  - none"] : issues.map { "  - \($0.priority.word) \($0.text)" }
    lines += ["", "RECOMMENDATIONS:"]
    let recommendations = recommendations
    lines += recommendations.isEmpty ? ["  - none"] : recommendations.map { "  - \($0)" }
    return lines.joined(separator: "\n") + "\n"
  }
}
