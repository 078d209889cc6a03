import Testing

@testable import Audit

@Suite("Report grades")
struct ReportGradeTests {
  @Test("ordered as declared, written in capitals")
  func order() {
    #expect(AuditStatus.allCases.sorted(by: >).sorted() == AuditStatus.allCases)
    #expect(AuditStatus.working < AuditStatus.broken)
    #expect(AuditStatus.allCases.map(\.word) == ["WORKING", "NOT CHECKED", "ISSUES", "BROKEN"])
    #expect(AuditFinding.Priority.high < AuditFinding.Priority.low)
  }
}
