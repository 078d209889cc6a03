import Foundation
import QueueSyncSimulation
import Queues
import SmartFill
import SmartFillSupport
import Testing

@testable import Audit

/// The report on the fixed catalog and store (`TestSupport.swift`), written out by hand from what the
/// fixture must show.
@Suite("The audit report")
struct AuditReportTests {
  /// The sync figures, from the simulator itself on the test sizes' seeds (the audit must report them as
  /// they are).
  static func syncLines() -> [String] {
    var edits = 0
    var lostAnswers = 0
    var design = (lost: 0, resurrected: 0, converged: 0)
    for seed: UInt64 in [1, 2] {
      let crdt = SyncSimulation.run(SyncSimulation.Options(devices: 3, steps: 60, seed: seed, rule: .crdt))
      edits += crdt.edits
      lostAnswers += crdt.lostAnswers
      let rule = SyncSimulation.run(SyncSimulation.Options(devices: 3, steps: 60, seed: seed, rule: .design))
      design.lost += rule.lost
      design.resurrected += rule.resurrected
      design.converged += rule.converged ? 1 : 0
    }
    return [
      "    runs: 2 (seeds 1, 2), 3 devices × 60 steps, \(edits) edits, \(lostAnswers) save answers lost",
      "    converged: 2 of 2; lost: 0, resurrected: 0, duplicated: 0, interleaved batches: 0",
      "    the design's 10-second rule on the same seeds: lost \(design.lost), resurrected \(design.resurrected), "
        + "converged \(design.converged) of 2",
    ]
  }

  // How the smart fill figures follow from the fixture (see `fixtureCatalog`): the engine reaches every
  // target exactly, 20 fill-time fills (5 targets × ±3, ±5 min × no priority and priority [Saga, Daily]).
  // The design's greedy, by date without priority (Daily 40, 30, 15, 10, then Saga 20, 20, 20): 15, 15, 30,
  // 30, 40, 40, 55, 55, 85, 85 minutes for 15±3, 15±5, 30±3, …, 90±5, so ±3 misses 45, 60 and 90 (2 of 5)
  // and ±5 holds all; with Saga first (20, 20, 20, then Daily 40, 30, 15, 10): 15, 20, 30, 35, 40, 40, 60,
  // 60, 90, 90, so ±3 misses 45 only (4 of 5). Greedy inside ±3: 6 of 10; deviations 30 + 20 minutes over
  // 20 fills: 150 s. Fills: 20 fill time + 6 continue series (no target, 45, 90 min) + 8 variety (45 and
  // 90 min, ±3 and ±5) = 34, all on a catalog with a serial show. The design's continue-series loop, 45 and
  // 90 minutes (±3) without priority (Daily first, its head is older): 40 + 20 = 60 (over 48), then 40 + 20 +
  // 30 = 90 (inside); with Saga first: 20 + 40 = 60 (over), 20 + 40 + 20 + 30 = 110 (over 93): 3 of 4.
  static let expectedHead = """
    QUEUE FEATURE: Queue system
    Complexity: High
    Status: ⚠ ISSUES

    FUNCTIONALITY:
      Queue Operations: ✓ All Working
        operations on a scratch copy: 8 of 8 passed (naming, episode order, queue order, duplication, deletion and restore, routing, creation to the limit, save and reload)
        the listener's store is only read
        queues created up to the limit of 20: 14, and one more refused
      Auto-Switching: ✓ Reliable
        scenarios as expected: 8 of 8 (commuter, gym-goer, sleep across midnight, sleep as the clocks go forward, sleep as the clocks go back, friend's car, flapping motion, manual override)
        decisions checked: 602, of which differing: 0; scenarios that missed a trigger: 0, that misfired: 0
        your rules fed their trigger: 4; fired: 3, won by another queue: 1, silent: 0
      Smart Fill: ✓ Accurate
        fills run: 34 on the catalog (fill time, continue series and variety, 15 to 90 min)
        fill time inside ±3 min: 10 of 10 (100 %); the design's greedy: 6 of 10 (60 %)
        fill time inside ±5 min: 10 of 10 (100 %); the design's greedy: 10 of 10 (100 %)
        mean deviation from the target: 0.0 s; the design's greedy: 150.0 s
        overfilled: 0, underfilled: 0
        continue series to a target, over its window: 0 of 4; the design's loop: 3 of 4
        continuity: 0 fills skipping an episode or season, of 34
        variety: 0 fills with three in a row from one show, of 8
        speed: p99 1.0 ms over 10 fills of 100 subscriptions (budget 500 ms)
      CloudKit Sync: ✓ Conflict-Free

    """

