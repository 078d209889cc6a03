import SmartFill
import SmartFillSupport

/// `smartfill validate`: every problem of a catalog file, with its location.
enum ValidateCommand {
  static let parser = CommandLineParser(options: [])

  static func run(_ arguments: [String], into output: inout SmartFillCommand.Output) throws(CommandError) {
    let parsed = try parser.parse(arguments, for: .validate)
    if parsed.wantsHelp {
      output.standardOutput += HelpText.validateHelp
      return
    }
    let file = try parsed.onlyArgument("<catalog>", of: .validate)
    let data = try SmartFillCommand.read(file)
    let problems = Catalog.problems(inJSON: data)
    for problem in problems { output.standardOutput += "\(file): \(problem)\n" }
    guard problems.isEmpty else {
      throw .failure("\(file): \(problems.count) \(problems.count == 1 ? "problem" : "problems")")
    }
    let catalog = try SmartFillCommand.readCatalog(file)
    let unknown = catalog.shows.reduce(0) { $0 + $1.episodes.count { $0.durationSeconds == nil } }
    output.standardOutput +=
      "\(file): valid catalog, \(catalog.shows.count) "
      + "\(catalog.shows.count == 1 ? "show" : "shows"), \(catalog.episodeCount) episodes "
      + "(\(unknown) without a known duration)\n"
  }
}
