import Foundation
import Queues
import SmartFillSupport

// `rules QUEUE add|remove|enable|disable|on|off …`: every kind of auto-switch rule (car, motion, time,
// audio output, Focus filter), and switching to the queue on or off as a whole.

extension QueuesCommand {
  /// The options of `rules`.
  static let ruleOptions: [CommandLineParser.Option] = [
    .init("--activity", value: "<activity>"), .init("--stable-seconds", value: "<seconds>"),
    .init("--confidence", value: "<confidence>"), .init("--start", value: "<HH:MM>"), .init("--end", value: "<HH:MM>"),
    .init("--days", value: "<days>"), .init("--time-zone", value: "<identifier>"), .init("--output", value: "<output>"),
    .init("--device-id", value: "<id>"), .init("--device-name", value: "<name>"),
    .init("--focus-name", value: "<name>"), .init("--consent", value: "<consent>"), .init("--returns"),
  ]

  /// The rule kinds `rules add` takes.
  static let ruleKinds = ["car", "motion", "time", "audio", "focus"]
}

extension QueuesCommandContext {
  /// `rules QUEUE add KIND [options]`, `rules QUEUE remove|enable|disable N`, `rules QUEUE on|off`.
  mutating func rules() throws(CommandError) {
    let given = parsed.arguments
    guard given.count >= 2 else {
      throw QueuesCommand.usage(
        "Missing expected argument '\(given.isEmpty ? "<queue>" : "<add|remove|enable|disable|on|off>")'")
    }
    let target = try queue(given[0], in: try load())
    let verb = given[1]
    let rest = Array(given.dropFirst(2))
    func only(_ name: String) throws(CommandError) -> String {
      guard let first = rest.first else { throw QueuesCommand.usage("Missing expected argument '\(name)'") }
      if rest.count > 1 { throw QueuesCommand.usage("Unexpected argument '\(DisplayText.quoted(rest[1]))'") }
      return first
    }
    let said: String
    let change: (inout Queue) throws(QueueError) -> Void
    switch verb {
    case "add":
      let rule = try rule(kind: try only("<kind>"))
      said = "Added the rule \u{201C}\(rule.sentence)\u{201D} to \(target.name)."
      change = { (queue) throws(QueueError) in try queue.replaceAutoSwitchRules(with: queue.autoSwitchRules + [rule]) }
    case "remove", "enable", "disable":
      guard !target.autoSwitchRules.isEmpty else { throw .failure("\(target.name) has no auto-switch rules") }
      let index = try integer(try only("<n>"), for: "<n>", in: 1...target.autoSwitchRules.count) - 1
      let old = target.autoSwitchRules[index]
      var rules = target.autoSwitchRules
      if verb == "remove" { rules.remove(at: index) } else { rules[index].isEnabled = verb == "enable" }
      let done = verb == "remove" ? "Removed" : verb == "enable" ? "Enabled" : "Disabled"
      said = "\(done) rule \(index + 1) of \(target.name), \u{201C}\(old.sentence)\u{201D}."
      change = { (queue) throws(QueueError) in
        guard queue.autoSwitchRules == target.autoSwitchRules else {
          throw .invalidRule(
            field: "rules", value: "\(queue.autoSwitchRules.count) rules",
            reason: "changed meanwhile; run the command again")
        }
        try queue.replaceAutoSwitchRules(with: rules)
      }
    case "on", "off":
      if let extra = rest.first { throw QueuesCommand.usage("Unexpected argument '\(DisplayText.quoted(extra))'") }
      said = "Auto-switching to \(target.name) is \(verb)."
      change = { queue in queue.isAutoSwitchEnabled = verb == "on" }
    default:
      throw QueuesCommand.usage(
        "The value '\(DisplayText.quoted(verb))' is invalid for '<add|remove|enable|disable|on|off>'")
    }
    let library = try update { (library) throws(QueueError) in try library.modify(target.id, now: now, change) }
    let queue = try library.found(target.id).value
    say(said)
    json(QueuesCommand.node(command: "rules", queue, in: library))
  }