  static let expectedTail = """

    ISSUES:
      - HIGH 📋 Up Next plays "Saga" out of order: S1 E3 before S1 E2
      - HIGH 1 episode of 🚗 Commute is no longer in the catalog: "Gone"
      - MEDIUM 1 episode of 🏋️ Workout has already been played: "Chapter 1"
      - MEDIUM 🏋️ Workout skips 1 episode of "Saga", first S1 E3, before later ones it holds
      - MEDIUM 🚗 Commute and 🚙 Road Trip both switch on Car: 🚙 Road Trip never wins (the queue first in the list does)
      - LOW 1 episode is queued in more than one queue: "Chapter 2" (📋 Up Next, 🏋️ Workout)
      - LOW 🚗 Commute holds 12 min of its 45 min target
      - LOW 😴 Sleep holds 1 h 10 min, over its target of 30 min ± 3 min

    RECOMMENDATIONS:
      - Put "Saga" in 📋 Up Next back in series order
      - Remove the 1 episode no longer in the catalog from 🚗 Commute
      - Remove the 1 played episode from 🏋️ Workout
      - Add the 1 episode of "Saga" missing from 🏋️ Workout
      - Give 🚙 Road Trip a rule of its own, or turn off its Car rule
      - Run Smart Fill on 🚗 Commute: 12 min of 45
      - Trim 😴 Sleep to 30 min, or run Smart Fill on it with Replace

    """

