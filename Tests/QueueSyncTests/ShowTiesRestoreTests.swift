import Foundation
import Queues
import SmartFill
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// A show's tie through a deletion and a restore on synced devices, as `QueueLibrary` keeps it: the deleted
/// queue ties nothing while deleted, and its tie comes back with it.
@Suite("Show ties through a deletion and a restore")
struct ShowTiesRestoreTests {
  static let dailyURL = "https://daily.example/feed.xml"

  @Test("a deleted queue's tie is not routed to; restored on another device, the queue ties the show again")
  func tieComesBack() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    var tablet = engine("tablet")
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.tieShow(Self.dailyURL, titled: "Daily", to: .commute, now: at(0))
      try library.playLast([reference("1")], in: .commute, now: at(0))
    }
    _ = await phone.sync(with: server, now: at(20))
    _ = await tablet.sync(with: server, now: at(30))
    #expect(try tablet.library().tie(of: Self.dailyURL)?.queue.id == .commute)
    try tablet.edit(now: at(40)) { (library) throws(SyncError) in try library.delete(.commute, now: at(40)) }
    _ = await tablet.sync(with: server, now: at(60))
    _ = await phone.sync(with: server, now: at(70))
    // The model: Queues' own library, tied, deleted and restored.
    var model = QueueLibrary(now: start)
    try model.tieShow(Self.dailyURL, titled: "Daily", to: .commute, now: start)
    try model.delete(model.deletion(of: .commute), now: start)
    for device in [phone, tablet] {
      let library = try device.library()
      #expect(library.tie(of: Self.dailyURL) == nil, "a deleted queue ties nothing, as in the model")
      #expect(model.tie(of: Self.dailyURL) == nil)
      let deleted = try #require(library.deletedQueues.first { $0.queue.id == .commute })
      #expect(deleted.queue.showTies.map(\.feedURL) == model.deletedQueues[0].queue.showTies.map(\.feedURL))
    }
    try phone.restore(.commute, now: at(80))
    try model.restore(.commute, now: start)
    _ = await phone.sync(with: server, now: at(100))
    _ = await tablet.sync(with: server, now: at(110))
    for device in [phone, tablet] {
      let library = try device.library()
      #expect(library.tie(of: Self.dailyURL)?.queue.id == model.tie(of: Self.dailyURL)?.queue.id)
      #expect(library.tie(of: Self.dailyURL)?.queue.id == .commute)
      #expect(library[.commute]?.episodes.map(\.episodeGUID) == ["1"])
    }
  }
}
