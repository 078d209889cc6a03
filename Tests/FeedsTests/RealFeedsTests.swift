import Foundation
import SmartFill
import SmartFillTestSupport
import Testing

@testable import Feeds

/// The real feeds under `../shared/feeds`, checked against a plain reading of their text: `<item>` elements
/// counted by a scan, durations read by hand from the `<itunes:duration>` inside each item.
@Suite("Real feeds")
struct RealFeedsTests {
  /// What a plain scan of the text finds in one item.
  struct PlainItem {
    var hasEnclosure: Bool
    var durationText: String?
  }

  /// The position of `needle` in `bytes[start..<end]`, by a plain scan.
  static func find(_ needle: String, in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
    let pattern = Array(needle.utf8)
    guard end - start >= pattern.count else { return nil }
    return bytes.withUnsafeBufferPointer { haystack in
      var index = start
      while index <= end - pattern.count {
        if haystack[index] == pattern[0] {
          var matched = 1
          while matched < pattern.count, haystack[index + matched] == pattern[matched] { matched += 1 }
          if matched == pattern.count { return index }
        }
        index += 1
      }
      return nil
    }
  }

  /// The `<item>` blocks of a feed, found by byte search; namespaced look-alikes such as `<podaccess:item>`
  /// do not match.
  static func plainItems(_ bytes: [UInt8]) -> [PlainItem] {
    var items: [PlainItem] = []
    var position = 0
    let count = bytes.count
    while let open = find("<item", in: bytes, from: position, to: count) {
      let after = open + 5
      guard after < count, Array("> \n\r\t".utf8).contains(bytes[after]) else {
        position = after
        continue
      }
      let close = find("</item>", in: bytes, from: after, to: count) ?? count
      var duration: String?
      if let start = find("<itunes:duration", in: bytes, from: after, to: close),
        let end = bytes[start..<close].firstIndex(of: UInt8(ascii: ">"))
      {
        if bytes[end - 1] == UInt8(ascii: "/") {
          duration = ""
        } else if let closing = find("</itunes:duration>", in: bytes, from: end, to: close) {
          duration = String(decoding: bytes[(end + 1)..<closing], as: UTF8.self)
        }
      }
      let hasEnclosure = find("<enclosure", in: bytes, from: after, to: close) != nil
      items.append(PlainItem(hasEnclosure: hasEnclosure, durationText: duration))
      position = min(close + 7, count)
    }
    return items
  }

  /// Seconds from a duration text by hand: colon-separated fields, each times 60 and added; `nil` for empty
  /// or zero.
  static func plainSeconds(_ text: String?) -> Int? {
    guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
    var total = 0.0
    for field in text.split(separator: ":") {
      guard let value = Double(field) else { return nil }
      total = total * 60 + value
    }
    let seconds = Int(total.rounded())
    return seconds > 0 ? seconds : nil
  }

  @Test("every real feed imports, or is rejected with an error naming the file and line")
  func everyFeedImportsOrIsRejected() throws {
    guard SharedFeeds.directory != nil else {
      print(SharedFeeds.skipMessage)
      return
    }
    let files = SharedFeeds.rssFiles
    #expect(files.count == 73)
    var rejected: [String] = []
    for file in files {
      let data = try Data(contentsOf: URL(fileURLWithPath: file))
      do {
        _ = try PodcastFeed(rss: data, file: file)
      } catch {
        #expect(error.description.hasPrefix(file + ", line "), "\(error)")
        rejected.append(error.description)
      }
    }
    // All 73 are accepted, including the six that a strict XML parser rejects.
    #expect(rejected.isEmpty, "\(rejected)")
  }

