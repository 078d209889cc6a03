import FillRules
import Foundation
import SmartFillSupport
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

@Suite("Continue series")
struct ContinueSeriesTests {
  let serial = Show(
    feedURL: "https://example.com/serial.xml", title: "Serial", ordering: .serial, recentListeningSeconds: 100,
    episodes: [
      ep("s1e1", minutes: 30, day: 0, season: 1, episode: 1, played: true),
      ep("s1e2", minutes: 30, day: 1, season: 1, episode: 2),
      ep("s2e1", minutes: 20, day: 2, season: 2, episode: 1),
      ep("bonus", minutes: 5, day: 1, kind: .bonus),
    ])
  let episodic = Show(
    feedURL: "https://example.com/episodic.xml", title: "Episodic",
    episodes: [ep("old", minutes: 15, day: 0), ep("new", minutes: 15, day: 5)])

  @Test("without a target: one next episode per show, by show priority")
  func nextEpisodes() throws {
    let result = try FillEngine(catalog: Catalog(shows: [episodic, serial])).fill(
      FillRequest(mode: .continueSeries, targetSeconds: nil))
    #expect(result.entries.map(\.id.guid) == ["s1e2", "old"])
    #expect(result.status == .filled)
    #expect(result.targetSeconds == nil)
    #expect(result.deviationSeconds == nil)
    #expect(result.entries.allSatisfy { $0.reason == .nextInSeries })
  }

  @Test("a priority show comes first")
  func priorityFirst() throws {
    let result = try FillEngine(catalog: Catalog(shows: [episodic, serial])).fill(
      FillRequest(mode: .continueSeries, targetSeconds: nil, priorityShows: [episodic.feedURL]))
    #expect(result.entries.map(\.id.guid) == ["old", "s1e2"])
    #expect(result.entries.first?.reason == .priorityShow)
  }

  @Test("with a target: one from each show before a second from any, never overfilled")
  func spread() throws {
    // 45 ± 3: round 1 takes s1e2 (30) and old (15) = 45.
    let result = try FillEngine(catalog: Catalog(shows: [episodic, serial])).fill(
      FillRequest(mode: .continueSeries, targetSeconds: 45 * 60))
    #expect(result.entries.map(\.id.guid) == ["s1e2", "old"])
    #expect(result.status == .filled)
  }

  @Test("the design's loop overshoots by a whole episode; the engine lands in the window")
  func noOverfill() throws {
    // 50 ± 3: the design appends s1e2 (30) and old (15), then s2e1 (20) to reach 50: 65 minutes.
    let result = try FillEngine(catalog: Catalog(shows: [episodic, serial])).fill(
      FillRequest(mode: .continueSeries, targetSeconds: 50 * 60))
    #expect(result.status == .filled)
    #expect(result.totalSeconds == 50 * 60)
    #expect(result.entries.map(\.id.guid) == ["s1e2", "s2e1"])
  }

  @Test("an excluded episode does not break the chain")
  func exclusionKeepsTheChain() throws {
    let result = try FillEngine(catalog: Catalog(shows: [serial])).fill(
      FillRequest(
        mode: .continueSeries, targetSeconds: nil,
        excluded: [EpisodeID(feedURL: serial.feedURL, guid: "s1e2")]))
    #expect(result.entries.map(\.id.guid) == ["s2e1"])
  }

  @Test("everything played: empty, with the message")
  func everythingPlayed() throws {
    let played = Show(feedURL: "u", title: "P", episodes: [ep("a", minutes: 10, played: true)])
    let result = try FillEngine(catalog: Catalog(shows: [played])).fill(
      FillRequest(mode: .continueSeries, targetSeconds: nil))
    #expect(result.status == .empty)
    #expect(result.explanation == .everythingPlayed)
    #expect(result.message == "Every episode has been played. New episodes will appear when your shows publish them.")
  }

