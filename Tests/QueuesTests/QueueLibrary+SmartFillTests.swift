import Foundation
import Queues
import SmartFill
import Testing

@Suite("Smart fill of a queue")
struct QueueLibrarySmartFillTests {
  static let feed = "https://example.com/a.xml"

  /// One episodic show with episodes of 10, 15, 20, 25 and 30 minutes, oldest first.
  let catalog = Catalog(shows: [
    Show(
      feedURL: feed, title: "Show A",
      episodes: [10, 15, 20, 25, 30].enumerated().map { offset, minutes in
        Episode(
          guid: "a\(minutes)", title: "A \(minutes)", published: testDate.addingTimeInterval(Double(offset) * 86_400),
          durationSeconds: minutes * 60)
      })
  ])

  func library(settings: SmartFillSettings? = SmartFillSettings(mode: .fillTime, targetSeconds: 45 * 60))
    throws -> QueueLibrary
  {
    var library = QueueLibrary(now: testDate)
    try library.modify(.commute) { (queue) throws(QueueError) in queue.smartFillSettings = settings }
    return library
  }

  @Test("\"Fill my Commute queue with 45 minutes\" appends episodes adding up to 45 minutes, with reasons")
  func appendFill() throws {
    var library = try library()
    let engine = try FillEngine(catalog: catalog)
    let fill = try library.fill(.commute, using: engine, now: later(1))
    let commute = try library.queue(.commute)
    #expect(fill.result.status == .filled)
    #expect(abs(fill.result.totalSeconds - 2700) <= 180)
    #expect(commute.episodes == fill.added)
    #expect(commute.guids == fill.result.entries.map(\.id.guid))
    #expect(commute.remainingSeconds == fill.result.totalSeconds)
    #expect(fill.result.entries.allSatisfy { !$0.reason.rawValue.isEmpty })
    #expect(commute.episodes.first?.showTitle == "Show A")
    #expect(commute.episodes.allSatisfy { $0.addedAt == later(1) })
    #expect(fill.message == nil)
  }

  @Test("an append skips the episodes the queue already holds")
  func appendSkipsHeld() throws {
    var library = try library()
    let engine = try FillEngine(catalog: catalog)
    let held = EpisodeReference(
      episodeGUID: "a10", feedURL: Self.feed, durationSeconds: 600, addedAt: testDate)
    try library.modify(.commute) { (queue) throws(QueueError) in try queue.playLast([held]) }
    let fill = try library.fill(.commute, using: engine)
    #expect(!fill.result.entries.contains { $0.id.guid == "a10" })
    #expect(library[.commute]?.guids.first == "a10")
    #expect(library[.commute]?.count == 1 + fill.added.count)
  }

  @Test("a replace puts the fill instead of the queue's episodes, and can be undone")
  func replaceFill() throws {
    var library = try library()
    let engine = try FillEngine(catalog: catalog)
    try library.modify(.commute) { (queue) throws(QueueError) in try queue.playLast([reference("old")]) }
    let fill = try library.fill(.commute, using: engine, placement: .replace)
    #expect(library[.commute]?.guids == fill.result.entries.map(\.id.guid))
    let replaced = try #require(fill.replaced)
    try library.undoClear(replaced)
    #expect(library[.commute]?.guids.first == "old")
  }

  @Test("an empty result passes the engine's message through and leaves the queue as it was")
  func emptyResult() throws {
    var library = try library()
    try library.modify(.commute) { (queue) throws(QueueError) in try queue.playLast([reference("keep")]) }
    let before = library
    let fill = try library.fill(.commute, using: try FillEngine(catalog: Catalog()), placement: .replace)
    #expect(fill.result.status == .empty)
    #expect(fill.result.explanation == .noEpisodes)
    #expect(fill.message == "No episodes available. Subscribe to more shows?")
    #expect(fill.added.isEmpty)
    #expect(library == before)
  }

  @Test("a queue without settings cannot be filled, unless settings are given")
  func noSettings() throws {
    var library = try library(settings: nil)
    let engine = try FillEngine(catalog: catalog)
    #expect(throws: QueueError.noSmartFillSettings(queueName: "🚗 Commute")) {
      try library.fill(.commute, using: engine)
    }
    let fill = try library.fill(
      .commute, using: engine, settings: SmartFillSettings(mode: .continueSeries, targetSeconds: nil))
    #expect(!fill.added.isEmpty)
  }

  @Test("the engine's refusal is passed through with the queue's name, and nothing changes")
  func engineError() throws {
    var library = try library(
      settings: SmartFillSettings(mode: .fillTime, targetSeconds: 2700, priorityShows: ["https://nowhere.example"]))
    let before = library
    #expect(
      throws: QueueError.fill(.unknownPriorityShow(feedURL: "https://nowhere.example"), queueName: "🚗 Commute")
    ) {
      try library.fill(.commute, using: try FillEngine(catalog: catalog))
    }
    #expect(library == before)
  }
}
