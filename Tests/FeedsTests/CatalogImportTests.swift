import Foundation
import SmartFill
import SmartFillTestSupport
import Testing

@testable import Feeds

@Suite("Catalog import")
struct CatalogImportTests {
  static func selfLink(_ url: String) -> String { "<atom:link rel=\"self\" href=\"\(url)\"/>" }

  @Test("one bad feed never stops the others from importing")
  func badFeedIsReported() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let good = try folder.write(
      "good.xml", feedXML(channelExtra: Self.selfLink("https://good/feed"), items: itemXML(guid: "a")))
    let bad = try folder.write("bad.xml", "<rss>\n<channel>\n</rss>")
    let missing = folder.path + "/missing.xml"
    let other = try folder.write("other.rss", feedXML(title: "Other", items: itemXML(guid: "b") + itemXML(guid: "c")))
    let imported = CatalogImport(feedFiles: [good, bad, missing, other])
    #expect(imported.catalog.shows.map(\.title) == ["Show", "Other"])
    #expect(imported.catalog.shows.map(\.feedURL) == ["https://good/feed", URL(fileURLWithPath: other).absoluteString])
    #expect(imported.files.map(\.episodeCount) == [1, 0, 0, 2])
    #expect(imported.files[1].error?.description.hasPrefix(bad + ", line 3, column ") == true)
    #expect(imported.files[2].error == .unreadable(file: missing, problem: "no such file"))
    #expect(imported.files[0].feedURLs == ["https://good/feed"])
  }

  @Test("two snapshots of one feed are merged, oldest first, whatever the order given")
  func snapshots() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let link = Self.selfLink("https://s/feed")
    let newer = try folder.write(
      "new.xml",
      feedXML(
        title: "New", channelExtra: link,
        items: itemXML(guid: "2", date: "Wed, 10 Jan 2024 08:00:00 GMT") + itemXML(guid: "1")))
    let older = try folder.write(
      "old.xml", feedXML(title: "Old", channelExtra: link, items: itemXML(guid: "1") + itemXML(guid: "0")))
    let imported = CatalogImport(feedFiles: [newer, older])
    #expect(imported.catalog.shows.count == 1)
    let show = try #require(imported.catalog.shows.first)
    #expect(show.title == "New")
    #expect(show.episodes.map(\.guid) == ["2", "1", "0"])
    #expect(imported.files[0].warnings.contains(.mergedSnapshots(feedURL: "https://s/feed", files: [older, newer])))
    #expect(imported.files[1].warnings.isEmpty)
  }

  @Test("a subscription list takes its shows from the feed files that match by URL or title")
  func subscriptionList() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    try folder.write(
      "feeds/a.xml",
      feedXML(title: "A", channelExtra: Self.selfLink("http://www.a.com/feed/"), items: itemXML(guid: "a")))
    try folder.write("feeds/sub/b.rss", feedXML(title: "Bee  Show", items: itemXML(guid: "b")))
    try folder.write("feeds/c.xml", feedXML(title: "Not subscribed", items: itemXML(guid: "c")))
    try folder.write("feeds/broken.xml", "<rss><channel>")
    try folder.write("feeds/notes.txt", "not a feed")
    let list = try folder.write(
      "subs.opml",
      """
      <opml><body>
      <outline text="A" xmlUrl="https://web.archive.org/web/20180120104741if_/https://a.com/feed"/>
      <outline text="bee show" xmlUrl="https://b/feed"/>
      <outline text="Gone" xmlUrl="https://gone/feed"/>
      </body></opml>
      """)
    let imported = try CatalogImport(subscriptionList: list, feedsDirectory: folder.path + "/feeds")
    #expect(
      imported.catalog.shows.map(\.feedURL) == [
        "https://web.archive.org/web/20180120104741if_/https://a.com/feed", "https://b/feed",
      ])
    #expect(imported.catalog.shows.map(\.title) == ["A", "Bee  Show"])
    #expect(imported.missingSubscriptions.map(\.title) == ["Gone"])
    #expect(
      imported.files.map { ($0.file as NSString).lastPathComponent } == ["a.xml", "broken.xml", "c.xml", "b.rss"])
    #expect(imported.files.map(\.feedURLs.count) == [1, 0, 0, 1])
    #expect(imported.files[1].error != nil)
  }

  @Test("subscriptions that match the same feed file are one show (issue 45, 9)")
  func oneShowPerFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    try folder.write(
      "feeds/a.xml",
      feedXML(
        title: "A", channelExtra: Self.selfLink("https://a.example/feed"),
        items: itemXML(guid: "a1") + itemXML(guid: "a2", date: "Wed, 03 Jan 2024 08:00:00 GMT")))
    let list = try folder.write(
      "subs.opml",
      """
      <opml><body>
      <outline text="A" xmlUrl="https://a.example/feed"/>
      <outline text="A again" xmlUrl="http://www.a.example/feed/"/>
      </body></opml>
      """)
    let imported = try CatalogImport(subscriptionList: list, feedsDirectory: folder.path + "/feeds")
    #expect(imported.catalog.shows.map(\.feedURL) == ["https://a.example/feed"])
    #expect(imported.catalog.episodeCount == 2)
    #expect(imported.missingSubscriptions.isEmpty)
  }

  @Test("two files of one feed under different names are one show (issue 46, 6)")
  func oneShowPerFeed() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let first = try folder.write(
      "one.xml", feedXML(title: "A", channelExtra: Self.selfLink("https://a.example/feed"), items: itemXML(guid: "1")))
    let second = try folder.write(
      "two.xml",
      feedXML(
        title: "A", channelExtra: Self.selfLink("http://www.a.example/feed/"),
        items: itemXML(guid: "2", date: "Wed, 10 Jan 2024 08:00:00 GMT")))
    // A copy without a self link: known by its title only.
    let third = try folder.write("three.xml", feedXML(title: "A", items: itemXML(guid: "3")))
    let imported = CatalogImport(feedFiles: [first, second, third])
    #expect(imported.catalog.shows.count == 1)
    #expect(Set(imported.catalog.shows.first?.episodes.map(\.guid) ?? []) == ["1", "2", "3"])
  }

  @Test("an unreadable subscription list or feeds folder is an error")
  func unreadableInputs() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let list = try folder.write("subs.opml", "<opml><body/></opml>")
    #expect(throws: FeedError.unreadable(file: folder.path + "/nope.opml", problem: "no such file")) {
      try CatalogImport(subscriptionList: folder.path + "/nope.opml", feedsDirectory: folder.path)
    }
    #expect(throws: FeedError.unreadable(file: list, problem: "not a directory")) {
      try CatalogImport(subscriptionList: list, feedsDirectory: list)
    }
    #expect(throws: FeedError.unreadable(file: folder.path, problem: "it is a directory")) {
      try CatalogImport(subscriptionList: folder.path, feedsDirectory: folder.path)
    }
  }

  @Test("feed URLs are compared without scheme, www, trailing slash or Wayback Machine prefix")
  func urlKeys() {
    #expect(CatalogImport.urlKey("HTTPS://www.Example.com/Feed/") == "example.com/feed")
    #expect(CatalogImport.urlKey("https://web.archive.org/web/2018if_/http://example.com/feed") == "example.com/feed")
    #expect(CatalogImport.titleKey("  The\tShow  ") == "the show")
  }
}

