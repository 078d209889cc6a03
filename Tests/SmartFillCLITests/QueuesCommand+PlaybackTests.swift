import Foundation
import Queues
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill queues: switch, play, finish")
struct QueuesCommandPlaybackTests {
  @Test("switching away mid-episode and back keeps both positions")
  func switchKeepsPositions() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "up next", "a5", "--catalog", catalog)
    session.run("add", "commute", "a7", "a6", "--catalog", catalog)
    #expect(
      session.run("play", "--position", "12:34").standardOutput == "📋 Up Next: playing “Five” at 12:34 / 20:00.\n")
    #expect(
      session.run("switch", "commute", "--position", "12:40").standardOutput
        == "Switched from 📋 Up Next (saved at 12:40) to 🚗 Commute: playing “Seven” at 0:00 / 25:00.\n")
    session.run("play", "--position", "3:00")
    #expect(
      session.run("switch", "up next", "--position", "3:05").standardOutput
        == "Switched from 🚗 Commute (saved at 3:05) to 📋 Up Next: playing “Five” at 12:40 / 20:00.\n")
    let library = try session.library()
    #expect(library.upNext.current?.playbackPositionSeconds == 760)
    #expect(try library.queue(.commute).current?.playbackPositionSeconds == 185)
  }

  @Test("finish advances the active queue; the finished episode leaves every queue")
  func finish() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "commute", "a5", "a6", "--catalog", catalog)
    session.run("add", "up next", "a6", "--catalog", catalog)
    session.run("switch", "commute")
    #expect(session.run("finish").standardOutput == "Finished “Five”. 🚗 Commute: playing “Six” at 0:00 / 20:00.\n")
    #expect(session.run("finish").standardOutput == "Finished “Six”. 🚗 Commute: at its end.\n")
    #expect(try session.library().upNext.isEmpty)
    #expect(session.run("finish").standardOutput == "🚗 Commute has nothing to finish: at its end.\n")
  }

  @Test("play picks an episode; bad positions are refused")
  func play() throws {
    let session = try QueuesSession()
    let catalog = try session.write(queuesCatalog)
    session.run("add", "up next", "a5", "a6", "--catalog", catalog)
    #expect(
      session.run("play", "--episode", "2", "--position", "1:02:03").standardError
        == "Error: episode \"a6\" of https://a.example/feed: playback position must be 0 or more and at most the "
        + "duration (1200 s), got 3723 s\n")
    #expect(
      session.run("play", "--episode", "2", "--position", "65").standardOutput
        == "📋 Up Next: playing “Six” at 1:05 / 20:00.\n")
    #expect(
      session.run("play", "--position", "1:5").standardError
        == "Error: The value '1:5' is invalid for '--position <time>'; use seconds, M:SS or H:MM:SS\n")
    #expect(
      session.run("play", "--episode", "3").standardError
        == "Error: The value '3' is invalid for '--episode <n>'; use a whole number from 1 to 2\n")
    #expect(try session.library().upNext.current?.episodeGUID == "a6")
  }
}
