import Foundation
import SmartFill
import SmartFillSupport

/// `smartfill fill`: a queue from a catalog, as a table or as JSON.
enum FillCommand {
  static let parser = CommandLineParser(options: [
    .init("--mode", value: "<mode>"),
    .init("--minutes", value: "<minutes>"),
    .init("--tolerance", value: "<minutes>"),
    .init("--aim", value: "<minutes>"),
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
        "The value '\(DisplayText.quoted(modeText))' is invalid for '--mode <mode>'. "
          + "Please provide one of 'fill-time', 'continue-series' and 'variety'.", command: .fill)
    }
    let target = try seconds(
      parsed.value("--minutes"), option: "--minutes <minutes>", maximumSeconds: FillRequest.maximumTargetSeconds)
    if target == nil, mode != .continueSeries {
      throw .usage("Missing '--minutes <minutes>': mode \(mode.rawValue) needs a target", command: .fill)
    }
    let tolerance =
      try seconds(
        parsed.value("--tolerance"), option: "--tolerance <minutes>", allowsZero: true,
        maximumSeconds: FillRequest.maximumToleranceSeconds)
      ?? Self.defaultTolerance(for: target)
    let aim =
      try seconds(
        parsed.value("--aim"), option: "--aim <minutes>", allowsZero: true,
        maximumSeconds: FillRequest.maximumToleranceSeconds)
      ?? FillRequest.defaultAimSeconds
    let catalog = try SmartFillCommand.readCatalog(file)
    let excluded = exclusions(parsed.allValues("--exclude"), in: catalog, file: file, output: &output)
    // A priority show by its title where one show has it, or by its feed URL.
    let priority = try parsed.allValues("--priority").map { (text) throws(CommandError) in
      do throws(CommandError) {
        return try catalog.show(named: text).feedURL
      } catch {
        throw .usage("--priority: \(error.description)", command: .fill)
      }
    }
    let request = FillRequest(
      mode: mode, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim,
      priorityShows: priority, excluded: excluded)
    // The reader checked the catalog as the engine would.
    let engine = FillEngine(readFromJSON: catalog)
    let result: FillResult
    do throws(FillError) {
      result = try engine.fill(request)
    } catch {
      throw .usage(Self.message(for: error), command: .fill)
    }
    if parsed.isSet("--json") {
      output.standardOutput += JSONWriter.text(result.jsonNode) + "\n"
    } else {
      output.standardOutput += result.table()
    }
  }

  /// The episodes `values` name, each a GUID (every episode with it) or `feedURL#GUID`; a value that names
  /// none is a warning on standard error.
  ///
  /// - Complexity: O(*n* + *e*) for *n* episodes and *e* values.
  static func exclusions(_ values: [String], in catalog: Catalog, file: String, output: inout SmartFillCommand.Output)
    -> Set<EpisodeID>
  {
    guard !values.isEmpty else { return [] }
    var byGUID: [String: [EpisodeID]] = [:]
    var all: Set<EpisodeID> = []
    for show in catalog.shows {
      for episode in show.episodes {
        let id = EpisodeID(feedURL: show.feedURL, guid: episode.guid)
        byGUID[episode.guid, default: []].append(id)
        all.insert(id)
      }
    }
    var excluded = Set<EpisodeID>()
    for value in values {
      var matches = byGUID[value] ?? []
      // `feedURL#GUID`, where either part may itself hold a "#".
      for hash in value.indices where value[hash] == "#" {
        let id = EpisodeID(feedURL: String(value[..<hash]), guid: String(value[value.index(after: hash)...]))
        if all.contains(id) { matches.append(id) }
      }
      if matches.isEmpty {
        output.standardError +=
          "warning: --exclude \(DisplayText.quoted(value)): no such episode in \(DisplayText.escaped(file))\n"
      }
      excluded.formUnion(matches)
    }
    return excluded
  }

  /// The tolerance when `--tolerance` is not given: ``FillRequest/defaultToleranceSeconds`` (3 minutes), or
  /// half the target when that is shorter, so that a short target is not refused for a tolerance the user
  /// never set.
  static func defaultTolerance(for target: Int?) -> Int {
    guard let target, target <= FillRequest.defaultToleranceSeconds else { return FillRequest.defaultToleranceSeconds }
    return target / 2
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
    case .invalidAim(let seconds):
      return "--aim must be at most \(FillRequest.maximumToleranceSeconds / 60), got \(ClockText.minutes(seconds))"
    case .unknownPriorityShow(let feedURL):
      return "--priority \(DisplayText.quoted(feedURL)): no show with this feed URL in the catalog"
    case .missingTarget(let mode):
      return "Missing '--minutes <minutes>': mode \(mode.rawValue) needs a target"
    }
  }

  /// Minutes (whole or decimal, such as `45` or `12.5`) as whole seconds, or `nil` when the option is absent.
  ///
  /// The value given is checked against the limit before it is rounded to the second, so that `30.0001` is
  /// refused where 30 minutes is the most, and the message says the real limit.
  static func seconds(_ text: String?, option: String, allowsZero: Bool = false, maximumSeconds: Int)
    throws(CommandError)
    -> Int?
  {
    guard let text else { return nil }
    let maximum = Double(maximumSeconds) / 60
    let limit = maximumSeconds % 60 == 0 ? String(maximumSeconds / 60) : String(maximum)
    let expected = allowsZero ? "from 0 to \(limit)" : "more than 0 and at most \(limit)"
    let isDecimal =
      !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
      && text.filter { $0 == "." }.count <= 1
      && text != "."
    guard isDecimal, let minutes = Double(text) else {
      throw .usage(
        "The value '\(DisplayText.quoted(text))' is invalid for '\(option)': expected a number of minutes such as 45 or "
          + "12.5, \(expected)", command: .fill)
    }
    if !allowsZero, minutes > 0, (minutes * 60).rounded() < 1 {
      throw .usage(
        "The value '\(DisplayText.quoted(text))' is invalid for '\(option)': it is less than a second; expected "
          + "minutes \(expected), at least 1 second (0.0167)", command: .fill)
    }
    guard minutes <= maximum, allowsZero ? minutes >= 0 : minutes > 0, (minutes * 60).rounded() >= (allowsZero ? 0 : 1)
    else {
      throw .usage(
        "The value '\(DisplayText.quoted(text))' is invalid for '\(option)': expected minutes \(expected)",
        command: .fill)
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
