import Foundation
import SmartFill
import SmartFillSupport

/// `smartfill fill`: a queue from a catalog, as a table or as JSON.
enum FillCommand {
  static let parser = CommandLineParser(options: [
    .init("--mode", value: "<mode>"),
    .init("--minutes", value: "<minutes>"),
    .init("--tolerance", value: "<minutes>"),
    .init("--priority", value: "<feed-url>"),
    .init("--exclude", value: "<guid>"),
    .init("--json"),
  ])

  static func run(_ arguments: [String], into output: inout SmartFillCommand.Output) throws(CommandError) {
    let parsed = try parser.parse(arguments, for: .fill)
    if parsed.wantsHelp {
      output.standardOutput += HelpText.fillHelp
      return
    }
    let file = try parsed.onlyArgument("<catalog>", of: .fill)
    guard let modeText = parsed.value("--mode") else {
      throw .usage("Missing expected argument '--mode <mode>'", command: .fill)
    }
    guard let mode = FillRequest.Mode(rawValue: modeText) else {
      throw .usage(
        "The value '\(modeText)' is invalid for '--mode <mode>'. "
          + "Please provide one of 'fill-time', 'continue-series' and 'variety'.", command: .fill)
    }
    let target = try seconds(parsed.value("--minutes"), option: "--minutes <minutes>")
    if target == nil, mode != .continueSeries {
      throw .usage("Missing '--minutes <minutes>': mode \(mode.rawValue) needs a target", command: .fill)
    }
    let tolerance =
      try seconds(parsed.value("--tolerance"), option: "--tolerance <minutes>", allowsZero: true)
      ?? FillRequest.defaultToleranceSeconds
    let catalog = try SmartFillCommand.readCatalog(file)
    var excluded = Set<EpisodeID>()
    for value in parsed.values["--exclude"] ?? [] {
      let matches = catalog.shows.flatMap { show in
        show.episodes.lazy.filter { $0.guid == value || "\(show.feedURL)#\($0.guid)" == value }
          .map { EpisodeID(feedURL: show.feedURL, guid: $0.guid) }
      }
      if matches.isEmpty { output.standardError += "warning: --exclude \(value): no such episode in \(file)\n" }
      excluded.formUnion(matches)
    }
    let request = FillRequest(
      mode: mode, targetSeconds: target, toleranceSeconds: tolerance,
      priorityShows: parsed.values["--priority"] ?? [], excluded: excluded)
    let result: FillResult
    do {
      result = try FillEngine(catalog: catalog).fill(request)
    } catch {
      throw .usage(Self.message(for: error), command: .fill)
    }
    if parsed.flags.contains("--json") {
      output.standardOutput += JSONWriter.text(result.jsonNode) + "\n"
    } else {
      output.standardOutput += result.table()
    }
  }

  /// The engine's complaint in the command line's terms.
  static func message(for error: FillError) -> String {
    switch error {
    case .invalidTarget(let seconds):
      return "--minutes must be more than 0 and at most \(FillRequest.maximumTargetSeconds / 60) "
        + "(7 days), got \(ClockText.minutes(seconds))"
    case .invalidTolerance(let seconds, let target):
      let limit = target.map { "less than --minutes (\(ClockText.minutes($0))) and " } ?? ""
      return "--tolerance must be \(limit)at most \(FillRequest.maximumToleranceSeconds / 60), "
        + "got \(ClockText.minutes(seconds))"
    case .unknownPriorityShow(let feedURL):
      return "--priority \(feedURL): no show with this feed URL in the catalog"
    case .missingTarget(let mode):
      return "Missing '--minutes <minutes>': mode \(mode.rawValue) needs a target"
    }
  }

  /// Minutes (whole or decimal) as whole seconds, or `nil` when the option is absent.
  static func seconds(_ text: String?, option: String, allowsZero: Bool = false) throws(CommandError) -> Int? {
    guard let text else { return nil }
    guard let minutes = Double(text), minutes.isFinite, minutes >= 0, allowsZero || minutes > 0,
      minutes <= 1e9, text.allSatisfy({ $0.isNumber || $0 == "." })
    else {
      let expected = allowsZero ? "a number of minutes, 0 or more" : "a number of minutes, more than 0"
      throw .usage("The value '\(text)' is invalid for '\(option)': expected \(expected)", command: .fill)
    }
    return Int((minutes * 60).rounded())
  }
}

/// Durations as the table shows them.
enum ClockText {
  /// `H:MM:SS`, or `M:SS` under an hour; negative values get a minus sign.
  static func clock(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : ""
    let value = abs(seconds)
    let (hours, minutes, rest) = (value / 3600, value / 60 % 60, value % 60)
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    if hours > 0 { return "\(sign)\(hours):\(two(minutes)):\(two(rest))" }
    return "\(sign)\(minutes):\(two(rest))"
  }

  /// Seconds as minutes for messages: `45 min`, or `45.5 min`.
  static func minutes(_ seconds: Int) -> String {
    if seconds % 60 == 0 { return "\(seconds / 60) min" }
    return "\((Double(seconds) / 60 * 100).rounded() / 100) min"
  }
}
