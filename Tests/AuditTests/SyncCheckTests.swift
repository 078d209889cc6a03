import QueueSync
import QueueSyncSimulation
import Testing

@testable import Audit

/// A broken merge in the sync run shows ✗ Data Loss; the real one is ✓ with the design's rule's losses beside it.
@Suite("Sync check")
struct SyncCheckTests {
  @Test("this package's sync is ✓ Conflict-Free; the design's rule beside it loses episodes")
  func real() {
    let check = SyncCheck(components: testComponents(), sizes: testSizes).run()
    #expect(check.status == .working && check.findings.isEmpty)
    #expect(check.figure("convergedRuns")?.integer == 2)
    #expect((check.figure("designRuleLost")?.integer ?? 0) > 0, "\(check.figures)")
  }

  @Test("whole-list replace as the merge is ✗ Data Loss", arguments: [SyncSimulation.Rule.replace, .design])
  func replaceRule(rule: SyncSimulation.Rule) {
    var components = testComponents()
    components.syncRule = rule
    let check = SyncCheck(components: components, sizes: testSizes).run()
    #expect(check.status == .broken, "\(rule): \(check.figures)")
    #expect(AuditArea.sync.words(for: check.status) == "Data Loss")
    #expect(check.findings.first?.kind == .syncLost && check.findings.first?.priority == .high)
  }

  @Test("the replicated state with a planted merge fault (mine wins) is ✗")
  func plantedFault() {
    var components = testComponents()
    components.mergeFault = .keepsOnlyOneSidesNewAdds
    var sizes = testSizes
    sizes.syncSteps = 150
    let check = SyncCheck(components: components, sizes: sizes).run()
    #expect(check.status == .broken, "\(check.figures)")
  }
}
