import QueueSync
import QueueSyncSimulation

/// A short seeded run of several devices syncing through a server that loses answers and delivers records
/// duplicated, reordered and stale, checked against the simulation's independent model; the design's
/// 10-second rule runs beside it on the same seeds, with what it loses.
///
/// An episode lost, a wrong set of queues or devices that end different is ✗ (data loss); an episode
/// resurrected or duplicated, a batch interleaved or an invalid library is ⚠.
struct SyncCheck {
  let components: AuditComponents
  let sizes: AuditSizes

  /// The outcomes summed over the seeds.
  struct Totals: Sendable, Hashable {
    var runs = 0
    var converged = 0
    var lost = 0
    var resurrected = 0
    var duplicated = 0
    var interleaved = 0
    var wrongQueues = 0
    var invalid = 0
    var edits = 0
    var lostAnswers = 0

    mutating func add(_ outcome: SyncSimulation.Outcome) {
      runs += 1
      converged += outcome.converged ? 1 : 0
      lost += outcome.lost
      resurrected += outcome.resurrected
      duplicated += outcome.duplicated
      interleaved += outcome.interleavedBatches
      wrongQueues += outcome.wrongQueues
      invalid += outcome.invalidLibrary == nil ? 0 : 1
      edits += outcome.edits
      lostAnswers += outcome.lostAnswers
    }
  }

  func totals(_ rule: SyncSimulation.Rule, fault: MergeFault?) -> Totals {
    var totals = Totals()
    for seed in sizes.syncSeeds {
      var options = SyncSimulation.Options(devices: sizes.syncDevices, steps: sizes.syncSteps, seed: seed, rule: rule)
      options.fault = fault
      totals.add(SyncSimulation.run(options))
    }
    return totals
  }

  func run() -> AuditCheck {
    let system = totals(components.syncRule, fault: components.mergeFault)
    let design = totals(.design, fault: nil)
    let seeds = sizes.syncSeeds.map(String.init).joined(separator: ", ")
    let figures = [
      AuditFigure(
        "runs", .integer(system.runs),
        "runs: \(system.runs) (seeds \(seeds)), \(sizes.syncDevices) devices × \(sizes.syncSteps) steps, "
          + "\(system.edits) edits, \(system.lostAnswers) save answers lost"),
      AuditFigure(
        "convergedRuns", .integer(system.converged),
        "converged: \(system.converged) of \(system.runs); lost: \(system.lost), resurrected: "
          + "\(system.resurrected), duplicated: \(system.duplicated), interleaved batches: \(system.interleaved)"),
      AuditFigure("lost", .integer(system.lost)),
      AuditFigure("resurrected", .integer(system.resurrected)),
      AuditFigure("duplicated", .integer(system.duplicated)),
      AuditFigure("interleavedBatches", .integer(system.interleaved)),
      AuditFigure("wrongQueues", .integer(system.wrongQueues)),
      AuditFigure(
        "designRuleLost", .integer(design.lost),
        "the design's 10-second rule on the same seeds: lost \(design.lost), resurrected \(design.resurrected), "
          + "converged \(design.converged) of \(design.runs)"),
      AuditFigure("designRuleResurrected", .integer(design.resurrected)),
    ]
    var findings: [AuditFinding] = []
    let recommendation = "Do not ship this sync: run `smartfill sync simulate` on the failing seeds"
    if system.lost > 0 || system.wrongQueues > 0 {
      findings.append(
        AuditFinding(
          .high, .syncLost,
          "sync lost \(system.lost) episodes and showed \(system.wrongQueues) wrong queues in \(system.runs) runs",
          recommendation: recommendation))
    }
    if system.converged < system.runs {
      findings.append(
        AuditFinding(
          .high, .syncDiverged, "devices ended different in \(system.runs - system.converged) of \(system.runs) runs",
          recommendation: recommendation))
    }
    if system.resurrected > 0 {
      findings.append(
        AuditFinding(.medium, .syncResurrected, "sync brought back \(system.resurrected) removed or finished episodes"))
    }
    if system.duplicated > 0 {
      findings.append(
        AuditFinding(.medium, .syncDuplicated, "sync showed \(system.duplicated) episodes twice in a queue"))
    }
    if system.interleaved > 0 || system.invalid > 0 {
      findings.append(
        AuditFinding(
          .medium, .syncOther,
          "sync interleaved \(system.interleaved) batches and left \(system.invalid) invalid libraries"))
    }
    let status: AuditStatus =
      system.lost > 0 || system.wrongQueues > 0 || system.converged < system.runs
      ? .broken : findings.isEmpty ? .working : .issues
    return AuditCheck(area: .sync, status: status, figures: figures, findings: findings)
  }
}
