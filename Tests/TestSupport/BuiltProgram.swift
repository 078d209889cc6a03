import Foundation

/// An executable of the package built beside the test bundle (`smartfill`, `fillbench`,
/// `queue-store-writer`), run as a child process for what only a process shows: its streams and exit status.
public struct BuiltProgram: Sendable {
  /// What a run printed and how it ended.
  public struct Run: Sendable, Hashable {
    /// Standard output.
    public var out: String
    /// Standard error.
    public var err: String
    /// The exit status.
    public var status: Int32
  }

  /// The executable's location.
  public let url: URL

  /// The program `name` built beside the test bundle (or up to three folders above it), or `nil` when it
  /// was not built.
  public init?(_ name: String) {
    var candidates: [URL] = []
    if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    candidates.append(Bundle.main.bundleURL)
    let argument = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    candidates.append(argument.deletingLastPathComponent())
    for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
    for directory in candidates {
      var current = directory
      for _ in 0..<4 {
        let url = current.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) {
          self.url = url
          return
        }
        current = current.deletingLastPathComponent()
      }
    }
    return nil
  }

  /// The program at `url`.
  public init(url: URL) {
    self.url = url
  }

  /// Starts the program with `arguments` and standard output piped, without waiting for it.
  public func start(_ arguments: [String], currentDirectory: String? = nil) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    return (process, out)
  }

  /// Runs the program with `arguments` to its end, with `input` on standard input.
  public func run(_ arguments: [String], input: Data? = nil, currentDirectory: String? = nil) throws -> Run {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let inputPipe = input.map { _ in Pipe() }
    if let inputPipe { process.standardInput = inputPipe }
    try process.run()
    if let inputPipe, let input {
      inputPipe.fileHandleForWriting.write(input)
      try? inputPipe.fileHandleForWriting.close()
    }
    // Read both streams at once, so that a child filling one pipe cannot block while the other is read.
    let errData = DataBox()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { errData.data = err.fileHandleForReading.readDataToEndOfFile() }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Run(
      out: String(decoding: outData, as: UTF8.self), err: String(decoding: errData.data, as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// Standard error's bytes, written by the reading queue before the group is waited for.
private final class DataBox: @unchecked Sendable {
  var data = Data()
}
