import AutoSwitch
import Foundation
import Queues
import SmartFill
import Testing

@testable import Audit

@Suite("Audit components")
struct AuditComponentsTests {
  @Test("the defaults are the real parts: the engine's fill, an auto-switch engine, the library's duplicate, CRDT sync")
  func defaults() throws {
    let components = AuditComponents()
    let engine = try FillEngine(catalog: fixtureCatalog)
    let request = FillRequest(mode: .fillTime, targetSeconds: 45 * 60)
    #expect(try components.fill(engine, request) == engine.fill(request))
    #expect(components.makeDecider(AutoSwitchSettings()) is AutoSwitchEngine)
    var library = QueueLibrary(now: fixtureNow)
    let copy = try components.duplicate(&library, .commute, QueueID("copy"), fixtureNow)
    #expect(try library.queue(copy).name == "🚗 Commute copy")
    #expect(components.syncRule == .crdt && components.mergeFault == nil)
    let first = components.nanoseconds()
    #expect(components.nanoseconds() >= first, "a monotonic clock")
  }

  @Test("the default sizes are small and seeded")
  func sizes() {
    let sizes = AuditSizes()
    #expect(sizes.catalogSeeds == [1, 2] && sizes.subscriptions == 100 && sizes.speedFills == 40)
    #expect(sizes.syncSeeds == [1, 2, 3] && sizes.syncDevices == 3 && sizes.syncSteps == 150)
  }
}
