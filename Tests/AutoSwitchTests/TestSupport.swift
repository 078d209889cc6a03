import AutoSwitch
import Foundation
import Queues
import SmartFillSupport

/// The instant of an ISO 8601 timestamp written in a test ("2026-03-02T08:05:00+01:00").
func instant(_ text: String) -> Date {
  guard let date = Timestamp.parse(text) else { preconditionFailure("not a timestamp: \(text)") }
  return date
}

let berlin = TimeZone(identifier: "Europe/Berlin")!
let newYork = TimeZone(identifier: "America/New_York")!

/// A reference to episode `guid` of show `show`, `minutes` long, at `position`.
func episode(_ guid: String, minutes: Int = 30, position: Int = 0) -> EpisodeReference {
  EpisodeReference(
    episodeGUID: guid, feedURL: "https://example.com/show.xml", title: "Episode \(guid)", showTitle: "Show",
    durationSeconds: minutes * 60, playbackPositionSeconds: position, addedAt: instant("2026-01-01T00:00:00Z"))
}

/// The built-in library with episodes: Up Next u1 and u2, Commute c1 (saved at 754 s) and c2, Workout w1, and
/// twelve in Sleep.
func sampleLibrary() -> QueueLibrary {
  var library = QueueLibrary(now: instant("2026-01-01T00:00:00Z"))
  let episodes: [(QueueID, [EpisodeReference])] = [
    (.upNext, [episode("u1"), episode("u2")]),
    (.commute, [episode("c1", minutes: 40, position: 754), episode("c2")]),
    (.workout, [episode("w1")]),
    (.sleep, (1...12).map { episode("s\($0)") }),
  ]
  for (id, list) in episodes {
    try! library.modify(id, now: instant("2026-01-01T00:00:00Z")) { (queue) throws(QueueError) in
      try queue.playLast(list)
    }
  }
  return library
}

/// An engine and its library fed events in order, keeping the log of decisions.
struct Scenario {
  var engine: AutoSwitchEngine
  var library: QueueLibrary
  var log: [(Date, ContextEvent, Decision)] = []

  init(library: QueueLibrary = sampleLibrary(), settings: AutoSwitchSettings = AutoSwitchSettings(timeZone: berlin)) {
    self.engine = AutoSwitchEngine(settings: settings)
    self.library = library
  }

  /// Feeds `event` at `time` and returns the decision.
  @discardableResult
  mutating func at(_ time: String, _ event: ContextEvent) -> Decision {
    at(instant(time), event)
  }

  @discardableResult
  mutating func at(_ time: Date, _ event: ContextEvent) -> Decision {
    let decision = engine.handle(event, at: time, in: &library)
    log.append((time, event, decision))
    return decision
  }

  /// The switches made so far (with and without a notice).
  var switches: [Switch] {
    log.compactMap {
      switch $0.2.action {
      case .switchNow(let change), .notice(let change): return change
      default: return nil
      }
    }
  }
}

extension Decision.Action {
  /// The question asked, if this asks "Switching to …?".
  var question: SwitchQuestion? {
    if case .ask(let question) = self { return question }
    return nil
  }

  /// The switch made, with or without a notice.
  var change: Switch? {
    switch self {
    case .switchNow(let change), .notice(let change): return change
    default: return nil
    }
  }

  var isNone: Bool {
    if case .none = self { return true }
    return false
  }
}

let golf = AudioPort(kind: .bluetooth, name: "Golf", identifier: "00:1A:7D:DA:71:13")
let friendsCar = AudioPort(kind: .bluetooth, name: "Polo", identifier: "00:1A:7D:00:00:01")
let kitchen = AudioPort(kind: .bluetooth, name: "Kitchen speaker", identifier: "F4:5C:89:00:00:02")
let phoneSpeaker = AudioPort(kind: .builtInSpeaker, name: "Speaker", identifier: "Built-In Speaker")
let carPlayAudio = AudioPort(kind: .carAudio, name: "CarPlay", identifier: "CarPlay-1")
