import Foundation
import Queues
import SmartFill
import Testing

@testable import Audit

@Suite("Queue operations check")
struct QueueOperationsCheckTests {
  @Test("the real operations are ✓ All Working, on a copy: the store's library is unchanged")
  func real() {
    let library = fixtureLibrary()
    let check = QueueOperationsCheck(components: testComponents(), now: fixtureNow).run(on: library, subject: nil)
    #expect(check.status == .working, "\(check.findings.map(\.text))")
    #expect(check.figure("operationsPassed")?.integer == 8)
    #expect(check.figure("queuesCreatedToLimit")?.integer == 14, "20 − 5 queues − the scratch queue")
    #expect(library == fixtureLibrary())
  }

  @Test("on one queue of the store, its own settings are duplicated, and it is deleted and restored")
  func oneQueue() {
    let check = QueueOperationsCheck(components: testComponents(), now: fixtureNow).run(
      on: fixtureLibrary(), subject: .commute)
    #expect(check.status == .working, "\(check.findings.map(\.text))")
    #expect(check.figure("queuesCreatedToLimit")?.integer == 14)
  }

  @Test("a duplicate that drops the smart fill settings is ✗ Critical Failure")
  func brokenDuplicate() {
    var components = testComponents()
    components.duplicate = { (library, id, newID, now) throws(QueueError) in
      let copy = try library.duplicate(id, newID: newID, now: now)
      try library.modify(copy, now: now) { (queue) throws(QueueError) in queue.smartFillSettings = nil }
      return copy
    }
    let check = QueueOperationsCheck(components: components, now: fixtureNow).run(
      on: fixtureLibrary(), subject: .commute)
    #expect(check.status == .broken)
    #expect(AuditArea.queueOperations.words(for: check.status) == "Critical Failure")
    #expect(
      check.findings.map(\.text)
        == ["queue operation duplication failed: the copy of 🚗 Commute lacks its smart fill settings"])
  }

  @Test("a library already at its limit still checks creation: on the copy the limit is raised by two")
  func atTheLimit() throws {
    var library = try QueueLibrary(now: fixtureNow, queueLimit: 6)
    try library.createQueue(named: "Extra", now: fixtureNow)
    try library.createQueue(named: "Extra 2", now: fixtureNow)
    let check = QueueOperationsCheck(components: testComponents(), now: fixtureNow).run(on: library, subject: nil)
    #expect(check.status == .working, "\(check.findings.map(\.text))")
    #expect(check.figure("queuesCreatedToLimit")?.integer == 1, "the limit is raised to 8 on the scratch copy")
  }
}

@Suite("Queue operations check: routing")
struct QueueOperationsRoutingTests {
  @Test("a routing that brings back an episode removed by hand is ⚠ Issues, naming the parts")
  func routingForgetsRemovals() {
    var components = testComponents()
    components.route = { library, catalog, _, now in
      // A naive routing: every episode no queue holds goes last in its show's queue, removed by hand or not.
      for show in catalog.shows {
        guard let tied = library.tie(of: show.feedURL) else { continue }
        let held = Set(library.queues.flatMap(\.episodes).map(\.id))
        let new = show.episodes.sorted { $0.episode ?? 0 < $1.episode ?? 0 }
          .filter { !held.contains(EpisodeID(feedURL: show.feedURL, guid: $0.guid)) }
        try? library.modify(tied.queue.id, now: now) { (queue) throws(QueueError) in
          try queue.playLast(new.map { EpisodeReference($0, of: show, addedAt: now) })
        }
      }
    }
    let check = QueueOperationsCheck(components: components, now: fixtureNow).run(on: fixtureLibrary(), subject: nil)
    #expect(check.status == .issues)
    #expect(check.figure("operationsPassed")?.integer == 7)
    let finding = check.findings.map(\.text).first { $0.contains("routing") } ?? ""
    #expect(
      finding.hasPrefix(
        "queue operation routing failed: after part 2 was removed by hand, a refresh with parts 2 to 4 new left "
          + "the queues with parts"), "\(finding)")
    #expect(finding.contains("[\"audit-serial-1\", \"audit-serial-3\", \"audit-serial-2\", \"audit-serial-4\"]"))
  }

  @Test("a routing that appends a serial show's new episodes ahead of its earlier one is ⚠ Issues")
  func routingOutOfSeriesOrder() {
    var components = testComponents()
    components.route = { library, catalog, previous, now in
      // Puts every new episode first, ignoring the tie's place and the series.
      let plan = library.routing(of: catalog, after: previous, now: now)
      for routed in plan.routed.reversed() {
        try? library.modify(routed.queue.id, now: now) { (queue) throws(QueueError) in
          try queue.insert([routed.episode], at: 0)
        }
      }
    }
    let check = QueueOperationsCheck(components: components, now: fixtureNow).run(on: fixtureLibrary(), subject: nil)
    #expect(check.status == .issues)
    let finding = check.findings.map(\.text).first { $0.contains("routing") } ?? ""
    #expect(
      finding.hasPrefix("queue operation routing failed: a refresh with parts 2 and 3 new left the queues with parts "),
      "\(finding)")
    #expect(finding.contains("[\"audit-serial-2\", \"audit-serial-3\", \"audit-serial-1\"]"), "\(finding)")
  }
}