  @Test("matches the documented round-robin rule on thousands of seeded random catalogs (brute force)")
  func bruteForce() throws {
    let cases = SeededCases(seed: 0xC0_17_1E, count: 3000)
    var inWindow = 0
    // One pool that keeps every array for all the engines: each fill's rows are on words earlier fills left.
    let pool = ScratchPool(smallestPooledWords: 1)
    for var trial in cases {
      let drawn = BruteForceCase(&trial.random, maximumEpisodes: 6) {
        Rules.roundRobinItems($0, priorityShows: $1, excluded: $2)
      }
      let (catalog, priority, excluded, items) = (drawn.catalog, drawn.priority, drawn.excluded, drawn.items)
      let target = Int.random(in: 1...120, using: &trial.random) * 60 + Int.random(in: 0..<60, using: &trial.random)
      let tolerance = min(target - 1, [0, 180, 300, 30, 1800][Int.random(in: 0..<5, using: &trial.random)])
      let aim = [0, 20, 60, 180, 1800][Int.random(in: 0..<5, using: &trial.random)]
      let expected = Rules.select(items, window: (target - tolerance)...(target + tolerance), aim: aim)
      var engine = try FillEngine(catalog: catalog)
      engine.scratch = pool
      let result = try engine.fill(
        FillRequest(
          mode: .continueSeries, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim,
          priorityShows: priority, excluded: excluded))
      let context = "\(trial): target \(target) ± \(tolerance)"
      // The order of the output is the order taken: round-robin.
      #expect(result.entries.map(\.id) == expected.taken.map { items[$0].id }, "\(context)")
      #expect(result.totalSeconds == expected.total, "\(context)")
      expectStatus(result, ofItems: items, inWindow: expected.inWindow, context)
      if expected.inWindow { inWindow += 1 }
    }
    #expect(
      cases.meets(inWindow, atLeast: 301, ofFull: 3000),
      "the random cases should often be feasible, got \(inWindow) of \(cases.count)")
    #expect(
      TestScale.replayedSeed != nil || !pool.keptWordCapacities.isEmpty, "the fills gave their rows' words back")
  }
}

@Suite("Continue series and episodes of unknown length")
struct ContinueSeriesUnknownLengthTests {
  /// An episode of unknown length.
  static func unknown(_ guid: String, day offset: Int, season: Int? = nil, episode: Int? = nil) -> Episode {
    Episode(guid: guid, title: guid, published: day(offset), durationSeconds: nil, season: season, episode: episode)
  }

  /// A show like a real Portuguese tech show: 435 episodes, 337 of them without a duration, none played.
  static let techShow: Show = {
    var episodes: [Episode] = []
    for number in 0..<435 {
      // The 98 timed ones are scattered: every fourth-or-so episode, starting with the 40th.
      let timed = number >= 40 && number % 4 == 0 && episodes.filter { $0.durationSeconds != nil }.count < 98
      episodes.append(
        timed ? ep("t\(number)", minutes: 20 + number % 30, day: number) : unknown("u\(number)", day: number))
    }
    return Show(feedURL: "https://tech.example/feed", title: "Tech PT", episodes: episodes)
  }()

  @Test("without a target, each show's next episode is offered whatever is known of its length")
  func noTarget() throws {
    let result = try FillEngine(catalog: Catalog(shows: [Self.techShow])).fill(
      FillRequest(mode: .continueSeries, targetSeconds: nil))
    #expect(result.status == .filled)
    #expect(result.entries.map(\.id.guid) == ["u0"])
    #expect(result.entries.map(\.seconds) == [nil])
    #expect(result.explanation == nil)
  }

