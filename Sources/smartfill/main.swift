import Foundation
import SmartFillCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed pipe (`smartfill … | head -1`) must end the program quietly, not kill it with SIGPIPE: writes then
// fail with EPIPE, which `emit` handles.
signal(SIGPIPE, SIG_IGN)
// A file-size limit (`ulimit -f`) must fail a write with EFBIG, reported, rather than kill the program midway.
signal(SIGXFSZ, SIG_IGN)

/// Writes all of `text` to `descriptor`; returns the `errno` of a failed write, or `nil`.
func emit(_ text: String, to descriptor: Int32) -> Int32? {
  var bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
    if written < 0 {
      if errno == EINTR { continue }
      return errno
    }
    offset += written
  }
  return nil
}

let output = SmartFillCommand.run(Array(CommandLine.arguments.dropFirst()))
var status = output.exitStatus
if let failure = emit(output.standardOutput, to: STDOUT_FILENO) {
  if failure != EPIPE {
    // Standard output is closed or full: say so on standard error, and fail.
    _ = emit("Error: cannot write to standard output: \(String(cString: strerror(failure)))\n", to: STDERR_FILENO)
    status = 1
  }
}
if let failure = emit(output.standardError, to: STDERR_FILENO), failure != EPIPE {
  // Standard error is closed or full: say so on standard output where that still works, and fail.
  _ = emit("Error: cannot write to standard error: \(String(cString: strerror(failure)))\n", to: STDOUT_FILENO)
  status = 1
}
exit(status)
