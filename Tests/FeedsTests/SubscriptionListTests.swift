import Testing

@testable import Feeds

@Suite("Subscription list")
struct SubscriptionListTests {
  func read(_ text: String) throws(FeedError) -> SubscriptionList {
    try SubscriptionList(opml: Array(text.utf8), file: "subs.opml")
  }

  @Test("reads an Overcast export")
  func overcast() throws {
    let list = try read(
      """
      <?xml version="1.0"?>
      <opml version="1.0">
      \t<head>
      \t\t<title>Overcast Podcast Subscriptions</title>
      \t</head>
      \t<body>
      \t\t<outline type="rss" text="99% Invisible" title="99% Invisible" xmlUrl="http://feeds.99percentinvisible.org/99percentinvisible" htmlUrl="http://99percentinvisible.org/"/>
      \t\t<outline type="rss" text="Devil's Avocado" title="Devil's Avocado" xmlUrl="https://simplecast.com/podcasts/1959/rss" htmlUrl=""/>
      \t</body>
      </opml>
      """)
    #expect(list.title == "Overcast Podcast Subscriptions")
    #expect(
      list.subscriptions == [
        .init(
          feedURL: "http://feeds.99percentinvisible.org/99percentinvisible", title: "99% Invisible",
          webURL: "http://99percentinvisible.org/", line: 7),
        .init(feedURL: "https://simplecast.com/podcasts/1959/rss", title: "Devil's Avocado", line: 8),
      ])
    #expect(list.warnings.isEmpty)
  }

  @Test("reads nested folders, as AntennaPod and Overcast's grouped exports write them")
  func nestedOutlines() throws {
    let list = try read(
      """
      <opml version="2.0"><head/><body>
      <outline text="Tech"><outline text="Swift"><outline text="A" xmlUrl="https://a/feed"/></outline>
      <outline title="B &amp; C" text="ignored" type="rss" xmlurl="https://b/feed"/></outline>
      <outline text="D" xmlUrl="https://d/feed"/>
      </body></opml>
      """)
    #expect(list.title == nil)
    #expect(list.subscriptions.map(\.title) == ["A", "B & C", "D"])
    #expect(list.subscriptions.map(\.folders) == [["Tech", "Swift"], ["Tech"], []])
    #expect(list.subscriptions.map(\.feedURL) == ["https://a/feed", "https://b/feed", "https://d/feed"])
  }

  @Test("empty and repeated feed URLs are skipped with warnings")
  func skipped() throws {
    let list = try read(
      """
      <opml><body>
      <outline text="A" xmlUrl="https://a/feed"/>
      <outline text="Empty" xmlUrl=" "/>
      <outline text="Again" xmlUrl="https://a/feed"/>
      <outline xmlUrl="https://untitled/feed"/>
      </body></opml>
      """)
    #expect(list.subscriptions.map(\.title) == ["A", "https://untitled/feed"])
    #expect(
      list.warnings == [
        .outlineWithoutURL(line: 3, title: "Empty"), .duplicateSubscription(line: 4, feedURL: "https://a/feed"),
      ])
  }

  @Test("documents that are not OPML are rejected")
  func rejects() {
    #expect(throws: FeedError.unexpectedRoot(file: "subs.opml", line: 1, found: "rss", expected: "<opml>")) {
      try self.read("<rss/>")
    }
    #expect(throws: FeedError.missingElement(file: "subs.opml", element: "body", parent: "opml")) {
      try self.read("<opml><head/></opml>")
    }
  }

  // Found by Scripts/fuzz.sh (fuzz-opml, crash-c8af890e…): an OPML file declaring UTF-7 with bytes that do
  // not convert crashed libxml2 when the reader stopped the parser from its error callback.
  @Test("a list whose declared encoding cannot be converted is rejected, not a crash")
  func unconvertibleEncoding() {
    let bytes =
      Array("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<opml><body>".utf8) + [0xFF, 0xFE]
      + Array("</body></opml>".utf8)
    do {
      _ = try SubscriptionList(opml: bytes, file: "subs.opml")
      Issue.record("the list was accepted")
    } catch {
      #expect(error.description.hasPrefix("subs.opml, line "))
    }
  }

  @Test("deeply nested folders do not exhaust the stack")
  func deepFolders() throws {
    let depth = 200
    let text =
      "<opml><body>" + String(repeating: "<outline text=\"f\">", count: depth)
      + "<outline text=\"x\" xmlUrl=\"https://x\"/>" + String(repeating: "</outline>", count: depth) + "</body></opml>"
    let list = try read(text)
    #expect(list.subscriptions.first?.folders.count == depth)
  }
}
