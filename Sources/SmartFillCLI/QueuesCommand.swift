import Foundation
import Queues
import SmartFillSupport

/// `smartfill queues`: the listener's queues in a store file, through the design's screens (`list`,
/// `switcher`, `show`) and the commands that change them, each with `--store` and `--json`.
///
/// Every change goes through ``QueueStore/update(now:discarding:_:)``: read under the store's lock, changed,
/// written atomically, so that a crash, a kill or another writer never loses what the listener saved.
enum QueuesCommand {
  /// The commands, in the order the help lists them.
  enum Action: String, CaseIterable {
    case list, switcher, show, create, rename, delete, restore, duplicate, clear, undo, add, remove, move, settings,
      fill, rules
    case `switch`, play, finish
  }

  /// The options every command accepts.
  static let commonOptions: [CommandLineParser.Option] = [
    .init("--store", value: "<path>"), .init("--json"), .init("--discard-unreadable"),
  ]

  /// Runs `smartfill queues` with `arguments` in the process's environment.
  static func run(_ arguments: [String], into output: inout SmartFillCommand.Output) throws(CommandError) {
    try run(arguments, environment: .process, into: &output)
  }

  /// Runs `smartfill queues` with `arguments` in `environment`.
  static func run(
    _ arguments: [String], environment: QueuesCommandEnvironment, into output: inout SmartFillCommand.Output
  )
    throws(CommandError)
  {
    guard let first = arguments.first else { throw usage("Missing expected argument '<command>'") }
    if first == "-h" || first == "--help" {
      output.standardOutput += HelpText.queuesHelp
      return
    }
    guard let action = Action(rawValue: first) else {
      let names = Action.allCases.map(\.rawValue)
      let suggestion = Spelling.didYouMean(first, among: names)
      throw usage(
        "Unknown command '\(DisplayText.quoted(first))'"
          + (suggestion.isEmpty ? "; use one of \(names.joined(separator: ", "))" : suggestion))
    }
    let rest = Array(arguments.dropFirst())
    let parser = CommandLineParser(options: commonOptions + options(of: action))
    let parsed = try parser.parse(rest, for: .queues)
    if parsed.wantsHelp {
      output.standardOutput += HelpText.queuesHelp
      return
    }
    var context = QueuesCommandContext(parsed: parsed, environment: environment)
    do {
      try context.run(action)
    } catch {
      output.standardError += context.notices.text
      throw error
    }
    // Names and values from the store reach a terminal: escaped there, kept exact in JSON.
    output.standardOutput +=
      context.isJSON ? context.standardOutput : DisplayText.escapedKeepingLines(context.standardOutput)
    output.standardError += context.notices.text + context.standardError
  }

  /// The options of `action`, beyond ``commonOptions``.
  static func options(of action: Action) -> [CommandLineParser.Option] {
    switch action {
    case .list, .switcher, .restore, .duplicate, .clear, .undo, .remove, .move, .finish: return []
    case .show: return [.init("--catalog", value: "<catalog>")]
    case .create, .rename: return [.init("--emoji", value: "<emoji>")]
    case .delete: return [.init("-y", "--yes")]
    case .add:
      return [
        .init("--catalog", value: "<catalog>"), .init("--show", value: "<show>"), .init("--next"), .init("--last"),
        .init("--at", value: "<n>"),
      ]
    case .settings:
      return [
        .init("--mode", value: "<mode>"), .init("--minutes", value: "<minutes>"),
        .init("--tolerance", value: "<minutes>"), .init("--priority", value: "<feed-url>"), .init("--off"),
      ]
    case .fill: return [.init("--catalog", value: "<catalog>"), .init("--replace")]
    case .rules: return QueuesCommand.ruleOptions
    case .switch, .play: return [.init("--position", value: "<time>"), .init("--episode", value: "<n>")]
    }
  }

  /// A usage error of `smartfill queues`.
  static func usage(_ message: String) -> CommandError { .usage(message, command: .queues) }
}
