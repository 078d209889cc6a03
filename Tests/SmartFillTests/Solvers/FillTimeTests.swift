import FillRules
import Foundation
import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Fill time")
struct FillTimeTests {
  func catalog(_ minutes: [Int]) -> Catalog {
    Catalog(shows: [
      Show(
        feedURL: "https://example.com/a.xml", title: "A",
        episodes: minutes.enumerated().map { ep("a\($0.offset)", minutes: $0.element, day: $0.offset) })
    ])
  }

  @Test("40, 30 and 15 minutes at 45 ± 3: the design's greedy ends short, the engine takes 30 + 15")
  func greedyMissesTheWindow() throws {
    let engine = try FillEngine(catalog: catalog([40, 30, 15]))
    let result = try engine.fill(FillRequest(mode: .fillTime, targetSeconds: 45 * 60))
    #expect(result.status == .filled)
    #expect(result.totalSeconds == 45 * 60)
    #expect(Set(result.entries.map(\.id.guid)) == ["a1", "a2"])
    #expect(result.deviationSeconds == 0)
  }

  @Test("50, 25, 25 at 45 ± 5: greedy skips 50 and takes 25 + 25 = 50, the engine too")
  func greedyAgrees() throws {
    let result = try FillEngine(catalog: catalog([50, 25, 25])).fill(
      FillRequest(mode: .fillTime, targetSeconds: 45 * 60, toleranceSeconds: 300))
    #expect(result.status == .filled)
    #expect(result.totalSeconds == 50 * 60)
  }

  @Test("35, 20, 10 at 45 ± 3: greedy overshoots nothing but stops at 55 > 48; the engine takes 35 + 10")
  func greedyWouldOverfillTheSecond() throws {
    let result = try FillEngine(catalog: catalog([35, 20, 10])).fill(
      FillRequest(mode: .fillTime, targetSeconds: 45 * 60))
    #expect(result.status == .filled)
    #expect(Set(result.entries.map(\.id.guid)) == ["a0", "a2"])
  }

  @Test("one episode longer than the target: short with nothing chosen")
  func longerThanTarget() throws {
    let result = try FillEngine(catalog: catalog([90])).fill(FillRequest(mode: .fillTime, targetSeconds: 45 * 60))
    #expect(result.status == .short)
    #expect(result.entries.isEmpty)
    #expect(result.totalSeconds == 0)
    #expect(result.message != nil)
  }

  @Test("a target below every episode: short, total 0")
  func targetBelowEverything() throws {
    let result = try FillEngine(catalog: catalog([20, 30])).fill(
      FillRequest(mode: .fillTime, targetSeconds: 10 * 60))
    #expect(result.status == .short)
    #expect(result.totalSeconds == 0)
  }

  @Test("all durations equal: as many as fit, the oldest first")
  func equalDurations() throws {
    let result = try FillEngine(catalog: catalog([15, 15, 15, 15, 15])).fill(
      FillRequest(mode: .fillTime, targetSeconds: 45 * 60))
    #expect(result.status == .filled)
    #expect(result.entries.map(\.id.guid) == ["a0", "a1", "a2"])
  }

  @Test("tolerance 0: an exact total or short with the largest total below")
  func zeroTolerance() throws {
    let exact = try FillEngine(catalog: catalog([20, 25, 7])).fill(
      FillRequest(mode: .fillTime, targetSeconds: 45 * 60, toleranceSeconds: 0))
    #expect(exact.status == .filled)
    #expect(exact.totalSeconds == 45 * 60)
    let short = try FillEngine(catalog: catalog([20, 26, 7])).fill(
      FillRequest(mode: .fillTime, targetSeconds: 45 * 60, toleranceSeconds: 0))
    #expect(short.status == .short)
    #expect(short.totalSeconds == 33 * 60)
  }

  @Test("partly played episodes count for their remaining time")
  func partlyPlayed() throws {
    var episode = ep("a0", minutes: 60)
    episode.playedSeconds = 15 * 60
    let engine = try FillEngine(catalog: Catalog(shows: [Show(feedURL: "u", title: "A", episodes: [episode])]))
    let result = try engine.fill(FillRequest(mode: .fillTime, targetSeconds: 45 * 60))
    #expect(result.status == .filled)
    #expect(result.entries.first?.seconds == 45 * 60)
  }

