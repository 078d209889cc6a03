import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// Deleting a queue on one device while another edits it, and restoring it, through sync (issue 49, items 6–8).
@Suite("Deleted queues through sync")
struct SyncEngineDeletionTests {
  @Test("a queue kept by a concurrent add stays, with its name and rules, when emptied (issue 49, item 7)")
  func keptQueueEmptied() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    var tablet = engine("tablet")
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.rename(.commute, to: "🚗 Drive", now: at(0))
    }
    _ = await phone.sync(with: server, now: at(20))
    _ = await tablet.sync(with: server, now: at(30))
    let before = try phone.library().queue(.commute)
    try tablet.edit(now: at(40)) { (library) throws(SyncError) in try library.delete(.commute, now: at(40)) }
    _ = await tablet.sync(with: server, now: at(60))
    // The phone had not seen the deletion: its add keeps the queue.
    try phone.edit(now: at(70)) { (library) throws(SyncError) in
      try library.insert([reference("1")], into: .commute, at: 0, now: at(70))
    }
    _ = await phone.sync(with: server, now: at(90))
    try phone.edit(now: at(100)) { (library) throws(SyncError) in
      try library.remove(episode("1"), from: .commute, now: at(100))
    }
    _ = await phone.sync(with: server, now: at(120))
    _ = await tablet.sync(with: server, now: at(130))
    // `QueueLibrary` keeps an emptied queue, with its name and rules: so does every device.
    var model = QueueLibrary(now: start)
    try model.rename(.commute, to: "🚗 Drive")
    let expected = try #require(model[.commute])
    for device in [phone, tablet] {
      let queue = try #require(try device.library()[.commute], "the queue is gone")
      #expect(queue.name == expected.name && queue.name == before.name)
      #expect(
        queue.autoSwitchRules == expected.autoSwitchRules && queue.smartFillSettings == expected.smartFillSettings)
      #expect(queue.episodes.isEmpty)
    }
  }
}
