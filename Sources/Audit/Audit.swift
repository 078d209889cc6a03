import Foundation
import Queues
import SmartFill

/// The design's validation checklist, run: queue operations, auto-switching, smart fill and sync, each
/// line's status computed from the checks this run makes, and the listener's store and catalog looked at.
///
/// ```swift
/// let audit = Audit()
/// let report = try audit.run(.system, catalog: catalog, library: try QueueLibrary(json: storeBytes))
/// print(report.text)            // QUEUE FEATURE: Queue system … Status: ✓ WORKING …
/// exit(report.exitStatus)       // 0 when everything is ✓, 1 otherwise
/// ```
///
/// What runs, for each scope:
/// - ``Scope/system``: all four lines; with a library, its rules are fed their triggers and its findings
///   listed (with a catalog, those that need one).
/// - ``Scope/area(_:)``: that line alone (with the store's findings when a library is given).
/// - ``Scope/queue(named:)``: the four lines about one queue: the operations on a scratch copy of it, the
///   scenarios and its own rules, the general fill checks and a fill of its own settings, the sync run; and
///   the findings about it.
///
/// Complexity grades: the whole system and auto-switching, smart fill and sync are High, queue operations
/// Medium; one queue is Low with neither rules nor smart fill settings, Medium with one of them, High with
/// both.
///
/// Queue operations run on a copy of the library in memory; nothing is written anywhere.
package struct Audit: Sendable {
  /// What to audit.
  package enum Scope: Sendable, Hashable {
    case system
    case area(AuditArea)
    /// One queue, by name (compared as queue names are: ignoring case, spaces and variation selectors).
    case queue(named: String)
  }

  /// The parts under test.
  package var components: AuditComponents
  /// How much runs.
  package var sizes: AuditSizes
  /// When scratch operations happen.
  package var now: Date

  /// An audit of the real components at the default sizes.
  package init(components: AuditComponents = AuditComponents(), sizes: AuditSizes = AuditSizes(), now: Date = Date()) {
    self.components = components
    self.sizes = sizes
    self.now = now
  }

  /// Runs the checks of `scope` and returns the report; `loadIssues` are what the load of `library` left out
  /// (its ``LoadReport``), listed among the findings.
  ///
  /// - Throws: ``AuditError/unknownQueue(_:available:)`` when `scope` names a queue `library` does not hold
  ///   (or there is no library).
  /// - Complexity: dominated by the fills (a few dozen on 100-subscription catalogs) and the sync runs.
  package func run(
    _ scope: Scope, catalog: Catalog? = nil, library: QueueLibrary? = nil, loadIssues: [LoadReport.Issue] = []
  ) throws(AuditError) -> AuditReport {
    var subject = AuditReport.Subject.system
    var queue: Queue?
    var areas = AuditArea.allCases
    var complexity = AuditReport.Complexity.high
    switch scope {
    case .system:
      break
    case .area(let area):
      subject = .area(area)
      areas = [area]
      complexity = area == .queueOperations ? .medium : .high
    case .queue(let name):
      guard let found = library?.queue(named: name) else {
        throw .unknownQueue(name, available: library?.queues.map(\.name) ?? [])
      }
      queue = found
      subject = .queue(found.id, name: found.name)
      let features = (found.autoSwitchRules.isEmpty ? 0 : 1) + (found.smartFillSettings == nil ? 0 : 1)
      complexity = [.low, .medium, .high][features]
    }
    var checks: [AuditCheck] = []
    for area in areas {
      switch area {
      case .queueOperations:
        checks.append(
          QueueOperationsCheck(components: components, now: now).run(
            on: library ?? QueueLibrary(now: now), subject: queue?.id))
      case .autoSwitching:
        checks.append(AutoSwitchCheck(components: components).run(library: library, queue: queue?.id))
      case .smartFill:
        checks.append(SmartFillCheck(components: components, sizes: sizes).run(catalog: catalog, queue: queue))
      case .sync:
        checks.append(SyncCheck(components: components, sizes: sizes).run())
      }
    }
    var findings: [AuditFinding] = []
    if let library {
      findings += LoadFindings.findings(loadIssues, library: library)
      findings += StoreFindings.findings(in: library, catalog: catalog, only: queue?.id)
      findings += RoutingFindings.findings(in: library, loadIssues: loadIssues, only: queue?.id)
    }
    return AuditReport(subject: subject, complexity: complexity, checks: checks, storeFindings: findings)
  }
}
