import Foundation
import Queues
import SmartFill
import SmartFillSupport

/// The `smartfill` command-line tool as a function from arguments to output, so that tests can run it
/// without a process; `Sources/smartfill/main.swift` only prints the result and exits with its status.
package enum SmartFillCommand {
  /// What a run printed and its exit status.
  package struct Output: Sendable, Hashable {
    /// The text for standard output.
    package var standardOutput: String
    /// The text for standard error.
    package var standardError: String
    /// The exit status: 0 on success, 1 for a runtime failure, 64 for a usage error.
    package var exitStatus: Int32

    /// Creates an output.
    package init(standardOutput: String = "", standardError: String = "", exitStatus: Int32 = 0) {
      self.standardOutput = standardOutput
      self.standardError = standardError
      self.exitStatus = exitStatus
    }
  }

  /// Runs `smartfill` with `arguments` (without the program's name).
  ///
  /// Files named in the arguments are read and written relative to the current directory.
  package static func run(_ arguments: [String]) -> Output {
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
    // Standard error is for people: whatever a message quoted, no control reaches the terminal.
    output.standardError = DisplayText.escapedKeepingLines(output.standardError)
    return output
  }

  static func dispatch(_ arguments: [String], into output: inout Output) throws(CommandError) {
    guard let first = arguments.first else {
      // Bare `smartfill`: the overview, as `smartfill --help` prints it.
      output.standardOutput += HelpText.root
      return
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
        throw .usage(
          "Unknown subcommand '\(DisplayText.quoted(rest.joined(separator: " ")))'"
            + Spelling.didYouMean(name, among: Subcommand.allCases.map(\.rawValue)), command: nil)
      }
      output.standardOutput += HelpText.help(command)
      return
    default:
      break
    }
    guard let command = Subcommand(rawValue: first) else {
      if first.hasPrefix("-") {
        throw .usage(
          "Unknown option '\(DisplayText.quoted(first))'" + Spelling.didYouMean(first, among: ["--help", "--version"]),
          command: nil)
      }
      throw .usage(
        "Unknown subcommand '\(DisplayText.quoted(first))'"
          + Spelling.didYouMean(first, among: Subcommand.allCases.map(\.rawValue)), command: nil)
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case .import: try ImportCommand.run(rest, into: &output)
    case .fill: try FillCommand.run(rest, into: &output)
    case .generate: try GenerateCommand.run(rest, into: &output)
    case .validate: try ValidateCommand.run(rest, into: &output)
    case .shows: try ShowsCommand.run(rest, into: &output)
    case .episodes: try EpisodesCommand.run(rest, into: &output)
    case .simulate: try SimulateCommand.run(rest, into: &output)
    case .sync: try SyncCommand.run(rest, into: &output)
    case .queues: try QueuesCommand.run(rest, into: &output)
    case .audit: try AuditCommand.run(rest, into: &output)
    }
  }

  /// The largest catalog file read: 1 GiB (a 100-subscription catalog is about 2 MB, 10,000 about 200 MB).
  package static let maximumCatalogBytes = 1 << 30

  /// Reads a regular file of at most ``maximumCatalogBytes``, or fails naming it (a FIFO, a device or a
  /// larger file is refused, never waited on or read without end).
  static func read(_ file: String) throws(CommandError) -> [UInt8] {
    do {
      return try BoundedFile.read(file, maximumBytes: maximumCatalogBytes)
    } catch {
      throw cannotRead(file, error)
    }
  }

  /// The failure of reading `file`.
  static func cannotRead(_ file: String, _ error: FileError) -> CommandError {
    .failure("\(DisplayText.escaped(file)): cannot read the file: \(error.reason)")
  }

  /// Writes `text` to `file`, or to standard output when `file` is `nil` or `-`.
  ///
  /// A file is written atomically (a temporary file in the same folder, flushed and renamed over it), so that
  /// on any failure, a full disk included, the previous file is left as it was. A `file` that is one of
  /// `inputs` (the same file, through any link) is refused before anything is written.
  static func write(_ text: String, to file: String?, inputs: [String] = [], output: inout Output)
    throws(CommandError)
  {
    try write(Array(text.utf8), to: file, inputs: inputs, output: &output)
  }

  /// Writes `bytes` (UTF-8 text) as ``write(_:to:inputs:output:)`` writes text.
  static func write(_ bytes: [UInt8], to file: String?, inputs: [String] = [], output: inout Output)
    throws(CommandError)
  {
    guard let file, file != "-" else {
      output.standardOutput += String(decoding: bytes, as: UTF8.self)
      return
    }
    if let input = inputs.first(where: { FilePath.isSameFile($0, file) }) {
      throw .failure(
        "\(DisplayText.escaped(file)): refusing to write over the input \(DisplayText.escaped(input)); choose another -o"
      )
    }
    do {
      try AtomicFile.replace(file, with: bytes)
    } catch {
      throw .failure("\(DisplayText.escaped(file)): cannot write the file: \(error.reason)")
    }
  }

  /// Reads the queue store `file` for a command that only reads it (`simulate --store`): through
  /// ``QueueStore/read(now:)``, with the store's own size limit, and nothing on disk changed; a store read
  /// only in part is refused with its first issue.
  static func readStore(_ file: String, now: Date = Date()) throws(CommandError) -> QueueLibrary {
    let loaded = try readStoreInPart(file, now: now)
    if let issue = loaded.report.issues.first {
      throw .failure("\(DisplayText.escaped(file)): invalid queue store: \(issue)")
    }
    return loaded.library
  }

  /// Reads the queue store `file` as far as it can be read, for a command that reports what is missing
  /// (`audit --store`): what ``readStore(_:now:)`` reads, with the load's report instead of its first issue as
  /// an error; a file that is not a queue library at all still fails.
  static func readStoreInPart(_ file: String, now: Date = Date()) throws(CommandError)
    -> (library: QueueLibrary, report: LoadReport)
  {
    guard FilePath.exists(file) else { throw cannotRead(file, FileError(path: file, problem: .missing)) }
    do {
      return try QueueStore(path: file).read(now: now)
    } catch {
      let prefix = "it is not a valid queue library ("
      if case .storeUnreadable(_, let reason) = error, reason.hasPrefix(prefix) {
        throw .failure(
          "\(DisplayText.escaped(file)): invalid queue store: \(reason.dropFirst(prefix.count).dropLast())")
      }
      throw .failure("\(DisplayText.escaped(file)): \(error)")
    }
  }

  /// Reads and checks a catalog file, or fails naming the file and the first problem.
  ///
  /// A valid catalog is read a chunk at a time (``Catalog/init(contentsOfFile:maximumBytes:chunkBytes:)``), so
  /// the memory a large one needs is the catalog's, not its text's too; the messages are those of reading the
  /// file whole and then the catalog from its bytes.
  static func readCatalog(_ file: String) throws(CommandError) -> Catalog {
    do {
      return try Catalog(contentsOfFile: file, maximumBytes: maximumCatalogBytes)
    } catch {
      switch error {
      case .file(let problem):
        throw cannotRead(file, problem)
      case .catalog(let problem):
        throw .failure("\(DisplayText.escaped(file)): invalid catalog: \(problem)")
      }
    }
  }
}
