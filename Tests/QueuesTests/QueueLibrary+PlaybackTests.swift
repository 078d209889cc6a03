import Foundation
import Queues
import Testing

@Suite("Active queue and playback positions")
struct QueueLibraryPlaybackTests {
  func library() throws -> QueueLibrary {
    var library = QueueLibrary(now: testDate)
    try library.modify(.upNext) { (queue) throws(QueueError) in
      try queue.playLast([reference("u1"), reference("shared"), reference("u2")])
    }
    try library.modify(.commute) { (queue) throws(QueueError) in
      try queue.playLast([reference("c1"), reference("shared"), reference("c2")])
      try queue.makeCurrent(at: 1)
      try queue.recordPosition(300)
    }
    return library
  }

  @Test("switching saves where the active queue was and resumes the other where it stopped")
  func switching() throws {
    var library = try library()
    let resume = try library.switchTo(.commute, savingPosition: 754, now: later(1))
    #expect(library.activeQueueID == .commute)
    #expect(resume?.episodeGUID == "shared")
    #expect(resume?.playbackPositionSeconds == 300)
    #expect(library.upNext.current?.playbackPositionSeconds == 754)
    #expect(library.upNext.lastModified == later(1))

    let back = try library.switchTo(.upNext, savingPosition: 400)
    #expect(back?.episodeGUID == "u1")
    #expect(back?.playbackPositionSeconds == 754)
    #expect(library[.commute]?.current?.playbackPositionSeconds == 400)
  }

  @Test("switching to an unknown queue or with a bad position changes nothing")
  func switchingErrors() throws {
    var library = try library()
    let before = library
    #expect(throws: QueueError.unknownQueue(QueueID("nope"))) {
      try library.switchTo(QueueID("nope"), savingPosition: 5)
    }
    #expect(throws: QueueError.invalidPosition(seconds: -5, episode: episodeID("u1"), durationSeconds: 1800)) {
      try library.switchTo(.commute, savingPosition: -5)
    }
    #expect(library == before)
  }

  @Test("switching to a queue played to its end resumes nothing")
  func switchingToFinished() throws {
    var library = try library()
    #expect(try library.switchTo(.sleep) == nil)
  }

  @Test("finishing an episode advances the queue")
  func finishingAdvances() throws {
    var library = try library()
    #expect(library.finishCurrentEpisode(now: later(2))?.episodeGUID == "shared")
    #expect(library.upNext.guids == ["shared", "u2"])
    #expect(library.upNext.lastModified == later(2))
  }

  @Test("an episode finished in one queue leaves every other queue too")
  func finishedEverywhere() throws {
    var library = try library()
    try library.switchTo(.commute)
    let next = library.finishCurrentEpisode()
    #expect(next?.episodeGUID == "c2")
    #expect(library.upNext.guids == ["u1", "u2"])
    #expect(library[.commute]?.guids == ["c1", "c2"])
    #expect(library.markFinished(episodeID("c1")) == [.commute])
    #expect(library.markFinished(episodeID("nowhere")) == [])
  }

  @Test("finishing the last episode leaves the queue at its end")
  func finishingLast() throws {
    var library = QueueLibrary(now: testDate)
    try library.modify(.upNext) { (queue) throws(QueueError) in try queue.playLast([reference("1")]) }
    #expect(library.finishCurrentEpisode() == nil)
    #expect(library.upNext.isEmpty)
    #expect(library.finishCurrentEpisode() == nil)
  }
}
