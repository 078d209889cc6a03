import Foundation
import Queues
import SmartFillSupport

// An event in the timeline format (see `Timeline+JSON.swift`): an object with `at` (an ISO 8601 time) and
// `event` (its name), and the members its kind needs:
//
//   carPlayConnected, carPlayDisconnected, appActivated, tick, episodeEnded, remotePlay, undo   (none)
//   audioRoute              "port": "bluetooth" (an `AudioPortKind`), "name": "Golf", "id": "00:1A:…"
//   motion                  "flags": ["automotive", "stationary"], "confidence": "high"
//   focusFilterActivated, focusFilterDeactivated, manualSwitch    "queue": "sleep"
//   playbackStarted, playbackPaused                                "position": 600 (seconds)
//   answer                  "answer": "yes", "no" or "dontAskAgain"
//   carAnswer               "isCar": true or false

extension ContextEvent {
  /// The names of the events, in the order of the table above.
  static let names = [
    "carPlayConnected", "carPlayDisconnected", "appActivated", "tick", "episodeEnded", "remotePlay", "undo",
    "audioRoute", "motion", "focusFilterActivated", "focusFilterDeactivated", "manualSwitch", "playbackStarted",
    "playbackPaused", "answer", "carAnswer",
  ]

  /// The members an event of this kind has besides `at` and `event`.
  var memberKeys: [String] {
    switch self {
    case .audioRouteChanged: return ["port", "name", "id"]
    case .motion: return ["flags", "confidence"]
    case .focusFilterActivated, .focusFilterDeactivated, .manualSwitch: return ["queue"]
    case .playbackStarted, .playbackPaused: return ["position"]
    case .answer: return ["answer"]
    case .carAnswer: return ["isCar"]
    default: return []
    }
  }

  /// Reads the event named by the `event` member of the object at `reader`, with its members; a member the
  /// event does not have is refused, so that a misspelled one is not silently ignored.
  ///
  /// - Throws: ``JSONReadError`` naming the bad member.
  init(reading reader: JSONReader) throws(JSONReadError) {
    let name = try reader.string("event")
    let event: ContextEvent
    switch name {
    case "carPlayConnected": event = .carPlayConnected
    case "carPlayDisconnected": event = .carPlayDisconnected
    case "appActivated": event = .appActivated
    case "tick": event = .tick
    case "episodeEnded": event = .episodeEnded
    case "remotePlay": event = .remotePlayCommand
    case "undo": event = .undo
    case "audioRoute":
      let identifier = try reader.string("id")
      if identifier.isEmpty { throw reader.error("must not be empty, found \"\"", at: "id") }
      event = .audioRouteChanged(
        AudioPort(
          kind: try reader.enumValue(AudioPortKind.self, "port"), name: try reader.string("name"),
          identifier: identifier))
    case "motion":
      var flags: Set<MotionFlag> = []
      for node in try reader.array("flags") { flags.insert(try node.enumValue(MotionFlag.self)) }
      event = .motion(MotionSample(flags, confidence: try reader.enumValue(MotionConfidence.self, "confidence")))
    case "focusFilterActivated": event = .focusFilterActivated(try Self.queue(reader))
    case "focusFilterDeactivated": event = .focusFilterDeactivated(try Self.queue(reader))
    case "manualSwitch": event = .manualSwitch(to: try Self.queue(reader))
    case "playbackStarted", "playbackPaused":
      let position = try reader.field("position").integer(in: 0...EpisodeReference.maximumDurationSeconds)
      event =
        name == "playbackStarted"
        ? .playbackStarted(positionSeconds: position) : .playbackPaused(positionSeconds: position)
    case "answer": event = .answer(try reader.enumValue(SwitchAnswer.self, "answer"))
    case "carAnswer": event = .carAnswer(isCar: try reader.bool("isCar"))
    default:
      let allowed = Self.names.map { JSONWriter.quoted($0) }.joined(separator: ", ")
      throw reader.error("must be one of \(allowed), found \(JSONValue.string(name).excerpt)", at: "event")
    }
    let allowed = Set(["at", "event"] + event.memberKeys)
    if let extra = try reader.members().keys.sorted().first(where: { !allowed.contains($0) }) {
      let expected =
        event.memberKeys.isEmpty
        ? "it has none" : "it has " + event.memberKeys.map { JSONWriter.quoted($0) }.joined(separator: ", ")
      throw reader.error("is not a member of a \(JSONValue.string(name).excerpt) event (\(expected))", at: extra)
    }
    self = event
  }

  /// The `queue` member, a queue's identifier.
  private static func queue(_ reader: JSONReader) throws(JSONReadError) -> QueueID {
    let text = try reader.string("queue")
    if text.isEmpty { throw reader.error("must not be empty, found \"\"", at: "queue") }
    return QueueID(text)
  }

  /// Writes the event's `event` member and its own members into the innermost object.
  func writeMembers(to json: inout JSONWriter) {
    json.member("event", name)
    switch self {
    case .audioRouteChanged(let port):
      json.member("port", port.kind.rawValue)
      json.member("name", port.name)
      json.member("id", port.identifier)
    case .motion(let sample):
      json.member("flags")
      json.strings(MotionFlag.allCases.filter(sample.flags.contains).map(\.rawValue))
      json.member("confidence", sample.confidence.rawValue)
    case .focusFilterActivated(let queue), .focusFilterDeactivated(let queue), .manualSwitch(let queue):
      json.member("queue", queue.rawValue)
    case .playbackStarted(let seconds), .playbackPaused(let seconds):
      json.member("position", seconds)
    case .answer(let answer):
      json.member("answer", answer.rawValue)
    case .carAnswer(let isCar):
      json.member("isCar", isCar)
    default:
      break
    }
  }

  /// The event for a log line: `audioRoute bluetooth "Golf" (00:1A)`, `motion automotive+stationary high`.
  public var summary: String {
    switch self {
    case .audioRouteChanged(let port):
      return "\(name) \(port.kind.rawValue) \(DisplayText.inQuotes(port.name)) (\(DisplayText.quoted(port.identifier)))"
    case .motion(let sample):
      let flags = MotionFlag.allCases.filter(sample.flags.contains).map(\.rawValue).joined(separator: "+")
      return "\(name) \(flags.isEmpty ? "none" : flags) \(sample.confidence.rawValue)"
    case .focusFilterActivated(let queue), .focusFilterDeactivated(let queue), .manualSwitch(let queue):
      return "\(name) \(DisplayText.quoted(queue.rawValue))"
    case .playbackStarted(let seconds), .playbackPaused(let seconds): return "\(name) at \(seconds) s"
    case .answer(let answer): return "\(name) \(answer.rawValue)"
    case .carAnswer(let isCar): return "\(name) \(isCar ? "yes" : "no")"
    default: return name
    }
  }
}
