import Audit
import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// `smartfill audit`: the design's validation checklist as a report of checks run now (see `Audit`), on the
/// whole system, one of its four lines, or one queue of a store; the store is only read.
enum AuditCommand {
  static let parser = CommandLineParser(options: [
    .init("--catalog", value: "<catalog>"),
    .init("--store", value: "<queues>"),
    .init("--only", value: "<area>"),
    .init("--queue", value: "<name>"),
    .init("--json"),
  ])

  static func run(_ arguments: [String], into output: inout SmartFillCommand.Output) throws(CommandError) {
    try run(arguments, audit: Audit(), into: &output)
  }

  /// Runs the command with `audit`'s components and sizes (tests plant faults through it).
  static func run(_ arguments: [String], audit: Audit, into output: inout SmartFillCommand.Output)
    throws(CommandError)
  {
    let parsed = try parser.parse(arguments, for: .audit)
    if parsed.wantsHelp {
      output.standardOutput += HelpText.auditHelp
      return
    }
    if let extra = parsed.arguments.first {
      throw .usage("Unexpected argument '\(DisplayText.quoted(extra))'", command: .audit)
    }
    let scope = try scope(parsed)
    let catalog = try parsed.value("--catalog").map { (file) throws(CommandError) in
      try SmartFillCommand.readCatalog(file)
    }
    var library: QueueLibrary?
    var loadIssues: [LoadReport.Issue] = []
    if let store = parsed.value("--store") {
      // A store read only in part is audited as read, its missing values listed among the findings.
      let loaded = try SmartFillCommand.readStoreInPart(store)
      library = loaded.library
      loadIssues = loaded.report.issues
    }
    if case .queue(let name) = scope, let library, let other = library[QueueID(name)],
      let named = library.queue(named: name), named.id != other.id
    {
      // A name of one queue and the id of another: a usage error, as `queues` says it.
      do {
        _ = try QueuesCommandContext.resolve(
          name, among: library.queues.map { (id: $0.id, name: $0.name) }, what: "queue")
      } catch {
        throw .usage(error.description, command: .audit)
      }
    }
    let report: AuditReport
    do throws(AuditError) {
      report = try audit.run(scope, catalog: catalog, library: library, loadIssues: loadIssues)
    } catch {
      throw .usage(error.description, command: .audit)
    }
    output.standardOutput +=
      parsed.isSet("--json") ? report.jsonText() : DisplayText.escapedKeepingLines(report.text)
    output.exitStatus = report.exitStatus
  }

  /// The scope the options ask for: `--only` and `--queue` (which needs `--store`) exclude each other.
  static func scope(_ parsed: CommandLineParser.Parsed) throws(CommandError) -> Audit.Scope {
    let only = parsed.value("--only")
    let queue = parsed.value("--queue")
    if only != nil, queue != nil {
      throw .usage("'--only' and '--queue' cannot be combined; audit one queue or one area", command: .audit)
    }
    if let only {
      guard let area = AuditArea(optionValue: only) else {
        throw .usage(
          "The value '\(DisplayText.quoted(only))' is invalid for '--only <area>'; use "
            + AuditArea.allCases.map(\.optionValue).joined(separator: ", "), command: .audit)
      }
      return .area(area)
    }
    if let queue {
      guard parsed.value("--store") != nil else {
        throw .usage("'--queue <name>' needs '--store <queues>', the store that holds the queue", command: .audit)
      }
      return .queue(named: queue)
    }
    return .system
  }
}
