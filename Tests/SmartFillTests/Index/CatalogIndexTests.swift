import Foundation
import Testing

@testable import SmartFill

@Suite("Catalog index")
struct CatalogIndexTests {
  static func day(_ number: Int) -> Date { Date(timeIntervalSince1970: 1_704_067_200 + Double(number) * 86_400) }

  static let catalog = Catalog(shows: [
    Show(
      feedURL: "https://b.example/feed", title: "Serial", ordering: .serial, recentListeningSeconds: 50,
      episodes: [
        Episode(guid: "s2", title: "Two", published: day(2), durationSeconds: 600, season: 1, episode: 2),
        Episode(
          guid: "s1", title: "One", published: day(1), durationSeconds: 600, season: 1, episode: 1, isPlayed: true),
        Episode(guid: "s3", title: "Three", published: day(3), durationSeconds: nil, season: 1, episode: 3),
        Episode(guid: "bonus", title: "Bonus", published: day(4), durationSeconds: 300, kind: .bonus),
      ]),
    Show(
      feedURL: "https://a.example/feed", title: "Episodic", recentListeningSeconds: 100,
      episodes: [
        Episode(guid: "e1", title: "Old", published: day(1), durationSeconds: 900),
        Episode(guid: "e2", title: "New", published: day(5), durationSeconds: 900),
        Episode(guid: "trailer", title: "Trailer", published: day(0), durationSeconds: 60, kind: .trailer),
        Episode(guid: "half", title: "Half", published: day(2), durationSeconds: 1200, playedSeconds: 600),
      ]),
  ])

  @Test("chains start after the latest played episode, in series order, with unknown durations as -1")
  func chains() {
    let index = CatalogIndex(Self.catalog)
    #expect(index.latestPlayed == [0, -1])
    let serial = index.chainCandidates[0].map { Self.catalog.shows[0].episodes[Int($0.episode)].guid }
    #expect(serial == ["s2", "s3"])
    #expect(index.chainCandidates[0].map(\.seconds) == [600, -1])
  }

  @Test("free candidates are in priority order: more listening, then older; no trailers, remaining time")
  func freeOrder() {
    let index = CatalogIndex(Self.catalog)
    let names = index.freeOrder.map { Self.catalog.shows[Int($0.show)].episodes[Int($0.episode)].guid }
    #expect(names == ["e1", "half", "e2", "bonus"])
    #expect(index.freeOrder.map(\.seconds) == [900, 600, 900, 300])
    #expect(index.freeOrder.map(\.sameDurationRank) == [0, 0, 1, 0])
    #expect(index.feedRank == [1, 0])
  }

  @Test("GUIDs are found by hash within their show, and only there")
  func guids() {
    let index = CatalogIndex(Self.catalog)
    #expect(index.episode(withGUID: "s3", inShow: 0, of: Self.catalog) == 2)
    #expect(index.episode(withGUID: "e2", inShow: 0, of: Self.catalog) == nil)
    #expect(index.episode(withGUID: "e2", inShow: 1, of: Self.catalog) == 1)
  }
}
