import Foundation
import QueueSyncSimulation
import SmartFillSupport

/// `smartfill sync simulate`: one randomized run of several devices syncing their queues, with its outcome
/// (see `SyncSimulation`), under this package's sync or one of the two known-bad rules.
enum SyncCommand {
  static let parser = CommandLineParser(options: [
    .init("--devices", value: "<count>"),
    .init("--seed", value: "<seed>"),
    .init("--steps", value: "<count>"),
    .init("--rule", value: "<rule>"),
    .init("--json"),
  ])

  /// The device counts accepted.
  static let deviceRange = 2...8
  /// The step counts accepted.
  static let stepRange = 1...100_000

  /// The runs long enough to report their progress: 10,000 steps and more.
  static let progressSteps = 10_000

  /// Writes a line of progress to standard error at once (the command's output is written when it ends).
  static let standardErrorLine: @Sendable (String) -> Void = { line in
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Runs `sync simulate`; a run of ``progressSteps`` steps or more tells `progress` how far it got, every
  /// tenth of the run ("sync simulate: 30000 of 100000 steps, 4.1 s").
  static func run(
    _ arguments: [String], into output: inout SmartFillCommand.Output,
    progress: @Sendable (String) -> Void = standardErrorLine
  ) throws(CommandError) {
    let parsed = try parser.parse(arguments, for: .sync)
    if parsed.wantsHelp {
      output.standardOutput += HelpText.syncHelp
      return
    }
    guard let action = parsed.arguments.first else {
      throw .usage("Missing expected argument '<action>'", command: .sync)
    }
    guard action == "simulate" else {
      throw .usage("Unknown action '\(DisplayText.quoted(action))'; the only action is simulate", command: .sync)
    }
    if parsed.arguments.count > 1 {
      throw .usage("Unexpected argument '\(DisplayText.quoted(parsed.arguments[1]))'", command: .sync)
    }
    var options = SyncSimulation.Options()
    options.devices = try integer(parsed, "--devices", "<count>", in: deviceRange)
    options.steps = try integer(parsed, "--steps", "<count>", in: stepRange)
    guard let seedText = parsed.value("--seed") else {
      throw .usage("Missing expected argument '--seed <seed>'", command: .sync)
    }
    guard let seed = UInt64(seedText) else {
      throw .usage(
        "The value '\(DisplayText.quoted(seedText))' is invalid for '--seed <seed>': expected a whole number from 0 "
          + "to \(UInt64.max)", command: .sync)
    }
    options.seed = seed
    if let ruleText = parsed.value("--rule") {
      guard let rule = SyncSimulation.Rule(rawValue: ruleText) else {
        throw .usage(
          "The value '\(DisplayText.quoted(ruleText))' is invalid for '--rule <rule>'; use crdt, design or replace",
          command: .sync)
      }
      options.rule = rule
    }
    let began = Date()
    let steps = options.steps
    let outcome = SyncSimulation.run(options) { done in
      guard steps >= progressSteps else { return }
      progress(
        "sync simulate: \(done) of \(steps) steps, "
          + String(format: "%.1f s", Date().timeIntervalSince(began)))
    }
    output.standardOutput += parsed.isSet("--json") ? json(outcome) : text(outcome)
  }

  static func integer(_ parsed: CommandLineParser.Parsed, _ key: String, _ name: String, in range: ClosedRange<Int>)
    throws(CommandError) -> Int
  {
    guard let text = parsed.value(key) else {
      throw .usage("Missing expected argument '\(key) \(name)'", command: .sync)
    }
    guard let value = Int(text), range.contains(value) else {
      throw .usage(
        "The value '\(DisplayText.quoted(text))' is invalid for '\(key) \(name)': expected a whole number from "
          + "\(range.lowerBound) to \(range.upperBound)", command: .sync)
    }
    return value
  }

  static let ruleNames: [SyncSimulation.Rule: String] = [
    .crdt: "crdt (replicated state: add-wins entries, non-interleaving positions, registers)",
    .design: "design (merge within 10 seconds, else the later write wins)",
    .replace: "replace (whole-list replace on reorder)",
  ]

  /// The outcome as lines of text.
  static func text(_ outcome: SyncSimulation.Outcome) -> String {
    func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }
    return """
      rule:                \(ruleNames[outcome.rule]!)
      devices:             \(outcome.devices)
      steps:               \(outcome.steps)
      seed:                \(outcome.seed)
      converged:           \(yes(outcome.converged))
      lost:                \(outcome.lost)
      resurrected:         \(outcome.resurrected)
      duplicated:          \(outcome.duplicated)
      interleaved batches: \(outcome.interleavedBatches)
      wrong queues:        \(outcome.wrongQueues)
      all checks passed:   \(yes(outcome.isClean))
      edits:               \(outcome.edits) (\(outcome.refusedEdits) refused)
      syncs:               \(outcome.syncs) (\(outcome.saves) saves, \(outcome.lostAnswers) answers lost, \
      \(outcome.conflicts) conflicts)
      records delivered:   \(outcome.duplicatedRecords) duplicated, \(outcome.staleRecords) stale
      longest offline:     \(outcome.longestOfflineDays) days
      episodes at the end: \(outcome.finalEpisodes)

      """
  }

  /// The outcome as one JSON document.
  static func json(_ outcome: SyncSimulation.Outcome) -> String {
    JSONWriter.text(
      .object([
        ("rule", .string(outcome.rule.rawValue)),
        ("devices", .integer(outcome.devices)),
        ("steps", .integer(outcome.steps)),
        ("seed", .string(String(outcome.seed))),
        ("converged", .bool(outcome.converged)),
        ("lost", .integer(outcome.lost)),
        ("resurrected", .integer(outcome.resurrected)),
        ("duplicated", .integer(outcome.duplicated)),
        ("interleavedBatches", .integer(outcome.interleavedBatches)),
        ("wrongQueues", .integer(outcome.wrongQueues)),
        ("allChecksPassed", .bool(outcome.isClean)),
        ("edits", .integer(outcome.edits)),
        ("refusedEdits", .integer(outcome.refusedEdits)),
        ("syncs", .integer(outcome.syncs)),
        ("saves", .integer(outcome.saves)),
        ("lostAnswers", .integer(outcome.lostAnswers)),
        ("conflicts", .integer(outcome.conflicts)),
        ("duplicatedRecords", .integer(outcome.duplicatedRecords)),
        ("staleRecords", .integer(outcome.staleRecords)),
        ("longestOfflineDays", .integer(outcome.longestOfflineDays)),
        ("finalEpisodes", .integer(outcome.finalEpisodes)),
      ])) + "\n"
  }
}
