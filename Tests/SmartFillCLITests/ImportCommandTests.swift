import Foundation
import SmartFill
import SmartFillTestSupport
import Testing

@testable import SmartFillCLI

@Suite("smartfill import")
struct ImportCommandTests {
  let importUsage =
    "Usage: smartfill import --opml <opml> --feeds <directory> [-o <catalog>]\n"
    + "       smartfill import <feed> ... [-o <catalog>]\n"

  static func feed(url: String, title: String, items: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
    <channel>
    <title>\(title)</title>
    <atom:link rel="self" href="\(url)"/>
    \(items)
    </channel>
    </rss>
    """
  }

  static let itemA = """
    <item><title>One</title><guid>a1</guid><pubDate>Mon, 01 Jan 2024 08:00:00 GMT</pubDate>\
    <itunes:duration>30:00</itunes:duration><enclosure url="https://a/1.mp3"/></item>
    <item><title>Teaser</title><guid>a2</guid><pubDate>Tue, 02 Jan 2024 08:00:00 GMT</pubDate></item>
    """

  static let itemB = """
    <item><title>Two</title><guid>b1</guid><pubDate>Mon, 01 Jan 2024 09:00:00 GMT</pubDate>\
    <itunes:duration></itunes:duration><enclosure url="https://b/1.mp3"/></item>
    """

  @Test("feed files become a catalog on standard output, with a summary per feed on standard error")
  func feedFiles() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let a = try folder.write("a.xml", Self.feed(url: "https://a/feed", title: "A Show", items: Self.itemA))
    let b = try folder.write("b.xml", Self.feed(url: "https://b/feed", title: "B Show", items: Self.itemB))
    let output = SmartFillCommand.run(["import", a, b])
    #expect(output.exitStatus == 0)
    let expectedCatalog = """
      {
        "version": 1,
        "shows": [
          {
            "feedURL": "https://a/feed",
            "title": "A Show",
            "ordering": "episodic",
            "categories": [],
            "recentListeningSeconds": 0,
            "episodes": [
              {
                "guid": "a1",
                "title": "One",
                "published": "2024-01-01T08:00:00Z",
                "durationSeconds": 1800,
                "kind": "full",
                "playedSeconds": 0,
                "isPlayed": false
              }
            ]
          },
          {
            "feedURL": "https://b/feed",
            "title": "B Show",
            "ordering": "episodic",
            "categories": [],
            "recentListeningSeconds": 0,
            "episodes": [
              {
                "guid": "b1",
                "title": "Two",
                "published": "2024-01-01T09:00:00Z",
                "kind": "full",
                "playedSeconds": 0,
                "isPlayed": false
              }
            ]
          }
        ]
      }

      """
    #expect(output.standardOutput == expectedCatalog)
    let expectedSummary = """
      \(a): "A Show", 1 of 2 items imported, 1 warning
        warning: line 7: item "Teaser" has no enclosure URL; not playable, skipped
      \(b): "B Show", 1 of 1 items imported, 1 warning
        warning: 1 episode has no known duration; kept in the catalog but out of time-based fills
      Show "A Show" (https://a/feed): 1 episode, 0 without a known duration
      Show "B Show" (https://b/feed): 1 episode, 1 without a known duration
      Files: 2 imported, 0 moved, 0 rejected
      Imported 2 shows, 2 episodes (1 without a known duration), 2 warnings

      """
    #expect(output.standardError == expectedSummary)
  }

  @Test("a bad feed is reported, the others are written, and the exit status is 1")
  func badFeed() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let a = try folder.write("a.xml", Self.feed(url: "https://a/feed", title: "A Show", items: Self.itemA))
    let bad = try folder.write("bad.xml", "<rss>\n<channel>\n<item>\n</rss>")
    let output = SmartFillCommand.run(["import", bad, a, "-o", folder.path + "/catalog.json"])
    #expect(output.exitStatus == 1)
    #expect(output.standardOutput == "")
    let expected = """
      \(bad): rejected at line 4, column 7: malformed XML: end tag does not match the start tag
      \(a): "A Show", 1 of 2 items imported, 1 warning
        warning: line 7: item "Teaser" has no enclosure URL; not playable, skipped
      Show "A Show" (https://a/feed): 1 episode, 0 without a known duration
      Files: 1 imported, 0 moved, 1 rejected
      Imported 1 show, 1 episode (0 without a known duration), 1 warning
      Error: 1 of 2 feed files could not be imported (see above)

      """
    #expect(output.standardError == expected)
    let written = try Catalog(json: Data(try folder.read("catalog.json").utf8))
    #expect(written.shows.map(\.feedURL) == ["https://a/feed"])
  }

  @Test("an OPML list takes its shows from a folder of feeds")
  func opml() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    try FileManager.default.createDirectory(atPath: folder.path + "/feeds", withIntermediateDirectories: true)
    try folder.write("feeds/a.xml", Self.feed(url: "https://a/feed", title: "A Show", items: Self.itemA))
    try folder.write("feeds/b.xml", Self.feed(url: "https://b/feed", title: "B Show", items: Self.itemB))
    let list = try folder.write(
      "subs.opml",
      """
      <opml version="2.0"><body>
      <outline text="A" type="rss" xmlUrl="http://a/feed/"/>
      <outline text="Gone" type="rss" xmlUrl="https://gone/feed"/>
      </body></opml>
      """)
    let output = SmartFillCommand.run(["import", "--opml", list, "--feeds", folder.path + "/feeds", "-o", "-"])
    #expect(output.exitStatus == 0)
    let catalog = try Catalog(json: Data(output.standardOutput.utf8))
    #expect(catalog.shows.map(\.feedURL) == ["http://a/feed/"])
    let expectedSummary = """
      \(folder.path)/feeds/a.xml: "A Show", 1 of 2 items imported, 1 warning
        warning: line 7: item "Teaser" has no enclosure URL; not playable, skipped
      subscription list: no feed file for "Gone" (https://gone/feed)
      Show "A Show" (http://a/feed/): 1 episode, 0 without a known duration
      Files: 1 imported, 0 moved, 0 rejected, 1 not in the subscription list
      Imported 1 show, 1 episode (0 without a known duration), 1 warning

      """
    #expect(output.standardError == expectedSummary)
  }

  @Test("an unreadable OPML list is a runtime failure naming it")
  func unreadableList() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let list = try folder.write("subs.opml", "<opml><body><outline></body></opml>")
    let output = SmartFillCommand.run(["import", "--opml", list, "--feeds", folder.path])
    #expect(output.exitStatus == 1)
    #expect(output.standardError.hasPrefix("Error: \(list), line 1, column "))
    #expect(output.standardError.hasSuffix(": malformed XML: end tag does not match the start tag\n"))
  }

  @Test("a feed encoded in UTF-16 twice is rejected and the good feed beside it is written")
  func doubleEncodedFeed() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let good = try folder.write("good.xml", Self.feed(url: "https://a/feed", title: "A Show", items: Self.itemA))
    let text = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title><?x?></channel></rss>"
    let once = String(String.UnicodeScalarView(Self.utf16LE(text).map { Unicode.Scalar($0) }))
    let bad = folder.path + "/bad.xml"
    try Data([0xFF, 0xFE] + Self.utf16LE(once)).write(to: URL(fileURLWithPath: bad))
    let output = SmartFillCommand.run(["import", good, bad, "-o", folder.path + "/catalog.json"])
    #expect(output.exitStatus == 1)
    let written = try Catalog(json: Data(try folder.read("catalog.json").utf8))
    #expect(written.shows.map(\.feedURL) == ["https://a/feed"])
  }

  static func utf16LE(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }

  @Test("control characters in file names, titles and messages are shown escaped, and long values cut")
  func controlCharacters() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let items = Self.itemA.replacingOccurrences(of: "Teaser", with: "Tea&#13;ser\u{9B}2J")
    let a = try folder.write(
      "a\nImported 9 shows\u{1B}[31m.xml",
      Self.feed(url: "https://a/feed", title: "A\u{9B}31m&#13;x\u{7F}", items: items))
    let bad = try folder.write("bad\r.xml", "<" + String(repeating: "x", count: 200) + "/>")
    let output = SmartFillCommand.run(["import", a, bad, "-o", folder.path + "/catalog.json"])
    let shownA = folder.path + "/a\\nImported 9 shows\\e[31m.xml"
    let shownBad = folder.path + "/bad\\r.xml"
    let expected = """
      \(shownA): "A\\u{9B}31m\\rx\\u{7F}", 1 of 2 items imported, 1 warning
        warning: line 7: item "Tea\\rser\\u{9B}2J" has no enclosure URL; not playable, skipped
      \(shownBad): rejected at line 1: the root element is <\(String(repeating: "x", count: 79))…>, \
      expected <rss> or <feed>
      Show "A\\u{9B}31m\\rx\\u{7F}" (https://a/feed): 1 episode, 0 without a known duration
      Files: 1 imported, 0 moved, 1 rejected
      Imported 1 show, 1 episode (0 without a known duration), 1 warning
      Error: 1 of 2 feed files could not be imported (see above)

      """
    #expect(output.standardError == expected)
  }

  @Test("every outcome is counted: imported, merged, moved, rejected, and unknown durations per show")
  func everyOutcome() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let a = try folder.write("a.xml", Self.feed(url: "https://a/feed", title: "A Show", items: Self.itemA))
    let b = try folder.write("b.xml", Self.feed(url: "https://b/feed", title: "B Show", items: Self.itemB))
    let newer = try folder.write(
      "b-new.xml",
      Self.feed(
        url: "https://b/feed", title: "B Show",
        items: Self.itemB + """
          <item><title>Three</title><guid>b2</guid><pubDate>Tue, 02 Jan 2024 09:00:00 GMT</pubDate>\
          <enclosure url="https://b/2.mp3"/></item>
          """))
    let moved = try folder.write(
      "moved.xml", "<rss version=\"2.0\"><redirect><newLocation>https://new/feed</newLocation></redirect></rss>")
    let atom = try folder.write(
      "atom.xml",
      """
      <feed xmlns="http://www.w3.org/2005/Atom"><title>C Show</title><link rel="self" href="https://c/feed"/>
      <entry><id>c1</id><title>Four</title><published>2024-01-03T08:00:00Z</published>\
      <link rel="enclosure" href="https://c/1.mp3"/>\
      <duration xmlns="http://www.itunes.com/dtds/podcast-1.0.dtd">00:20:00</duration></entry></feed>
      """)
    let bad = try folder.write("bad.xml", "<rss>\n<channel>\n  <item></channel></rss>")
    let missing = folder.path + "/missing.xml"
    let output = SmartFillCommand.run(["import", a, b, newer, moved, atom, bad, missing, "-o", folder.path + "/c.json"])
    #expect(output.exitStatus == 1)
    let expected = """
      \(a): "A Show", 1 of 2 items imported, 1 warning
        warning: line 7: item "Teaser" has no enclosure URL; not playable, skipped
      \(b): "B Show", 1 of 1 items imported, 1 warning
        warning: 1 episode has no known duration; kept in the catalog but out of time-based fills
      \(newer): "B Show", 2 of 2 items imported, 2 warnings
        warning: 2 episodes have no known duration; kept in the catalog but out of time-based fills
        warning: 2 files describe https://b/feed; merged as snapshots: \(b), \(newer)
      \(moved): moved to https://new/feed; no episodes imported
      \(atom): "C Show", 1 of 1 items imported, 0 warnings
      \(bad): rejected at line 3, column 19: malformed XML: end tag does not match the start tag
      \(missing): rejected: cannot read the file: no such file
      Show "A Show" (https://a/feed): 1 episode, 0 without a known duration
      Show "B Show" (https://b/feed): 2 episodes, 2 without a known duration
      Show "C Show" (https://c/feed): 1 episode, 0 without a known duration
      Files: 4 imported, 1 moved, 2 rejected
      Imported 3 shows, 4 episodes (2 without a known duration), 4 warnings
      Error: 2 of 7 feed files could not be imported (see above)

      """
    #expect(output.standardError == expected)
    let written = try Catalog(json: Data(try folder.read("c.json").utf8))
    #expect(written.shows.map(\.feedURL) == ["https://a/feed", "https://b/feed", "https://c/feed"])
    #expect(written.shows[2].episodes.first?.durationSeconds == 1200)
  }

  @Test("what import says of text, white space, a FIFO and a missing folder is what they are (issue 45, 13)")
  func misleadingMessages() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let text = try folder.write("hello.txt", "hello\n")
    let blank = try folder.write("blank.xml", "  \n ")
    let fifo = folder.file("fifo.xml")
    #expect(mkfifo(fifo, 0o644) == 0)
    let list = try folder.write("l.opml", "<opml><body/></opml>")
    let cases: [([String], String)] = [
      (
        ["import", text],
        "hello.txt: rejected at line 1, column 1: malformed XML: not an XML document: it starts with \"hello\""
      ),
      (
        ["import", blank],
        "blank.xml: rejected at line 1, column 1: malformed XML: the document is empty (only white space)"
      ),
      (["import", fifo], "fifo.xml: rejected: cannot read the file: it is a FIFO (named pipe)"),
      (
        ["import", "--opml", list, "--feeds", folder.file("nonexistent")],
        "nonexistent: cannot read the file: no such directory"
      ),
    ]
    for (arguments, message) in cases {
      let output = SmartFillCommand.run(arguments + ["-o", folder.file("c.json")])
      #expect(output.exitStatus == 1, "\(arguments)")
      #expect(output.standardError.contains(message), "\(arguments): \(output.standardError)")
    }
  }

  @Test("an OPML list whose feeds are all missing says what was not found and exits 1 (issue 46, 6)")
  func nothingImported() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    try FileManager.default.createDirectory(atPath: folder.file("feeds"), withIntermediateDirectories: true)
    let list = try folder.write(
      "l.opml", #"<opml><body><outline text="Gone" xmlUrl="https://gone.example/feed"/></body></opml>"#)
    let output = SmartFillCommand.run([
      "import", "--opml", list, "--feeds", folder.file("feeds"), "-o", folder.file("c.json"),
    ])
    #expect(output.exitStatus == 1)
    #expect(output.standardError.contains("subscription list: no feed file for \"Gone\" (https://gone.example/feed)"))
    #expect(
      output.standardError.hasSuffix(
        "Error: nothing was imported: no feed file was found for the 1 subscription of the list\n"))
    #expect(!FileManager.default.fileExists(atPath: folder.file("c.json")))
  }

  @Test(
    "usage errors",
    arguments: [
      (["import"], "Missing expected argument '<feed> ...' (or '--opml <opml> --feeds <directory>')"),
      (["import", "--opml", "l.opml"], "Missing '--feeds <directory>' for '--opml <opml>'"),
      (["import", "--feeds", "dir"], "Missing '--opml <opml>' for '--feeds <directory>'"),
      (
        ["import", "--opml", "l.opml", "--feeds", "dir", "x.xml"],
        "Unexpected argument 'x.xml': give feed files or --opml with --feeds, not both"
      ),
      (["import", "x.xml", "-o"], "Missing value for '--output <catalog>'"),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(
      SmartFillCommand.run(arguments)
        == .init(standardError: "Error: \(message)\n" + importUsage + usageFooter, exitStatus: 64))
  }
}

@Suite("smartfill import: the output is never one of the inputs")
struct ImportOutputTests {
  @Test("import victim.xml -o victim.xml is refused, and the feed is left as it was")
  func outputIsInput() throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let text =
      "<rss><channel><title>T</title><item><guid>g</guid><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate>"
      + "<enclosure url=\"https://e/a.mp3\"/></item></channel></rss>"
    let feed = try folder.write("victim.xml", text)
    let output = SmartFillCommand.run(["import", feed, "-o", feed])
    #expect(output.exitStatus == 1)
    #expect(output.standardOutput == "")
    #expect(
      output.standardError.hasSuffix(
        "Error: \(feed): refusing to write over the input \(feed); choose another -o\n"))
    #expect(try folder.read("victim.xml") == text)
    // Through a link to the input, too.
    let link = folder.file("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: feed)
    #expect(SmartFillCommand.run(["import", feed, "-o", link]).exitStatus == 1)
    #expect(try folder.read("victim.xml") == text)
  }
}