  /// The rule `rules add KIND` asks for, checked.
  func rule(kind: String) throws(CommandError) -> AutoSwitchRule {
    let trigger: AutoSwitchTrigger
    switch kind {
    case "car":
      trigger = .car
    case "motion":
      let activity = try choice("--activity <activity>", AutoSwitchTrigger.MotionActivity.allCases, \.rawValue)
      let confidence =
        try parsed.value("--confidence").map { _ throws(CommandError) in
          try choice("--confidence <confidence>", [MotionConfidence.medium, .high], \.rawValue)
        } ?? .medium
      let stable =
        try parsed.value("--stable-seconds").map { (text) throws(CommandError) in
          try integer(text, for: "--stable-seconds <seconds>", in: 0...MotionCondition.maximumStableSeconds)
        } ?? MotionCondition.defaultStableSeconds
      trigger = .motion(
        MotionCondition(activity: activity, minimumStableSeconds: stable, minimumConfidence: confidence))
    case "time":
      let start = try timeOfDay("--start <HH:MM>")
      let end = try timeOfDay("--end <HH:MM>")
      // The engine would read a range of no length as the whole day, the audit as a rule that never fires:
      // one meaning, refused here.
      if start == end {
        throw QueuesCommand.usage(
          "The value '\(parsed.value("--end") ?? "")' is invalid for '--end <HH:MM>': it equals --start, a range "
            + "of no length; give another end (the range may pass midnight, such as 22:00 to 06:00)")
      }
      trigger = .timeRange(
        TimeRange(start: start, end: end, weekdays: try weekdays(), timeZoneIdentifier: parsed.value("--time-zone")))
    case "audio":
      if let identifier = parsed.value("--device-id") {
        trigger = .audioOutput(.device(identifier: identifier, name: parsed.value("--device-name") ?? identifier))
      } else {
        trigger = .audioOutput(try choice("--output <output>", AutoSwitchTrigger.AudioOutput.namedKinds, \.kind))
      }
    case "focus":
      trigger = .focusFilter(focusName: parsed.value("--focus-name"))
    default:
      throw QueuesCommand.usage(
        "The value '\(DisplayText.quoted(kind))' is invalid for '<kind>'; use one of "
          + QueuesCommand.ruleKinds.joined(separator: ", "))
    }
    let consent =
      try parsed.value("--consent").map { _ throws(CommandError) in
        try choice("--consent <consent>", AutoSwitchRule.Consent.allCases, \.rawValue)
      } ?? .ask
    let rule = AutoSwitchRule(trigger, consent: consent, returnsWhenTriggerEnds: parsed.isSet("--returns"))
    do throws(QueueError) {
      try rule.validate()
    } catch {
      throw QueuesCommand.usage(error.description)
    }
    return rule
  }

  /// The value of `option` among `values`, by `name`.
  func choice<Value>(_ option: String, _ values: [Value], _ name: (Value) -> String) throws(CommandError) -> Value {
    let key = String(option.prefix { $0 != " " })
    guard let text = parsed.value(key) else { throw QueuesCommand.usage("Missing expected argument '\(option)'") }
    guard let value = values.first(where: { name($0) == text }) else {
      throw QueuesCommand.usage(
        "The value '\(DisplayText.quoted(text))' is invalid for '\(option)'; use one of "
          + values.map(name).joined(separator: ", "))
    }
    return value
  }

  /// A time of day given for `option`.
  func timeOfDay(_ option: String) throws(CommandError) -> TimeOfDay {
    let key = String(option.prefix { $0 != " " })
    guard let text = parsed.value(key) else { throw QueuesCommand.usage("Missing expected argument '\(option)'") }
    guard let time = TimeOfDay(text: text) else {
      throw QueuesCommand.usage("The value '\(DisplayText.quoted(text))' is invalid for '\(option)'; use 24-hour HH:MM")
    }
    return time
  }

  /// `--days`: "every-day" (the default), "weekdays", "weekends", or days such as "mon,wed".
  func weekdays() throws(CommandError) -> Set<Weekday> {
    guard let text = parsed.value("--days") else { return Weekday.everyDay }
    switch text {
    case "every-day": return Weekday.everyDay
    case "weekdays": return Weekday.workdays
    case "weekends": return [.saturday, .sunday]
    default:
      var days: Set<Weekday> = []
      for code in text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let day = Weekday(code: code.trimmingCharacters(in: .whitespaces).lowercased()) else {
          throw QueuesCommand.usage(
            "The value '\(DisplayText.quoted(text))' is invalid for '--days <days>'; use every-day, weekdays, "
              + "weekends or days such as mon,wed")
        }
        days.insert(day)
      }
      return days
    }
  }
}
