import Foundation
import SmartFill
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

  /// The `<item>` blocks of a feed, found by string search; namespaced look-alikes such as `<podaccess:item>`
  /// do not match.
  static func plainItems(_ text: String) -> [PlainItem] {
    var items: [PlainItem] = []
    var rest = text[...]
    while let open = rest.range(of: "<item") {
      let after = rest[open.upperBound...]
      guard let next = after.first, next == ">" || next == " " || next == "\n" || next == "\r" || next == "\t"
      else {
        rest = after
        continue
      }
      let close = after.range(of: "</item>")
      let body = close.map { after[..<$0.lowerBound] } ?? after
      var duration: String?
      if let start = body.range(of: "<itunes:duration"), let close = body[start.upperBound...].firstIndex(of: ">") {
        if body[..<close].hasSuffix("/") {
          duration = ""
        } else if let end = body[close...].range(of: "</itunes:duration>") {
          duration = String(body[body.index(after: close)..<end.lowerBound])
        }
      }
      items.append(PlainItem(hasEnclosure: body.contains("<enclosure"), durationText: duration))
      rest = close.map { after[$0.upperBound...] } ?? after[after.endIndex...]
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
      let text = String(decoding: data, as: UTF8.self)
      let plain = Self.plainItems(text)
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
      #expect(seconds != nil && entry.seconds == seconds, "\(entry.id): unknown duration chosen")
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
    let engine = FillEngine(catalog: catalog)
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
