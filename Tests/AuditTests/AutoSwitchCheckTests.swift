import AutoSwitch
import Foundation
import Queues
import Testing

@testable import Audit

/// A decider that switches to Commute on any Bluetooth device the listener said is not their car: a rule that
/// fires on a friend's car.
struct FiresOnFriendsCar: AutoSwitchDecider {
  var engine: AutoSwitchEngine

  mutating func handle(_ event: ContextEvent, at time: Date, in library: inout QueueLibrary) -> Decision {
    if case .audioRouteChanged(let port) = event, port.kind == .bluetooth,
      library.knownAudioDevice(port.identifier)?.isCar == false
    {
      let from = library.activeQueueID
      _ = try? library.switchTo(.commute, now: time)
      return Decision(
        .notice(
          Switch(
            from: from, to: .commute, toName: "🚗 Commute", savedPositionSeconds: nil, resume: nil,
            keepsPlaying: false, notice: "Switched to 🚗 Commute")), reason: "planted")
    }
    return engine.handle(event, at: time, in: &library)
  }
}

/// A decider that never acts.
struct NeverFires: AutoSwitchDecider {
  mutating func handle(_ event: ContextEvent, at time: Date, in library: inout QueueLibrary) -> Decision {
    Decision(.none, reason: "planted")
  }
}

@Suite("Auto-switch check")
struct AutoSwitchCheckTests {
  @Test("the real engine passes every scenario: ✓ Reliable")
  func real() {
    let check = AutoSwitchCheck(components: testComponents()).run(library: nil, queue: nil)
    #expect(check.status == .working && check.findings.isEmpty, "\(check.findings.map(\.text))")
    #expect(check.figure("scenariosPassed")?.integer == 8)
    // 11 (commuter) + 9 (gym-goer) + 3 × 5 (sleep) + 12 (friend's car) + 240 + 60 + 240 + 1 (flapping) + 14
    // (manual override).
    #expect(check.figure("decisionsChecked")?.integer == 602)
  }

  @Test("a rule that fires on a friend's car is ⚠ Occasional Misfire, naming the scenario and the moment")
  func friendsCar() {
    var components = testComponents()
    components.makeDecider = { FiresOnFriendsCar(engine: AutoSwitchEngine(settings: $0)) }
    let check = AutoSwitchCheck(components: components).run(library: nil, queue: nil)
    #expect(check.status == .issues)
    #expect(AuditArea.autoSwitching.words(for: check.status) == "Occasional Misfire")
    #expect(check.figure("scenariosPassed")?.integer == 7)
    // The misfires on days 3 to 6, and on day 7 no question for Commute, already active: one finding.
    #expect(check.figure("decisionsDiffering")?.integer == 5)
    #expect(
      check.findings.map(\.text) == [
        "scenario friend's car, audioRoute at 2026-03-03T07:00:00Z: expected nothing, got a switch to commute "
          + "(and 4 more decisions differ after it)"
      ])
    #expect(check.findings.allSatisfy { $0.kind == .scenarioMisfire && $0.priority == .medium })
  }

  @Test("a decider that never acts is ✗ Not Triggering")
  func neverFires() {
    var components = testComponents()
    components.makeDecider = { _ in NeverFires() }
    let check = AutoSwitchCheck(components: components).run(library: fixtureLibrary(), queue: nil)
    #expect(check.status == .broken)
    #expect(AuditArea.autoSwitching.words(for: check.status) == "Not Triggering")
    #expect(check.figure("scenariosPassed")?.integer == 0)
    #expect(check.findings.contains { $0.kind == .ruleDidNotFire && $0.queue == .commute })
    #expect(check.findings.contains { $0.kind == .scenarioMissed })
  }

  @Test("the store's own rules are fed their triggers; a car rule second in the list is won by the first")
  func ownRules() throws {
    let results = AutoSwitchCheck(components: testComponents()).userRules(of: fixtureLibrary(), queue: nil)
    #expect(results.map(\.queue.id) == [.commute, .workout, .sleep, QueueID("road-trip")])
    #expect(results.map(\.outcome) == [.fired, .fired, .fired, .wentTo(.commute)])
    let sleep = try #require(results.first { $0.queue.id == .sleep })
    #expect(sleep.trigger == "the app opened at 22:00 on 22:00–06:00")
  }

  @Test("rules that are off, Never, or of a queue that is off are not fed")
  func skipped() throws {
    var library = fixtureLibrary()
    try library.disableAutoSwitch(for: .workout, now: fixtureNow)
    try library.recordConsent(.never, forRule: 0, of: .sleep, now: fixtureNow)
    let results = AutoSwitchCheck(components: testComponents()).userRules(of: library, queue: nil)
    #expect(results.map(\.queue.id) == [.commute, QueueID("road-trip")])
    #expect(
      AutoSwitchCheck(components: testComponents()).userRules(of: library, queue: .commute).map(\.queue.id)
        == [.commute])
  }
}
