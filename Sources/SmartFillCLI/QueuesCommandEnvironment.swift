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
        let answer = readLine(strippingNewline: true)
        // An answer from a pipe is not echoed: end the prompt's line.
        if isatty(STDIN_FILENO) == 0 { FileHandle.standardError.write(Data("\n".utf8)) }
        return answer
      })
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
