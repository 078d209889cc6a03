import SmartFillSupport

// The package's command-line parser with `smartfill`'s subcommands: a usage error names the subcommand
// whose usage line is shown.

extension CommandLineParser {
  /// Parses the arguments after `command`'s name.
  func parse(_ arguments: [String], for command: Subcommand) throws(CommandError) -> Parsed {
    do {
      return try parse(arguments)
    } catch {
      throw .usage(error.message, command: command)
    }
  }
}

extension CommandLineParser.Parsed {
  /// The one positional argument `name` of `command`: a usage error when it is missing or followed by
  /// another.
  func onlyArgument(_ name: String, of command: Subcommand) throws(CommandError) -> String {
    do {
      return try onlyArgument(name)
    } catch {
      throw .usage(error.message, command: command)
    }
  }
}
