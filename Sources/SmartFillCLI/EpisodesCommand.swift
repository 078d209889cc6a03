import SmartFill
import SmartFillSupport

/// `smartfill episodes`: one show's episodes, with the GUIDs `queues add` and `fill --exclude` take.
enum EpisodesCommand {
  static let parser = CommandLineParser(options: [.init("--json")])

  static func run(_ arguments: [String], into output: inout SmartFillCommand.Output) throws(CommandError) {
    let parsed = try parser.parse(arguments, for: .episodes)
    if parsed.wantsHelp {
      output.standardOutput += HelpText.episodesHelp
      return
    }
    guard parsed.arguments.count >= 2 else {
      throw .usage(
        "Missing expected argument '\(parsed.arguments.isEmpty ? "<catalog>" : "<show>")'", command: .episodes)
    }
    if parsed.arguments.count > 2 {
      throw .usage("Unexpected argument '\(DisplayText.quoted(parsed.arguments[2]))'", command: .episodes)
    }
    let file = parsed.arguments[0]
    let catalog = try SmartFillCommand.readCatalog(file)
    let show: Show
    do {
      show = try catalog.show(named: parsed.arguments[1])
    } catch {
      throw .usage(error.description, command: .episodes)
    }
    if parsed.isSet("--json") {
      var members = ShowsCommand.node(show)
      if case .object(let fields) = members {
        members = .object(fields + [("episodes", .array(show.episodes.map(node)))])
      }
      output.standardOutput += JSONWriter.text(members) + "\n"
      return
    }
    var text = ShowsCommand.line(show) + "\n"
    for episode in show.episodes { text += "  " + line(episode) + "\n" }
    output.standardOutput += DisplayText.escapedKeepingLines(text)
  }

  /// `a5  S2E5  20:00  Five`, with ` (played)` after a played one, `?` for an unknown duration and the GUID
  /// in double quotes when it has spaces.
  static func line(_ episode: Episode) -> String {
    var number = "-"
    if let season = episode.season, let index = episode.episode {
      number = "S\(season)E\(index)"
    } else if let index = episode.episode {
      number = "E\(index)"
    }
    let duration = episode.durationSeconds.map(ClockText.clock) ?? "?"
    // A GUID with spaces is quoted, so that it reads apart from the columns and copies into a shell.
    let guid =
      episode.guid.contains(where: \.isWhitespace) || episode.guid.isEmpty ? "\"\(episode.guid)\"" : episode.guid
    return "\(guid)  \(number)  \(duration)  \(episode.title)\(episode.isPlayed ? " (played)" : "")"
  }

  /// The episode as `--json` gives it.
  static func node(_ episode: Episode) -> JSONWriter.Node {
    .object([
      ("guid", .string(episode.guid)), ("title", .string(episode.title)),
      ("published", .string(Timestamp.format(episode.published))),
      ("season", episode.season.map { .integer($0) } ?? .null),
      ("episode", episode.episode.map { .integer($0) } ?? .null),
      ("durationSeconds", episode.durationSeconds.map { .integer($0) } ?? .null),
      ("isPlayed", .bool(episode.isPlayed)),
    ])
  }
}
