/// The package's one command-line parser, for `smartfill`, `fillbench` and `queuebench`, following
/// swift-argument-parser's conventions: `--name value` and `--name=value`, flags, repeatable options, `--`
/// before arguments that start with `-`, `-h`/`--help`, and its error messages.
///
/// ```swift
/// let parser = CommandLineParser(options: [.init("--minutes", value: "<minutes>"), .init("--json")])
/// let parsed = try parser.parse(["catalog.json", "--minutes", "45"])
/// parsed.value("--minutes")  // "45"
/// ```
package struct CommandLineParser: Sendable {
  /// An option a command accepts.
  package struct Option: Sendable, Hashable {
    /// The spellings, such as `["-o", "--output"]`; the last one names the option.
    package var names: [String]
    /// The value's name in messages (`<catalog>`), or `nil` for a flag.
    package var valueName: String?

    /// An option spelled `names` (the last names it) taking a value called `value`, or a flag when `value` is
    /// `nil`.
    package init(_ names: String..., value: String? = nil) {
      precondition(!names.isEmpty, "an option needs a name")
      self.names = names
      self.valueName = value
    }

    /// The name that keys the parsed values: the last spelling.
    package var key: String { names[names.count - 1] }
    /// `--minutes <minutes>`, as messages show the option.
    package var display: String { valueName.map { "\(key) \($0)" } ?? key }
  }

  /// What was parsed.
  package struct Parsed: Sendable, Hashable {
    /// The positional arguments, in order.
    package var arguments: [String] = []
    /// Every value of each option, in order, by the option's key.
    package var values: [String: [String]] = [:]
    /// The flags given, by key.
    package var flags: Set<String> = []
    /// Whether `-h` or `--help` was given.
    package var wantsHelp = false

    /// The last value of option `key`.
    package func value(_ key: String) -> String? { values[key]?.last }

    /// Every value of option `key`, in order.
    package func allValues(_ key: String) -> [String] { values[key] ?? [] }

    /// Whether flag `key` was given.
    package func isSet(_ key: String) -> Bool { flags.contains(key) }

    /// The one positional argument `name` (such as `<catalog>`): a usage error when it is missing or
    /// followed by another.
    package func onlyArgument(_ name: String) throws(CommandLineError) -> String {
      guard let argument = arguments.first else { throw CommandLineError("Missing expected argument '\(name)'") }
      if arguments.count > 1 {
        throw CommandLineError("Unexpected argument '\(DisplayText.quoted(arguments[1]))'")
      }
      return argument
    }

    /// A usage error when any positional argument was given.
    package func noArguments() throws(CommandLineError) {
      if let first = arguments.first { throw CommandLineError("Unexpected argument '\(DisplayText.quoted(first))'") }
    }
  }

  /// The options accepted.
  package let options: [Option]

  /// A parser accepting `options` (and `-h`, `--help`).
  package init(options: [Option]) {
    self.options = options
  }

  /// Parses `arguments` (after the program's or subcommand's name).
  ///
  /// An option's value is the next argument unless that starts with `-` (a negative number and `-` alone
  /// are values).
  ///
  /// - Complexity: O(*n* · *k*) for *n* arguments and *k* options.
  package func parse(_ arguments: [String]) throws(CommandLineError) -> Parsed {
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
        let known = options.flatMap(\.names).filter { $0.hasPrefix("--") } + ["--help"]
        throw CommandLineError("Unknown option '\(DisplayText.quoted(name))'" + Spelling.didYouMean(name, among: known))
      }
      guard option.valueName != nil else {
        if inlineValue != nil { throw CommandLineError("The option '\(option.key)' does not take a value") }
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
      guard let value else { throw CommandLineError("Missing value for '\(option.display)'") }
      parsed.values[option.key, default: []].append(value)
    }
    return parsed
  }
}

/// A usage error: the command line is wrong (exit status 64).
package struct CommandLineError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The sentence shown after `Error: `.
  package var message: String

  package init(_ message: String) { self.message = message }

  /// "The value 'csv' is invalid for '--format <format>'; use table or markdown".
  package static func invalidValue(_ value: String, for option: String, _ hint: String) -> CommandLineError {
    CommandLineError("The value '\(DisplayText.quoted(value))' is invalid for '\(option)'; \(hint)")
  }

  package var description: String { message }
}

/// How a program of the package ends, as swift-argument-parser's tools and `sysexits.h` have it.
package enum ExitStatus {
  /// Success.
  package static let success: Int32 = 0
  /// The work failed: a file cannot be read, a check failed.
  package static let failure: Int32 = 1
  /// A benchmark's budget or threshold was exceeded.
  package static let thresholdExceeded: Int32 = 2
  /// A usage error (`EX_USAGE`).
  package static let usage: Int32 = 64

  /// The text a usage error prints on standard error: `Error: …`, the usage line and where help is.
  package static func usageErrorText(_ message: String, usage: String, program: String) -> String {
    "Error: \(message)\nUsage: \(usage)\n  See '\(program) --help' for more information.\n"
  }
}