@Suite("Catalog import of hostile files")
struct CatalogImportHostileTests {
  @Test("a moved feed is reported with its new URL and gives no show")
  func movedFeed() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let good = try folder.write("good.xml", feedXML(items: itemXML(guid: "a")))
    let moved = try folder.write(
      "moved.xml", "<rss><channel><redirect><newLocation>https://new/feed</newLocation></redirect></channel></rss>")
    let imported = CatalogImport(feedFiles: [moved, good])
    #expect(imported.catalog.shows.count == 1)
    #expect(imported.files[0].movedTo == "https://new/feed")
    #expect(imported.files[0].error == nil)
    #expect(imported.files[0].feedURLs.isEmpty)
    #expect(imported.files[1].movedTo == nil)
  }

  @Test("a feed encoded in UTF-16 twice is rejected and the good feed beside it imports")
  func doubleEncodedBeside() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let good = try folder.write("good.xml", feedXML(items: itemXML(guid: "a")))
    let bad = folder.path + "/bad.xml"
    try Data(doubleEncodedUTF16(ParserInputTests.crashingFeed, bigEndian: false)).write(to: URL(fileURLWithPath: bad))
    let imported = CatalogImport(feedFiles: [good, bad])
    #expect(imported.catalog.episodeCount == 1)
    #expect(imported.files[1].error != nil)
  }

  @Test("a well-formed feed of 60,000 items (over 10 MB) imports")
  func largeFeed() throws {
    var items = ""
    items.reserveCapacity(60_000 * 240)
    for index in 0..<60_000 {
      items +=
        "<item><title>Episode \(index)</title><guid>https://example.com/episodes/\(index)</guid>"
        + "<pubDate>Tue, 02 Jan 2024 08:00:00 GMT</pubDate><itunes:duration>1800</itunes:duration>"
        + "<enclosure url=\"https://example.com/\(index).mp3\" length=\"1\" type=\"audio/mpeg\"/></item>\n"
    }
    let text = feedXML(items: items)
    #expect(text.utf8.count > 12_000_000)
    let feed = try PodcastFeed(rss: Array(text.utf8), file: "large.xml", feedURL: "https://example.com/feed")
    #expect(feed.itemCount == 60_000)
    #expect(feed.show.episodes.count == 60_000)
    #expect(feed.show.episodes.last?.guid == "https://example.com/episodes/59999")
  }

  static let hostileDates = [
    "Fri, 31 Dec 9999 23:59:59 -1200", "Sat, 01 Jan 0000 00:00:00 +0100", "Mon, 01 Jan 0001 00:00:00 +0000",
    "Fri, 31 Dec 9999 23:59:59 +0000", "0000-06-01T00:00:00Z", "0001-01-01T00:00:00+01:00",
    "9999-12-31T23:59:59.999-00:01", "9999-12-31T23:59:59.9999Z", "Mon, 01 Jan 0001 00:00:00 -2359",
  ]

  @Test("what import writes from every shared feed and from hostile dates is a valid catalog")
  func writtenCatalogValidates() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    var files = SharedFeeds.rssFiles
    if files.isEmpty { print(SharedFeeds.skipMessage) }
    for (index, date) in Self.hostileDates.enumerated() {
      let channel = "<lastBuildDate>\(Self.hostileDates[(index + 1) % Self.hostileDates.count])</lastBuildDate>"
      files.append(
        try folder.write(
          "dates\(index).xml",
          feedXML(
            title: "Dates \(index)", channelExtra: channel,
            items: itemXML(guid: "a", date: date) + itemXML(guid: "b", title: "Other", date: date))))
    }
    let imported = CatalogImport(feedFiles: files)
    #expect(imported.files.allSatisfy { $0.error == nil })
    let text = imported.catalog.jsonText()
    #expect(Catalog.problems(inJSON: Array(text.utf8)) == [])
  }
}
