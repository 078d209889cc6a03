import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("QueuesCommandUndo")
struct QueuesCommandUndoTests {
  static func episode(_ number: Int) -> EpisodeReference {
    EpisodeReference(
      episodeGUID: "e\(number)", feedURL: "https://a.example/feed", durationSeconds: 60 * (number + 1),
      addedAt: day(0))
  }

  @Test("putting back agrees with the library's own undoClear on 3,000 seeded histories")
  func againstTheLibrary() throws {
    for var trial in SeededCases(seed: 0x0D0_C1EA, count: 3_000) {
      var library = QueueLibrary(now: day(0))
      let count = trial.random.integer(in: 0...7)
      let playhead = trial.random.integer(in: 0...count)
      try library.modify(.commute, now: day(0)) { (queue) throws(QueueError) in
        try queue.playLast((0..<count).map(Self.episode))
        try queue.makeCurrent(at: playhead)
      }
      let old = try library.queue(.commute)
      let token = try library.clear(.commute, now: day(1))
      // Since the clear: episodes added (new ones, and some of the cleared ones), perhaps one played.
      let added = (0..<trial.random.integer(in: 0...4)).map { _ in Self.episode(trial.random.integer(in: 0...11)) }
      try library.modify(.commute, now: day(2)) { (queue) throws(QueueError) in
        try queue.playLast(added)
        if !queue.isEmpty, trial.random.integer(in: 0...1) == 0 {
          try queue.makeCurrent(at: trial.random.integer(in: 0...queue.count))
        }
      }
      var ours = try library.queue(.commute)
      _ = try QueuesCommandUndo.putBack(old, into: &ours)
      try library.undoClear(token, now: day(3))
      let theirs = try library.queue(.commute)
      #expect(ours.episodes == theirs.episodes, "\(trial)")
      #expect(ours.currentIndex == theirs.currentIndex, "\(trial)")
    }
  }
}
