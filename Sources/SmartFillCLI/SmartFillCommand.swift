import Foundation
import SmartFill

/// The `smartfill` command-line tool as a function from arguments to output, so that tests can run it
/// without a process; `Sources/smartfill/main.swift` only prints the result and exits with its status.
public enum SmartFillCommand {
  /// What a run printed and its exit status.
  public struct Output: Sendable, Hashable {
    /// The text for standard output.
    public var standardOutput: String
    /// The text for standard error.
    public var standardError: String
    /// The exit status: 0 on success, 1 for a runtime failure, 64 for a usage error.
    public var exitStatus: Int32

    /// Creates an output.
    public init(standardOutput: String = "", standardError: String = "", exitStatus: Int32 = 0) {
      self.standardOutput = standardOutput
      self.standardError = standardError
      self.exitStatus = exitStatus
    }
  }

  /// Runs `smartfill` with `arguments` (without the program's name).
  ///
  /// Files named in the arguments are read and written relative to the current directory.
  public static func run(_ arguments: [String]) -> Output {
    var output = Output()
    do {
      try dispatch(arguments, into: &output)
    } catch {
      switch error {
      case .usage(let message, let command):
        output.standardError +=
          "Error: \(message)\nUsage: \(HelpText.usage(command))\n"
          + "  See 'smartfill --help' for more information.\n"
      case .failure(let message):
        output.standardError += "Error: \(message)\n"
      }
      output.exitStatus = error.exitStatus
    }
    return output
  }

  static func dispatch(_ arguments: [String], into output: inout Output) throws(CommandError) {
    guard let first = arguments.first else {
      throw .usage("Missing expected argument '<subcommand>'", command: nil)
    }
    switch first {
    case "-h", "--help":
      output.standardOutput += HelpText.root
      return
    case "--version":
      output.standardOutput += HelpText.version + "\n"
      return
    case "help":
      let rest = arguments.dropFirst()
      guard let name = rest.first else {
        output.standardOutput += HelpText.root
        return
      }
      guard let command = Subcommand(rawValue: name), rest.count == 1 else {
        throw .usage("Unknown subcommand '\(rest.joined(separator: " "))'", command: nil)
      }
      output.standardOutput += HelpText.help(command)
      return
    default:
      break
    }
    guard let command = Subcommand(rawValue: first) else {
      if first.hasPrefix("-") { throw .usage("Unknown option '\(first)'", command: nil) }
      throw .usage("Unknown subcommand '\(first)'", command: nil)
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case .import: try ImportCommand.run(rest, into: &output)
    case .fill: try FillCommand.run(rest, into: &output)
    case .generate: try GenerateCommand.run(rest, into: &output)
    case .validate: try ValidateCommand.run(rest, into: &output)
    }
  }

  /// Reads a file, or fails naming it.
  static func read(_ file: String) throws(CommandError) -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
      throw .failure("\(file): cannot read the file: no such file")
    }
    guard !isDirectory.boolValue else { throw .failure("\(file): cannot read the file: it is a directory") }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw .failure("\(file): cannot read the file: permission denied or read error")
    }
    return data
  }

  /// Writes `text` to `file`, or to standard output when `file` is `nil` or `-`.
  static func write(_ text: String, to file: String?, output: inout Output) throws(CommandError) {
    guard let file, file != "-" else {
      output.standardOutput += text
      return
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    } catch {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory)
      let parent = (file as NSString).deletingLastPathComponent
      let problem: String
      if exists && isDirectory.boolValue {
        problem = "it is a directory"
      } else if !parent.isEmpty && !FileManager.default.fileExists(atPath: parent) {
        problem = "no such directory \(parent)"
      } else {
        problem = "permission denied or write error"
      }
      throw .failure("\(file): cannot write the file: \(problem)")
    }
  }

  /// Reads and checks a catalog file, or fails naming the file and the first problem.
  static func readCatalog(_ file: String) throws(CommandError) -> Catalog {
    let data = try read(file)
    do {
      return try Catalog(json: data)
    } catch {
      throw .failure("\(file): invalid catalog: \(error)")
    }
  }
}
