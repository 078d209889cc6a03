import Foundation
import Testing

@testable import Feeds

@Suite("Feed warnings")
struct FeedWarningTests {
  @Test("each warning says what was done, and where")
  func descriptions() {
    #expect(
      FeedWarning.repairedXML(line: 1, problem: "bare '&' kept as text", count: 1).description
        == "repaired XML: bare '&' kept as text (line 1)")
    #expect(
      FeedWarning.repairedXML(line: 4, problem: "undefined entity &x; kept as text", count: 3).description
        == "repaired XML: undefined entity &x; kept as text (3 places, the first at line 4)")
    #expect(
      FeedWarning.itemWithoutEnclosure(line: 9, title: "Teaser").description
        == "line 9: item \"Teaser\" has no enclosure URL; not playable, skipped")
    #expect(
      FeedWarning.unknownDurations(count: 1).description
        == "1 episode has no known duration; kept in the catalog but out of time-based fills")
    #expect(
      FeedWarning.unknownDurations(count: 2).description
        == "2 episodes have no known duration; kept in the catalog but out of time-based fills")
    #expect(
      FeedWarning.unreadableDuration(line: 5, value: "1h").description
        == "line 5: itunes:duration \"1h\" is not seconds, MM:SS or H:MM:SS; taken as unknown")
    #expect(FeedWarning.missingGUIDs(count: 3).description == "3 items have no guid; identified by the enclosure URL")
    #expect(
      FeedWarning.duplicateGUID("x", count: 2).description
        == "guid \"x\" is used by 2 items; all kept, the later ones as \"x#2\"…")
    #expect(
      FeedWarning.unreadableDate(line: 2, value: "", fallback: Date(timeIntervalSince1970: 0)).description
        == "line 2: pubDate missing; dated 1970-01-01T00:00:00Z")
    #expect(
      FeedWarning.unreadableDate(line: 2, value: "soon", fallback: Date(timeIntervalSince1970: 0)).description
        == "line 2: pubDate \"soon\" is not a date; dated 1970-01-01T00:00:00Z")
    #expect(
      FeedWarning.unreadableNumber(line: 2, element: "itunes:season", value: "x").description
        == "line 2: itunes:season \"x\" is not a whole number; left out")
    #expect(
      FeedWarning.unknownEpisodeType(line: 2, value: "teaser").description
        == "line 2: itunes:episodeType \"teaser\" is not full, trailer or bonus; taken as full")
    #expect(
      FeedWarning.outlineWithoutURL(line: 2, title: "A").description
        == "line 2: outline \"A\" has an empty xmlUrl; skipped")
    #expect(
      FeedWarning.duplicateSubscription(line: 2, feedURL: "https://a").description
        == "line 2: feed https://a is listed again; skipped")
    #expect(
      FeedWarning.mergedSnapshots(feedURL: "https://a", files: ["x.xml", "y.xml"]).description
        == "2 files describe https://a; merged as snapshots: x.xml, y.xml")
  }

  @Test("values from the document are shown escaped and cut")
  func escaped() {
    #expect(
      FeedWarning.itemWithoutEnclosure(line: 9, title: "a\r\u{9B}2J").description
        == "line 9: item \"a\\r\\u{9B}2J\" has no enclosure URL; not playable, skipped")
    let long = String(repeating: "y", count: 1_000)
    #expect(
      FeedWarning.unreadableDuration(line: 5, value: long).description
        == "line 5: itunes:duration \"\(String(repeating: "y", count: 79))…\" is not seconds, MM:SS or H:MM:SS; "
        + "taken as unknown")
    #expect(
      FeedWarning.mergedSnapshots(feedURL: "https://a", files: ["x\n.xml", "y.xml"]).description
        == "2 files describe https://a; merged as snapshots: x\\n.xml, y.xml")
  }
}
