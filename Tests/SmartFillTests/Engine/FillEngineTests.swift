import Foundation
import Testing

@testable import SmartFill

@Suite("Fill engine")
struct FillEngineTests {
  let catalog = Catalog(shows: [
    Show(feedURL: "https://example.com/a.xml", title: "A", episodes: [ep("a1", minutes: 20), ep("a2", minutes: 25)])
  ])

  static let badRequests: [(FillRequest, FillError)] = [
    (FillRequest(mode: .fillTime, targetSeconds: 0), .invalidTarget(seconds: 0)),
    (FillRequest(mode: .fillTime, targetSeconds: -60), .invalidTarget(seconds: -60)),
    (FillRequest(mode: .variety, targetSeconds: 8 * 24 * 3600), .invalidTarget(seconds: 8 * 24 * 3600)),
    (
      FillRequest(mode: .fillTime, targetSeconds: 600, toleranceSeconds: -1),
      .invalidTolerance(seconds: -1, targetSeconds: 600)
    ),
    (
      FillRequest(mode: .fillTime, targetSeconds: 600, toleranceSeconds: 600),
      .invalidTolerance(seconds: 600, targetSeconds: 600)
    ),
    (
      FillRequest(mode: .fillTime, targetSeconds: 9000, toleranceSeconds: 1801),
      .invalidTolerance(seconds: 1801, targetSeconds: 9000)
    ),
    (FillRequest(mode: .fillTime, targetSeconds: nil), .missingTarget(mode: .fillTime)),
    (FillRequest(mode: .variety, targetSeconds: nil), .missingTarget(mode: .variety)),
    (
      FillRequest(mode: .continueSeries, targetSeconds: 600, priorityShows: ["https://nowhere.example/x.xml"]),
      .unknownPriorityShow(feedURL: "https://nowhere.example/x.xml")
    ),
  ]

  @Test("a bad request is a typed error", arguments: badRequests)
  func badRequest(_ request: FillRequest, expected: FillError) {
    #expect(throws: expected) { try FillEngine(catalog: catalog).fill(request) }
  }

  @Test("error messages name the value")
  func messages() {
    #expect(FillError.invalidTarget(seconds: 0).description == "target must be between 1 second and 7 days, got 0 s")
    #expect(
      FillError.invalidTolerance(seconds: 600, targetSeconds: 600).description
        == "tolerance must be 0 or more, less than the target (600 s) and at most 30 minutes, got 600 s")
    #expect(
      FillError.unknownPriorityShow(feedURL: "x").description == #"priority show "x" is not in the catalog"#)
  }

  @Test("an empty catalog is empty in every mode, with the message", arguments: FillRequest.Mode.allCases)
  func emptyCatalog(_ mode: FillRequest.Mode) throws {
    let result = try FillEngine(catalog: Catalog()).fill(FillRequest(mode: mode, targetSeconds: 2700))
    #expect(result.status == .empty)
    #expect(result.entries.isEmpty)
    #expect(result.explanation == .noEpisodes)
    #expect(result.message == "No episodes available. Subscribe to more shows?")
  }

  @Test(
    "played, trailer, excluded and unknown-duration episodes are never chosen", arguments: FillRequest.Mode.allCases)
  func neverChosen(_ mode: FillRequest.Mode) throws {
    var unknown = ep("unknown", minutes: 1, day: 5)
    unknown.durationSeconds = nil
    let show = Show(
      feedURL: "u", title: "S",
      episodes: [
        ep("played", minutes: 10, day: 0, played: true), ep("trailer", minutes: 10, day: 1, kind: .trailer), unknown,
        ep("excluded", minutes: 10, day: 2), ep("ok", minutes: 10, day: 3),
      ])
    let result = try FillEngine(catalog: Catalog(shows: [show])).fill(
      FillRequest(mode: mode, targetSeconds: 3600, excluded: [EpisodeID(feedURL: "u", guid: "excluded")]))
    #expect(result.entries.map(\.id.guid) == ["ok"])
    #expect(result.status == .short)
  }

  @Test("everything played: empty in every mode", arguments: FillRequest.Mode.allCases)
  func everythingPlayed(_ mode: FillRequest.Mode) throws {
    let show = Show(feedURL: "u", title: "S", episodes: [ep("a", minutes: 10, played: true)])
    let result = try FillEngine(catalog: Catalog(shows: [show])).fill(FillRequest(mode: mode, targetSeconds: 600))
    #expect(result.status == .empty)
  }

  @Test("a serial chain stops before an episode of unknown duration")
  func chainStopsAtUnknownDuration() throws {
    var unknown = ep("e2", minutes: 1, day: 1, season: 1, episode: 2)
    unknown.durationSeconds = nil
    let show = Show(
      feedURL: "u", title: "S", ordering: .serial,
      episodes: [
        ep("e1", minutes: 10, day: 0, season: 1, episode: 1), unknown,
        ep("e3", minutes: 10, day: 2, season: 1, episode: 3),
      ])
    let result = try FillEngine(catalog: Catalog(shows: [show])).fill(FillRequest(mode: .fillTime, targetSeconds: 1200))
    #expect(result.entries.map(\.id.guid) == ["e1"])
  }

  @Test("durations without a common unit, in seconds, still land exactly")
  func oddSeconds() throws {
    let show = Show(
      feedURL: "u", title: "S",
      episodes: [
        Episode(guid: "a", published: day(0), durationSeconds: 1001),
        Episode(guid: "b", published: day(1), durationSeconds: 1699),
        Episode(guid: "c", published: day(2), durationSeconds: 2699),
      ])
    let result = try FillEngine(catalog: Catalog(shows: [show])).fill(
      FillRequest(mode: .fillTime, targetSeconds: 2700, toleranceSeconds: 0))
    #expect(result.status == .filled)
    #expect(Set(result.entries.map(\.id.guid)) == ["a", "b"])
  }
}
