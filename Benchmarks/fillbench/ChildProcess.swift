import BenchmarkSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One run of a child process, its output discarded: `fork`, `execve` and `wait4`, so that the time measured is
/// the process's own, not Foundation's `Process` machinery.
///
/// Not `posix_spawn`: glibc's shares this program's memory with the child until `execve` (`CLONE_VM`), and
/// Linux then records this program's peak resident memory as the child's `ru_maxrss`, so that a small
/// `smartfill` started by a large fillbench showed fillbench's peak (about 420 MB at 10,000 subscriptions, where
/// `smartfill` itself peaks at about 120 MB). A forked child starts with the pages this program has resident at
/// the time, which ``PipelineSuite`` keeps small.
enum ChildProcess {
  struct Figures {
    var exitStatus: Int32
    var wallNanoseconds: UInt64
    /// `ru_utime` plus `ru_stime`, in nanoseconds.
    var cpuNanoseconds: UInt64
    /// `ru_maxrss`, in bytes.
    var peakResidentBytes: Int
  }

  /// Runs `executable` with `arguments`, standard output and error to `/dev/null`; `nil` when it cannot start
  /// (an `execve` that fails in the child shows as exit status 127).
  static func run(_ executable: String, arguments: [String]) -> Figures? {
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    guard null >= 0 else { return nil }
    defer { close(null) }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    return argv.withUnsafeBufferPointer { argv -> Figures? in
      let started = Measurement.now()
      let pid = fork()
      if pid == 0 {
        // The child: only async-signal-safe calls until `execve`.
        dup2(null, STDOUT_FILENO)
        dup2(null, STDERR_FILENO)
        execve(argv[0]!, argv.baseAddress!, environ)
        _exit(127)
      }
      guard pid > 0 else { return nil }
      var status: Int32 = 0
      var usage = rusage()
      while wait4(pid, &status, 0, &usage) < 0 {
        guard errno == EINTR else { return nil }
      }
      let wall = Measurement.now() - started
      // Exited normally: the low seven bits are 0 and the status is the next eight; otherwise a signal.
      let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
      func nanoseconds(_ time: timeval) -> UInt64 {
        UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1_000
      }
      return Figures(
        exitStatus: exitStatus, wallNanoseconds: wall,
        cpuNanoseconds: nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime),
        peakResidentBytes: Int(usage.ru_maxrss) * 1024)
    }
  }

  /// Gives the memory this program has freed back to the system (glibc's `malloc_trim`, looked up because
  /// the Glibc module does not declare it; nothing where it is absent).
  static func returnFreedMemory() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
  }

  /// This program's resident memory now, from `/proc/self/statm` (0 where it cannot be read).
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
