import Foundation
import SmartFill
import SmartFillSupport

/// A catalog imported from feed files on disk (no network), with a report on every file.
///
/// Two ways in:
/// - ``init(feedFiles:)``: each feed is a show, identified by its feed URL (see ``PodcastFeed``; files whose
///   URLs differ only in the scheme, `www.` or a final `/` are one feed, and a file without a URL of its own
///   joins the show of its title);
/// - ``init(subscriptionList:feedsDirectory:)``: the shows of an OPML list, each read from the feed files
///   in a directory (searched recursively for `.xml` and `.rss` files). A file belongs to a subscription when
///   its `<atom:link rel="self">` or `itunes:new-feed-url` is the subscription's URL (compared without the
///   scheme, a trailing `/` or a Wayback Machine prefix), or else when its title is the subscription's title.
///
/// Subscriptions that match the same files (one feed listed twice) are one show. A file that cannot be read or parsed is reported and skipped; the others import. A feed that has moved
/// (see ``PodcastFeed/movedTo``) is reported with its new URL and gives no show. Several files of one
/// show (snapshots taken at different dates) are merged with ``SmartFill/Show/refreshed(with:)``, oldest
/// first by their newest episode, so that episode identity is kept.
public struct CatalogImport: Sendable, Hashable {
  /// What became of one file.
  public struct FileReport: Sendable, Hashable {
    /// The file's path, as given.
    public var file: String
    /// The feed URLs of the shows the file went into; empty when it was rejected or not subscribed.
    public var feedURLs: [String]
    /// The channel's title, or empty when the file was rejected.
    public var title: String
    /// The number of `<item>` elements.
    public var itemCount: Int
    /// The number of playable episodes read.
    public var episodeCount: Int
    /// Repairs, fallbacks and skipped items.
    public var warnings: [FeedWarning]
    /// Why the file was rejected, or `nil`.
    public var error: FeedError?
    /// The URL a moved feed gives, or `nil`; such a file gives no show.
    public var movedTo: String?

    /// Creates a report.
    public init(
      file: String, feedURLs: [String] = [], title: String = "", itemCount: Int = 0, episodeCount: Int = 0,
      warnings: [FeedWarning] = [], error: FeedError? = nil, movedTo: String? = nil
    ) {
      self.file = file
      self.feedURLs = feedURLs
      self.title = title
      self.itemCount = itemCount
      self.episodeCount = episodeCount
      self.warnings = warnings
      self.error = error
      self.movedTo = movedTo
    }
  }

  /// The imported catalog.
  public var catalog: Catalog
  /// One report per file, in the order the files were given (or found, sorted by path).
  public var files: [FileReport]
  /// Subscriptions for which no feed file was found; empty without a subscription list.
  public var missingSubscriptions: [SubscriptionList.Subscription]
  /// The subscription list's warnings; empty without one.
  public var listWarnings: [FeedWarning]

  /// Imports feed files, one show per feed URL.
  ///
  /// - Complexity: O(*n*) in the total size of the files, plus O(*m* log *m*) per feed of *m* items.
  public init(feedFiles: [String]) {
    let parsed = feedFiles.map { file in (file, Result { () throws(FeedError) in try Self.readFeed(file) }) }
    // One show per feed: files whose feed URLs are the same but for the scheme, `www.` or a final `/`, and
    // files without a URL of their own joined to a show of their title.
    var groups: [(feedURL: String, titleKey: String, members: [Int])] = []
    var byURL: [String: Int] = [:]
    for (index, (_, result)) in parsed.enumerated() {
      guard case .success(let feed) = result, feed.movedTo == nil else { continue }
      let own = feed.selfURL ?? feed.newFeedURL
      let titleKey = Self.titleKey(feed.show.title)
      let group =
        own.flatMap { byURL[Self.urlKey($0)] }
        ?? (own == nil && !titleKey.isEmpty ? groups.firstIndex { $0.titleKey == titleKey } : nil)
      if let group {
        groups[group].members.append(index)
      } else {
        groups.append((feed.show.feedURL, titleKey, [index]))
        if let own { byURL[Self.urlKey(own)] = groups.count - 1 }
      }
    }
    files = parsed.map { Self.report(file: $0.0, result: $0.1) }
    var shows: [Show] = []
    for group in groups {
      shows.append(
        Self.merge(group.members.map { parsed[$0] }, feedURL: group.feedURL, reports: &files, indices: group.members))
      for index in group.members { files[index].feedURLs = [group.feedURL] }
    }
    catalog = Catalog(shows: shows)
    missingSubscriptions = []
    listWarnings = []
  }

