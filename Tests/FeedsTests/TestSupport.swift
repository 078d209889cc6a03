import Foundation

/// Where the shared real feeds are (`../shared/feeds` from the package root), or `nil` when absent.
enum SharedFeeds {
  static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }  // …/Tests/FeedsTests/TestSupport.swift
    return url
  }()

  static let directory: URL? = {
    let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/feeds")
    return FileManager.default.fileExists(atPath: url.appendingPathComponent("rss").path) ? url : nil
  }()

  static let skipMessage = "../shared/feeds is absent; the real-feed tests are skipped"

  /// Every feed file under `rss/`, sorted by path.
  static var rssFiles: [String] {
    guard let directory else { return [] }
    let root = directory.appendingPathComponent("rss").path
    let names = (FileManager.default.subpaths(atPath: root) ?? []).filter {
      $0.hasSuffix(".xml") || $0.hasSuffix(".rss")
    }
    return names.sorted().map { root + "/" + $0 }
  }
}

/// A fresh temporary directory for a test, removed by `cleanUp()`.
struct TemporaryDirectory {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "feeds-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` inside the directory and returns the file's path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  func cleanUp() { try? FileManager.default.removeItem(atPath: path) }
}

/// A feed document with the iTunes namespace around `items` (and `channelExtra` before them).
func feedXML(title: String = "Show", channelExtra: String = "", items: String) -> String {
  """
  <?xml version="1.0" encoding="UTF-8"?>
  <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" \
  xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
  <title>\(title)</title>
  \(channelExtra)
  \(items)
  </channel>
  </rss>
  """
}

/// An item with an enclosure; `extra` goes inside it.
func itemXML(
  guid: String? = nil, title: String = "Episode", date: String = "Tue, 02 Jan 2024 08:00:00 GMT",
  duration: String? = "1800", extra: String = ""
) -> String {
  var text = "<item><title>\(title)</title><pubDate>\(date)</pubDate>"
  if let guid { text += "<guid>\(guid)</guid>" }
  if let duration { text += "<itunes:duration>\(duration)</itunes:duration>" }
  text += "<enclosure url=\"https://example.com/\(title.filter(\.isLetter)).mp3\" type=\"audio/mpeg\"/>"
  return text + extra + "</item>\n"
}
