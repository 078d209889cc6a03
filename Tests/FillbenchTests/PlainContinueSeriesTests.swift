import Foundation
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import fillbench

@Suite("Plain continue series")
struct PlainContinueSeriesTests {
  static func episode(_ guid: String, minutes: Int, day: Int, number: Int) -> Episode {
    Episode(
      guid: guid, title: guid, published: Date(timeIntervalSince1970: Double(day) * 86_400),
      durationSeconds: minutes * 60, season: 1, episode: number)
  }

  /// A (listened to most) has 10 and 20 minutes, B 30 minutes; at 30 ± 0 minutes the rule takes A's first
  /// (10 + 20 reaches 30), passes over B's (40 and 60 do not) and closes B, then takes A's second: 30 minutes.
  @Test("a hand-worked case: the rule goes round by round, closes a show passed over, and stops in the window")
  func handWorked() throws {
    let a = Show(
      feedURL: "https://a.example/feed", title: "A", ordering: .serial, recentListeningSeconds: 100,
      episodes: [
        Self.episode("a1", minutes: 10, day: 1, number: 1), Self.episode("a2", minutes: 20, day: 2, number: 2),
      ])
    let b = Show(
      feedURL: "https://b.example/feed", title: "B", ordering: .serial, recentListeningSeconds: 0,
      episodes: [Self.episode("b1", minutes: 30, day: 1, number: 1)])
    let catalog = Catalog(shows: [b, a])
    let plain = PlainContinueSeries(catalog: catalog, priority: [], excluded: [])
    #expect(plain.chains.map { $0.map(\.id.guid) } == [["a1", "a2"], ["b1"]])
    let selection = plain.select(target: 1_800, tolerance: 0, aim: 0)
    #expect(selection.taken == [EpisodeID(feedURL: a.feedURL, guid: "a1"), EpisodeID(feedURL: a.feedURL, guid: "a2")])
    #expect(selection.total == 1_800)
    let engine = try FillEngine(catalog: catalog).fill(
      FillRequest(mode: .continueSeries, targetSeconds: 1_800, toleranceSeconds: 0, aimSeconds: 0))
    #expect(engine.entries.map(\.id.guid) == ["a1", "a2"])
    // B first as a priority show: its 30 minutes land alone, and A's 10 then cannot be completed.
    let priority = PlainContinueSeries(catalog: catalog, priority: [b.feedURL], excluded: [])
      .select(target: 1_800, tolerance: 0, aim: 0)
    #expect(priority.taken == [EpisodeID(feedURL: b.feedURL, guid: "b1")])
    #expect(priority.total == 1_800)
  }

  /// B (listened to most) has 20 and 5 minutes, A 10 and 5; at 15 ± 0 minutes B's 20 is passed over, which
  /// closes B: A's 10 and 5 land it, never B's 5 (which would follow an episode not taken).
  @Test("a show passed over is closed: its later episodes are not offered")
  func passedOverShowIsClosed() throws {
    let b = Show(
      feedURL: "https://b.example/feed", title: "B", ordering: .serial, recentListeningSeconds: 100,
      episodes: [Self.episode("b1", minutes: 20, day: 1, number: 1), Self.episode("b2", minutes: 5, day: 2, number: 2)])
    let a = Show(
      feedURL: "https://a.example/feed", title: "A", ordering: .serial, recentListeningSeconds: 50,
      episodes: [Self.episode("a1", minutes: 10, day: 1, number: 1), Self.episode("a2", minutes: 5, day: 2, number: 2)])
    let catalog = Catalog(shows: [a, b])
    let selection = PlainContinueSeries(catalog: catalog, priority: [], excluded: [])
      .select(target: 900, tolerance: 0, aim: 0)
    #expect(selection.taken == [EpisodeID(feedURL: a.feedURL, guid: "a1"), EpisodeID(feedURL: a.feedURL, guid: "a2")])
    #expect(selection.total == 900)
    let engine = try FillEngine(catalog: catalog).fill(
      FillRequest(mode: .continueSeries, targetSeconds: 900, toleranceSeconds: 0, aimSeconds: 0))
    #expect(engine.entries.map(\.id.guid) == ["a1", "a2"])
  }

  @Test("the engine's continue series equals the plain rule's on full 100-subscription catalogs")
  func fullCatalogs() throws {
    let suite = Suite(options: Options(), progress: { _ in })
    var catalogs: [UInt64: (Catalog, FillEngine)] = [:]
    for var trial in SeededCases(seed: 0xC0_5E71E5, count: 16, minimum: 4) {
      let catalogSeed = trial.random.element(of: [1, 2, 3, 42] as [UInt64])
      if catalogs[catalogSeed] == nil {
        let catalog = CatalogGenerator(subscriptions: 100, seed: catalogSeed).catalog()
        catalogs[catalogSeed] = (catalog, try FillEngine(catalog: catalog))
      }
      let (catalog, engine) = catalogs[catalogSeed]!
      // One of the benchmark's request instances (priority shows, exclusions) of another seed.
      let instance = trial.random.element(of: suite.instances(for: catalog, seed: trial.random.next()))
      let (target, tolerance) = trial.random.element(of: [(900, 180), (2_700, 180), (5_400, 300), (28_800, 300)])
      let aim = trial.random.element(of: [0, 20, 60, 180])
      let request = FillRequest(
        mode: .continueSeries, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim,
        priorityShows: instance.priority, excluded: instance.excluded)
      let result = try engine.fill(request)
      let plain = PlainContinueSeries(catalog: catalog, priority: request.priorityShows, excluded: instance.excluded)
        .select(target: target, tolerance: tolerance, aim: aim)
      let context = "\(trial): catalog seed \(catalogSeed), \(target) ± \(tolerance) s, aim \(aim) s"
      #expect(Set(result.entries.map(\.id)) == plain.taken, "\(context)")
      #expect(result.totalSeconds == plain.total, "\(context)")
      #expect(!plain.taken.isEmpty, "\(context): the catalog should leave something to take")
    }
  }
}
