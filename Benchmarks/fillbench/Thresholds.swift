import Foundation
import SmartFill

/// Committed p50 thresholds per case, as package-benchmark keeps them: checked with `--check-thresholds`,
/// rewritten only by `--update-thresholds`. Loose for shared, noisy machines: a case fails only when its
/// p50 exceeds `factor` times the committed p50 plus `slackNanoseconds`, twice in a row.
struct Thresholds {
  static let factor = 4.0
  static let slackNanoseconds = 200_000.0

  var p50: [String: Int]

  static func load(_ path: String) throws -> Thresholds {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    guard case .object(let root) = try JSONValue.parse(Array(data)),
      case .object(let cases)? = root["p50Nanoseconds"]
    else {
      throw ThresholdError(message: "\(path): expected an object with \"p50Nanoseconds\"")
    }
    var p50: [String: Int] = [:]
    for (name, value) in cases {
      guard case .integer(let nanoseconds) = value else {
        throw ThresholdError(message: "\(path): p50Nanoseconds of \"\(name)\" must be an integer")
      }
      p50[name] = nanoseconds
    }
    return Thresholds(p50: p50)
  }

  func write(_ path: String) throws {
    let members = p50.keys.sorted().map { ($0, JSONWriter.Node.integer(p50[$0]!)) }
    let text =
      JSONWriter.write(
        .object([
          ("note", .string("p50 per case in nanoseconds; fillbench --update-thresholds rewrites this file")),
          ("p50Nanoseconds", .object(members)),
        ])) + "\n"
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// Whether `p50` is within the threshold of case `name` (true when the case has none).
  func allows(_ name: String, p50 nanoseconds: UInt64) -> Bool {
    guard let committed = p50[name] else { return true }
    return Double(nanoseconds) <= Double(committed) * Self.factor + Self.slackNanoseconds
  }
}

struct ThresholdError: Error {
  var message: String
}