  @Test("with a target, an episodic show's episodes of unknown length are passed over and counted")
  func episodicPassesOver() throws {
    #expect(Self.techShow.episodes.filter { $0.durationSeconds == nil }.count == 337)
    let result = try FillEngine(catalog: Catalog(shows: [Self.techShow])).fill(
      FillRequest(mode: .continueSeries, targetSeconds: 64 * 60))
    #expect(result.status == .filled)
    // The first timed episodes, in order: t40 (30 min) and t44 (34 min).
    #expect(result.entries.map(\.id.guid) == ["t40", "t44"])
    #expect(
      result.notes == [
        .unknownLengthsPassedOver(feedURL: "https://tech.example/feed", showTitle: "Tech PT", count: 337)
      ])
    #expect(result.notes.map(\.description) == ["Tech PT: 337 episodes of unknown length passed over."])
  }

  @Test("with a target, a serial show's story stops before an episode of unknown length, and says so")
  func serialStops() throws {
    let serial = Show(
      feedURL: "https://story.example", title: "Story", ordering: .serial,
      episodes: [
        ep("s1", minutes: 10, day: 1, season: 1, episode: 1), Self.unknown("s2", day: 2, season: 1, episode: 2),
        ep("s3", minutes: 10, day: 3, season: 1, episode: 3),
      ])
    let other = Show(feedURL: "https://other.example", title: "Other", episodes: [ep("o1", minutes: 30, day: 1)])
    let result = try FillEngine(catalog: Catalog(shows: [serial, other])).fill(
      FillRequest(mode: .continueSeries, targetSeconds: 40 * 60))
    #expect(Set(result.entries.map(\.id.guid)) == ["s1", "o1"])
    #expect(
      result.notes == [
        .storyStopsAtUnknownLength(feedURL: "https://story.example", showTitle: "Story", episodeTitle: "s2")
      ])
    #expect(
      result.notes.map(\.description) == ["Story: the next episode's length is unknown (s2), so the story stops here."])
  }

  @Test("only unknown lengths left: empty with the reason, never 'subscribe to more shows'")
  func onlyUnknown() throws {
    let show = Show(
      feedURL: "https://u.example", title: "U", episodes: [Self.unknown("a", day: 1), Self.unknown("b", day: 2)])
    let result = try FillEngine(catalog: Catalog(shows: [show])).fill(
      FillRequest(mode: .continueSeries, targetSeconds: 45 * 60))
    #expect(result.status == .empty)
    #expect(result.explanation == .noKnownDuration(count: 2))
    #expect(result.notes.map(\.description) == ["U: 2 episodes of unknown length passed over."])
  }
}

@Suite("Continue series from the first chains only")
struct ContinueSeriesFollowingTests {
  @Test("a settled selection among the first chains is the selection among all of them, also going on with more")
  func settledMeansEqual() {
    let cases = SeededCases(seed: 0x5E771ED, count: 3000)
    var settled = 0
    var unsettled = 0
    var grown = 0
    // The solvers of first chains take their rows' words from one pool (the whole one does not), so that a
    // place kept between calls and words an earlier solver left are checked too.
    let pool = ScratchPool(smallestPooledWords: 1)
    for var trial in cases {
      let chainCount = Int.random(in: 2...12, using: &trial.random)
      let chains = (0..<chainCount).map { _ in
        (0..<Int.random(in: 1...4, using: &trial.random)).map { _ in Int.random(in: 1...40, using: &trial.random) }
      }
      let target = Int.random(in: 10...150, using: &trial.random)
      let tolerance = Int.random(in: 0...min(target, 12), using: &trial.random)
      let window = (target - tolerance)...(target + tolerance)
      let aim =
        Bool.random(using: &trial.random)
        ? Aim(targetSeconds: target, aimSeconds: [0, 2, 5].randomElement(using: &trial.random)!) : nil
      var solver = ContinueSeries(chains: chains)
      let whole = solver.select(in: window, aim: aim)
      // The shortest first episode among the chains from `first` on that fit under the window's top.
      func following(_ first: Int) -> Int? {
        chains[first...].compactMap { $0[0] <= window.upperBound ? $0[0] : nil }.min()
      }
      let context =
        "\(trial): chains \(chains), window \(window), aim \(aim.map { "\($0.aimSeconds)" } ?? "none")"
      for first in 1..<chainCount {
        var prefix = ContinueSeries(chains: Array(chains[..<first]))
        prefix.scratch = pool
        let part = prefix.select(in: window, aim: aim, following: following(first))
        guard part.settled else {
          unsettled += 1
          continue
        }
        settled += 1
        #expect(part.picks == whole.picks, "\(context), first \(first)")
        #expect(part.total == whole.total, "\(context), first \(first)")
        #expect(part.inWindow == whole.inWindow, "\(context), first \(first)")
      }
      // One solver given more chains after each unsettled answer, going on where it ran out of them.
      var given = Int.random(in: 1...chainCount, using: &trial.random)
      var growing = ContinueSeries(chains: Array(chains[..<given]))
      growing.scratch = pool
      while true {
        let part = growing.select(in: window, aim: aim, following: following(given))
        if part.settled {
          #expect(part.picks == whole.picks, "\(context), growing to \(given)")
          #expect(part.total == whole.total, "\(context), growing to \(given)")
          #expect(part.inWindow == whole.inWindow, "\(context), growing to \(given)")
          break
        }
        #expect(given < chainCount, "\(context): unsettled with every chain")
        if given == chainCount { break }
        given = min(chainCount, given + Int.random(in: 1...3, using: &trial.random))
        growing.durations = Array(chains[..<given].joined())
        growing.starts = chains[..<given].reduce(into: [0]) { $0.append($0.last! + $1.count) }
        grown += 1
      }
    }
    #expect(
      cases.meets(settled, atLeast: 3001, ofFull: 3000) && cases.meets(unsettled, atLeast: 3001, ofFull: 3000),
      "both kinds should be common: \(settled) settled, \(unsettled) not")
    #expect(cases.meets(grown, atLeast: 1001, ofFull: 3000), "solvers should often be given more chains, got \(grown)")
    #expect(
      TestScale.replayedSeed != nil || !pool.keptWordCapacities.isEmpty, "the solvers gave their rows' words back")
  }
}

