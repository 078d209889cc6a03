import SmartFill
import SmartFillSupport

/// `smartfill shows`: a catalog's shows, with what `--priority` and `episodes` take (title and feed URL)
/// and their counts.
enum ShowsCommand {
  static let parser = CommandLineParser(options: [.init("--json")])

  static func run(_ arguments: [String], into output: inout SmartFillCommand.Output) throws(CommandError) {
    let parsed = try parser.parse(arguments, for: .shows)
    if parsed.wantsHelp {
      output.standardOutput += HelpText.showsHelp
      return
    }
    let file = try parsed.onlyArgument("<catalog>", of: .shows)
    let catalog = try SmartFillCommand.readCatalog(file)
    if parsed.isSet("--json") {
      output.standardOutput += JSONWriter.text(.object([("shows", .array(catalog.shows.map(node)))])) + "\n"
      return
    }
    var text = ""
    for show in catalog.shows { text += line(show) + "\n" }
    text += "\(plural(catalog.shows.count, "show")), \(plural(catalog.episodeCount, "episode"))\n"
    output.standardOutput += DisplayText.escapedKeepingLines(text)
  }

  /// `99% Invisible (https://…): 120 episodes, 3 without a known duration, 2 played`.
  static func line(_ show: Show) -> String {
    let unknown = show.episodes.count { $0.durationSeconds == nil }
    let played = show.episodes.count(where: \.isPlayed)
    return "\(show.title.isEmpty ? "(untitled)" : show.title) (\(show.feedURL)): "
      + "\(plural(show.episodes.count, "episode")), \(unknown) without a known duration, \(played) played"
  }

  /// The show as `--json` gives it.
  static func node(_ show: Show) -> JSONWriter.Node {
    .object([
      ("title", .string(show.title)), ("feedURL", .string(show.feedURL)),
      ("episodeCount", .integer(show.episodes.count)),
      ("unknownDurationCount", .integer(show.episodes.count { $0.durationSeconds == nil })),
      ("playedCount", .integer(show.episodes.count(where: \.isPlayed))),
    ])
  }

  /// `1 show`, `2 shows`.
  static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
