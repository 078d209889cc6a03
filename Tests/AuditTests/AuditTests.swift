import Foundation
import Queues
import SmartFill
import Testing

@testable import Audit

@Suite("Audit scopes, statuses and errors")
struct AuditTests {
  @Test("--only runs one line, graded as the documentation says")
  func area() throws {
    let report = try testAudit().run(.area(.queueOperations))
    #expect(report.checks.map(\.area) == [.queueOperations])
    #expect(report.complexity == .medium && report.subject.title == "Queue Operations")
    #expect(try testAudit().run(.area(.sync)).complexity == .high)
  }

  @Test("one queue: its name in the header, its grade from its rules and settings, its findings only")
  func oneQueue() throws {
    let library = fixtureLibrary()
    let commute = try testAudit().run(.queue(named: "🚗 COMMUTE"), catalog: fixtureCatalog, library: library)
    #expect(commute.text.hasPrefix("QUEUE FEATURE: 🚗 Commute\nComplexity: High\n"), "a car rule and smart fill")
    #expect(commute.checks.map(\.area) == AuditArea.allCases)
    #expect(commute.storeFindings.map(\.kind) == [.episodeNotInCatalog, .queueUnderTarget, .rulesFireTogether])
    #expect(commute.checks[2].figure("queueFill") != nil)
    #expect(try testAudit().run(.queue(named: "📋 Up Next"), library: library).complexity == .low)
    #expect(try testAudit().run(.queue(named: "🚙 Road Trip"), library: library).complexity == .medium)
  }

  @Test("an unknown queue is an error naming it and the store's queues; without a store, none")
  func unknownQueue() {
    #expect(throws: AuditError.unknownQueue("🚴 Bike", available: ["📋 Up Next", "🚗 Commute", "🏋️ Workout", "😴 Sleep"])) {
      try testAudit().run(.queue(named: "🚴 Bike"), library: QueueLibrary(now: fixtureNow))
    }
    #expect(
      AuditError.unknownQueue("🚴 Bike", available: ["📋 Up Next"]).description
        == "no queue named \"🚴 Bike\" in the store; its queues are \"📋 Up Next\"")
    #expect(throws: AuditError.unknownQueue("x", available: [])) { try testAudit().run(.queue(named: "x")) }
  }

  @Test("marks, words and option values")
  func words() {
    #expect(AuditStatus.allCases.map(\.mark) == ["✓", "–", "⚠", "✗"])
    #expect([AuditStatus.broken, .working, .issues].max() == .broken)
    #expect([AuditStatus.working, .notChecked].max() == .notChecked)
    #expect([AuditStatus.notChecked, .issues].max() == .issues)
    #expect(AuditArea.allCases.map(\.optionValue) == ["queues", "auto-switch", "smart-fill", "sync"])
    #expect(AuditArea.allCases.allSatisfy { AuditArea(optionValue: $0.optionValue) == $0 })
    #expect(AuditArea(optionValue: "Queues") == nil)
    #expect(
      AuditStatus.allCases.map { AuditArea.sync.words(for: $0) } == [
        "Conflict-Free", "Not Checked", "Occasional Issues", "Data Loss",
      ])
    #expect(AuditFinding.Priority.allCases.map(\.word) == ["HIGH", "MEDIUM", "LOW"])
  }
}
