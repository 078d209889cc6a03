import Foundation
import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Catalogs built in code")
struct CatalogValidationTests {
  static let date = Date(timeIntervalSince1970: 1_704_067_200)

  static func show(_ url: String, _ episodes: [Episode]) -> Show {
    Show(feedURL: url, title: url, episodes: episodes)
  }

  @Test(
    "the engine refuses what the JSON reader refuses, with the same error",
    arguments: [
      (
        Episode(guid: "g", published: date, durationSeconds: 600, playedSeconds: 700),
        #"show u, episode "g", field "playedSeconds": progress must be less than the duration (600 s); mark the episode played instead, got 700"#
      ),
      (
        Episode(guid: "g", published: date, durationSeconds: 0),
        #"show u, episode "g", field "durationSeconds": duration must be from 1 to 604800 whole seconds (7 days); leave the field out when unknown, got 0"#
      ),
      (
        Episode(guid: "g", published: date, durationSeconds: Int.max),
        #"show u, episode "g", field "durationSeconds": duration must be from 1 to 604800 whole seconds (7 days); leave the field out when unknown, got 9223372036854775807"#
      ),
      (
        Episode(guid: "g", published: date, durationSeconds: 60, playedSeconds: -1),
        #"show u, episode "g", field "playedSeconds": must be 0 or more, got -1"#
      ),
      (
        Episode(guid: "g", published: date, durationSeconds: nil, playedSeconds: 5),
        #"show u, episode "g", field "playedSeconds": progress needs a known duration, got 5"#
      ),
      (
        Episode(guid: "g", published: date, durationSeconds: 60, season: -2),
        #"show u, episode "g", field "season": must be from 0 to 1000000, got -2"#
      ),
      (
        Episode(guid: "g", published: Date(timeIntervalSince1970: 1e12), durationSeconds: 60),
        #"show u, episode "g", field "published": must be a date in the years 1 to 9999 (seconds since 1970 shown), got 1000000000000.0"#
      ),
    ])
  func refusedEpisode(_ episode: Episode, message: String) {
    let catalog = Catalog(shows: [Self.show("u", [episode])])
    #expect(catalog.problems.map(\.description) == [message])
    #expect(throws: catalog.problems.first!) { try FillEngine(catalog: catalog) }
  }

  @Test("two shows with one feed URL, and two episodes with one GUID, are refused")
  func duplicates() {
    let episode = Episode(guid: "g", published: Self.date, durationSeconds: 60)
    let twoShows = Catalog(shows: [Self.show("u", [episode]), Self.show("u", [episode])])
    #expect(throws: CatalogError.duplicateFeedURL("u", firstIndex: 0, secondIndex: 1)) {
      try FillEngine(catalog: twoShows)
    }
    let twoEpisodes = Catalog(shows: [Self.show("u", [episode, episode])])
    #expect(throws: CatalogError.duplicateGUID("g", feedURL: "u")) { try FillEngine(catalog: twoEpisodes) }
  }

  @Test("random catalogs built in code and random requests: a typed error or a sound result, never a trap")
  func randomAPIUse() throws {
    let cases = SeededCases(seed: 0xA9_1F_00, count: 1500)
    var refused = 0
    var filled = 0
    for var trial in cases {
      var shows: [Show] = []
      for showIndex in 0..<Int.random(in: 0...4, using: &trial.random) {
        var episodes: [Episode] = []
        for number in 0..<Int.random(in: 0...8, using: &trial.random) {
          // Mostly valid values, sometimes hostile ones.
          let hostile = Int.random(in: 0..<12, using: &trial.random) == 0
          let duration: Int? =
            hostile
            ? [0, -5, Int.max, Int.min, Episode.maximumDurationSeconds + 1].randomElement(using: &trial.random)!
            : Bool.random(using: &trial.random) ? Int.random(in: 1...4000, using: &trial.random) : nil
          let played =
            hostile && Bool.random(using: &trial.random) ? Int.random(in: -10...9000, using: &trial.random) : 0
          episodes.append(
            Episode(
              guid: hostile && Bool.random(using: &trial.random) ? "dup" : "e\(number)", title: "T",
              published: Self.date.addingTimeInterval(Double(Int.random(in: 0...1000, using: &trial.random)) * 3600),
              durationSeconds: duration, season: Int.random(in: 0...2, using: &trial.random),
              episode: Int.random(in: 0...5, using: &trial.random),
              kind: [.full, .full, .bonus, .trailer].randomElement(using: &trial.random)!, playedSeconds: played,
              isPlayed: Int.random(in: 0..<5, using: &trial.random) == 0))
        }
        let url = Int.random(in: 0..<15, using: &trial.random) == 0 ? "same" : "https://s\(showIndex)"
        shows.append(
          Show(
            feedURL: url, title: "S\(showIndex)", ordering: Bool.random(using: &trial.random) ? .serial : .episodic,
            categories: [["News"], ["Comedy"], []].randomElement(using: &trial.random)!,
            recentListeningSeconds: Int.random(in: 0...100, using: &trial.random), episodes: episodes))
      }
      let catalog = Catalog(shows: shows)
      let engine: FillEngine
      do {
        engine = try FillEngine(catalog: catalog)
      } catch {
        #expect(!catalog.problems.isEmpty, "\(trial)")
        refused += 1
        continue
      }
      #expect(catalog.problems.isEmpty, "\(trial)")
      let mode = FillRequest.Mode.allCases.randomElement(using: &trial.random)!
      let target: Int? =
        mode == .continueSeries && Bool.random(using: &trial.random)
        ? nil
        : Int.random(in: 0..<8, using: &trial.random) == 0
          ? [-5, Int.max, 0].randomElement(using: &trial.random)! : Int.random(in: 60...9000, using: &trial.random)
      let request = FillRequest(
        mode: mode, targetSeconds: target,
        toleranceSeconds: [0, 30, 60, 180, 300, 300, -1, 5000].randomElement(using: &trial.random)!,
        priorityShows: Bool.random(using: &trial.random) ? ["https://s0"] : [],
        excluded: [EpisodeID(feedURL: "https://s1", guid: "e1"), EpisodeID(feedURL: "nowhere", guid: "x")])
      guard let result = try? engine.fill(request) else { continue }
      filled += 1
      let ids = result.entries.map(\.id)
      #expect(Set(ids).count == ids.count, "\(trial): an episode twice")
      #expect(!ids.contains(EpisodeID(feedURL: "https://s1", guid: "e1")), "\(trial)")
      #expect(result.totalSeconds == result.entries.reduce(0) { $0 + ($1.seconds ?? 0) }, "\(trial)")
      if let window = request.window, result.status == .filled {
        #expect(window.contains(result.totalSeconds), "\(trial)")
      }
      #expect((result.status == .filled) == (result.explanation == nil) || result.status == .empty, "\(trial)")
    }
    #expect(
      cases.meets(refused, atLeast: 101, ofFull: 1500) && cases.meets(filled, atLeast: 301, ofFull: 1500),
      "refused \(refused), filled \(filled) of \(cases.count): the cases did not vary enough")
  }
}
