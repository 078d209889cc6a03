import Foundation
import SmartFill
import SmartFillSupport
import Testing

@testable import Feeds

/// Atom feeds, the iTunes and Podcasting 2.0 namespaces wherever they are declared, and moved feeds.
@Suite("Podcast feed formats and namespaces")
struct PodcastFeedFormatsTests {
  func read(_ text: String, feedURL: String? = "https://example.com/feed") throws(FeedError) -> PodcastFeed {
    try PodcastFeed(rss: Array(text.utf8), file: "feed.xml", feedURL: feedURL)
  }

  static let atom = """
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom" xmlns:i="http://www.itunes.com/dtds/podcast-1.0.dtd">
    <title>Atom Show</title>
    <link rel="self" href="https://example.com/atom.xml"/>
    <updated>2024-01-05T00:00:00Z</updated>
    <i:type>serial</i:type>
    <entry>
      <title>First</title>
      <id>urn:uuid:1</id>
      <published>2024-01-02T08:00:00+01:00</published>
      <updated>2024-01-03T08:00:00Z</updated>
      <link rel="alternate" href="https://example.com/1.html"/>
      <link rel="enclosure" href="https://example.com/1.mp3" length="12345" type="audio/mpeg"/>
      <i:duration>30:00</i:duration><i:season>1</i:season><i:episode>2</i:episode>
      <i:episodeType>bonus</i:episodeType>
    </entry>
    <entry>
      <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Second <b>bold</b></div></title>
      <updated>2024-01-04T08:00:00Z</updated>
      <link rel="enclosure" href="https://example.com/2.m4a"/>
    </entry>
    <entry><title>Page only</title><id>3</id><link href="https://example.com/3.html"/></entry>
    </feed>
    """

  @Test("an Atom feed is read: title, id as GUID, published or updated, the enclosure link, iTunes tags")
  func atomFeed() throws {
    let feed = try read(Self.atom, feedURL: nil)
    #expect(feed.format == .atom)
    #expect(feed.show.title == "Atom Show")
    #expect(feed.show.feedURL == "https://example.com/atom.xml")
    #expect(feed.show.ordering == .serial)
    #expect(feed.itemCount == 3)
    let expected = [
      Episode(
        guid: "urn:uuid:1", title: "First", published: try #require(Timestamp.parse("2024-01-02T07:00:00Z")),
        durationSeconds: 1800, season: 1, episode: 2, kind: .bonus),
      Episode(
        guid: "https://example.com/2.m4a", title: "Second bold",
        published: try #require(Timestamp.parse("2024-01-04T08:00:00Z")), durationSeconds: nil),
    ]
    #expect(feed.show.episodes == expected)
    #expect(
      feed.enclosures == [
        .init(url: "https://example.com/1.mp3", length: 12345, type: "audio/mpeg"),
        .init(url: "https://example.com/2.m4a"),
      ])
    #expect(feed.warnings.contains(.itemWithoutEnclosure(line: 22, title: "Page only")))
    #expect(feed.warnings.contains(.missingGUIDs(count: 1)))
    #expect(Catalog.problems(inJSON: Catalog(shows: [feed.show]).jsonData()).isEmpty)
  }

  @Test("an Atom entry without a date is dated by the feed's updated, with a warning")
  func atomDates() throws {
    let text = """
      <feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><updated>2024-01-05T00:00:00Z</updated>
      <entry><id>a</id><link rel="enclosure" href="https://e/a.mp3"/></entry></feed>
      """
    let feed = try read(text)
    #expect(feed.show.episodes.first?.published == Timestamp.parse("2024-01-05T00:00:00Z"))
    #expect(feed.warnings.contains { if case .unreadableDate(2, "", _) = $0 { true } else { false } })
  }