  @Test("the output keeps shows and seasons together, each show in series order")
  func outputOrder() throws {
    let serial = Show(
      feedURL: "https://example.com/s.xml", title: "S", ordering: .serial, recentListeningSeconds: 10,
      episodes: [
        ep("s2", minutes: 5, day: 1, season: 1, episode: 2), ep("s1", minutes: 5, day: 2, season: 1, episode: 1),
      ])
    let other = Show(
      feedURL: "https://example.com/o.xml", title: "O",
      episodes: [ep("o1", minutes: 10, day: 0), ep("o2", minutes: 10, day: 3)])
    let result = try FillEngine(catalog: Catalog(shows: [other, serial])).fill(
      FillRequest(mode: .fillTime, targetSeconds: 30 * 60, toleranceSeconds: 0))
    #expect(result.entries.map(\.id.guid) == ["s1", "s2", "o1", "o2"])
    #expect(result.entries.map(\.reason) == [.nextInSeries, .nextInSeries, .oldestUnplayed, .oldestUnplayed])
  }

  @Test("matches the documented rule on thousands of seeded random catalogs (brute force)")
  func bruteForce() throws {
    let cases = SeededCases(seed: 0x5EED_F111, count: 3000)
    var inWindow = 0
    // One pool that keeps every array for all the engines: each fill's rows are on words earlier fills left.
    let pool = ScratchPool(smallestPooledWords: 1)
    for var trial in cases {
      let drawn = BruteForceCase(&trial.random) { Rules.fillTimeItems($0, priorityShows: $1, excluded: $2) }
      let (catalog, priority, excluded, items) = (drawn.catalog, drawn.priority, drawn.excluded, drawn.items)
      let target = Int.random(in: 1...120, using: &trial.random) * 60 + Int.random(in: 0..<60, using: &trial.random)
      let tolerance = min(target - 1, [0, 180, 300, 30, 1800][Int.random(in: 0..<5, using: &trial.random)])
      let window = (target - tolerance)...(target + tolerance)
      let aim = [0, 20, 60, 180, 1800][Int.random(in: 0..<5, using: &trial.random)]
      let expected = Rules.select(items, window: window, aim: aim)
      var engine = try FillEngine(catalog: catalog)
      engine.scratch = pool
      let result = try engine.fill(
        FillRequest(
          mode: .fillTime, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim,
          priorityShows: priority, excluded: excluded))
      let expectedIDs = Set(expected.taken.map { items[$0].id })
      let context = "\(trial): target \(target) ± \(tolerance), aim \(aim)"
      #expect(Set(result.entries.map(\.id)) == expectedIDs, "\(context)")
      #expect(result.entries.count == expectedIDs.count, "\(context): duplicate entries")
      #expect(result.totalSeconds == expected.total, "\(context)")
      #expect(result.totalSeconds <= window.upperBound, "\(context): overfilled")
      expectStatus(result, ofItems: items, inWindow: expected.inWindow, context)
      if expected.inWindow { inWindow += 1 }
    }
    #expect(
      cases.meets(inWindow, atLeast: 501, ofFull: 3000),
      "the random cases should often be feasible, got \(inWindow) of \(cases.count)")
    #expect(
      TestScale.replayedSeed != nil || !pool.keptWordCapacities.isEmpty, "the fills gave their rows' words back")
  }

  @Test("the greedy estimate of where the pass ends: the first prefix whose greedy total is in the window")
  func greedyEnd() {
    let cases = SeededCases(seed: 0x6EED_E4D, count: 3000)
    var found = 0
    for var trial in cases {
      let durations = (0..<Int.random(in: 0...20, using: &trial.random)).map { _ in
        Int.random(in: 1...40, using: &trial.random)
      }
      let low = Int.random(in: 0...120, using: &trial.random)
      let window = low...(low + Int.random(in: 0...20, using: &trial.random))
      // Independently: each prefix's greedy total from scratch, and the first prefix whose last episode was
      // taken and whose total lands in the window.
      func greedyTotal(_ prefix: ArraySlice<Int>) -> Int {
        prefix.reduce(0) { total, duration in total + duration <= window.upperBound ? total + duration : total }
      }
      let expected = durations.indices.map { $0 + 1 }.first { count in
        let total = greedyTotal(durations[..<count])
        return window.contains(total) && total != greedyTotal(durations[..<(count - 1)])
      }
      #expect(FillTime.greedyEnd(durations, window: window) == expected, "\(trial): \(durations) into \(window)")
      if expected != nil { found += 1 }
    }
    #expect(
      cases.meets(found, atLeast: 501, ofFull: 3000),
      "the random cases should often end in the window, got \(found) of \(cases.count)")
  }
}
