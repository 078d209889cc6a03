import Foundation
import Queues
import SmartFillSupport

/// One run of a `smartfill queues` command: its parsed arguments, its environment and what it prints.
struct QueuesCommandContext {
  /// The command line after the command's name.
  let parsed: CommandLineParser.Parsed
  /// The variables, clock and questions.
  let environment: QueuesCommandEnvironment
  /// The time of the run, read once.
  let now: Date
  /// What goes to standard output.
  var standardOutput = ""
  /// What goes to standard error.
  var standardError = ""
  /// Whether the command only reads the store (`list`, `switcher`, `show`).
  var isReadOnly = false
  /// Warnings for standard error said while reading or writing the store.
  let notices = Notices()

  /// Lines for standard error, gathered where the context cannot be changed (inside a store's update).
  final class Notices {
    private(set) var text = ""

    /// Adds the line `line`.
    func add(_ line: String) { text += line + "\n" }
  }

  init(parsed: CommandLineParser.Parsed, environment: QueuesCommandEnvironment) {
    self.parsed = parsed
    self.environment = environment
    self.now = environment.now()
  }

  /// Whether `--json` was given.
  var isJSON: Bool { parsed.isSet("--json") }

  /// Runs `action`.
  mutating func run(_ action: QueuesCommand.Action) throws(CommandError) {
    isReadOnly = [.list, .switcher, .show].contains(action)
    switch action {
    case .list: try list()
    case .switcher: try switcher()
    case .show: try show()
    case .create: try create()
    case .rename: try rename()
    case .delete: try delete()
    case .restore: try restore()
    case .duplicate: try duplicate()
    case .clear: try clear()
    case .undo: try undo()
    case .add: try add()
    case .remove: try remove()
    case .move: try move()
    case .settings: try settings()
    case .fill: try fill()
    case .rules: try rules()
    case .switch: try switchQueue()
    case .play: try play()
    case .finish: try finish()
    }
  }

  // MARK: Arguments

  /// Exactly the positional arguments `names` (`<queue>`, `<name>`): a usage error when one is missing or
  /// another follows.
  func arguments(_ names: String...) throws(CommandError) -> [String] {
    let given = parsed.arguments
    if given.count < names.count { throw QueuesCommand.usage("Missing expected argument '\(names[given.count])'") }
    if given.count > names.count {
      throw QueuesCommand.usage("Unexpected argument '\(DisplayText.quoted(given[names.count]))'")
    }
    return given
  }

  /// The positional arguments: `names` first, then at least one more (`<episode> ...`).
  func arguments(_ names: [String], thenAtLeastOne rest: String) throws(CommandError) -> ([String], [String]) {
    let given = parsed.arguments
    if given.count < names.count { throw QueuesCommand.usage("Missing expected argument '\(names[given.count])'") }
    if given.count == names.count { throw QueuesCommand.usage("Missing expected argument '\(rest) ...'") }
    return (Array(given.prefix(names.count)), Array(given.dropFirst(names.count)))
  }

  /// A whole number from `range` given for `option` (or as an argument named `option`).
  func integer(_ text: String, for option: String, in range: ClosedRange<Int>) throws(CommandError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw QueuesCommand.usage(
        "The value '\(DisplayText.quoted(text))' is invalid for '\(option)'; use a whole number from "
          + "\(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// A time given as seconds ("754"), minutes and seconds ("12:34") or hours too ("1:02:03").
  func seconds(_ text: String, for option: String) throws(CommandError) -> Int {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    var total = 0
    for (index, part) in parts.enumerated() {
      guard parts.count <= 3, let value = Int(part), value >= 0, index == 0 || (part.count == 2 && value < 60),
        total <= EpisodeReference.maximumDurationSeconds
      else {
        throw QueuesCommand.usage(
          "The value '\(DisplayText.quoted(text))' is invalid for '\(option)'; use seconds, M:SS or H:MM:SS")
      }
      total = total * 60 + value
    }
    return total
  }

  // MARK: Output

  /// Prints `text` (a line or lines) unless `--json` was given.
  mutating func say(_ text: String) {
    if !isJSON { standardOutput += text.hasSuffix("\n") ? text : text + "\n" }
  }

  /// Prints `node` as the one JSON document when `--json` was given.
  mutating func json(_ node: @autoclosure () -> JSONWriter.Node) {
    if isJSON { standardOutput += JSONWriter.text(node()) + "\n" }
  }
}
