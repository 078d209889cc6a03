/// How a check came out, in the design's three marks: ✓ working, ⚠ issues, ✗ broken; and – not checked, for a
/// check that had nothing to run on, which is no pass.
///
/// The cases are ordered from best to worst, so that the status of several checks is their `max()`.
package enum AuditStatus: String, Sendable, Hashable, ReportGrade {
  /// ✓: every check passed.
  case working
  /// –: nothing to check (a catalog with no episode a fill can take), so nothing passed either.
  case notChecked
  /// ⚠: something misbehaved, nothing was lost.
  case issues
  /// ✗: a check failed in a way that loses data or stops the feature.
  case broken

  /// "✓", "–", "⚠" or "✗".
  package var mark: String {
    switch self {
    case .working: return "✓"
    case .notChecked: return "–"
    case .issues: return "⚠"
    case .broken: return "✗"
    }
  }

  /// "WORKING", "NOT CHECKED", "ISSUES", "BROKEN".
  package var word: String { self == .notChecked ? "NOT CHECKED" : rawValue.uppercased() }
}
