import Foundation
import Queues
import SmartFill
import SmartFillSupport

// `settings` and `fill`: how a queue fills itself, and filling it with the engine's reasons.

extension QueuesCommandContext {
  /// `settings QUEUE --mode MODE [--minutes N] [--tolerance N] [--priority FEED…]`, or `--off`.
  mutating func settings() throws(CommandError) {
    let target = try queue(try arguments("<queue>")[0], in: try load())
    var settings: SmartFillSettings?
    if parsed.isSet("--off") {
      if parsed.value("--mode") != nil { throw QueuesCommand.usage("Give '--off' or '--mode <mode>', not both") }
    } else {
      settings = try requestedSettings(replacing: target.smartFillSettings)
    }
    let library = try update { (library) throws(QueueError) in
      try library.modify(target.id, now: now) { (queue) throws(QueueError) in queue.smartFillSettings = settings }
    }
    let queue = try library.found(target.id).value
    if let settings {
      let target = settings.targetSeconds.map { ", \(ClockText.minutes($0))" } ?? ""
      let shows =
        settings.priorityShows.isEmpty ? "" : ", \(QueuesCommand.plural(settings.priorityShows.count, "priority show"))"
      say(
        "Smart fill of \(queue.name): \(settings.mode.rawValue)\(target) ± \(ClockText.minutes(settings.toleranceSeconds))\(shows)."
      )
    } else {
      say("Smart fill of \(queue.name) is off.")
    }
    json(QueuesCommand.node(command: "settings", queue, in: library))
  }

  /// The settings the options ask for; options left out keep `old`'s values.
  func requestedSettings(replacing old: SmartFillSettings?) throws(CommandError) -> SmartFillSettings {
    let modeText = parsed.value("--mode") ?? old?.mode.rawValue
    guard let modeText else { throw QueuesCommand.usage("Missing expected argument '--mode <mode>'") }
    guard let mode = FillRequest.Mode(rawValue: modeText) else {
      throw QueuesCommand.usage(
        "The value '\(DisplayText.quoted(modeText))' is invalid for '--mode <mode>'. "
          + "Please provide one of 'fill-time', 'continue-series' and 'variety'.")
    }
    let target =
      try parsed.value("--minutes").map { (text) throws(CommandError) in
        try minutes(text, for: "--minutes <minutes>", in: SmartFillSettings.targetRange)
      } ?? old?.targetSeconds
    if target == nil, mode != .continueSeries {
      throw QueuesCommand.usage("Missing '--minutes <minutes>': mode \(mode.rawValue) needs a target")
    }
    let tolerance =
      try parsed.value("--tolerance").map { (text) throws(CommandError) in
        try minutes(text, for: "--tolerance <minutes>", in: SmartFillSettings.toleranceRange)
      } ?? old?.toleranceSeconds ?? FillCommand.defaultTolerance(for: target)
    let priority = parsed.allValues("--priority")
    return SmartFillSettings(
      mode: mode, targetSeconds: target, toleranceSeconds: tolerance,
      priorityShows: priority.isEmpty ? old?.priorityShows ?? [] : priority)
  }

  /// Minutes (whole or decimal) as seconds within `range`.
  func minutes(_ text: String, for option: String, in range: ClosedRange<Int>) throws(CommandError) -> Int {
    guard let value = Double(text), value.isFinite, value >= 0, value * 60 <= Double(range.upperBound),
      range.contains(Int((value * 60).rounded()))
    else {
      throw QueuesCommand.usage(
        "The value '\(DisplayText.quoted(text))' is invalid for '\(option)'; use a number of minutes up to "
          + "\(range.upperBound / 60)")
    }
    return Int((value * 60).rounded())
  }

  /// `fill QUEUE --catalog CATALOG [--replace]`: the queue's smart fill, with the engine's reasons.
  mutating func fill() throws(CommandError) {
    let target = try queue(try arguments("<queue>")[0], in: try load())
    guard let file = parsed.value("--catalog") else {
      throw QueuesCommand.usage("Missing expected argument '--catalog <catalog>'")
    }
    let catalog = try SmartFillCommand.readCatalog(file)
    let engine: FillEngine
    do {
      engine = try FillEngine(catalog: catalog)
    } catch {
      throw .failure("\(DisplayText.escaped(file)): invalid catalog: \(error)")
    }
    let placement: QueueLibrary.FillPlacement = parsed.isSet("--replace") ? .replace : .append
    var outcome: QueueLibrary.FillOutcome?
    let (library, _) = try updateUndoably("fill --replace", of: target.id) { (library) throws(QueueError) in
      let filled = try library.fill(target.id, using: engine, placement: placement, now: now)
      outcome = filled
      return filled.replaced != nil
    }
    guard let outcome else { preconditionFailure("update ran its body") }
    let queue = try library.found(target.id).value
    if !isJSON { standardOutput += outcome.result.table() }
    say(
      "\(placement == .replace ? "Replaced \(queue.name)'s episodes with" : "Added") "
        + "\(QueuesCommand.plural(outcome.added.count, "episode"))\(placement == .replace ? "" : " to \(queue.name)")"
        + ": now \(queue.summary).")
    json(QueuesCommand.node(command: "fill", queue, in: library, extra: [("fill", outcome.result.jsonNode)]))
  }
}
