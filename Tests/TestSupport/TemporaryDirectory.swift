import Foundation

/// A fresh directory under the temporary directory for one test, removed by ``cleanUp()``.
public struct TemporaryDirectory: Sendable {
  /// The directory's path.
  public let path: String

  /// Creates the directory; `prefix` names the test target in its name, for whoever finds one left behind.
  public init(prefix: String = "smartfill-tests") throws {
    path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the directory.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Writes `text` to `name` inside the directory (creating folders on the way) and returns the file's path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try write(name, Data(text.utf8))
  }

  /// Writes `data` to `name` inside the directory (creating folders on the way) and returns the file's path.
  @discardableResult
  public func write(_ name: String, _ data: Data) throws -> String {
    let file = file(name)
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: file))
    return file
  }

  /// The text of `name` inside the directory.
  public func read(_ name: String) throws -> String {
    try String(contentsOf: URL(fileURLWithPath: file(name)), encoding: .utf8)
  }

  /// Removes the directory and everything in it.
  public func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}
