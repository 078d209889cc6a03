import Foundation
import Queues
import SmartFill
import Testing

@testable import Audit

/// Each finding on a store planted with it, and none on the clean store.
@Suite("Store findings")
struct StoreFindingsTests {
  static func kinds(_ library: QueueLibrary, only: QueueID? = nil) -> [AuditFinding.Kind] {
    StoreFindings.findings(in: library, catalog: fixtureCatalog, only: only).map(\.kind)
  }

  /// The clean store: episodes in series order without gaps, each once, none played, targets met.
  static func clean() -> QueueLibrary {
    var library = cleanLibrary()
    add([reference(sagaURL, "saga-2"), reference(sagaURL, "saga-3")], to: .upNext, in: &library)
    add([reference(dailyURL, "daily-2"), reference(dailyURL, "daily-3")], to: .commute, in: &library)
    try! library.modify(.commute, now: fixtureNow) { (queue) throws(QueueError) in
      queue.smartFillSettings = SmartFillSettings(mode: .fillTime, targetSeconds: 45 * 60)
    }
    return library
  }

  @Test("the clean store has no finding")
  func cleanStore() {
    #expect(StoreFindings.findings(in: Self.clean(), catalog: fixtureCatalog).map(\.text) == [])
  }

  @Test("an episode in two queues (LOW), and twice in one queue under two GUIDs (MEDIUM)")
  func queuedTwice() {
    var library = Self.clean()
    add([reference(dailyURL, "daily-2")], to: .sleep, in: &library)
    #expect(Self.kinds(library) == [.episodeInSeveralQueues])
    var twice = Self.clean()
    var copy = reference(dailyURL, "daily-4")
    copy.episodeGUID = "daily-4-republished"
    add([reference(dailyURL, "daily-4"), copy], to: .sleep, in: &twice)
    let findings = StoreFindings.findings(in: twice, catalog: fixtureCatalog)
    #expect(findings.map(\.kind) == [.episodeQueuedTwice, .episodeNotInCatalog])
    #expect(
      findings.first?.text
        == "😴 Sleep holds 1 episode twice under two GUIDs: \"Daily 4\" (GUIDs \"daily-4\", \"daily-4-republished\")")
    #expect(findings.first?.priority == .medium)
  }

  @Test("episodes no longer in the catalog (HIGH) and played ones still queued (MEDIUM), without a catalog none")
  func catalog() {
    var library = Self.clean()
    add([goneEpisode(), reference(sagaURL, "saga-1")], to: .sleep, in: &library)
    let findings = StoreFindings.findings(in: library, catalog: fixtureCatalog)
    #expect(findings.map(\.kind) == [.episodeNotInCatalog, .playedEpisodeQueued])
    #expect(findings.map(\.priority) == [.high, .medium])
    #expect(findings[0].text == "1 episode of 😴 Sleep is no longer in the catalog: \"Gone\"")
    #expect(StoreFindings.findings(in: library, catalog: nil).isEmpty)
  }

  @Test("a serial show out of order (HIGH) or with a gap (MEDIUM); an episodic one in any order is fine")
  func serial() {
    var outOfOrder = cleanLibrary()
    add([reference(sagaURL, "saga-3"), reference(sagaURL, "saga-2")], to: .upNext, in: &outOfOrder)
    #expect(Self.kinds(outOfOrder) == [.serialOutOfOrder])
    var gap = cleanLibrary()
    add([reference(sagaURL, "saga-2"), reference(sagaURL, "saga-4")], to: .upNext, in: &gap)
    #expect(Self.kinds(gap) == [.serialGap])
    var later = cleanLibrary()
    add([reference(sagaURL, "saga-3")], to: .upNext, in: &later)
    #expect(Self.kinds(later) == [.serialGap], "Chapter 2, the next in series, is not queued before it")
    var episodic = cleanLibrary()
    add([reference(dailyURL, "daily-3"), reference(dailyURL, "daily-1")], to: .upNext, in: &episodic)
    #expect(Self.kinds(episodic) == [])
  }

  @Test("a time range of zero length (HIGH); a car rule without a marked car fires only with CarPlay (MEDIUM)")
  func rulesThatCannotFire() throws {
    var library = Self.clean()
    try library.modify(.sleep, now: fixtureNow) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [
        .timeRange(TimeRange(start: TimeOfDay(hour: 7), end: TimeOfDay(hour: 7)))
      ])
    }
    let findings = StoreFindings.findings(in: library, catalog: fixtureCatalog)
    #expect(findings.map(\.kind) == [.ruleNeverFires])
    #expect(
      findings.first?.text
        == "rule 1 (07:00–07:00) of 😴 Sleep is a time range of zero length: as a range it never holds a moment "
        + "(the engine reads it as the whole day instead)")
    var noCar = QueueLibrary(now: fixtureNow)
    #expect(Self.kinds(noCar) == [.ruleOnlyWithCarPlay])
    var twoCarRules = noCar
    try twoCarRules.modify(.commute, now: fixtureNow) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [.car, .car])
    }
    let twoAlike = StoreFindings.findings(in: twoCarRules, catalog: fixtureCatalog).map(\.text)
    #expect(twoAlike.count == 2 && twoAlike[0] != twoAlike[1], "two rules alike are named by their place: \(twoAlike)")
    noCar.markAudioDevice("kitchen", name: "Kitchen", isCar: false)
    #expect(Self.kinds(noCar) == [.ruleOnlyWithCarPlay], "a device that is not the car does not count")
    try noCar.disableAutoSwitch(for: .commute, now: fixtureNow)
    #expect(Self.kinds(noCar) == [], "a queue that is off is the listener's choice")
  }

  @Test("two queues whose rules always fire together (MEDIUM), a car rule and a car output alike")
  func fireTogether() throws {
    var library = Self.clean()
    try library.createQueue(
      named: "🚙 Road Trip", autoSwitchRules: [.audioOutput(.car)], id: QueueID("road-trip"), now: fixtureNow)
    let findings = StoreFindings.findings(in: library, catalog: fixtureCatalog)
    #expect(findings.map(\.kind) == [.rulesFireTogether])
    #expect(findings.first?.queue == QueueID("road-trip"))
    try library.modify(QueueID("road-trip"), now: fixtureNow) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [.audioOutput(.car), .focusFilter])
    }
    try library.modify(.commute, now: fixtureNow) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [.focusFilter])
    }
    #expect(Self.kinds(library) == [], "each Focus filter names its own queue")
  }

  @Test("a queue over its target (LOW) and under it (LOW, with Run Smart Fill)")
  func targets() throws {
    var over = Self.clean()
    add([reference(dailyURL, "daily-1")], to: .commute, in: &over)
    let overFindings = StoreFindings.findings(in: over, catalog: fixtureCatalog)
    #expect(overFindings.map(\.kind) == [.queueOverTarget])
    #expect(overFindings.first?.text == "🚗 Commute holds 1 h 25 min, over its target of 45 min ± 3 min")
    var under = Self.clean()
    try under.modify(.commute, now: fixtureNow) { (queue) throws(QueueError) in try queue.remove(atOffsets: [0]) }
    let underFindings = StoreFindings.findings(in: under, catalog: fixtureCatalog)
    #expect(underFindings.map(\.kind) == [.queueUnderTarget])
    #expect(underFindings.first?.recommendation == "Run Smart Fill on 🚗 Commute: 15 min of 45")
  }

  @Test("for one queue, only what is about it")
  func oneQueue() {
    let library = fixtureLibrary()
    #expect(Self.kinds(library, only: .commute) == [.episodeNotInCatalog, .queueUnderTarget, .rulesFireTogether])
    #expect(Self.kinds(library, only: .sleep) == [.queueOverTarget])
    #expect(Self.kinds(library, only: .workout) == [.episodeInSeveralQueues, .playedEpisodeQueued, .serialGap])
  }
}
