/// A small command-line parser following swift-argument-parser's conventions: `--name value`,
/// `--name=value`, flags, repeatable options, `--` before arguments that start with `-`, and its error
/// messages.
struct ArgumentParser {
  /// An option a subcommand accepts.
  struct Option {
    /// The spellings, such as `["-o", "--output"]`; the last one names the option.
    var names: [String]
    /// The value's name in messages (`<catalog>`), or `nil` for a flag.
    var valueName: String?

    var key: String { names.last! }
    var display: String { valueName.map { "\(names.last!) \($0)" } ?? names.last! }
  }

  /// What was parsed.
  struct Parsed {
    var arguments: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var wantsHelp = false

    /// The last value of an option.
    func value(_ key: String) -> String? { values[key]?.last }

    /// The one positional argument `name` (such as `<catalog>`) of `command`: a usage error when it is
    /// missing or followed by another.
    func onlyArgument(_ name: String, of command: Subcommand) throws(CommandError) -> String {
      guard let argument = arguments.first else {
        throw .usage("Missing expected argument '\(name)'", command: command)
      }
      if arguments.count > 1 {
        throw .usage("Unexpected argument '\(arguments[1])'", command: command)
      }
      return argument
    }
  }

  let command: Subcommand
  let options: [Option]

  /// Parses `arguments` (after the subcommand's name).
  ///
  /// - Complexity: O(*n* · *k*) for *n* arguments and *k* options.
  func parse(_ arguments: [String]) throws(CommandError) -> Parsed {
    var parsed = Parsed()
    var index = 0
    var onlyArguments = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyArguments || argument == "-" || !argument.hasPrefix("-") {
        parsed.arguments.append(argument)
        continue
      }
      if argument == "--" {
        onlyArguments = true
        continue
      }
      if argument == "-h" || argument == "--help" {
        parsed.wantsHelp = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let option = options.first(where: { $0.names.contains(name) }) else {
        throw .usage("Unknown option '\(name)'", command: command)
      }
      guard option.valueName != nil else {
        if inlineValue != nil {
          throw .usage("The option '\(option.key)' does not take a value", command: command)
        }
        parsed.flags.insert(option.key)
        continue
      }
      var value = inlineValue
      if value == nil, index < arguments.count {
        let next = arguments[index]
        if !next.hasPrefix("-") || next == "-" || Double(next) != nil {
          value = next
          index += 1
        }
      }
      guard let value else { throw .usage("Missing value for '\(option.display)'", command: command) }
      parsed.values[option.key, default: []].append(value)
    }
    return parsed
  }
}
