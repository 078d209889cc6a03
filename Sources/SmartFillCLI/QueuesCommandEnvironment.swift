import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `smartfill queues` takes from outside its arguments: the environment's variables (`SMARTFILL_STORE`,
/// `XDG_DATA_HOME`, `HOME`, `COLUMNS`), the clock, and the listener's answer to a question; injected, so that
/// tests run without a terminal or real time.
struct QueuesCommandEnvironment {
  /// The environment's variables.
  var variables: [String: String]
  /// The time now.
  var now: () -> Date
  /// Shows `prompt` and returns the line the listener typed, or `nil` at the end of the input.
  var ask: (String) -> String?

  /// The process's own: its variables, the system clock, and standard error and input for questions (the
  /// prompt is written at once, before the answer is read, while the rest of the output waits for the end).
  static var process: QueuesCommandEnvironment {
    QueuesCommandEnvironment(
      variables: ProcessInfo.processInfo.environment, now: { Date() },
      ask: { prompt in
        FileHandle.standardError.write(Data(prompt.utf8))
        let answer = readAnswer(from: STDIN_FILENO)
        // An answer from a pipe is not echoed: end the prompt's line.
        if isatty(STDIN_FILENO) == 0 { FileHandle.standardError.write(Data("\n".utf8)) }
        return answer
      })
  }

  /// The longest answer read: 1,024 bytes (a "y" or "no" with room to spare).
  static let maximumAnswerBytes = 1_024

  /// One line from `descriptor`, without its line feed, read a byte at a time up to
  /// ``maximumAnswerBytes``; `nil` at the end of the input, on a read error, or for a longer line (endless
  /// input is no answer, never a read without end).
  static func readAnswer(from descriptor: Int32) -> String? {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(descriptor, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
      if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
      guard bytes.count < maximumAnswerBytes else { return nil }
      bytes.append(byte)
    }
  }

  /// The terminal's width from `COLUMNS`, or 80.
  var columns: Int {
    guard let text = variables["COLUMNS"], let value = Int(text), value > 0 else { return 80 }
    return value
  }

  /// The store file: `SMARTFILL_STORE`, else `$XDG_DATA_HOME/smartfill/queues.json`, else
  /// `$HOME/.local/share/smartfill/queues.json`; `nil` when none of these is set.
  var defaultStorePath: String? {
    if let path = variables["SMARTFILL_STORE"], !path.isEmpty { return path }
    if let data = variables["XDG_DATA_HOME"], !data.isEmpty { return data + "/smartfill/queues.json" }
    if let home = variables["HOME"], !home.isEmpty { return home + "/.local/share/smartfill/queues.json" }
    return nil
  }
}
