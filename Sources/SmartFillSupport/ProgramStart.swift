import Foundation

/// How a program of the package starts from its arguments: with its options, or by printing its help
/// (standard output, exit 0) or a usage error (standard error, `Error: …`, the usage line and where help is,
/// exit 64). The benchmarks' mains share it.
package enum ProgramStart<Options> {
  /// Run with these options.
  case run(Options)
  /// Print these texts and exit with `status`.
  case exit(status: Int32, standardOutput: String, standardError: String)

  /// The start for `arguments`: `parse` returns the options, or `nil` when help was asked for.
  ///
  /// - Parameters:
  ///   - program: The program's name, for the pointer to `--help`.
  ///   - usage: The usage line.
  ///   - help: The help text exactly as printed.
  package init(
    _ arguments: [String], program: String, usage: String, help: String,
    parse: ([String]) throws(CommandLineError) -> Options?
  ) {
    do {
      guard let options = try parse(arguments) else {
        self = .exit(status: ExitStatus.success, standardOutput: help, standardError: "")
        return
      }
      self = .run(options)
    } catch {
      self = .exit(
        status: ExitStatus.usage, standardOutput: "",
        standardError: ExitStatus.usageErrorText(error.message, usage: usage, program: program))
    }
  }

  /// The options, after printing and exiting for help or a usage error.
  package func optionsOrExit() -> Options {
    switch self {
    case .run(let options):
      return options
    case .exit(let status, let standardOutput, let standardError):
      FileHandle.standardOutput.write(Data(standardOutput.utf8))
      FileHandle.standardError.write(Data(standardError.utf8))
      Foundation.exit(status)
    }
  }
}
