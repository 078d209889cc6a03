import Foundation

/// Where the shared real feeds are (`../shared/feeds` beside the package root), or `nil` when absent: tests
/// read them in place and skip with ``skipMessage`` without them.
public enum SharedFeeds {
  /// The package's root folder.
  public static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }  // …/Tests/TestSupport/SharedFeeds.swift
    return url
  }()

  /// The shared feeds' folder, when it is there.
  public static let directory: URL? = {
    let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/feeds")
    return FileManager.default.fileExists(atPath: url.appendingPathComponent("rss").path) ? url : nil
  }()

  /// What a test prints when it skips for want of the shared feeds.
  public static let skipMessage = "../shared/feeds is absent; the real-feed tests are skipped"

  /// Every feed file under `rss/`, sorted by path.
  public static var rssFiles: [String] {
    guard let directory else { return [] }
    let root = directory.appendingPathComponent("rss").path
    let names = (FileManager.default.subpaths(atPath: root) ?? []).filter {
      $0.hasSuffix(".xml") || $0.hasSuffix(".rss")
    }
    return names.sorted().map { root + "/" + $0 }
  }
}
