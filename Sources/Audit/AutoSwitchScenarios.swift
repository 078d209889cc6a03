import AutoSwitch
import Foundation
import Queues
import SmartFillSupport

/// The design's scenarios (those of `Tests/AutoSwitchTests`), in Berlin; 2 March 2026 is a Monday. Each
/// starts from the built-in queues with episodes: Up Next u1 and u2, Commute c1 (saved at 754 s) and c2,
/// Workout w1, and twelve in Sleep.
enum AutoSwitchScenarios {
  typealias Step = AutoSwitchScenario.Step

  static let berlin = TimeZone(identifier: "Europe/Berlin")!
  static let friendsCar = AudioPort(kind: .bluetooth, name: "Polo", identifier: "00:1A:7D:00:00:01")
  static let ownCar = AudioPort(kind: .bluetooth, name: "Golf", identifier: "00:1A:7D:DA:71:13")
  static let phoneSpeaker = AudioPort(kind: .builtInSpeaker, name: "Speaker", identifier: "Built-In Speaker")

  /// Every scenario, in the report's order.
  static var all: [AutoSwitchScenario] {
    [commuter, gymGoer]
      + [
        ("sleep across midnight", "2026-03-03T00:30:00+01:00", "2026-03-03T06:00:00+01:00"),
        ("sleep as the clocks go forward", "2026-03-28T23:30:00+01:00", "2026-03-29T06:00:00+02:00"),
        ("sleep as the clocks go back", "2026-10-24T23:30:00+02:00", "2026-10-25T06:00:00+01:00"),
      ].map(sleep) + [friendsCarScenario, flappingMotion, manualOverride]
  }

  static func instant(_ text: String) -> Date {
    guard let date = Timestamp.parse(text) else { preconditionFailure("not a timestamp: \(text)") }
    return date
  }

  static func step(_ time: String, _ event: ContextEvent, _ expected: AutoSwitchScenario.Expected) -> Step {
    Step(at: instant(time), event: event, expected: expected)
  }

  /// The built-in library with episodes.
  static func sampleLibrary() -> QueueLibrary {
    let start = instant("2026-01-01T00:00:00Z")
    func episode(_ guid: String, minutes: Int = 30, position: Int = 0) -> EpisodeReference {
      EpisodeReference(
        episodeGUID: guid, feedURL: "https://example.com/show.xml", title: "Episode \(guid)", showTitle: "Show",
        durationSeconds: minutes * 60, playbackPositionSeconds: position, addedAt: start)
    }
    var library = QueueLibrary(now: start)
    let episodes: [(QueueID, [EpisodeReference])] = [
      (.upNext, [episode("u1"), episode("u2")]),
      (.commute, [episode("c1", minutes: 40, position: 754), episode("c2")]),
      (.workout, [episode("w1")]),
      (.sleep, (1...12).map { episode("s\($0)") }),
    ]
    for (id, list) in episodes {
      try! library.modify(id, now: start) { (queue) throws(QueueError) in try queue.playLast(list) }
    }
    return library
  }

  /// The commuter over two mornings: CarPlay asks; Yes switches at the episode's end; the next morning it
  /// switches by itself, and the car's "play" on connect is held.
  static var commuter: AutoSwitchScenario {
    AutoSwitchScenario(
      name: "commuter", library: sampleLibrary(), timeZone: berlin,
      steps: [
        step("2026-03-02T07:50:00+01:00", .playbackStarted(positionSeconds: 0), .none),
        step("2026-03-02T08:05:00+01:00", .carPlayConnected, .ask(.commute)),
        step("2026-03-02T08:05:10+01:00", .answer(.yes), .atEpisodeEnd(.commute)),
        step("2026-03-02T08:20:00+01:00", .episodeEnded, .switchTo(.commute)),
        step("2026-03-02T08:44:59+01:00", .playbackPaused(positionSeconds: 1954), .none),
        step("2026-03-02T08:45:00+01:00", .carPlayDisconnected, .none),
        step("2026-03-02T18:00:00+01:00", .manualSwitch(to: .upNext), .any),
        step("2026-03-03T07:40:00+01:00", .playbackStarted(positionSeconds: 0), .none),
        step("2026-03-03T07:45:00+01:00", .playbackPaused(positionSeconds: 300), .none),
        step("2026-03-03T08:05:00+01:00", .carPlayConnected, .switchTo(.commute)),
        step("2026-03-03T08:05:01+01:00", .remotePlayCommand, .hold),
      ])
  }

  /// The gym-goer: running reported for 60 s with medium or high confidence asks for Workout, not before.
  static var gymGoer: AutoSwitchScenario {
    let start = instant("2026-03-02T18:00:00+01:00")
    var steps = stride(from: 0, through: 50, by: 10).map { second in
      Step(
        at: start.addingTimeInterval(Double(second)),
        event: .motion(MotionSample([.running], confidence: second % 20 == 0 ? .high : .medium)), expected: .none)
    }
    steps += [
      Step(at: start.addingTimeInterval(59), event: .tick, expected: .none),
      Step(at: start.addingTimeInterval(60), event: .tick, expected: .ask(.workout)),
      Step(at: start.addingTimeInterval(65), event: .answer(.yes), expected: .switchTo(.workout)),
    ]
    return AutoSwitchScenario(name: "gym-goer", library: sampleLibrary(), timeZone: berlin, steps: steps)
  }