  @Test("item counts and durations agree with a plain reading of each feed")
  func itemsAndDurationsAgree() throws {
    guard SharedFeeds.directory != nil else {
      print(SharedFeeds.skipMessage)
      return
    }
    var totalItems = 0
    for file in SharedFeeds.rssFiles {
      let data = try Data(contentsOf: URL(fileURLWithPath: file))
      let plain = Self.plainItems([UInt8](data))
      let feed = try PodcastFeed(rss: data, file: file)
      totalItems += feed.itemCount
      #expect(feed.itemCount == plain.count, "\(file)")
      let playable = plain.filter(\.hasEnclosure)
      #expect(feed.show.episodes.count == playable.count, "\(file)")
      let expected = playable.map { Self.plainSeconds($0.durationText) }
      let parsed = feed.show.episodes.map(\.durationSeconds)
      let firstDifference = Array(zip(parsed, expected)).firstIndex { $0.0 != $0.1 }
      #expect(firstDifference == nil, "\(file): playable item \(firstDifference ?? 0) differs")
      #expect(feed.unknownDurationCount == expected.count { $0 == nil }, "\(file)")
      // The catalog accepts what was imported.
      let catalog = Catalog(shows: [feed.show])
      #expect(Catalog.problems(inJSON: catalog.jsonData()).isEmpty, "\(file)")
    }
    #expect(totalItems == 7_324)
  }
}

