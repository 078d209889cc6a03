import Foundation
import SmartFillSupport

/// syncstorebench's command line, parsed by hand in swift-argument-parser's manner.
struct Options {
  enum Format: String { case markdown, json }

  var clients = 32
  var users = 1_000
  var recordsPerUser = 4
  var seconds = 20.0
  var operations: Int?
  var savePercent = 50
  var recordBytes = 1_000
  var durable = true
  var connection: String?
  var seed: UInt64 = 15
  var format = Format.markdown

  static let usage =
    "syncstorebench [--quick] [--clients <n>] [--users <n>] [--records-per-user <n>] [--seconds <s> | --operations <n>] "
    + "[--save-percent <p>] [--record-bytes <n>] [--no-fsync] [--connection <conninfo>] [--seed <n>] "
    + "[--format <markdown|json>]"

  static let help = """
    OVERVIEW: Loads QueueSyncPostgres's record store with concurrent clients saving and fetching for many
    users, and checks every answer against a model: saves and fetches per second, their p50, p90, p99 and max
    latency, and the conflicts expected by the model against those the store detected (zero lost updates).

    It starts a throwaway PostgreSQL cluster (initdb and pg_ctl, Unix socket only, fsync on) unless
    --connection names a server. Each client has its own connection and keeps what it last saw of each record
    (change tag) and each user (change token), as a device does; a save sends the tag it knows, so that a
    stale one must come back as a conflict carrying the stored record, after which the client saves again
    with the tag it carried (as the engine merges and saves again). Nine operations in ten go to the client's
    own users (as a user's devices keep to their user), the rest to anyone. Saves of one record are
    serialized by the model (so that it knows the current tag); everything else runs at once.

    USAGE: \(usage)

    OPTIONS:
      --quick                     8 clients, 100 users, 3 seconds: a run of a few seconds.
      --clients <n>               Concurrent clients, each with a connection. (default: 32)
      --users <n>                 Users (zones). (default: 1000)
      --records-per-user <n>      Records per user. (default: 4)
      --seconds <s>               Timed phase length, after a warm-up. (default: 20)
      --operations <n>            Stop the timed phase after this many operations instead.
      --save-percent <p>          Share of operations that save; the rest fetch. (default: 50)
      --record-bytes <n>          Size of each record's payload field. (default: 1000)
      --no-fsync                  Start the throwaway cluster with fsync off.
      --connection <conninfo>     Use this server (libpq connection string) instead of a throwaway cluster.
      --seed <n>                  The clients' random seed. (default: 15)
      --format <format>           markdown or json. (default: markdown)
      -h, --help                  Show help information.

    EXIT STATUS:
      0 every answer as the model expects; 1 a lost update, a wrong answer or a failed call; 64 a usage error.
    """

  static let parser = CommandLineParser(options: [
    .init("--quick"), .init("--clients", value: "<n>"), .init("--users", value: "<n>"),
    .init("--records-per-user", value: "<n>"), .init("--seconds", value: "<s>"), .init("--operations", value: "<n>"),
    .init("--save-percent", value: "<p>"), .init("--record-bytes", value: "<n>"), .init("--no-fsync"),
    .init("--connection", value: "<conninfo>"), .init("--seed", value: "<n>"), .init("--format", value: "<format>"),
  ])

  /// The options `arguments` give, or `nil` when they ask for help.
  static func parse(_ arguments: [String]) throws(CommandLineError) -> Options? {
    let parsed = try parser.parse(arguments)
    if parsed.wantsHelp { return nil }
    try parsed.noArguments()
    var options = Options()
    if parsed.isSet("--quick") {
      (options.clients, options.users, options.seconds) = (8, 100, 3)
    }
    for (key, path, range) in [
      ("--clients", \Options.clients, 1...100), ("--users", \Options.users, 1...10_000_000),
      ("--records-per-user", \Options.recordsPerUser, 1...1_000), ("--save-percent", \Options.savePercent, 0...100),
      ("--record-bytes", \Options.recordBytes, 0...900_000),
    ] {
      guard let text = parsed.value(key) else { continue }
      guard let value = Int(text), range.contains(value) else {
        throw .invalidValue(
          text, for: "\(key) <n>", "use a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      options[keyPath: path] = value
    }
    if let text = parsed.value("--seconds") {
      guard let value = Double(text), value > 0, value <= 86_400 else {
        throw .invalidValue(text, for: "--seconds <s>", "use a number of seconds above 0, at most 86400")
      }
      options.seconds = value
    }
    if let text = parsed.value("--operations") {
      guard let value = Int(text), value > 0 else {
        throw .invalidValue(text, for: "--operations <n>", "use a positive whole number")
      }
      options.operations = value
    }
    if parsed.value("--seconds") != nil && options.operations != nil {
      throw CommandLineError("'--seconds' and '--operations' cannot be used together")
    }
    if let text = parsed.value("--seed") {
      guard let value = UInt64(text) else { throw .invalidValue(text, for: "--seed <n>", "use a whole number") }
      options.seed = value
    }
    if let text = parsed.value("--format") {
      guard let format = Format(rawValue: text) else {
        throw .invalidValue(text, for: "--format <format>", "use markdown or json")
      }
      options.format = format
    }
    options.durable = !parsed.isSet("--no-fsync")
    options.connection = parsed.value("--connection")
    return options
  }
}
