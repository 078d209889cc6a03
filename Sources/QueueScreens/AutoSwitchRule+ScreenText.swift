import Queues
import SmartFillSupport

// How the screens word an auto-switch rule: the management screen's summary ("Auto-Switch: Car 🚘",
// "Between 22:00 and 06:00 😴") and the editor's sentence ("When connected to car", "Between 7–9 am on
// weekdays").

extension AutoSwitchRule {
  /// The management screen's summary: "Auto-Switch: Car 🚘", "Auto-Switch: Running 🏃", "Between 22:00 and
  /// 06:00 😴" (a range that passes midnight or starts from 20:00 is a night, 😴; another range is ⏰).
  public var summary: String {
    switch trigger {
    case .car: return "Auto-Switch: Car 🚘"
    case .motion(let condition): return "Auto-Switch: \(condition.activity.screenTitle) \(condition.activity.emoji)"
    case .timeRange(let range):
      let night = range.wrapsMidnight || range.start.hour >= 20
      return "Between \(range.start) and \(range.end)\(range.weekdaysPhrase)\(range.timeZonePhrase) "
        + (night ? "😴" : "⏰")
    case .audioOutput(let output): return "Auto-Switch: \(output.title) \(output.emoji)"
    case .focusFilter(let name): return "Auto-Switch: \(name.map { "\(DisplayText.quoted($0)) Focus" } ?? "Focus") 🌙"
    }
  }

  /// The editor's sentence: "When connected to car", "When running", "Between 7–9 am on weekdays", "When
  /// AirPods are connected", "When the “Sleep” Focus is on".
  public var sentence: String {
    switch trigger {
    case .car: return "When connected to car"
    case .motion(let condition): return "When \(condition.activity.gerund)"
    case .timeRange(let range) where range.start == range.end:
      // A store may hold one (the tool refuses it): the engine reads it as the whole day.
      let (text, suffix) = range.start.twelveHour
      return "All day from \(text) \(suffix)\(range.weekdaysPhrase)\(range.timeZonePhrase)"
    case .timeRange(let range): return "Between \(range.twelveHourText)\(range.weekdaysPhrase)\(range.timeZonePhrase)"
    case .audioOutput(let output): return output.sentence
    case .focusFilter(nil): return "When a Focus filter names this queue"
    case .focusFilter(let name?): return "When the \u{201C}\(DisplayText.quoted(name))\u{201D} Focus is on"
    }
  }

  /// "Asks first", "Switches without asking", "Never switches": the listener's answer for the rule.
  public var consentText: String {
    switch consent {
    case .ask: return "Asks first"
    case .always: return "Switches without asking"
    case .never: return "Never switches"
    }
  }
}

extension AutoSwitchTrigger.MotionActivity {
  /// "Walking", "Running", "Cycling", "Driving".
  var screenTitle: String { self == .automotive ? "Driving" : rawValue.capitalized }
  /// "walking", …, "driving".
  var gerund: String { screenTitle.lowercased() }
  /// 🚶, 🏃, 🚴, 🚗.
  var emoji: String {
    switch self {
    case .walking: return "🚶"
    case .running: return "🏃"
    case .cycling: return "🚴"
    case .automotive: return "🚗"
    }
  }
}

extension AutoSwitchTrigger.AudioOutput {
  /// 🎧 for AirPods and headphones, 🚘 for the car, 📱 for the speaker, 🔊 for the others.
  var emoji: String {
    switch self {
    case .airPods, .headphones: return "🎧"
    case .car: return "🚘"
    case .builtInSpeaker: return "📱"
    case .airPlay, .bluetoothSpeaker, .device: return "🔊"
    }
  }

  /// The editor's sentence for an output rule.
  var sentence: String {
    switch self {
    case .airPods: return "When AirPods are connected"
    case .headphones: return "When headphones are connected"
    case .airPlay: return "When playing on HomePod or AirPlay"
    case .bluetoothSpeaker: return "When playing on a Bluetooth speaker"
    case .car: return "When playing through car audio"
    case .builtInSpeaker: return "When playing on the speaker"
    case .device(_, let name): return "When playing on \u{201C}\(DisplayText.quoted(name))\u{201D}"
    }
  }
}

extension TimeRange {
  /// "", " on weekdays", " on weekends", " on Mon, Wed".
  var weekdaysPhrase: String {
    if weekdays == Weekday.everyDay { return "" }
    if weekdays == Weekday.workdays { return " on weekdays" }
    if weekdays == [.saturday, .sunday] { return " on weekends" }
    return " on " + Weekday.allCases.filter(weekdays.contains).map(\.title).joined(separator: ", ")
  }

  /// "" in the listener's time zone, " (Europe/Berlin)" in another.
  var timeZonePhrase: String { timeZoneIdentifier.map { " (\($0))" } ?? "" }

  /// "7–9 am", "10 pm–6 am", "7:30–9 am", "12–1 pm": the range on a 12-hour clock, the suffix once when both
  /// ends share it.
  var twelveHourText: String {
    let (startText, startSuffix) = start.twelveHour
    let (endText, endSuffix) = end.twelveHour
    if startSuffix == endSuffix { return "\(startText)–\(endText) \(endSuffix)" }
    return "\(startText) \(startSuffix)–\(endText) \(endSuffix)"
  }
}

extension TimeOfDay {
  /// ("7", "am"), ("7:30", "pm"), ("12", "am") for midnight.
  var twelveHour: (text: String, suffix: String) {
    let hour = self.hour % 12 == 0 ? 12 : self.hour % 12
    let text = minute == 0 ? "\(hour)" : "\(hour):" + (minute < 10 ? "0\(minute)" : "\(minute)")
    return (text, self.hour < 12 ? "am" : "pm")
  }
}