@Suite("Continue series on full 100-subscription catalogs")
struct ContinueSeriesFullCatalogTests {
  @Test("the engine's selection equals the plain rule's, with priority shows and exclusions")
  func againstThePlainRule() throws {
    var engines: [UInt64: FillEngine] = [:]
    for var trial in SeededCases(seed: 0xC0_5E71E5, count: 16, minimum: 4) {
      let catalogSeed = trial.random.element(of: [1, 2, 3, 42] as [UInt64])
      if engines[catalogSeed] == nil {
        engines[catalogSeed] = try FillEngine(
          catalog: CatalogGenerator(subscriptions: 100, seed: catalogSeed).catalog())
      }
      let engine = engines[catalogSeed]!
      let catalog = engine.catalog
      let priority = (0..<Int.random(in: 0...3, using: &trial.random)).map { _ in
        trial.random.element(of: catalog.shows).feedURL
      }
      let unplayed = catalog.shows.flatMap { show in
        show.episodes.filter { !$0.isPlayed }.map { EpisodeID(feedURL: show.feedURL, guid: $0.guid) }
      }
      let excluded = Set(
        (0..<Int.random(in: 0...20, using: &trial.random)).map { _ in trial.random.element(of: unplayed) })
      let (target, tolerance) = trial.random.element(of: [(900, 180), (2_700, 180), (5_400, 300), (28_800, 300)])
      let aim = trial.random.element(of: [0, 20, 60, 180])
      let result = try engine.fill(
        FillRequest(
          mode: .continueSeries, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim,
          priorityShows: priority, excluded: excluded))
      let plain = ContinueSeriesRule(catalog: catalog, priorityShows: priority, excluded: excluded)
        .select(window: (target - tolerance)...(target + tolerance), aim: aim)
      let context = "\(trial): catalog seed \(catalogSeed), \(target) ± \(tolerance) s, aim \(aim) s"
      #expect(Set(result.entries.map(\.id)) == plain.taken, "\(context)")
      #expect(result.totalSeconds == plain.total, "\(context)")
      #expect(!plain.taken.isEmpty, "\(context): the catalog should leave something to take")
    }
  }
}
