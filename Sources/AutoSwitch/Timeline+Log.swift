import Foundation
import Queues
import SmartFillSupport

// A run's log for people (`text`) and for programs (`json`), as `smartfill simulate` prints it.

extension Timeline {
  /// The log as text: per event, its local time and summary, then the decision and its reason, indented;
  /// last, the active queue and the number of switches.
  ///
  /// ```
  /// 2026-03-02 08:05:00 +01:00  carPlayConnected
  ///     ask: Switching to 🚗 Commute? [Yes | No | Don't ask again for Car] — CarPlay connected; rule Car of …
  /// ```
  public func logText(_ log: [Entry], library: QueueLibrary) -> String {
    var text = ""
    for entry in log {
      text += "\(localTime(entry.at))  \(entry.event.summary)\n    \(entry.decision)\n"
    }
    let switches = log.count { Self.change(of: $0.decision) != nil }
    text += "active queue: \(library.activeQueue.name); \(switches == 1 ? "1 switch" : "\(switches) switches")\n"
    return text
  }

  /// The log as one JSON document: `entries` (each with `at`, `event` and `decision`), `activeQueueID` and
  /// `switchCount`.
  public func logJSON(_ log: [Entry], library: QueueLibrary) -> String {
    var json = JSONWriter()
    json.object { json in
      json.member("entries")
      json.array { json in
        for entry in log {
          json.element()
          json.object { json in
            json.member("at", entry.at)
            json.member("event")
            json.object { json in entry.event.writeMembers(to: &json) }
            json.member("decision")
            entry.decision.write(to: &json)
          }
        }
      }
      json.member("activeQueueID", library.activeQueueID.rawValue)
      json.member("switchCount", log.count { Self.change(of: $0.decision) != nil })
    }
    json.append("\n")
    return json.text
  }

  /// The switch a decision made, if any.
  static func change(of decision: Decision) -> Switch? {
    switch decision.action {
    case .switchNow(let change), .notice(let change): return change
    default: return nil
    }
  }

  /// "2026-03-02 08:05:00 +01:00" in the timeline's time zone.
  func localTime(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = settings.timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let offset = settings.timeZone.secondsFromGMT(for: date) / 60
    let sign = offset < 0 ? "-" : "+"
    return "\(parts.year!)-\(two(parts.month!))-\(two(parts.day!)) \(two(parts.hour!)):\(two(parts.minute!)):"
      + "\(two(parts.second!)) \(sign)\(two(abs(offset) / 60)):\(two(abs(offset) % 60))"
  }
}

extension Decision {
  /// Writes the decision as an object: `action` ("none", "ask", "askIsCar", "switchNow", "switchAtEpisodeEnd",
  /// "notice", "holdPlayback"), what the action needs, and `reason`.
  func write(to json: inout JSONWriter) {
    json.object { json in
      switch action {
      case .none:
        json.member("action", "none")
      case .ask(let question):
        json.member("action", "ask")
        json.member("queue", question.queue.rawValue)
        Self.writeQuestion(question.text, question.options, to: &json)
      case .askIsCar(let question):
        json.member("action", "askIsCar")
        json.member("deviceID", question.device.identifier)
        json.member("deviceName", question.device.name)
        Self.writeQuestion(question.text, question.options, to: &json)
      case .switchNow(let change):
        json.member("action", "switchNow")
        change.writeMembers(to: &json)
      case .switchAtEpisodeEnd(let queue, _):
        json.member("action", "switchAtEpisodeEnd")
        json.member("queue", queue.rawValue)
      case .notice(let change):
        json.member("action", "notice")
        change.writeMembers(to: &json)
        json.member("notice", change.notice)
      case .holdPlayback:
        json.member("action", "holdPlayback")
      }
      json.member("reason", reason)
    }
  }

  /// Writes a question's `text` and `options`.
  private static func writeQuestion(_ text: String, _ options: [String], to json: inout JSONWriter) {
    json.member("text", text)
    json.member("options")
    json.strings(options)
  }
}

extension Switch {
  /// Writes `from`, `to`, `savedPositionSeconds` (when there was one), `resume` (the episode and its
  /// position, or null) and `keepsPlaying`.
  func writeMembers(to json: inout JSONWriter) {
    json.member("from", from.rawValue)
    json.member("to", to.rawValue)
    if let savedPositionSeconds { json.member("savedPositionSeconds", savedPositionSeconds) }
    json.member("resume")
    if let resume {
      json.object { json in
        json.member("feedURL", resume.feedURL)
        json.member("episodeGUID", resume.episodeGUID)
        json.member("positionSeconds", resume.playbackPositionSeconds)
      }
    } else {
      json.null()
    }
    json.member("keepsPlaying", keepsPlaying)
  }
}
