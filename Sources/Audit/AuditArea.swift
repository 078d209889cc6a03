/// One of the design's four functionality lines, each with its own words for the three marks.
package enum AuditArea: String, Sendable, Hashable, CaseIterable {
  /// Creating, naming, ordering, deleting and restoring, duplicating queues.
  case queueOperations
  /// The auto-switch decisions on the design's scenarios and the listener's own rules.
  case autoSwitching
  /// The engine's accuracy, continuity, variety and speed.
  case smartFill
  /// Several devices syncing with lost answers.
  case sync

  /// The value of `smartfill audit --only`: "queues", "auto-switch", "smart-fill", "sync".
  package var optionValue: String {
    switch self {
    case .queueOperations: return "queues"
    case .autoSwitching: return "auto-switch"
    case .smartFill: return "smart-fill"
    case .sync: return "sync"
    }
  }

  /// The area named by an `--only` value, or `nil`.
  package init?(optionValue: String) {
    guard let area = Self.allCases.first(where: { $0.optionValue == optionValue }) else { return nil }
    self = area
  }

  /// The line's title in the report: "Queue Operations", "Auto-Switching", "Smart Fill", "CloudKit Sync".
  package var title: String {
    switch self {
    case .queueOperations: return "Queue Operations"
    case .autoSwitching: return "Auto-Switching"
    case .smartFill: return "Smart Fill"
    case .sync: return "CloudKit Sync"
    }
  }

  /// The design's words for `status` on this line ("All Working", "Occasional Misfire", "Data Loss", …), and
  /// "Not Checked".
  package func words(for status: AuditStatus) -> String {
    guard status != .notChecked else { return "Not Checked" }
    let words: [String]
    switch self {
    case .queueOperations: words = ["All Working", "Some Broken", "Critical Failure"]
    case .autoSwitching: words = ["Reliable", "Occasional Misfire", "Not Triggering"]
    case .smartFill: words = ["Accurate", "Overfills/Underfills", "Not Working"]
    case .sync: words = ["Conflict-Free", "Occasional Issues", "Data Loss"]
    }
    return words[[AuditStatus.working, .issues, .broken].firstIndex(of: status)!]
  }
}
