import FillRules
import Foundation
import SmartFillSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

/// The seeded generator of the property tests (SplitMix64), so that every failure can be replayed from its seed.
typealias SeededGenerator = SplitMix64

let epoch = Date(timeIntervalSince1970: 1_700_000_000)

func day(_ offset: Int) -> Date { epoch.addingTimeInterval(Double(offset) * 86_400) }

/// A full, unplayed episode of `minutes` minutes.
func ep(
  _ guid: String, minutes: Int, day offset: Int = 0, season: Int? = nil, episode: Int? = nil,
  kind: Episode.Kind = .full, played: Bool = false
) -> Episode {
  Episode(
    guid: guid, title: guid, published: day(offset), durationSeconds: minutes * 60, season: season,
    episode: episode, kind: kind, isPlayed: played)
}

/// A random small catalog: up to `maximumShows` shows, a mix of serial and episodic, with played, partly
/// played, trailer, bonus, excluded-to-be and unknown-duration episodes, repeated numbers and equal dates.
func randomCatalog(
  _ random: inout SeededGenerator, maximumShows: Int = 4, maximumEpisodes: Int = 5, minuteScale: Bool = true
) -> Catalog {
  var shows: [Show] = []
  let showCount = Int.random(in: 1...maximumShows, using: &random)
  for showIndex in 0..<showCount {
    var episodes: [Episode] = []
    let episodeCount = Int.random(in: 0...maximumEpisodes, using: &random)
    for episodeIndex in 0..<episodeCount {
      var duration: Int? =
        minuteScale
        ? Int.random(in: 1...40, using: &random) * 60 + (Bool.random(using: &random) ? 0 : 30)
        : Int.random(in: 1...600, using: &random)
      if Int.random(in: 0..<12, using: &random) == 0 { duration = nil }
      let kindRoll = Int.random(in: 0..<10, using: &random)
      let kind: Episode.Kind = kindRoll == 0 ? .trailer : kindRoll == 1 ? .bonus : .full
      let isPlayed = Int.random(in: 0..<5, using: &random) == 0
      var played = 0
      if let duration, !isPlayed, Int.random(in: 0..<5, using: &random) == 0 {
        played = Int.random(in: 0..<duration, using: &random)
      }
      episodes.append(
        Episode(
          guid: "s\(showIndex)e\(episodeIndex)", title: "Episode \(episodeIndex)",
          published: day(Int.random(in: 0..<6, using: &random)), durationSeconds: duration,
          season: Bool.random(using: &random) ? Int.random(in: 1...2, using: &random) : nil,
          episode: Int.random(in: 0..<4, using: &random) == 0 ? nil : Int.random(in: 1...4, using: &random),
          kind: kind, playedSeconds: played, isPlayed: isPlayed))
    }
    shows.append(
      Show(
        feedURL: "https://example.com/\(showIndex).xml", title: "Show \(showIndex)",
        ordering: Bool.random(using: &random) ? .serial : .episodic,
        categories: [["News", "History", "Comedy"][Int.random(in: 0..<3, using: &random)]],
        recentListeningSeconds: [0, 0, 3600, 7200][Int.random(in: 0..<4, using: &random)], episodes: episodes))
  }
  return Catalog(shows: shows.shuffled(using: &random))
}

/// A catalog and request for the brute-force tests: a random catalog (``randomCatalog(_:maximumShows:maximumEpisodes:minuteScale:)``),
/// with `drawsRequest` random priority shows and exclusions, drawn again until its candidates, as `items` lists
/// them, are few enough for brute force to enumerate (at most 14).
struct BruteForceCase {
  var catalog: Catalog
  var priority: [String] = []
  var excluded: Set<EpisodeID> = []
  var items: [Rules.Item] = []

  init(
    _ random: inout SeededGenerator, maximumShows: Int = 4, maximumEpisodes: Int = 5, drawsRequest: Bool = true,
    items: (Catalog, _ priority: [String], _ excluded: Set<EpisodeID>) -> [Rules.Item]
  ) {
    repeat {
      catalog = randomCatalog(&random, maximumShows: maximumShows, maximumEpisodes: maximumEpisodes)
      if drawsRequest {
        let ids = catalog.shows.flatMap { show in show.episodes.map { EpisodeID(feedURL: show.feedURL, guid: $0.guid) }
        }
        excluded = Set(ids.filter { _ in Int.random(in: 0..<8, using: &random) == 0 })
        priority = catalog.shows.map(\.feedURL).filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
      }
      self.items = items(catalog, priority, excluded)
    } while self.items.count > 14
  }
}

/// Expects `result`'s status from the brute force's: empty without candidates, else filled exactly when the
/// rule's selection lands in the window.
func expectStatus(
  _ result: FillResult, ofItems items: [Rules.Item], inWindow: Bool, _ context: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let expected: FillResult.Status = items.isEmpty ? .empty : inWindow ? .filled : .short
  #expect(result.status == expected, "\(context)", sourceLocation: sourceLocation)
}
