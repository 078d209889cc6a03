import Testing

@testable import Feeds

@Suite("Feed errors")
struct FeedErrorTests {
  @Test("each error names the file, the place and the problem")
  func descriptions() {
    #expect(
      FeedError.unreadable(file: "a.xml", problem: "no such file").description
        == "a.xml: cannot read the file: no such file")
    #expect(
      FeedError.malformedXML(file: "a.xml", line: 3, column: 7, problem: "undefined entity").description
        == "a.xml, line 3, column 7: malformed XML: undefined entity")
    #expect(
      FeedError.unexpectedRoot(file: "a.xml", line: 1, found: "feed", expected: "<rss>").description
        == "a.xml, line 1: the root element is <feed>, expected <rss>")
    #expect(
      FeedError.missingElement(file: "a.xml", element: "channel", parent: "rss").description
        == "a.xml: <rss> has no <channel> element")
    #expect(FeedError.missingElement(file: "b", element: "x", parent: "y").file == "b")
    #expect(
      FeedError.tooLarge(file: "a.xml", size: 300_000_000, limit: 1 << 28).description
        == "a.xml: the file has 300000000 bytes, over the limit of 268435456 bytes (256 MiB) "
        + "for a feed or subscription list")
    #expect(
      FeedError.tooDeeplyNested(file: "a.xml", line: 9, column: 3, element: "a", limit: 256).description
        == "a.xml, line 9, column 3: <a> is nested deeper than 256 levels, the limit")
  }

  @Test("the reason is the message without the file and the place")
  func reasons() {
    #expect(
      FeedError.malformedXML(file: "a.xml", line: 3, column: 7, problem: "undefined entity").reason
        == "malformed XML: undefined entity")
    #expect(FeedError.unreadable(file: "a.xml", problem: "no such file").reason == "cannot read the file: no such file")
  }

  @Test("the line and column are given where the error has them")
  func places() {
    #expect(FeedError.malformedXML(file: "a", line: 3, column: 7, problem: "p").line == 3)
    #expect(FeedError.malformedXML(file: "a", line: 3, column: 7, problem: "p").column == 7)
    #expect(FeedError.unexpectedRoot(file: "a", line: 2, found: "x", expected: "<rss>").line == 2)
    #expect(FeedError.unexpectedRoot(file: "a", line: 2, found: "x", expected: "<rss>").column == nil)
    #expect(FeedError.unreadable(file: "a", problem: "p").line == nil)
  }

  @Test("file names and values are shown with control characters escaped, and values from the document cut")
  func escaped() {
    #expect(
      FeedError.unreadable(file: "a\n\u{1B}[2J.xml", problem: "no such file").description
        == "a\\n\\e[2J.xml: cannot read the file: no such file")
    let long = String(repeating: "x", count: 300)
    #expect(
      FeedError.unexpectedRoot(file: "a", line: 1, found: long, expected: "<rss>").description
        == "a, line 1: the root element is <\(String(repeating: "x", count: 79))…>, expected <rss>")
  }
}
