import Foundation
import Queues
import SmartFill
import Testing

@Suite("Catalog episodes by id")
struct CatalogEpisodeLookupTests {
  @Test("the episodes named by id are found with their shows; unknown ids are left out")
  func lookup() {
    let date = Date(timeIntervalSince1970: 0)
    let catalog = Catalog(shows: [
      Show(
        feedURL: "https://a.example/feed", title: "A",
        episodes: [
          Episode(guid: "1", title: "One", published: date, durationSeconds: 60),
          Episode(guid: "2", title: "Two", published: date, durationSeconds: 60),
        ]),
      Show(
        feedURL: "https://b.example/feed", title: "B",
        episodes: [Episode(guid: "1", title: "Uno", published: date, durationSeconds: 60)]),
    ])
    let found = catalog.episodes(withIDs: [
      EpisodeID(feedURL: "https://b.example/feed", guid: "1"), EpisodeID(feedURL: "https://a.example/feed", guid: "2"),
      EpisodeID(feedURL: "https://c.example/feed", guid: "1"),
    ])
    #expect(found.count == 2)
    #expect(found[EpisodeID(feedURL: "https://b.example/feed", guid: "1")]?.episode.title == "Uno")
    #expect(found[EpisodeID(feedURL: "https://a.example/feed", guid: "2")]?.show.title == "A")
  }
}
