import Foundation
import Testing

@testable import SmartFill

@Suite("Why a fill is short or empty")
struct FillResultExplanationTests {
  static func day(_ number: Int) -> Date { Date(timeIntervalSince1970: 1_704_067_200 + Double(number) * 86_400) }

  static func show(_ url: String, _ episodes: [(String, Int?, Bool)], serial: Bool = false) -> Show {
    Show(
      feedURL: url, title: url, ordering: serial ? .serial : .episodic,
      episodes: episodes.enumerated().map { offset, episode in
        Episode(
          guid: episode.0, title: episode.0, published: day(offset), durationSeconds: episode.1, season: 1,
          episode: offset + 1, isPlayed: episode.2)
      })
  }

  static func fill(_ shows: [Show], _ mode: FillRequest.Mode = .fillTime, minutes: Int? = 45, excluding: [String] = [])
    throws -> FillResult
  {
    let excluded = Set(
      shows.flatMap { show in
        show.episodes.filter { excluding.contains($0.guid) }.map { EpisodeID(feedURL: show.feedURL, guid: $0.guid) }
      })
    return try FillEngine(catalog: Catalog(shows: shows)).fill(
      FillRequest(mode: mode, targetSeconds: minutes.map { $0 * 60 }, excluded: excluded))
  }

  @Test("every played episode, in every mode", arguments: FillRequest.Mode.allCases)
  func everythingPlayed(_ mode: FillRequest.Mode) throws {
    let result = try Self.fill([Self.show("a", [("1", 600, true), ("2", 600, true)])], mode)
    #expect(result.status == .empty)
    #expect(result.explanation == .everythingPlayed)
  }

  @Test("every unplayed episode excluded or already queued")
  func everythingExcluded() throws {
    let result = try Self.fill(
      [Self.show("a", [("1", 600, false), ("2", 600, false), ("3", 600, true)])], excluding: ["1", "2"])
    #expect(result.explanation == .everythingExcluded(count: 2))
    #expect(result.message == "All 2 unplayed episodes are already queued or excluded.")
    let one = try Self.fill([Self.show("a", [("1", 600, false)])], excluding: ["1"])
    #expect(one.message == "The only unplayed episode is already queued or excluded.")
  }

  @Test("no unplayed episode with a known duration")
  func noKnownDuration() throws {
    let result = try Self.fill([Self.show("a", [("1", nil, false), ("2", nil, false), ("3", nil, false)])])
    #expect(result.explanation == .noKnownDuration(count: 3))
    #expect(result.message == "None of the 3 unplayed episodes has a known duration, so none can be timed.")
    let story = try Self.fill([Self.show("s", [("1", nil, false), ("2", 600, false)], serial: true)], .continueSeries)
    #expect(story.status == .empty)
    #expect(story.explanation == .noKnownDuration(count: 1))
  }

  @Test("every episode longer than the window, and a window no combination reaches")
  func windows() throws {
    let long = try Self.fill([Self.show("a", [("1", 3600, false)])])
    #expect(long.status == .short)
    #expect(long.explanation == .nothingShortEnough(window: 2520...2880))
    #expect(long.message == "Nothing fits in 42 min–48 min: every available episode is longer.")
    let short = try Self.fill([Self.show("a", [("1", 600, false), ("2", 900, false)])])
    #expect(short.explanation == .windowUnreachable(window: 2520...2880, closestSeconds: 1500))
    #expect(short.message == "No combination of the available episodes reaches 42 min–48 min; the closest is 25 min.")
  }

  @Test("the variety rule and the window in conflict")
  func varietyConflict() throws {
    // One show only: at most two of its episodes can follow each other, and two are 30 minutes.
    let result = try Self.fill([Self.show("a", [("1", 900, false), ("2", 900, false), ("3", 900, false)])], .variety)
    #expect(result.explanation == .varietyConflict(window: 2520...2880, closestSeconds: 1800))
    #expect(
      result.message
        == "The variety rule (never three in a row from one show) and the 42 min–48 min window cannot both be met "
        + "with these episodes; the closest is 30 min.")
  }

  @Test("a filled result has no explanation")
  func filled() throws {
    let result = try Self.fill([Self.show("a", [("1", 2700, false)])])
    #expect(result.status == .filled)
    #expect(result.explanation == nil)
    #expect(result.message == nil)
  }
}
