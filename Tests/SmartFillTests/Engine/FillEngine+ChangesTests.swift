import Foundation
import SmartFillTestSupport
import Testing

@testable import SmartFill

/// Random change sequences applied in place, each followed by fills compared with a freshly built engine on
/// the same catalog, and the catalog compared with a model changed by plain array operations.
@Suite("Changes applied in place")
struct FillEngineChangesTests {
  /// A random change to `model`, applied to the model here; `nil` when the catalog offers nothing to change.
  static func randomChange(_ model: inout Catalog, _ random: inout SeededGenerator, serial: inout Int) -> FillEngine
    .Change?
  {
    let roll = Int.random(in: 0..<10, using: &random)
    if roll == 0 || model.shows.isEmpty {
      serial += 1
      let show = Show(
        feedURL: "https://example.com/new-\(serial).xml", title: "New \(serial)",
        ordering: Bool.random(using: &random) ? .serial : .episodic, categories: ["News"],
        recentListeningSeconds: [0, 3600][Int.random(in: 0..<2, using: &random)],
        episodes: (0..<Int.random(in: 0...4, using: &random)).map { index in
          ep(
            "n\(serial)-\(index)", minutes: Int.random(in: 1...40, using: &random), day: index, season: 1,
            episode: index + 1)
        })
      model.shows.append(show)
      return .addShow(show)
    }
    let show = Int.random(in: 0..<model.shows.count, using: &random)
    let feedURL = model.shows[show].feedURL
    if roll == 1 {
      model.shows.remove(at: show)
      return .removeShow(feedURL: feedURL)
    }
    if roll == 2 {
      let seconds = [0, 100, 3600, 7200][Int.random(in: 0..<4, using: &random)]
      model.shows[show].recentListeningSeconds = seconds
      return .setRecentListening(feedURL: feedURL, seconds: seconds)
    }
    if roll == 3 || model.shows[show].episodes.isEmpty {
      serial += 1
      let episode = ep(
        "added-\(serial)", minutes: Int.random(in: 1...40, using: &random), day: Int.random(in: 0..<8, using: &random),
        season: Int.random(in: 1...2, using: &random), episode: Int.random(in: 1...5, using: &random),
        kind: Int.random(in: 0..<6, using: &random) == 0 ? .bonus : .full)
      model.shows[show].episodes.append(episode)
      return .addEpisode(episode, feedURL: feedURL)
    }
    let episode = Int.random(in: 0..<model.shows[show].episodes.count, using: &random)
    let id = EpisodeID(feedURL: feedURL, guid: model.shows[show].episodes[episode].guid)
    switch roll {
    case 4, 5:
      model.shows[show].episodes[episode].isPlayed = true
      return .markPlayed(id)
    case 6:
      model.shows[show].episodes[episode].isPlayed = false
      model.shows[show].episodes[episode].playedSeconds = 0
      return .markUnplayed(id)
    case 7:
      model.shows[show].episodes.remove(at: episode)
      return .removeEpisode(id)
    default:
      guard let duration = model.shows[show].episodes[episode].durationSeconds else {
        model.shows[show].episodes[episode].isPlayed = true
        return .markPlayed(id)
      }
      let played = Int.random(in: 0..<max(1, duration), using: &random)
      model.shows[show].episodes[episode].playedSeconds = played
      return .setProgress(id, playedSeconds: played)
    }
  }

  @Test("after every change of random sequences, every fill equals a freshly built engine's")
  func againstRebuilding() throws {
    let cases = SeededCases(seed: 0xC4A_4E, count: 150)
    var compared = 0
    for var trial in cases {
      var model = randomCatalog(&trial.random, maximumShows: 5, maximumEpisodes: 8)
      var engine = try FillEngine(catalog: model)
      var serial = 0
      for step in 0..<20 {
        guard let change = Self.randomChange(&model, &trial.random, serial: &serial) else { continue }
        let context = "\(trial): step \(step): \(change)"
        try engine.apply(change)
        #expect(engine.catalog == model, "\(context)")
        let fresh = try FillEngine(catalog: model)
        let priority = model.shows.map(\.feedURL).filter { _ in Int.random(in: 0..<4, using: &trial.random) == 0 }
        for mode in FillRequest.Mode.allCases {
          let target = Int.random(in: 5...90, using: &trial.random) * 60
          let request = FillRequest(
            mode: mode, targetSeconds: mode == .continueSeries && Bool.random(using: &trial.random) ? nil : target,
            priorityShows: priority)
          #expect(try engine.fill(request) == fresh.fill(request), "\(context), \(mode) \(target) s")
          compared += 1
        }
      }
    }
    #expect(cases.meets(compared, atLeast: 8001, ofFull: 150), "\(compared) fills compared")
  }

  @Test("a refused change throws a typed error and leaves the engine as it was")
  func refusedChanges() throws {
    let show = Show(
      feedURL: "https://example.com/a.xml", title: "A", episodes: [ep("a1", minutes: 10), ep("a2", minutes: 20)])
    var engine = try FillEngine(catalog: Catalog(shows: [show]))
    let before = engine.catalog
    let missing = EpisodeID(feedURL: show.feedURL, guid: "nope")
    #expect(throws: FillEngine.ChangeError.unknownEpisode(missing)) { try engine.apply(.markPlayed(missing)) }
    #expect(throws: FillEngine.ChangeError.unknownShow(feedURL: "https://example.com/b.xml")) {
      try engine.apply(.removeShow(feedURL: "https://example.com/b.xml"))
    }
    #expect(throws: FillEngine.ChangeError.invalid(.duplicateGUID("a1", feedURL: show.feedURL))) {
      try engine.apply(.addEpisode(ep("a1", minutes: 5), feedURL: show.feedURL))
    }
    #expect(throws: FillEngine.ChangeError.invalid(.duplicateFeedURL(show.feedURL, firstIndex: 0, secondIndex: 1))) {
      try engine.apply(.addShow(show))
    }
    let id = EpisodeID(feedURL: show.feedURL, guid: "a1")
    #expect(throws: FillEngine.ChangeError.self) { try engine.apply(.setProgress(id, playedSeconds: -5)) }
    #expect(engine.catalog == before)
    let result = try engine.fill(FillRequest(mode: .fillTime, targetSeconds: 30 * 60))
    #expect(result.totalSeconds == 30 * 60)
  }

  @Test("marking the next episode of a story played moves continue series on to the one after it")
  func markPlayedMovesTheStoryOn() throws {
    let story = Show(
      feedURL: "https://example.com/s.xml", title: "Story", ordering: .serial,
      episodes: (1...4).map { ep("s\($0)", minutes: 20, day: $0, season: 1, episode: $0) })
    var engine = try FillEngine(catalog: Catalog(shows: [story]))
    try engine.apply(.markPlayed(EpisodeID(feedURL: story.feedURL, guid: "s1")))
    let next = try engine.fill(FillRequest(mode: .continueSeries, targetSeconds: nil))
    #expect(next.entries.map(\.id.guid) == ["s2"])
  }
}
