import Foundation

/// A PostgreSQL cluster of its own in a temporary folder, for tests and benchmarks: `initdb`, then `postgres`
/// through `pg_ctl`, listening only on a Unix socket in that folder (`listen_addresses=''`), run as a non-root
/// user (the `postgres` user through `runuser` when this process is root, as PostgreSQL refuses root).
///
/// A watchdog shell process stops the cluster (immediate shutdown) and removes the folder when this process
/// ends, however it ends; ``stop()`` does it at once.
public final class ThrowawayCluster: @unchecked Sendable {
  /// A cluster that could not be started, with what went wrong.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public var description: String

    /// A failure described by `description`.
    public init(description: String) { self.description = description }
  }

  /// The folder holding the server binaries (`initdb`, `pg_ctl`, `postgres`), or `nil` when they are not
  /// installed: `/usr/local/bin`, then the newest `/usr/lib/postgresql/<version>/bin`.
  public static let binaries: String? = {
    var candidates = ["/usr/local/bin"]
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
    candidates += versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "/usr/lib/postgresql/\($0)/bin" }
    return candidates.first { folder in
      ["initdb", "pg_ctl", "postgres"].allSatisfy { FileManager.default.isExecutableFile(atPath: folder + "/" + $0) }
    }
  }()

  /// Whether PostgreSQL tests must run: `SMARTFILL_REQUIRE_POSTGRES=1` (CI) turns a skip into a failure.
  public static let isRequired = ProcessInfo.processInfo.environment["SMARTFILL_REQUIRE_POSTGRES"] == "1"

  /// Whether tests needing a cluster run: the binaries are installed, or they are required (and then fail).
  public static let shouldRun: Bool = {
    if binaries == nil {
      let message =
        isRequired
        ? "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found, and SMARTFILL_REQUIRE_POSTGRES=1: failing"
        : "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found in /usr/local/bin or "
          + "/usr/lib/postgresql/*/bin: the PostgreSQL tests are SKIPPED"
      FileHandle.standardError.write(Data("\n*** \(message)\n\n".utf8))
    }
    return binaries != nil || isRequired
  }()

  /// The cluster's folder (data in `data/`, the socket and the log beside it).
  public let folder: String
  /// The libpq connection string of the cluster's `postgres` database.
  public let connectionString: String
  private let binaries: String

  /// Creates and starts a cluster; takes a few seconds.
  ///
  /// - Parameter durable: Whether the server flushes to disk (`fsync`); off by default, as a test's data
  ///   need only survive the server's crash, not the machine's.
  public init(durable: Bool = false) throws {
    guard let binaries = Self.binaries else {
      throw Failure(description: "PostgreSQL server binaries (initdb, pg_ctl, postgres) are not installed")
    }
    self.binaries = binaries
    // Short, as a Unix socket's path is limited to 107 bytes.
    folder = "/tmp/sfpg-" + String(UUID().uuidString.prefix(8)).lowercased()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    connectionString = "host=\(folder) port=5432 user=postgres dbname=postgres connect_timeout=5"
    if getuid() == 0 { try Self.run("/usr/bin/chown", ["postgres:postgres", folder]) }
    try Self.run(
      binaries + "/initdb",
      ["-D", folder + "/data", "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"], asServer: true
    )
    let settings =
      "listen_addresses = ''\nunix_socket_directories = '\(folder)'\nmax_connections = 120\n"
      + "fsync = \(durable ? "on" : "off")\nshared_buffers = 64MB\n"
    let configuration = FileHandle(forWritingAtPath: folder + "/data/postgresql.conf")
    configuration?.seekToEndOfFile()
    configuration?.write(Data(settings.utf8))
    try configuration?.close()
    let stop = Self.command(binaries + "/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "stop"], asServer: true)
    let script =
      "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; "
      + stop.map(Self.quoted).joined(separator: " ") + " >/dev/null 2>&1; rm -rf '\(folder)'"
    _ = try Self.spawn(["/bin/sh", "-c", script], output: "/dev/null")
    try start()
  }

  /// Starts the server (after ``stop()`` or a crash), waiting until it accepts connections.
  public func start() throws {
    try pgCtl(["-w", "-t", "60", "-l", folder + "/log", "start"])
  }

  /// Restarts the server with an immediate shutdown (as a crash: no checkpoint; recovery replays the log),
  /// waiting until it accepts connections again.
  public func restartImmediately() throws {
    try pgCtl(["-w", "-t", "60", "-m", "immediate", "-l", folder + "/log", "restart"])
  }

  /// Stops the server at once and removes the folder.
  public func stop() {
    try? pgCtl(["-m", "immediate", "stop"])
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The server log so far, for a failure's message.
  public var log: String {
    (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "(no log)"
  }

  private func pgCtl(_ arguments: [String]) throws {
    try Self.run(binaries + "/pg_ctl", ["-D", folder + "/data"] + arguments, asServer: true)
  }

  /// The command line running `executable`, as the `postgres` user when this process is root.
  static func command(_ executable: String, _ arguments: [String], asServer: Bool) -> [String] {
    asServer && getuid() == 0
      ? ["/usr/sbin/runuser", "-u", "postgres", "--", executable] + arguments
      : [executable] + arguments
  }

  static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

  /// Runs a command to its end, its output to a file (never a pipe that a lingering server could hold open).
  static func run(_ executable: String, _ arguments: [String], asServer: Bool = false) throws {
    let line = command(executable, arguments, asServer: asServer)
    let output = NSTemporaryDirectory() + "sfpg-out-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: output) }
    let child = try spawn(line, output: output)
    var status: Int32 = 0
    while waitpid(child, &status, 0) == -1 && errno == EINTR {}
    guard status == 0 else {
      let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      throw Failure(description: "\(line.joined(separator: " ")) exited with status \(status): \(text)")
    }
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift's Glibc module does not
  /// declare it), looked up once.
  private static let addCloseFrom:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
      dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
      }

  /// Adds to `actions` the closing of every descriptor from 3 up: at once where glibc can, else one by one
  /// up to 4,096 (glibc ignores closing one that is not open).
  static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    if let addCloseFrom, addCloseFrom(&actions, 3) == 0 { return }
    for descriptor in Int32(3)..<4_096 { posix_spawn_file_actions_addclose(&actions, descriptor) }
  }

  /// Starts `line` with its input from /dev/null, its output and errors to `output`, and no other descriptor
  /// of this process (posix_spawn and waitpid: Foundation's `Process` can miss the exit of a child whose
  /// grandchildren live on).
  static func spawn(_ line: [String], output: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Nothing else of this process is inherited: a server started through pg_ctl lives on, and would hold open
    // whatever pipe this process had at the time (another child's output, whose reader then never sees its end).
    closeInheritedDescriptors(&actions)
    let arguments = line.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    var child: pid_t = 0
    let result = posix_spawn(&child, line[0], &actions, nil, arguments, environ)
    guard result == 0 else {
      throw Failure(description: "cannot start \(line[0]): \(String(cString: strerror(result)))")
    }
    return child
  }
}
