/// Why a `smartfill` command failed: a usage error (exit status 64) or a runtime failure (exit status 1).
package enum CommandError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The command line is wrong: an unknown option, a missing or invalid value. `command` is the subcommand
  /// whose usage is shown, or `nil` for the top level.
  case usage(String, command: Subcommand?)
  /// The command could not do its work: a file cannot be read or written, a catalog is invalid. The message
  /// names the file and the problem.
  case failure(String)

  /// The exit status: 64 (`EX_USAGE`) for usage errors, 1 for failures.
  package var exitStatus: Int32 {
    switch self {
    case .usage: return 64
    case .failure: return 1
    }
  }

  package var description: String {
    switch self {
    case .usage(let message, _), .failure(let message): return message
    }
  }
}