  /// Sleep 22:00–06:00 (the listener chose Always): in force when the app starts after 22:00, held after the
  /// listener's own switch, over at 06:00 on the night's new offset, and again the next evening.
  static func sleep(_ night: (name: String, start: String, end: String)) -> AutoSwitchScenario {
    var library = sampleLibrary()
    try! library.recordConsent(.always, forRule: 0, of: .sleep, now: instant("2026-01-01T00:00:00Z"))
    let end = instant(night.end)
    return AutoSwitchScenario(
      name: night.name, library: library, timeZone: berlin,
      steps: [
        step(night.start, .appActivated, .switchTo(.sleep)),
        step(night.start, .manualSwitch(to: .upNext), .any),
        Step(at: end.addingTimeInterval(-60), event: .tick, expected: .none),
        Step(at: end, event: .tick, expected: .none),
        Step(at: end.addingTimeInterval(16 * 3600), event: .appActivated, expected: .switchTo(.sleep)),
      ])
  }

  /// A friend's car: asked once whether it is the car; No never switches and never asks again; one's own
  /// car, once marked, asks for Commute.
  static var friendsCarScenario: AutoSwitchScenario {
    var steps = [
      step("2026-03-02T08:00:00+01:00", .audioRouteChanged(friendsCar), .askIsCar),
      step("2026-03-02T08:00:05+01:00", .carAnswer(isCar: false), .none),
    ]
    for day in 3...6 {
      steps.append(step("2026-03-0\(day)T07:00:00+01:00", .audioRouteChanged(phoneSpeaker), .none))
      steps.append(step("2026-03-0\(day)T08:00:00+01:00", .audioRouteChanged(friendsCar), .none))
    }
    steps.append(step("2026-03-07T08:00:00+01:00", .audioRouteChanged(ownCar), .askIsCar))
    steps.append(step("2026-03-07T08:00:03+01:00", .carAnswer(isCar: true), .ask(.commute)))
    return AutoSwitchScenario(name: "friend's car", library: sampleLibrary(), timeZone: berlin, steps: steps)
  }

  /// Flapping motion: a walk with a stray running report every 40 s, then running at low confidence, never
  /// ask; a run that flaps (20 s running, 10 s walking) asks once, after 60 s, and never switches back.
  static var flappingMotion: AutoSwitchScenario {
    let start = instant("2026-03-02T18:00:00+01:00")
    func report(_ second: Int, _ flags: Set<MotionFlag>, _ confidence: MotionConfidence) -> Step {
      Step(
        at: start.addingTimeInterval(Double(second)), event: .motion(MotionSample(flags, confidence: confidence)),
        expected: .none)
    }
    var steps = stride(from: 0, to: 1200, by: 5).map { report($0, $0 % 40 == 0 ? [.running] : [.walking], .high) }
    steps += stride(from: 1200, to: 1500, by: 5).map { report($0, [.running], .low) }
    for second in stride(from: 1500, to: 2700, by: 5) {
      let flags: Set<MotionFlag> = (second / 10) % 3 == 2 ? [.walking, .stationary] : [.running]
      var step = report(second, flags, second % 15 == 0 ? .medium : .high)
      if second == 1560 {
        // Running since 1500, with one 10-second flap (1520–1529) shorter than half the stable time.
        step.expected = .ask(.workout)
        steps.append(step)
        steps.append(Step(at: start.addingTimeInterval(1561), event: .answer(.yes), expected: .switchTo(.workout)))
        continue
      }
      steps.append(step)
    }
    return AutoSwitchScenario(name: "flapping motion", library: sampleLibrary(), timeZone: berlin, steps: steps)
  }

  /// A manual override: the listener's own switch holds while the car stays; a trigger that comes on later,
  /// or a new connection, fires.
  static var manualOverride: AutoSwitchScenario {
    var library = sampleLibrary()
    let start = instant("2026-01-01T00:00:00Z")
    try! library.recordConsent(.always, forRule: 0, of: .commute, now: start)
    try! library.modify(.sleep, now: start) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [AutoSwitchRule(.focusFilter(focusName: nil), consent: .always)])
    }
    var steps = [
      step("2026-03-02T08:00:00+01:00", .carPlayConnected, .switchTo(.commute)),
      step("2026-03-02T08:01:00+01:00", .manualSwitch(to: .upNext), .any),
    ]
    for minute in 2...9 {
      steps.append(step("2026-03-02T08:0\(minute):00+01:00", minute % 2 == 0 ? .tick : .appActivated, .none))
    }
    steps += [
      step("2026-03-02T08:10:00+01:00", .focusFilterActivated(.sleep), .switchTo(.sleep)),
      step("2026-03-02T08:11:00+01:00", .manualSwitch(to: .upNext), .any),
      step("2026-03-02T08:30:00+01:00", .carPlayDisconnected, .none),
      step("2026-03-02T17:30:00+01:00", .carPlayConnected, .switchTo(.commute)),
    ]
    return AutoSwitchScenario(name: "manual override", library: library, timeZone: berlin, steps: steps)
  }
}
