import Foundation
import SmartFill
import Testing

@testable import Feeds

@Suite("Show refresh")
struct ShowRefreshTests {
  let day = Date(timeIntervalSince1970: 1_704_067_200)

  @Test("keeps identity and the listener's progress, adds new episodes and keeps dropped ones")
  func refresh() {
    let old = Show(
      feedURL: "https://s/feed", title: "Old title", recentListeningSeconds: 500,
      episodes: [
        Episode(guid: "a", title: "A", published: day, durationSeconds: 100, playedSeconds: 40),
        Episode(guid: "b", title: "B", published: day, durationSeconds: 200, isPlayed: true),
        Episode(guid: "gone", title: "Gone", published: day, durationSeconds: 300),
      ])
    let newer = Show(
      feedURL: "https://elsewhere/feed", title: "New title", ordering: .serial, categories: ["News"],
      episodes: [
        Episode(guid: "c", title: "C", published: day, durationSeconds: 50),
        Episode(guid: "a", title: "A (remastered)", published: day, durationSeconds: 30),
        Episode(guid: "b", title: "B", published: day, durationSeconds: nil, season: 1),
      ])
    let merged = old.refreshed(with: newer)
    #expect(merged.feedURL == "https://s/feed")
    #expect(merged.recentListeningSeconds == 500)
    #expect(merged.title == "New title")
    #expect(merged.ordering == .serial)
    #expect(merged.categories == ["News"])
    #expect(merged.episodes.map(\.guid) == ["c", "a", "b", "gone"])
    // "a" was 40 s in; the newer duration (30 s) is shorter than that, so the old one stays.
    #expect(
      merged.episodes[1]
        == Episode(guid: "a", title: "A (remastered)", published: day, durationSeconds: 100, playedSeconds: 40))
    #expect(
      merged.episodes[2]
        == Episode(guid: "b", title: "B", published: day, durationSeconds: 200, season: 1, isPlayed: true))
    #expect(Catalog.problems(inJSON: Catalog(shows: [merged]).jsonData()).isEmpty)
  }

  @Test("refreshing with the same snapshot changes nothing")
  func idempotent() {
    let show = Show(
      feedURL: "u", title: "T",
      episodes: [Episode(guid: "a", published: day, durationSeconds: 10, playedSeconds: 3)])
    #expect(show.refreshed(with: show) == show)
  }
}
