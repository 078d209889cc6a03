import Queues

/// What the load of the listener's store left out or replaced, as one ISSUES line: the audit looks at a store
/// read only in part (where the `queues` commands refuse to write over it) and says what is missing.
///
/// Ties left out because an earlier queue ties the show are ``RoutingFindings``' to say, not this line's.
enum LoadFindings {
  /// The finding of `issues`, the load's, when any is left once the ties tied twice are set apart.
  ///
  /// - Complexity: O(*i*) in the issues.
  static func findings(_ issues: [LoadReport.Issue], library: QueueLibrary) -> [AuditFinding] {
    let rest = issues.filter { RoutingFindings.tiedTwice($0, in: library) == nil }
    guard let first = rest.first else { return [] }
    let count = rest.count == 1 ? "1 value was" : "\(rest.count) values were"
    return [
      AuditFinding(
        .high, .storeReadInPart,
        "The store could be read only in part: \(count) left out or replaced, the first at \(first.location): "
          + "\(first.reason); \(first.outcome)",
        recommendation: "Repair the store file, or save what could be read (a copy of the file as it was is kept)")
    ]
  }
}
