import Foundation
import Testing

@testable import Feeds

@Suite("XML text encoding")
struct XMLTextEncodingTests {
  func converted(_ bytes: [UInt8]) throws(FeedError) -> (text: String, warnings: [FeedWarning]) {
    let result = try XMLTextEncoding(bytes, file: "t.xml")
    #expect(String(validating: result.bytes, as: UTF8.self) != nil, "the output is not UTF-8")
    return (String(decoding: result.bytes, as: UTF8.self), result.warnings)
  }

  @Test("valid UTF-8 is left as it is")
  func utf8() throws {
    let text = "<?xml version=\"1.0\" encoding=\"utf-8\"?><a>é €</a>"
    let result = try converted(Array(text.utf8))
    #expect(result.text == text)
    #expect(result.warnings.isEmpty)
    #expect(try converted([0xEF, 0xBB, 0xBF] + Array("<a/>".utf8)).text == "<a/>")
  }

  @Test("bytes that are not UTF-8 are replaced, with the line of the first")
  func invalidUTF8() throws {
    let bytes = Array("<a>\nok\n".utf8) + [0xFF, 0x41, 0xC3] + Array("</a>".utf8)
    let result = try converted(bytes)
    #expect(result.text == "<a>\nok\n\u{FFFD}A\u{FFFD}</a>")
    #expect(
      result.warnings == [.repairedXML(line: 3, problem: "bytes that are not UTF-8 replaced by U+FFFD", count: 2)])
  }

  @Test("ISO-8859-1 and Windows-1252 are converted, and the declaration says UTF-8")
  func latin1() throws {
    let latin1 = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<a>".utf8) + [0xE9, 0xFC] + Array("</a>".utf8)
    #expect(try converted(latin1).text == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>éü</a>")
    let cp1252 =
      Array("<?xml version='1.0' encoding='windows-1252'?><a>".utf8) + [0x93, 0x80, 0x94] + Array("</a>".utf8)
    #expect(try converted(cp1252).text == "<?xml version='1.0' encoding='UTF-8'?><a>“€”</a>")
  }

  @Test("UTF-16 with a byte order mark, or starting with '<', is converted")
  func utf16() throws {
    let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><a>é</a>"
    let littleEndian: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(try converted(littleEndian).text == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><a>é</a>")
    let bigEndian: [UInt8] = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(try converted(bigEndian).text == "<?xml version=\"1.0\" encoding=\"UTF-8\"?><a>é</a>")
  }

  // Found by Scripts/fuzz.sh: libxml2 crashed converting UTF-7 (fuzz-rss crash-01a1f7a4…, fuzz-opml
  // crash-c8af890e…), and Foundation's XMLParser trapped on an element name with a byte that is not UTF-8
  // (fuzz-opml crash-b7bad214…, fuzz-rss crash-3326eec6…).
  @Test("other encodings are rejected with the column of the name")
  func unsupported() {
    #expect(
      throws: FeedError.malformedXML(
        file: "t.xml", line: 1, column: 31,
        problem: "unsupported encoding \"UTF-7\"; use UTF-8, UTF-16, ISO-8859-1 or Windows-1252")
    ) { try self.converted(Array("<?xml version=\"1.0\" encoding=\"UTF-7\"?><a/>".utf8)) }
    #expect(throws: FeedError.self) {
      try self.converted(Array("<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>".utf8))
    }
  }

  @Test("the fuzzers' crashing inputs are parsed or rejected without a crash")
  func fuzzFindings() throws {
    let opml: [UInt8] = [
      0x3C, 0x6F, 0x70, 0x6D, 0x74, 0x69, 0x74, 0xF8, 0x70, 0x65, 0x3E, 0x3C, 0x2F, 0x68, 0x3E, 0x3C, 0x21, 0x3C,
      0x21, 0x2D, 0xFF, 0x6C, 0x3E,
    ]
    #expect(throws: FeedError.self) { try SubscriptionList(opml: opml, file: "crash.opml") }
    let rss =
      Array("<rss><channel<atom:link rel=\"self\" <itunid><enclosu".utf8) + [0xE9]
      + Array("re url=\"u\"/><?xml v".utf8) + [0x92, 0xC3, 0xC2, 0x8B, 0x9B, 0x8C, 0x9E, 0xDE, 0x31]
      + Array(".0\"?>s>".utf8)
    #expect(throws: FeedError.self) { try PodcastFeed(rss: rss, file: "crash.xml") }
    let element = Array("<rss><chann".utf8) + [0xF8] + Array("el/></rss>".utf8)
    #expect(throws: FeedError.self) { try PodcastFeed(rss: element, file: "name.xml") }
  }
}