  @Test("the whole system's report on the fixed catalog and store, line by line")
  func pinnedText() throws {
    let report = try testAudit().run(.system, catalog: fixtureCatalog, library: fixtureLibrary())
    let expected = Self.expectedHead + Self.syncLines().joined(separator: "\n") + "\n" + Self.expectedTail
    let lines = report.text.split(separator: "\n", omittingEmptySubsequences: false)
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, (line, want)) in zip(lines, expectedLines).enumerated() {
      #expect(line == want, "line \(index + 1)")
    }
    #expect(lines.count == expectedLines.count)
    #expect(report.exitStatus == 1, "MEDIUM and HIGH findings make the report ⚠")
  }

  @Test("the status is the worst line's, ⚠ for a HIGH or MEDIUM store finding, and LOW ones leave it")
  func status() {
    let working = AuditCheck(area: .sync, status: .working, figures: [], findings: [])
    var report = AuditReport(subject: .system, complexity: .high, checks: [working], storeFindings: [])
    #expect(report.status == .working && report.exitStatus == 0)
    report.storeFindings = [AuditFinding(.low, .queueUnderTarget, "low")]
    #expect(report.status == .working && report.exitStatus == 0)
    report.storeFindings.append(AuditFinding(.medium, .serialGap, "medium"))
    #expect(report.status == .issues && report.exitStatus == 1)
    report.checks.append(AuditCheck(area: .smartFill, status: .broken, figures: [], findings: []))
    #expect(report.status == .broken && report.exitStatus == 1)
    #expect(report.text.contains("Status: ✗ BROKEN\n"))
    #expect(report.text.contains("  Smart Fill: ✗ Not Working\n"))
  }

  @Test("an empty ISSUES and RECOMMENDATIONS say none")
  func none() {
    let report = AuditReport(
      subject: .area(.sync), complexity: .high,
      checks: [
        AuditCheck(area: .sync, status: .working, figures: [AuditFigure("runs", .integer(1), "runs: 1")], findings: [])
      ],
      storeFindings: [])
    #expect(
      report.text == """
        QUEUE FEATURE: CloudKit Sync
        Complexity: High
        Status: ✓ WORKING

        FUNCTIONALITY:
          CloudKit Sync: ✓ Conflict-Free
            runs: 1

        ISSUES:
          - none

        RECOMMENDATIONS:
          - none

        """)
  }

  @Test("the JSON form of a small report, byte for byte")
  func pinnedJSON() {
    let check = AuditCheck(
      area: .smartFill, status: .issues,
      figures: [
        AuditFigure("fillsRun", .integer(2), "fills run: 2"),
        AuditFigure("meanDeviationSeconds", .number(35.15, decimals: 1), "mean deviation: 35.2 s"),
        AuditFigure("catalogs", .texts(["a", "b"])),
        AuditFigure("budgetMet", .bool(true)),
      ],
      findings: [AuditFinding(.medium, .fillOverfilled, "1 fills overfill their window")])
    let report = AuditReport(
      subject: .queue(.commute, name: "🚗 Commute"), complexity: .medium, checks: [check],
      storeFindings: [
        AuditFinding(
          .low, .queueUnderTarget, queue: .commute, "🚗 Commute holds 12 min of its 45 min target",
          recommendation: "Run Smart Fill on 🚗 Commute: 12 min of 45")
      ])
    #expect(
      report.jsonText() == """
        {
          "feature": "🚗 Commute",
          "scope": "queue",
          "queueID": "commute",
          "complexity": "medium",
          "status": "issues",
          "functionality": [
            {
              "area": "smartFill",
              "title": "Smart Fill",
              "status": "issues",
              "words": "Overfills/Underfills",
              "figures": {
                "fillsRun": 2,
                "meanDeviationSeconds": 35.2,
                "catalogs": ["a", "b"],
                "budgetMet": true
              },
              "lines": ["fills run: 2", "mean deviation: 35.2 s"]
            }
          ],
          "issues": [
            {
              "priority": "medium",
              "kind": "fillOverfilled",
              "queueID": null,
              "text": "1 fills overfill their window",
              "recommendation": null
            },
            {
              "priority": "low",
              "kind": "queueUnderTarget",
              "queueID": "commute",
              "text": "🚗 Commute holds 12 min of its 45 min target",
              "recommendation": "Run Smart Fill on 🚗 Commute: 12 min of 45"
            }
          ],
          "recommendations": [
            "Run Smart Fill on 🚗 Commute: 12 min of 45"
          ]
        }

        """)
  }

  @Test("the JSON form: stable keys in order, the same figures and issues")
  func json() throws {
    let report = try testAudit().run(.system, catalog: fixtureCatalog, library: fixtureLibrary())
    let text = report.jsonText()
    guard case .object(let document) = try JSONValue.parse(Array(text.utf8)) else {
      Issue.record("not an object: \(text)")
      return
    }
    let keys = ["feature", "scope", "queueID", "complexity", "status", "functionality", "issues", "recommendations"]
    #expect(Set(document.keys) == Set(keys))
    let offsets = keys.map { text.range(of: "\n  \"\($0)\":")?.lowerBound }
    #expect(offsets.allSatisfy { $0 != nil } && offsets.map { $0! } == offsets.map { $0! }.sorted(), "key order")
    #expect(document["feature"] == .string("Queue system"))
    #expect(document["status"] == .string("issues"))
    guard case .array(let lines)? = document["functionality"], case .object(let smartFill) = lines[2],
      case .object(let figures)? = smartFill["figures"]
    else {
      Issue.record("no functionality lines")
      return
    }
    #expect(lines.count == 4)
    #expect(smartFill["area"] == .string("smartFill") && smartFill["words"] == .string("Accurate"))
    #expect(figures["fillsRun"] == .integer(34))
    #expect(figures["p99Nanoseconds"] == .integer(1_000_000))
    #expect([.number(150), .integer(150)].contains(figures["greedyMeanDeviationSeconds"]))
    guard case .array(let issues)? = document["issues"], case .object(let first) = issues.first else {
      Issue.record("no issues")
      return
    }
    #expect(issues.count == 8)
    #expect(Set(first.keys) == ["priority", "kind", "queueID", "text", "recommendation"])
    #expect(first["kind"] == .string("serialOutOfOrder") && first["queueID"] == .string("up-next"))
    #expect(
      document["recommendations"].map { if case .array(let items) = $0 { return items.count } else { return 0 } } == 7)
  }
}