  /// Imports the shows of a subscription list from the feed files in a directory.
  ///
  /// - Throws: ``FeedError`` when the subscription list cannot be read or parsed, or the directory cannot be
  ///   listed.
  /// - Complexity: O(*n*) in the total size of the files, plus O(*m* log *m*) per feed of *m* items.
  public init(subscriptionList: String, feedsDirectory: String) throws(FeedError) {
    let list = try SubscriptionList(opml: try Self.read(subscriptionList), file: subscriptionList)
    let paths = try Self.feedFiles(in: feedsDirectory)
    let parsed = paths.map { file in (file, Result { () throws(FeedError) in try Self.readFeed(file) }) }
    files = parsed.map { Self.report(file: $0.0, result: $0.1) }
    var byURL: [String: [Int]] = [:]
    var byTitle: [String: [Int]] = [:]
    for (index, (_, result)) in parsed.enumerated() {
      guard case .success(let feed) = result, feed.movedTo == nil else { continue }
      for url in Set([feed.selfURL, feed.newFeedURL].compactMap { $0 }.map(Self.urlKey)) {
        byURL[url, default: []].append(index)
      }
      byTitle[Self.titleKey(feed.show.title), default: []].append(index)
    }
    var shows: [Show] = []
    var missing: [SubscriptionList.Subscription] = []
    var taken: Set<Int> = []
    for subscription in list.subscriptions {
      let titleKey = Self.titleKey(subscription.title)
      let members =
        byURL[Self.urlKey(subscription.feedURL)] ?? (titleKey.isEmpty ? nil : byTitle[titleKey]) ?? []
      guard !members.isEmpty else {
        missing.append(subscription)
        continue
      }
      // A second subscription to files already imported (the same feed under another spelling of its URL)
      // is the same show.
      guard taken.isDisjoint(with: members) else { continue }
      taken.formUnion(members)
      var show = Self.merge(
        members.map { parsed[$0] }, feedURL: subscription.feedURL, reports: &files, indices: members)
      if show.title.isEmpty { show.title = subscription.title }
      shows.append(show)
      for index in members { files[index].feedURLs.append(subscription.feedURL) }
    }
    catalog = Catalog(shows: shows)
    missingSubscriptions = missing
    listWarnings = list.warnings
  }

  // MARK: Helpers

  /// The largest feed or subscription list read: 1 GiB, as the largest catalog.
  public static let maximumFileBytes = 1 << 30

  /// The bytes of a regular file (a FIFO, a device or a directory is refused as what it is, never waited on).
  static func read(_ file: String) throws(FeedError) -> Data {
    do {
      return Data(try BoundedFile.read(file, maximumBytes: maximumFileBytes))
    } catch {
      throw .unreadable(file: file, problem: error.reason)
    }
  }

  static func readFeed(_ file: String) throws(FeedError) -> PodcastFeed {
    try PodcastFeed(rss: try read(file), file: file)
  }

  /// The `.xml` and `.rss` files under `directory`, sorted by path.
  static func feedFiles(in directory: String) throws(FeedError) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
      throw .unreadable(file: directory, problem: "no such directory")
    }
    guard isDirectory.boolValue else { throw .unreadable(file: directory, problem: "not a directory") }
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
      throw .unreadable(file: directory, problem: "cannot list the directory")
    }
    var result: [String] = []
    while let relative = enumerator.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      let suffix = (name as NSString).pathExtension.lowercased()
      guard !name.hasPrefix("."), ["xml", "rss", "atom"].contains(suffix) else { continue }
      let path = (directory as NSString).appendingPathComponent(relative)
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
        result.append(path)
      }
    }
    return result.sorted()
  }

  static func report(file: String, result: Result<PodcastFeed, FeedError>) -> FileReport {
    switch result {
    case .success(let feed):
      return FileReport(
        file: file, title: feed.show.title, itemCount: feed.itemCount, episodeCount: feed.show.episodes.count,
        warnings: feed.warnings, movedTo: feed.movedTo)
    case .failure(let error):
      return FileReport(file: file, error: error)
    }
  }

  /// Merges the feeds of one show, oldest snapshot first.
  static func merge(
    _ members: [(String, Result<PodcastFeed, FeedError>)], feedURL: String, reports: inout [FileReport],
    indices: [Int]
  ) -> Show {
    var snapshots: [(file: String, show: Show, newest: Date, index: Int)] = []
    for (offset, (file, result)) in members.enumerated() {
      guard case .success(let feed) = result else { continue }
      let newest = feed.show.episodes.map(\.published).max() ?? .distantPast
      snapshots.append((file, feed.show, newest, offset))
    }
    snapshots.sort { ($0.newest, $0.index) < ($1.newest, $1.index) }
    var show = snapshots[0].show
    for snapshot in snapshots.dropFirst() { show = show.refreshed(with: snapshot.show) }
    show.feedURL = feedURL
    if snapshots.count > 1 {
      // Reported once, on the newest snapshot.
      let warning = FeedWarning.mergedSnapshots(feedURL: feedURL, files: snapshots.map(\.file))
      let newest = indices[snapshots[snapshots.count - 1].index]
      if !reports[newest].warnings.contains(warning) { reports[newest].warnings.append(warning) }
    }
    return show
  }

  /// A feed URL as feeds are compared: without its scheme, a Wayback Machine prefix, `www.` or a final `/`,
  /// in lower case ("https://www.a.example/feed/" and "http://a.example/feed" are one feed).
  package static func feedURLKey(_ url: String) -> String { urlKey(url) }

  /// A feed URL without its scheme, a Wayback Machine prefix, `www.` or a final `/`, in lower case.
  static func urlKey(_ url: String) -> String {
    var text = url.trimmed.lowercased()
    for scheme in ["https://", "http://"] where text.hasPrefix(scheme) { text.removeFirst(scheme.count) }
    if text.hasPrefix("web.archive.org/web/") {
      let rest = text.dropFirst("web.archive.org/web/".count)
      if let slash = rest.firstIndex(of: "/") {
        text = String(rest[rest.index(after: slash)...])
        for scheme in ["https://", "http://"] where text.hasPrefix(scheme) { text.removeFirst(scheme.count) }
      }
    }
    if text.hasPrefix("www.") { text.removeFirst(4) }
    while text.hasSuffix("/") { text.removeLast() }
    return text
  }

  /// A title in lower case with runs of white space made single spaces.
  package static func titleKey(_ title: String) -> String {
    title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
