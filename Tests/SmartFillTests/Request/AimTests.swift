import Foundation
import Testing

@testable import SmartFill

@Suite("Aiming at the target")
struct AimTests {
  /// One episodic show whose episodes are considered oldest first.
  func catalog(_ seconds: [Int]) -> Catalog {
    Catalog(shows: [
      Show(
        feedURL: "https://example.com/a.xml", title: "A",
        episodes: seconds.enumerated().map { offset, duration in
          Episode(guid: "a\(offset)", title: "A \(offset)", published: day(offset), durationSeconds: duration)
        })
    ])
  }

  @Test("45 ± 3 minutes: the oldest episode at 42:30 is inside the window, but 45:00 is reachable, so it is taken")
  func landsNearTheTarget() throws {
    let engine = try FillEngine(catalog: catalog([2550, 2700]))
    let aimed = try engine.fill(FillRequest(mode: .fillTime, targetSeconds: 2700))
    #expect(aimed.entries.map(\.id.guid) == ["a1"])
    #expect(aimed.totalSeconds == 2700)
    // With the aim as wide as the tolerance, the rule sees the whole window and stops at the first inside it.
    let anywhere = try engine.fill(FillRequest(mode: .fillTime, targetSeconds: 2700, aimSeconds: 180))
    #expect(anywhere.entries.map(\.id.guid) == ["a0"])
  }

  @Test("when nothing lands within the aim, the window narrows to the closest deviation reachable")
  func closestDeviation() throws {
    // 43:00 and 46:30 are the only totals in 42–48 min: 46:30 is 90 s off, 43:00 is 120 s off.
    let engine = try FillEngine(catalog: catalog([2580, 2790]))
    let result = try engine.fill(FillRequest(mode: .fillTime, targetSeconds: 2700))
    #expect(result.entries.map(\.id.guid) == ["a1"])
    #expect(result.status == .filled)
  }

  @Test("inside the aim the priority rule still chooses: an older episode 40 s off beats a newer exact one")
  func priorityInsideTheAim() throws {
    let engine = try FillEngine(catalog: catalog([2660, 2700]))
    let result = try engine.fill(FillRequest(mode: .fillTime, targetSeconds: 2700))
    #expect(result.entries.map(\.id.guid) == ["a0"])
    let exact = try engine.fill(FillRequest(mode: .fillTime, targetSeconds: 2700, aimSeconds: 0))
    #expect(exact.entries.map(\.id.guid) == ["a1"])
  }

  @Test("continue series and variety aim the same way")
  func everyModeAims() throws {
    let engine = try FillEngine(catalog: catalog([2550, 2700]))
    for mode in [FillRequest.Mode.variety] {
      let result = try engine.fill(FillRequest(mode: mode, targetSeconds: 2700))
      #expect(result.totalSeconds == 2700, "\(mode)")
    }
    // Continue series takes a prefix of the chain: 20 min then 25 min lands on 45 exactly; with the whole
    // window it would stop after 20 + 23.5 min.
    let series = Catalog(shows: [
      Show(
        feedURL: "https://example.com/s.xml", title: "S", ordering: .serial,
        episodes: [
          ep("s1", minutes: 20, day: 0, season: 1, episode: 1), ep("s2", minutes: 25, day: 1, season: 1, episode: 2),
        ]),
      Show(feedURL: "https://example.com/t.xml", title: "T", episodes: [ep("t1", minutes: 23, day: 0)]),
    ])
    let result = try FillEngine(catalog: series).fill(FillRequest(mode: .continueSeries, targetSeconds: 2700))
    #expect(result.totalSeconds == 2700)
    #expect(Set(result.entries.map(\.id.guid)) == ["s1", "s2"])
  }

  @Test("an aim below 0 or above 30 minutes is a typed error", arguments: [-1, 1801])
  func invalidAim(seconds: Int) throws {
    let engine = try FillEngine(catalog: catalog([60]))
    #expect(throws: FillError.invalidAim(seconds: seconds)) {
      try engine.fill(FillRequest(mode: .fillTime, targetSeconds: 2700, aimSeconds: seconds))
    }
  }

  @Test("the window narrowed at the target holds the whole units within the aim, or none between two units")
  func narrowedAtTarget() {
    // Units of 60 s, target 2,730 s (45 minutes 30 seconds), window 42…48 minutes in units.
    let window = 42...48
    #expect(Aim(targetSeconds: 2730, aimSeconds: 0, unit: 60).narrowedAtTarget(window) == nil)
    #expect(Aim(targetSeconds: 2730, aimSeconds: 29, unit: 60).narrowedAtTarget(window) == nil)
    #expect(Aim(targetSeconds: 2730, aimSeconds: 30, unit: 60).narrowedAtTarget(window) == 45...46)
    #expect(Aim(targetSeconds: 2730, aimSeconds: 600, unit: 60).narrowedAtTarget(window) == 42...48)
    // Where a total lies within the aim, the window is narrowed exactly as at any nearer deviation.
    let aim = Aim(targetSeconds: 2700, aimSeconds: 60, unit: 60)
    #expect(aim.narrowedAtTarget(window) == 44...46)
    #expect(aim.narrowed(window, nearest: 0) == 44...46 && aim.narrowed(window, nearest: 60) == 44...46)
  }
}
