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
  }
}
