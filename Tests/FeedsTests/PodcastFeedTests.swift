import Foundation
import SmartFill
import Testing

@testable import Feeds

@Suite("Podcast feed")
struct PodcastFeedTests {
  func read(_ text: String, feedURL: String? = "https://example.com/feed") throws(FeedError) -> PodcastFeed {
    try PodcastFeed(rss: Array(text.utf8), file: "feed.xml", feedURL: feedURL)
  }

  @Test("reads the channel and its items into a show")
  func readsShow() throws {
    let feed = try read(
      feedXML(
        title: " My Show ",
        channelExtra: """
          <itunes:type>serial</itunes:type>
          <itunes:category text="Arts"><itunes:category text="Books"/></itunes:category>
          <itunes:category text="Comedy"/>
          """,
        items: itemXML(
          guid: "g1", title: "One", duration: "1:00:00",
          extra: "<itunes:season>2</itunes:season>"
            + "<itunes:episode>3</itunes:episode><itunes:episodeType>Trailer</itunes:episodeType>")
          + itemXML(guid: "g2", title: "Two", date: "Wed, 3 Jan 2024 10:00:00 PST", duration: "99:42")))
    #expect(feed.show.feedURL == "https://example.com/feed")
    #expect(feed.show.title == "My Show")
    #expect(feed.show.ordering == .serial)
    #expect(feed.show.categories == ["Arts", "Books", "Comedy"])
    #expect(feed.itemCount == 2)
    #expect(feed.warnings.isEmpty)
    let expected = [
      Episode(
        guid: "g1", title: "One", published: Date(timeIntervalSince1970: 1_704_182_400), durationSeconds: 3600,
        season: 2, episode: 3, kind: .trailer),
      Episode(
        guid: "g2", title: "Two", published: Date(timeIntervalSince1970: 1_704_304_800), durationSeconds: 5982),
    ]
    #expect(feed.show.episodes == expected)
  }

  @Test("unknown durations stay in the show and are counted in one warning")
  func unknownDurations() throws {
    let feed = try read(
      feedXML(
        items: itemXML(guid: "a", duration: "") + itemXML(guid: "b", duration: "0") + itemXML(guid: "c", duration: nil)
          + itemXML(guid: "d", duration: "1h") + itemXML(guid: "e", duration: "12:00")))
    #expect(feed.show.episodes.map(\.durationSeconds) == [nil, nil, nil, nil, 720])
    #expect(feed.unknownDurationCount == 4)
    #expect(feed.warnings.contains(.unknownDurations(count: 4)))
    #expect(feed.warnings.contains { if case .unreadableDuration(_, "1h") = $0 { true } else { false } })
  }

  @Test("only <item> children of the channel are episodes, and items without an enclosure are skipped")
  func onlyPlayableItems() throws {
    let items =
      itemXML(guid: "a", title: "A") + """
        <podaccess:item xmlns:podaccess="https://access.acast.com/schema/1.0/"><title>P</title>\
        <enclosure url="https://example.com/p.mp3"/></podaccess:item>
        <item><title>No audio</title><guid>b</guid></item>
        <item><title>Empty URL</title><enclosure url=" "/></item>
        """
    let feed = try read(feedXML(items: items))
    #expect(feed.show.episodes.map(\.guid) == ["a"])
    #expect(feed.itemCount == 3)
    let skipped = feed.warnings.compactMap { if case .itemWithoutEnclosure(_, let title) = $0 { title } else { nil } }
    #expect(skipped == ["No audio", "Empty URL"])
  }

