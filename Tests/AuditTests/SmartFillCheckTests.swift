import Foundation
import Queues
import SmartFill
import Testing

@testable import Audit

/// Planted faults in the fill: each shows the matching mark and finding.
@Suite("Smart fill check")
struct SmartFillCheckTests {
  static func check(_ components: AuditComponents, queue: Queue? = nil) -> AuditCheck {
    SmartFillCheck(components: components, sizes: testSizes).run(catalog: fixtureCatalog, queue: queue)
  }

  @Test(
    "a catalog with no episode a fill can take is not checked, not ✓: the lines say so in place of shares of nothing",
    arguments: [
      ("empty", Catalog()),
      (
        "played, unknown or too long",
        Catalog(shows: [
          Show(
            feedURL: dailyURL, title: "Daily",
            episodes: [
              Episode(guid: "played", published: day(1), durationSeconds: 600, isPlayed: true),
              Episode(guid: "unknown", published: day(2), durationSeconds: nil),
              Episode(guid: "long", published: day(3), durationSeconds: 96 * 60),
            ])
        ])
      ),
    ])
  func nothingToFill(_ name: String, _ catalog: Catalog) {
    let check = SmartFillCheck(components: testComponents(), sizes: testSizes).run(catalog: catalog, queue: nil)
    #expect(check.status == .notChecked, "\(name)")
    #expect(AuditArea.smartFill.words(for: check.status) == "Not Checked")
    #expect(
      check.figures.compactMap(\.line) == [
        "fills run: 17 on the catalog (fill time, continue series and variety, 15 to 90 min)",
        "not checked: the catalog has no episode a fill can take (unplayed, of known length, at most 95 min), so "
          + "accuracy, continuity and variety were not checked",
        "speed: p99 1.0 ms over 10 fills of 100 subscriptions (budget 500 ms)",
      ], "\(name)")
    #expect(check.figure("inside\("Three")MinutesPercent") != nil, "the JSON keeps its keys")
    #expect(check.findings.map(\.kind) == [.fillNotChecked])
    #expect(
      check.findings.first?.text == "smart fill was not checked: the catalog has no episode a fill can take")
    // One episode of 95 minutes is enough to check something.
    let fillable = Catalog(shows: [
      Show(
        feedURL: dailyURL, title: "Daily", episodes: [Episode(guid: "one", published: day(1), durationSeconds: 95 * 60)]
      )
    ])
    #expect(SmartFillCheck.hasCandidates(fillable))
    #expect(!SmartFillCheck.hasCandidates(catalog))
  }

  @Test("the real engine is ✓ Accurate, with every figure computed")
  func real() {
    let check = Self.check(testComponents())
    #expect(check.status == .working && check.findings.isEmpty)
    #expect(check.figure("fillsRun")?.integer == 34)
    #expect(check.figure("p99Nanoseconds")?.integer == 1_000_000)
  }

  /// A fill that adds the oldest Daily episode it did not choose to every fill-time result: 10 minutes or
  /// more past a window of ±3 or ±5.
  static let overfilling: AuditComponents.Fill = { (engine, request) throws(FillError) in
    var result = try engine.fill(request)
    guard request.mode == .fillTime else { return result }
    guard let daily = engine.catalog.shows.first(where: { $0.feedURL == dailyURL }) else { return result }
    if let extra = daily.episodes.first(where: { episode in
      !result.entries.contains { $0.id.guid == episode.guid }
    }) {
      result.entries.append(
        FillResult.Entry(
          id: EpisodeID(feedURL: dailyURL, guid: extra.guid), showTitle: daily.title, title: extra.title,
          seconds: extra.durationSeconds, season: nil, episode: nil, reason: .oldestUnplayed))
      result.totalSeconds += extra.durationSeconds!
    }
    return result
  }

  @Test("an overfilling fill is ⚠ Overfills/Underfills")
  func overfilling() {
    var components = testComponents()
    components.fill = Self.overfilling
    let check = Self.check(components)
    #expect(check.status == .issues)
    #expect(AuditArea.smartFill.words(for: check.status) == "Overfills/Underfills")
    #expect(check.figure("overfills")?.integer == 20, "every fill-time fill: \(check.figures)")
    #expect(check.findings.map(\.kind) == [.fillOverfilled])
    #expect(check.findings.first?.text.hasPrefix("20 fills overfill their window (first: ") == true)
  }

  @Test("a fill that stops short where the greedy reaches the window is ⚠ (an underfill)")
  func underfilling() {
    var components = testComponents()
    components.fill = { (engine, request) throws(FillError) in
      var result = try engine.fill(request)
      if request.mode == .fillTime, request.targetSeconds == 45 * 60, let last = result.entries.popLast() {
        result.totalSeconds -= last.seconds ?? 0
        result.status = .short
      }
      return result
    }
    let check = Self.check(components)
    #expect(check.status == .issues)
    #expect(check.findings.map(\.kind) == [.fillUnderfilled])
    // The greedy reaches 45 ± 5 (40 minutes) in both orders, and 45 ± 3 in neither.
    #expect(check.figure("underfills")?.integer == 2)
  }

  @Test("a fill that skips the next episode of a serial show is ✗ Not Working")
  func skipping() {
    var components = testComponents()
    components.fill = { (engine, request) throws(FillError) in
      var result = try engine.fill(request)
      // Chapter 2 is the next in series: leave it out, keeping what comes after it.
      if let index = result.entries.firstIndex(where: { $0.id.guid == "saga-2" }) {
        result.totalSeconds -= result.entries.remove(at: index).seconds ?? 0
      }
      return result
    }
    let check = Self.check(components)
    #expect(check.status == .broken)
    #expect(check.findings.contains { $0.kind == .fillSkippedEpisode })
  }

  @Test("a fill that throws is ✗, and a slow one is ⚠ over the 500 ms budget")
  func throwingAndSlow() {
    var throwing = testComponents()
    throwing.fill = { (_, _) throws(FillError) in throw .missingTarget(mode: .fillTime) }
    #expect(Self.check(throwing).status == .broken)
    #expect(Self.check(throwing).findings.map(\.kind) == [.fillInvalid])

    let slow = Self.check(testComponents(step: 600_000_000))
    #expect(slow.status == .issues)
    #expect(slow.findings.map(\.kind) == [.fillTooSlow])
    #expect(slow.findings.first?.text == "smart fill's p99 is 600.0 ms, over the design's 500 ms budget")
  }

  @Test("with a queue, its own settings are filled and shown")
  func queueFill() throws {
    let library = fixtureLibrary()
    let commute = try library.queue(.commute)
    let check = Self.check(testComponents(), queue: commute)
    // Commute holds Daily 4 and Gone, which the fill leaves out; 45 minutes are still reachable exactly
    // (Daily 15 + 30, or Daily 40 + … , the engine's choice), and the engine lands on them.
    #expect(check.figure("queueFill")?.line == "🚗 Commute's own fill (fill-time 45 min ± 3 min): 45 min, filled")
    #expect(check.figure("fillsRun")?.integer == 35)
  }
}