  @Test("the RSS enclosure's length and type are kept beside each episode")
  func rssEnclosures() throws {
    let items =
      "<item><guid>a</guid><enclosure url=\"https://e/a.mp3\" length=\"99\" type=\"audio/mpeg\"/></item>"
      + "<item><guid>b</guid><enclosure url=\"https://e/b.mp3\" length=\"0\" type=\" \"/></item>"
    let feed = try read(feedXML(items: items))
    #expect(feed.format == .rss)
    #expect(
      feed.enclosures == [.init(url: "https://e/a.mp3", length: 99, type: "audio/mpeg"), .init(url: "https://e/b.mp3")])
  }

  @Test("the iTunes namespace is matched by its URI: a default namespace, or a prefix declared on the item")
  func iTunesNamespace() throws {
    let items = """
      <item><guid>a</guid><enclosure url="https://e/a.mp3"/>\
      <duration xmlns="http://www.itunes.com/dtds/podcast-1.0.dtd">00:20:00</duration></item>
      <item xmlns:i="http://www.itunes.com/dtds/podcast-1.0.dtd"><guid>b</guid><enclosure url="https://e/b.mp3"/>\
      <i:duration>1:00</i:duration><i:episodeType>trailer</i:episodeType><i:season>3</i:season></item>
      <item><guid>c</guid><enclosure url="https://e/c.mp3"/><duration>5</duration>\
      <x:duration xmlns:x="https://example.com/other">6</x:duration></item>
      """
    let text = """
      <rss version="2.0"><channel><title>T</title>
      \(items)
      </channel></rss>
      """
    let feed = try read(text)
    #expect(feed.show.episodes.map(\.durationSeconds) == [1200, 60, nil])
    #expect(feed.show.episodes.map(\.kind) == [.full, .trailer, .full])
    #expect(feed.show.episodes.map(\.season) == [nil, 3, nil])
    #expect(feed.warnings.last == .unknownDurations(count: 1))
  }

  @Test("Podcasting 2.0 season and episode are read where the iTunes tags are absent")
  func podcastIndex() throws {
    let text = """
      <rss version="2.0" xmlns:podcast="https://podcastindex.org/namespace/1.0" \
      xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>T</title>
      <item><guid>a</guid><enclosure url="https://e/a.mp3"/><podcast:season>2</podcast:season>\
      <podcast:episode>7</podcast:episode></item>
      <item><guid>b</guid><enclosure url="https://e/b.mp3"/><itunes:season>4</itunes:season>\
      <podcast:season>5</podcast:season><itunes:episode></itunes:episode><podcast:episode>8</podcast:episode></item>
      <item><guid>c</guid><enclosure url="https://e/c.mp3"/><p2:episode xmlns:p2="https://podcastindex.org/namespace/1.0">\
      3.5</p2:episode></item>
      </channel></rss>
      """
    let feed = try read(text)
    #expect(feed.show.episodes.map(\.season) == [2, 4, nil])
    #expect(feed.show.episodes.map(\.episode) == [7, 8, nil])
    #expect(feed.warnings.contains(.unreadableNumber(line: 4, element: "podcast:episode", value: "3.5")))
  }

  @Test(
    "a moved feed is read as moved, with its new URL and no episodes",
    arguments: [
      "<rss version=\"2.0\"><redirect><newLocation> https://new.example/feed </newLocation></redirect></rss>",
      "<?xml version=\"1.0\"?>\n<redirect>\n<newLocation>https://new.example/feed</newLocation>\n</redirect>",
      "<rss><channel><title>T</title><redirect><newLocation>https://new.example/feed</newLocation></redirect>"
        + "</channel></rss>",
      "<rss xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"><channel><title>T</title>"
        + "<itunes:new-feed-url>https://new.example/feed</itunes:new-feed-url></channel></rss>",
      "<rss xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\">"
        + "<itunes:new-feed-url>https://new.example/feed</itunes:new-feed-url></rss>",
    ])
  func movedFeed(text: String) throws {
    let feed = try read(text)
    #expect(feed.movedTo == "https://new.example/feed")
    #expect(feed.show.episodes.isEmpty)
    #expect(feed.itemCount == 0)
  }

  @Test("a feed that lists items and names a new feed URL is not moved")
  func newFeedURLWithItems() throws {
    let feed = try read(
      feedXML(
        channelExtra: "<itunes:new-feed-url>https://new.example/feed</itunes:new-feed-url>",
        items: itemXML(guid: "a")))
    #expect(feed.movedTo == nil)
    #expect(feed.newFeedURL == "https://new.example/feed")
    #expect(feed.show.episodes.count == 1)
  }
}
