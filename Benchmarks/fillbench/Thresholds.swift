import Foundation
import SmartFill
import SmartFillSupport

/// Committed p50 thresholds per case, as package-benchmark keeps them: checked with `--check-thresholds`,
/// rewritten only by `--update-thresholds`. Loose for shared, noisy machines: a case fails only when its
/// p50 exceeds `factor` times the committed p50 plus `slackNanoseconds`, twice in a row.
struct Thresholds {
  static let factor = 4.0
  static let slackNanoseconds = 200_000.0

  var p50: [String: Int]

  /// Reads the committed thresholds.
  static func load(_ path: String) throws -> Thresholds {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    do {
      let cases = try JSONReader(parsing: data).field("p50Nanoseconds")
      var p50: [String: Int] = [:]
      for name in try cases.members().keys {
        p50[name] = try cases.field(name).integer(in: 0...Int.max)
      }
      return Thresholds(p50: p50)
    } catch {
      throw ThresholdError(message: "\(path): \(error)")
    }
  }

  /// Writes the thresholds, cases sorted by name.
  func write(_ path: String) throws {
    var json = JSONWriter()
    json.object { json in
      json.member("note", "p50 per case in nanoseconds; fillbench --update-thresholds rewrites this file")
      json.member("p50Nanoseconds")
      json.object { json in
        for name in p50.keys.sorted() { json.member(name, p50[name]!) }
      }
    }
    json.append("\n")
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(json.bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// Whether `p50` is within the threshold of case `name` (true when the case has none).
  func allows(_ name: String, p50 nanoseconds: UInt64) -> Bool {
    guard let committed = p50[name] else { return true }
    return Double(nanoseconds) <= Double(committed) * Self.factor + Self.slackNanoseconds
  }
}
