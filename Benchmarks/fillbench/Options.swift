import Foundation
import SmartFillSupport

/// fillbench's command line, parsed by hand in swift-argument-parser's manner.
struct Options {
  enum Format: String { case table, markdown }

  var quick = false
  var pipelineOnly = false
  var format = Format.table
  var wide = false
  var json = false
  var budgetMilliseconds = 500.0
  var catalogs: [String] = []
  var checkThresholds = false
  var updateThresholds = false
  var thresholdsPath = "Benchmarks/Thresholds/fillbench.json"
  var writeDatasets: String?

  static let usage =
    "fillbench [--quick] [--pipeline-only] [--format <table|markdown>] [--wide] [--json] [--budget-ms <ms>] "
    + "[--catalog <path> ...] "
    + "[--check-thresholds] [--update-thresholds] [--thresholds <path>] [--write-datasets <dir>]"

  static let help = """
    OVERVIEW: Benchmarks the SmartFill engine on synthetic and given catalogs, beside the design's greedy
    algorithms, and gates performance for CI.

    Every mode runs at targets of 15, 45 and 90 minutes and 8 hours, with tolerances of ±3 and ±5 minutes,
    on 100-subscription catalogs of several seeds and a sweep of 10, 100, 1,000 and 10,000 subscriptions,
    plus every catalog under Datasets/ and each --catalog. Every timed result is checked. A second table, "From
    bytes to queue", times reading each dataset (and, without --quick, a generated 10,000-subscription catalog),
    building the engine, and the whole `smartfill fill` process with its peak memory. The report ends with
    the verdict: correctness, the p99 budget and the committed thresholds (the CI gate, which sets the exit
    status), then the aspirational goals, reported and not gated.

    USAGE: \(usage)

    OPTIONS:
      --quick                 Run a subset that finishes in well under a minute (the CI gate).
      --pipeline-only         Run only the "From bytes to queue" table (reading, engine build, the process).
      --format <format>       Output format: table or markdown (with the run's context: Swift version,
                              configuration, cores, git revision, date). (default: table)
      --wide                  Tables with every column (default: the columns that fit 100 characters).
      --json                  Write one JSON document with the context and every case to standard output.
      --budget-ms <ms>        The p99 budget for every 100-subscription case, in milliseconds. (default: 500)
      --catalog <path>        Also run on this catalog JSON file (repeatable).
      --check-thresholds      Fail (exit 2) when a case's p50 regresses past its committed threshold.
      --update-thresholds     Rewrite the committed thresholds from this run.
      --thresholds <path>     The thresholds file. (default: Benchmarks/Thresholds/fillbench.json)
      --write-datasets <dir>  Write the generated datasets (Datasets/README.md lists them) to <dir> and exit.
      -h, --help              Show help information.

    EXIT STATUS:
      0 every case correct and within the budget and thresholds; 1 a correctness failure; 2 a budget or
      threshold exceeded; 64 a usage error. The aspirational goals never change it.
    """

  static let parser = CommandLineParser(options: [
    .init("--quick"), .init("--pipeline-only"), .init("--format", value: "<format>"), .init("--wide"), .init("--json"),
    .init("--budget-ms", value: "<ms>"),
    .init("--catalog", value: "<path>"), .init("--check-thresholds"), .init("--update-thresholds"),
    .init("--thresholds", value: "<path>"), .init("--write-datasets", value: "<dir>"),
  ])

  /// The options `arguments` give, or `nil` when they ask for help.
  static func parse(_ arguments: [String]) throws(CommandLineError) -> Options? {
    let parsed = try parser.parse(arguments)
    if parsed.wantsHelp { return nil }
    try parsed.noArguments()
    var options = Options()
    options.quick = parsed.isSet("--quick")
    options.pipelineOnly = parsed.isSet("--pipeline-only")
    options.json = parsed.isSet("--json")
    options.wide = parsed.isSet("--wide")
    options.checkThresholds = parsed.isSet("--check-thresholds")
    options.updateThresholds = parsed.isSet("--update-thresholds")
    if let text = parsed.value("--format") {
      guard let format = Format(rawValue: text) else {
        throw .invalidValue(text, for: "--format <format>", "use table or markdown")
      }
      options.format = format
    }
    if let text = parsed.value("--budget-ms") {
      guard let budget = Double(text), budget > 0, budget.isFinite else {
        throw .invalidValue(text, for: "--budget-ms <ms>", "use a positive number")
      }
      options.budgetMilliseconds = budget
    }
    options.catalogs = parsed.allValues("--catalog")
    options.thresholdsPath = parsed.value("--thresholds") ?? options.thresholdsPath
    options.writeDatasets = parsed.value("--write-datasets")
    if options.checkThresholds && options.updateThresholds {
      throw CommandLineError("'--check-thresholds' and '--update-thresholds' cannot be used together")
    }
    return options
  }
}