/// Snapshots of one show taken at different dates: a newer one keeps the older one's episodes.
@Suite("Real feed snapshots")
struct RealSnapshotTests {
  @Test(
    "a newer snapshot gives every episode of the older one the same GUID",
    arguments: [
      ("gnome-podcasts/oldtests2017_Intercepted.xml", "gnome-podcasts/2018-01-20-Intercepted.xml"),
      ("gnome-podcasts/2018-01-20-Intercepted.xml", "gnome-podcasts/2018-02-03-Intercepted.xml"),
      ("gnome-podcasts/oldtests2017_LinuxUnplugged.xml", "gnome-podcasts/2018-01-20-LinuxUnplugged.xml"),
      ("gnome-podcasts/oldtests2017_LinuxUnplugged.xml", "gnome-podcasts/bench2017_linuxunplugged.xml"),
      ("gnome-podcasts/bench2017_linuxunplugged.xml", "gnome-podcasts/2018-01-20-LinuxUnplugged.xml"),
    ])
  func snapshotsKeepIdentity(older: String, newer: String) throws {
    guard let shared = SharedFeeds.directory else {
      print(SharedFeeds.skipMessage)
      return
    }
    func read(_ name: String) throws -> (feed: PodcastFeed, guids: Set<String>) {
      let url = shared.appendingPathComponent("rss/" + name)
      let feed = try PodcastFeed(rss: try Data(contentsOf: url), file: name, feedURL: "https://same/feed")
      // The GUIDs of the items with an enclosure, read from the plain XML.
      let text = try String(contentsOf: url, encoding: .utf8)
      var guids: Set<String> = []
      for item in text.components(separatedBy: "<item>").dropFirst() {
        guard item.contains("<enclosure"), let guidTag = item.range(of: "<guid") else { continue }
        let afterTag = item[guidTag.upperBound...].drop { $0 != ">" }.dropFirst()
        var guid = String(afterTag.prefix { $0 != "<" })
        if afterTag.hasPrefix("<![CDATA["), let end = afterTag.range(of: "]]>") {
          guid = String(afterTag[afterTag.index(afterTag.startIndex, offsetBy: 9)..<end.lowerBound])
        }
        guids.insert(guid.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      return (feed, guids)
    }
    let (old, oldPlainGUIDs) = try read(older)
    let (new, newPlainGUIDs) = try read(newer)
    let newGUIDs = Set(new.show.episodes.map(\.guid))
    // The GUIDs read agree with a plain reading of each file, and the newer file has all of the older's.
    #expect(Set(old.show.episodes.map(\.guid)) == oldPlainGUIDs)
    #expect(newGUIDs == newPlainGUIDs)
    for episode in old.show.episodes {
      #expect(newGUIDs.contains(episode.guid), "\(episode.guid) of \(older) is missing from \(newer)")
    }
    let merged = old.show.refreshed(with: new.show)
    #expect(merged.episodes.count == newGUIDs.union(old.show.episodes.map(\.guid)).count)
  }
}

/// Catalogs imported from the real subscription lists and feed files, then filled in every mode.
@Suite("Real subscription lists")
struct RealSubscriptionListTests {
  static func check(_ result: FillResult, against catalog: Catalog, request: FillRequest) {
    var durations: [EpisodeID: Int?] = [:]
    for show in catalog.shows {
      for episode in show.episodes {
        durations[EpisodeID(feedURL: show.feedURL, guid: episode.guid)] = episode.remainingSeconds
      }
    }
    var total = 0
    for entry in result.entries {
      let known = durations[entry.id]
      #expect(known != nil, "\(entry.id) is not in the catalog")
      let seconds = known.flatMap { $0 }
      #expect(entry.seconds == seconds, "\(entry.id): the entry's time is not the episode's remaining time")
      // Only continue series without a target offers an episode of unknown length (shown as unknown).
      #expect(seconds != nil || request.window == nil, "\(entry.id): unknown duration chosen for a timed fill")
      total += seconds ?? 0
    }
    #expect(Set(result.entries.map(\.id)).count == result.entries.count, "an episode is queued twice")
    #expect(result.totalSeconds == total)
    if result.status == .filled, let window = request.window {
      #expect(window.contains(total), "\(request.mode): total \(total) outside \(window)")
    }
  }

  @Test("the GNOME Podcasts export imports from the snapshots in its folder", .timeLimit(.minutes(2)))
  func gnomeExport() throws {
    guard let shared = SharedFeeds.directory else {
      print(SharedFeeds.skipMessage)
      return
    }
    let imported = try CatalogImport(
      subscriptionList: shared.appendingPathComponent("opml/gnome-podcasts_export_test.opml").path,
      feedsDirectory: shared.appendingPathComponent("rss/gnome-podcasts").path)
    // Six subscriptions; Greater Than Code has no file in the folder.
    #expect(imported.catalog.shows.count == 5)
    #expect(imported.missingSubscriptions.map(\.title) == ["Greater Than Code"])
    let intercepted = try #require(imported.catalog.shows.first { $0.title.hasPrefix("Intercepted") })
    // Three snapshots of Intercepted (29, 43 and 47 items) merged: every GUID of each is kept once.
    var guids = Set<String>()
    for name in ["oldtests2017_Intercepted.xml", "2018-01-20-Intercepted.xml", "2018-02-03-Intercepted.xml"] {
      let text = try String(
        contentsOf: shared.appendingPathComponent("rss/gnome-podcasts/" + name), encoding: .utf8)
      for part in text.components(separatedBy: "<guid").dropFirst() {
        let afterTag = part[part.index(after: part.firstIndex(of: ">")!)...]
        let value = String(afterTag[..<afterTag.range(of: "</guid>")!.lowerBound])
        guids.insert(value.replacingOccurrences(of: "<![CDATA[", with: "").replacingOccurrences(of: "]]>", with: ""))
      }
    }
    #expect(Set(intercepted.episodes.map(\.guid)) == guids)
    #expect(Catalog.problems(inJSON: imported.catalog.jsonData()).isEmpty)
  }

  @Test(
    "catalogs from the real lists and feeds fill correctly in every mode",
    arguments: ["mrh-is_overcast.opml", "gnome-podcasts_export_test.opml"])
  func fillsInEveryMode(list: String) throws {
    guard let shared = SharedFeeds.directory else {
      print(SharedFeeds.skipMessage)
      return
    }
    let imported = try CatalogImport(
      subscriptionList: shared.appendingPathComponent("opml/" + list).path,
      feedsDirectory: shared.appendingPathComponent("rss").path)
    let catalog = imported.catalog
    #expect(catalog.shows.count >= 2, "\(list): too few shows matched to test a fill")
    #expect(Catalog.problems(inJSON: catalog.jsonData()).isEmpty)
    let engine = try FillEngine(catalog: catalog)
    let requests = [
      FillRequest(mode: .fillTime, targetSeconds: 2700),
      FillRequest(mode: .fillTime, targetSeconds: 3 * 3600, toleranceSeconds: 60),
      FillRequest(mode: .variety, targetSeconds: 4 * 3600),
      FillRequest(mode: .continueSeries, targetSeconds: nil),
      FillRequest(mode: .continueSeries, targetSeconds: 7200),
      FillRequest(mode: .fillTime, targetSeconds: 5400, priorityShows: [catalog.shows[0].feedURL]),
    ]
    for request in requests {
      let result = try engine.fill(request)
      #expect(result.status != .empty, "\(list) \(request.mode)")
      Self.check(result, against: catalog, request: request)
    }
  }
}
