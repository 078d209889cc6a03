import Audit
import AutoSwitch
import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// 2024-01-01T00:00:00Z plus `days`.
func day(_ days: Int) -> Date { Date(timeIntervalSince1970: 1_704_067_200 + Double(days) * 86_400) }

/// When the fixture's store was made and the audit's scratch operations happen.
let fixtureNow = day(30)

let sagaURL = "https://saga.example/feed.xml"
let dailyURL = "https://daily.example/feed.xml"

/// The fixed catalog: "Saga" (serial, season 1: E1 played, then E2, E3, E4 of 20 minutes) and "Daily"
/// (episodic: 40, 30, 15 and 10 minutes, published on days 1 to 4, before Saga's days 11 to 14).
///
/// Every duration is a multiple of 5 minutes, so a fill lands exactly on a target it can reach: the totals
/// reachable are Daily's subset sums {0, 10, 15, 25, 30, 40, 45, 50, 55, 65, 70, 80, 85, 95} plus a prefix of
/// Saga's chain {0, 20, 40, 60}, which hold 15, 30, 45, 60 and 90 minutes.
let fixtureCatalog = Catalog(shows: [
  Show(
    feedURL: sagaURL, title: "Saga", ordering: .serial,
    episodes: (1...4).map { number in
      Episode(
        guid: "saga-\(number)", title: "Chapter \(number)", published: day(10 + number), durationSeconds: 1200,
        season: 1, episode: number, isPlayed: number == 1)
    }),
  Show(
    feedURL: dailyURL, title: "Daily",
    episodes: [(1, 40), (2, 30), (3, 15), (4, 10)].map { number, minutes in
      Episode(guid: "daily-\(number)", title: "Daily \(number)", published: day(number), durationSeconds: minutes * 60)
    }),
])

/// A queue's reference to catalog episode `guid` of `feedURL`.
func reference(_ feedURL: String, _ guid: String) -> EpisodeReference {
  let show = fixtureCatalog.shows.first { $0.feedURL == feedURL }!
  return EpisodeReference(show.episodes.first { $0.guid == guid }!, of: show, addedAt: fixtureNow)
}

/// A reference to an episode that is in no catalog.
func goneEpisode(minutes: Int = 2) -> EpisodeReference {
  EpisodeReference(
    episodeGUID: "gone-1", feedURL: "https://gone.example/feed.xml", title: "Gone", showTitle: "Gone Show",
    durationSeconds: minutes * 60, addedAt: fixtureNow)
}

/// The built-in queues with a device marked as the car, and nothing the store findings flag.
func cleanLibrary() -> QueueLibrary {
  var library = QueueLibrary(now: fixtureNow)
  library.markAudioDevice("00:1A:7D:DA:71:13", name: "Golf", isCar: true)
  return library
}

/// Adds `episodes` to the end of queue `id`.
func add(_ episodes: [EpisodeReference], to id: QueueID, in library: inout QueueLibrary) {
  try! library.modify(id, now: fixtureNow) { (queue) throws(QueueError) in try queue.playLast(episodes) }
}

/// The fixed store: every finding the pinned report lists, each once.
///
/// - 📋 Up Next: Saga E3 then E2 (out of order).
/// - 🚗 Commute (fill time 45 ± 3 min): Daily 4 (10 min) and "Gone" (2 min, not in the catalog): 12 min.
/// - 🏋️ Workout: Saga E1 (played), E2 (also in Up Next), E4 (E3 skipped).
/// - 😴 Sleep (fill time 30 ± 3 min): Daily 1 and 2, 70 min.
/// - 🚙 Road Trip: a car rule, as Commute's.
func fixtureLibrary() -> QueueLibrary {
  var library = cleanLibrary()
  add([reference(sagaURL, "saga-3"), reference(sagaURL, "saga-2")], to: .upNext, in: &library)
  add([reference(dailyURL, "daily-4"), goneEpisode()], to: .commute, in: &library)
  add(
    [reference(sagaURL, "saga-1"), reference(sagaURL, "saga-2"), reference(sagaURL, "saga-4")], to: .workout,
    in: &library)
  add([reference(dailyURL, "daily-1"), reference(dailyURL, "daily-2")], to: .sleep, in: &library)
  try! library.modify(.commute, now: fixtureNow) { (queue) throws(QueueError) in
    queue.smartFillSettings = SmartFillSettings(mode: .fillTime, targetSeconds: 45 * 60)
  }
  try! library.modify(.sleep, now: fixtureNow) { (queue) throws(QueueError) in
    queue.smartFillSettings = SmartFillSettings(mode: .fillTime, targetSeconds: 30 * 60)
  }
  try! library.createQueue(named: "🚙 Road Trip", autoSwitchRules: [.car], id: QueueID("road-trip"), now: fixtureNow)
  return library
}

/// A clock that advances `step` nanoseconds at each reading, so that every timed fill takes exactly `step`.
final class SteppingClock: @unchecked Sendable {
  private let lock = NSLock()
  private var value: UInt64 = 0
  let step: UInt64

  init(step: UInt64) { self.step = step }

  func read() -> UInt64 {
    lock.lock()
    defer { lock.unlock() }
    value += step
    return value
  }
}

/// Small sizes for tests: one generated catalog of 100 subscriptions for speed, 10 timed fills, two sync runs.
var testSizes: AuditSizes {
  var sizes = AuditSizes()
  sizes.catalogSeeds = [1]
  sizes.speedFills = 10
  sizes.syncSeeds = [1, 2]
  sizes.syncSteps = 60
  return sizes
}

/// The real components with a clock that makes every fill take 1 ms.
func testComponents(step: UInt64 = 1_000_000) -> AuditComponents {
  var components = AuditComponents()
  let clock = SteppingClock(step: step)
  components.nanoseconds = { clock.read() }
  return components
}

/// An audit of `components` at the test sizes.
func testAudit(_ components: AuditComponents = testComponents()) -> Audit {
  Audit(components: components, sizes: testSizes, now: fixtureNow)
}
