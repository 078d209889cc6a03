import Queues
import SmartFillSupport

/// What the listener's store shows about routing (shows tied to queues), as ISSUES lines: a show tied only to a
/// deleted queue, whose new episodes then go to no queue (or to Up Next), and a show tied to two queues in a
/// store written by hand or by an older version, of which the load kept the first tie.
///
/// The store is only read.
enum RoutingFindings {
  /// The findings of `library` (about queue `only` alone, when given), with what its load left out
  /// (`loadIssues`).
  ///
  /// - Complexity: O(*d* · *t* + *i* + *q* · *t*) in the deleted queues, the ties and the load's issues.
  static func findings(in library: QueueLibrary, loadIssues: [LoadReport.Issue], only: QueueID? = nil)
    -> [AuditFinding]
  {
    tiedTwice(library, loadIssues: loadIssues, only: only) + (only == nil ? tiedToDeleted(library) : [])
  }

  /// A deleted queue's ties that no listed queue took over: until the queue is restored (or deleted for good),
  /// its shows are untied.
  private static func tiedToDeleted(_ library: QueueLibrary) -> [AuditFinding] {
    var findings: [AuditFinding] = []
    var reported: Set<String> = []
    for deleted in library.deletedQueues {
      // A show tied anew since, or by an earlier deleted queue already reported, is not this queue's to say.
      let orphans = deleted.queue.showTies.filter { library.tie(of: $0.feedURL) == nil }
        .filter { reported.insert($0.feedURL).inserted }
      guard !orphans.isEmpty else { continue }
      let shows = StoreFindings.list(orphans.map { StoreFindings.quoted($0.displayTitle) })
      let name = deleted.queue.name
      let count = orphans.count == 1 ? "1 show is" : "\(orphans.count) shows are"
      let their = orphans.count == 1 ? "its" : "their"
      if library.untiedShowsGoToUpNext {
        findings.append(
          AuditFinding(
            .low, .showTiedToDeletedQueue,
            "\(count) tied to \(name), which was deleted: \(shows); \(their) new episodes go to Up Next",
            recommendation: "Restore \(name), or tie \(shows) to another queue"))
      } else {
        findings.append(
          AuditFinding(
            .high, .showTiedToDeletedQueue,
            "\(count) tied to \(name), which was deleted: \(shows); \(their) new episodes go to no queue",
            recommendation: "Restore \(name), or tie \(shows) to another queue"))
      }
    }
    return findings
  }

  /// A tie the load left out because an earlier queue of the file ties the show already.
  private static func tiedTwice(_ library: QueueLibrary, loadIssues: [LoadReport.Issue], only: QueueID?)
    -> [AuditFinding]
  {
    var findings: [AuditFinding] = []
    for issue in loadIssues {
      guard let (queueID, kept) = tiedTwice(issue, in: library), only == nil || only == queueID || only == kept.queue.id
      else { continue }
      let show = StoreFindings.quoted(kept.tie.displayTitle)
      let other = library[queueID]?.name ?? queueID.rawValue
      findings.append(
        AuditFinding(
          .medium, .showTiedTwice, queue: queueID,
          "\(show) is tied to both \(kept.queue.name) and \(other) in the store: a show goes to one queue, so the "
            + "first tie, to \(kept.queue.name), holds and the one to \(other) was left out",
          recommendation:
            "Keep \(show) in \(kept.queue.name) by saving the store as read, or tie it to \(other) instead"))
    }
    return findings
  }

  /// The queue whose tie `issue` left out and the tie the load kept, when the issue is a show tied twice: a
  /// tie left out because another queue of the file ties the show (``LoadFindings`` leaves these to this line).
  static func tiedTwice(_ issue: LoadReport.Issue, in library: QueueLibrary)
    -> (queueID: QueueID, kept: (tie: ShowTie, queue: Queue))?
  {
    guard case .showTieSkipped(let queueID, let feedURL?) = issue.outcome, let kept = library.tie(of: feedURL),
      kept.queue.id != queueID
    else { return nil }
    return (queueID, kept)
  }
}
