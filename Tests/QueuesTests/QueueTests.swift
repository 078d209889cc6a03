import Foundation
import Queues
import Testing

@Suite("Queues")
struct QueueTests {
  @Test("the name's emoji and text are read apart")
  func emojiAndTitle() {
    let commute = Queue(id: .commute, name: "🚗 Commute", createdAt: testDate)
    #expect(commute.emoji == "🚗")
    #expect(commute.title == "Commute")
  }

  @Test("the current episode is the one at the playhead, and none at the end")
  func current() {
    #expect(queue(["1", "2"], current: 1).current?.episodeGUID == "2")
    #expect(queue(["1", "2"], current: 2).current == nil)
    #expect(queue([], current: 0).current == nil)
  }

  @Test("the count and remaining duration read as \"2 episodes · 45 min total\"")
  func summary() {
    var sample = queue([])
    sample = Queue(
      id: sample.id, name: sample.name,
      episodes: [reference("1", minutes: 30, position: 300), reference("2", minutes: 20)], createdAt: testDate)
    #expect(sample.count == 2)
    #expect(sample.remainingSeconds == 45 * 60)
    #expect(sample.summary == "2 episodes · 45 min total")
  }

  @Test("episodes of unknown length are counted apart")
  func unknownLengths() {
    let sample = Queue(
      id: QueueID("x"), name: "X", episodes: [reference("1", minutes: 60), reference("2", minutes: nil)],
      createdAt: testDate)
    #expect(sample.summary == "2 episodes · 1 h total + 1 of unknown length")
    #expect(Queue(id: QueueID("x"), name: "X", createdAt: testDate).summary == "0 episodes · 0 min total")
  }

  @Test(
    "durations read in minutes and hours",
    arguments: [(0, "0 min"), (29, "0 min"), (30, "1 min"), (2700, "45 min"), (3600, "1 h"), (5430, "1 h 31 min")])
  func durationText(seconds: Int, text: String) {
    #expect(Queue.durationText(seconds) == text)
  }

  @Test("finding an episode compares both the feed and the GUID")
  func finding() {
    let sample = queue(["1", "2"])
    #expect(sample.index(of: episodeID("2")) == 1)
    #expect(sample.index(of: episodeID("2", show: "b")) == nil)
    #expect(sample.contains(episodeID("1")))
  }
}