  @Test("missing GUIDs fall back to the enclosure URL; duplicate GUIDs are all kept, distinguishable")
  func guids() throws {
    let items =
      itemXML(guid: "dup", title: "Newest", date: "Thu, 04 Jan 2024 08:00:00 GMT")
      + itemXML(guid: nil, title: "NoGuid") + itemXML(guid: " ", title: "Blank")
      + itemXML(guid: "dup", title: "Oldest", date: "Mon, 01 Jan 2024 08:00:00 GMT")
    let feed = try read(feedXML(items: items))
    #expect(
      feed.show.episodes.map(\.guid) == [
        "dup#2", "https://example.com/NoGuid.mp3", "https://example.com/Blank.mp3", "dup",
      ])
    #expect(feed.warnings.contains(.missingGUIDs(count: 2)))
    #expect(feed.warnings.contains(.duplicateGUID("dup", count: 2)))
    #expect(Catalog.problems(inJSON: Catalog(shows: [feed.show]).jsonData()).isEmpty)
  }

  @Test("empty season, episode and type tags are absent; repeated numbers are kept; titles are not mined")
  func numbers() throws {
    let empty = "<itunes:season></itunes:season><itunes:episode/><itunes:episodeType> </itunes:episodeType>"
    let items =
      itemXML(guid: "a", title: "S2 E1 Start", extra: empty)
      + itemXML(guid: "b", extra: "<itunes:episode>4</itunes:episode><itunes:episodeType>bonus</itunes:episodeType>")
      + itemXML(guid: "c", extra: "<itunes:episode>4</itunes:episode><itunes:season>x</itunes:season>")
      + itemXML(guid: "d", extra: "<itunes:episodeType>preview</itunes:episodeType>")
    let feed = try read(feedXML(channelExtra: "<itunes:type>episodic</itunes:type>", items: items))
    #expect(feed.show.ordering == .episodic)
    let episodes = feed.show.episodes
    #expect(episodes.map(\.season) == [nil, nil, nil, nil])
    #expect(episodes.map(\.episode) == [nil, 4, 4, nil])
    #expect(episodes.map(\.kind) == [.full, .bonus, .full, .full])
    #expect(episodes[0].title == "S2 E1 Start")
    #expect(feed.warnings.contains { if case .unreadableNumber(_, "itunes:season", "x") = $0 { true } else { false } })
    #expect(feed.warnings.contains { if case .unknownEpisodeType(_, "preview") = $0 { true } else { false } })
  }

  @Test("an unreadable or missing date falls back to the channel's date, with a warning")
  func dates() throws {
    let channel = "<lastBuildDate>Mon, 01 Jan 2024 00:00:00 GMT</lastBuildDate>"
    let feed = try read(feedXML(channelExtra: channel, items: itemXML(guid: "a", date: "someday")))
    #expect(feed.show.episodes[0].published == Date(timeIntervalSince1970: 1_704_067_200))
    #expect(feed.warnings.contains { if case .unreadableDate(_, "someday", _) = $0 { true } else { false } })
    let late = try read(
      feedXML(channelExtra: channel, items: itemXML(guid: "a", date: "Fri, 31 Dec 9999 23:59:59 -1200")))
    #expect(late.show.episodes[0].published == Date(timeIntervalSince1970: 1_704_067_200))
    #expect(
      late.warnings.map(\.description).contains(
        "line 6: pubDate \"Fri, 31 Dec 9999 23:59:59 -1200\" is outside the years 0001 to 9999; "
          + "dated 2024-01-01T00:00:00Z"))
    let bare = try read(feedXML(items: itemXML(guid: "a", date: "")))
    #expect(bare.show.episodes[0].published == Date(timeIntervalSince1970: 0))
  }

  @Test("the feed URL is the one given, else the self link, else the new feed URL, else the file's URL")
  func feedURL() throws {
    let selfLink = "<atom:link href=\"https://example.com/self\" rel=\"self\" type=\"application/rss+xml\"/>"
    let moved = "<itunes:new-feed-url>https://example.com/new</itunes:new-feed-url>"
    let items = itemXML(guid: "a")
    #expect(
      try read(feedXML(channelExtra: selfLink + moved, items: items), feedURL: nil).show.feedURL
        == "https://example.com/self")
    let both = try read(feedXML(channelExtra: moved, items: items), feedURL: nil)
    #expect(both.show.feedURL == "https://example.com/new")
    #expect(both.newFeedURL == "https://example.com/new")
    #expect(both.selfURL == nil)
    let none = try read(feedXML(items: items), feedURL: nil)
    #expect(none.show.feedURL == URL(fileURLWithPath: "feed.xml").absoluteURL.absoluteString)
    #expect(none.show.feedURL.hasPrefix("file:///"))
  }

  @Test("feeds that a strict parser rejects are recovered as podcast apps do")
  func recovers() throws {
    let blankLine = "\n" + feedXML(items: itemXML(guid: "a"))
    #expect(try read(blankLine).show.episodes.count == 1)
    let entity = feedXML(items: itemXML(guid: "a", title: "Me &gtgt; you &amp; Q&A"))
    #expect(try read(entity).show.episodes.first?.title == "Me &gtgt; you & Q&A")
    let undeclared = """
      <rss version="2.0"><channel><title>T</title>
      <itunes:type>serial</itunes:type>
      <item><title>A</title><itunes:duration>60</itunes:duration><enclosure url="https://e/a.mp3"/></item>
      </channel></rss>
      """
    let feed = try read(undeclared)
    #expect(feed.show.ordering == .serial)
    #expect(feed.show.episodes.first?.durationSeconds == 60)
    #expect(
      feed.warnings.first
        == .repairedXML(line: 2, problem: "undeclared namespace prefix \"itunes\" read as written", count: 2))
  }

  @Test("a prefix bound to the iTunes namespace under another name is read as iTunes")
  func otherPrefix() throws {
    let text = """
      <rss xmlns:it="http://www.itunes.com/DTDs/Podcast-1.0.dtd"><channel><title>T</title>
      <item><title>A</title><it:duration>1:00</it:duration><enclosure url="https://e/a.mp3"/></item>
      </channel></rss>
      """
    #expect(try read(text).show.episodes.first?.durationSeconds == 60)
  }

  @Test("malformed and foreign documents are rejected with the file, the line and the problem")
  func rejects() {
    #expect(
      throws: FeedError.unexpectedRoot(
        file: "feed.xml", line: 1, found: "rdf:RDF", expected: "<rss> or <feed> (RSS 1.0 is not read)")
    ) {
      try self.read("<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"></rdf:RDF>")
    }
    #expect(throws: FeedError.unexpectedRoot(file: "feed.xml", line: 1, found: "html", expected: "<rss> or <feed>")) {
      try self.read("<html></html>")
    }
    #expect(throws: FeedError.missingElement(file: "feed.xml", element: "channel", parent: "rss")) {
      try self.read("<rss version=\"2.0\"></rss>")
    }
    do {
      _ = try read("<rss>\n<channel>\n<item></channel></rss>")
      Issue.record("a mismatched tag was accepted")
    } catch {
      #expect(error.description.hasPrefix("feed.xml, line 3, column "))
    }
  }

  @Test("a newer snapshot keeps episode identity")
  func newerSnapshot() throws {
    let old = try read(
      feedXML(
        items: itemXML(guid: "2", title: "Two") + itemXML(title: "NoGuid") + itemXML(guid: "d", title: "X")
          + itemXML(guid: "d", title: "Y", date: "Mon, 01 Jan 2024 08:00:00 GMT")))
    let new = try read(
      feedXML(
        items: itemXML(guid: "3", title: "Three", date: "Wed, 10 Jan 2024 08:00:00 GMT")
          + itemXML(guid: "d", title: "Z", date: "Wed, 10 Jan 2024 08:00:00 GMT")
          + itemXML(guid: "2", title: "Two") + itemXML(title: "NoGuid") + itemXML(guid: "d", title: "X")
          + itemXML(guid: "d", title: "Y", date: "Mon, 01 Jan 2024 08:00:00 GMT")))
    let oldIDs = Dictionary(uniqueKeysWithValues: old.show.episodes.map { ($0.title, $0.guid) })
    let newIDs = Dictionary(uniqueKeysWithValues: new.show.episodes.map { ($0.title, $0.guid) })
    for (title, guid) in oldIDs { #expect(newIDs[title] == guid, "\(title)") }
    #expect(newIDs["Z"] == "d#3")
  }
}
