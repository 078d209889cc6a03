import Foundation
import QueueScreens
import Queues
import Testing

@Suite("QueueSwitcher")
struct QueueSwitcherTests {
  @Test("the mini player shows the active queue's episode, its position and the drop-down")
  func miniPlayer() throws {
    let episodes = [
      reference("1", title: "The Long Road", seconds: 2536, played: 754),
      reference("2", seconds: 600), reference("3", seconds: 600), reference("4", seconds: nil),
      reference("5", seconds: 60),
    ]
    var library = try library(episodes)
    try library.switchTo(.commute, now: start)
    let switcher = QueueSwitcher(library)
    let playing = try #require(switcher.nowPlaying)
    #expect(playing.title == "The Long Road")
    #expect(playing.showTitle == "Show A")
    #expect(playing.positionText == "12:34 / 42:16")
    #expect(playing.fractionPlayed == 754.0 / 2536.0)
    #expect(switcher.fromText == "From: 🚗 Commute ▼")
    #expect(switcher.countText == "5 episodes")
    #expect(switcher.activeQueueID == .commute)
    #expect(
      switcher.rows.map(\.text) == ["📋 Up Next 0", "✓ 🚗 Commute (Active) 5", "🏋️ Workout 0", "😴 Sleep 0"])
    #expect(switcher.rows.map(\.checkmark) == ["", "✓", "", ""])
    #expect(switcher.rows.map(\.activeLabel) == [nil, "(Active)", nil, nil])
    #expect(switcher.createText == "+ Create Queue")
  }

  @Test("an unknown length shows no fraction; a queue at its end plays nothing")
  func unknownAndEnd() throws {
    let library = try library([reference("1", seconds: nil, played: 65)], in: .upNext)
    let switcher = QueueSwitcher(library)
    #expect(switcher.nowPlaying?.positionText == "1:05 / --:--")
    #expect(switcher.nowPlaying?.fractionPlayed == nil)
    #expect(switcher.nowPlaying?.title == "Untitled episode")
    #expect(switcher.countText == "1 episode")
    #expect(QueueSwitcher(QueueLibrary(now: start)).nowPlaying == nil)
  }

  @Test("a full library offers no new queue")
  func full() throws {
    let library = try QueueLibrary(now: start, queueLimit: 4)
    #expect(QueueSwitcher(library).createText == nil)
  }
}
