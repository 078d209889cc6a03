import SmartFill
import SmartFillSupport
import SyntheticCatalogs

/// `smartfill generate`: the benchmark's synthetic catalog.
enum GenerateCommand {
  static let parser = CommandLineParser(options: [
    .init("--subscriptions", value: "<count>"),
    .init("--seed", value: "<seed>"),
    .init("-o", "--output", value: "<catalog>"),
  ])

  /// The most shows accepted: 20,000 subscriptions make a catalog of about 330 MB, built in under 800 MB of
  /// memory, which fits the smallest machine this package is tested on (the catalog is built whole before it
  /// is written).
  static let maximumSubscriptions = 20_000

  static func run(_ arguments: [String], into output: inout SmartFillCommand.Output) throws(CommandError) {
    let parsed = try parser.parse(arguments, for: .generate)
    if parsed.wantsHelp {
      output.standardOutput += HelpText.generateHelp
      return
    }
    if let extra = parsed.arguments.first { throw .usage("Unexpected argument '\(extra)'", command: .generate) }
    guard let countText = parsed.value("--subscriptions") else {
      throw .usage("Missing expected argument '--subscriptions <count>'", command: .generate)
    }
    guard let count = Int(countText), (1...maximumSubscriptions).contains(count) else {
      throw .usage(
        "The value '\(countText)' is invalid for '--subscriptions <count>': expected a whole number from 1 to "
          + "\(maximumSubscriptions)", command: .generate)
    }
    guard let seedText = parsed.value("--seed") else {
      throw .usage("Missing expected argument '--seed <seed>'", command: .generate)
    }
    guard let seed = UInt64(seedText) else {
      throw .usage(
        "The value '\(seedText)' is invalid for '--seed <seed>': expected a whole number from 0 to \(UInt64.max)",
        command: .generate)
    }
    let catalog = try generate(subscriptions: count, seed: seed)
    try SmartFillCommand.write(catalog.jsonBytes(), to: parsed.value("--output"), output: &output)
  }

  static func generate(subscriptions: Int, seed: UInt64) throws(CommandError) -> Catalog {
    CatalogGenerator(subscriptions: subscriptions, seed: seed).catalog()
  }
}
