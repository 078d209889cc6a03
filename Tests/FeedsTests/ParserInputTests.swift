import Foundation
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import Feeds

/// UTF-16 code units of `text` as bytes, in either byte order.
func utf16Bytes(_ text: String, bigEndian: Bool) -> [UInt8] {
  text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
}

/// `text` encoded in UTF-16 twice: its UTF-16 bytes, each read as a Latin-1 character, encoded in UTF-16 again,
/// after a byte order mark. Decoded once, the text is UTF-16 again: a NUL next to each character.
func doubleEncodedUTF16(_ text: String, bigEndian: Bool) -> [UInt8] {
  let once = String(String.UnicodeScalarView(utf16Bytes(text, bigEndian: bigEndian).map { Unicode.Scalar($0) }))
  return (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) + utf16Bytes(once, bigEndian: bigEndian)
}

@Suite("Parser input")
struct ParserInputTests {
  static let crashingFeed =
    "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>T</title><?x?></channel></rss>"

  // The importer crashed (SIGSEGV) on these: decoded once, the text starts like UTF-16 again, the repair left
  // it alone as UTF-16, and libxml2 decoded it a second time and reached the processing instruction.
  @Test("a feed encoded in UTF-16 twice is rejected at its first NUL, not a crash", arguments: [false, true])
  func doubleEncodedFeed(bigEndian: Bool) {
    let bytes = doubleEncodedUTF16(Self.crashingFeed, bigEndian: bigEndian)
    #expect(
      throws: FeedError.malformedXML(
        file: "t.xml", line: 1, column: bigEndian ? 1 : 2, problem: XMLTextEncoding.nulProblem)
    ) { try PodcastFeed(rss: bytes, file: "t.xml") }
  }

  @Test("a subscription list encoded in UTF-16 twice is rejected, not a crash", arguments: [false, true])
  func doubleEncodedList(bigEndian: Bool) {
    let text = "<?xml version=\"1.0\"?><opml version=\"2.0\"><body><?x?><outline xmlUrl=\"https://a\"/></body></opml>"
    #expect(throws: FeedError.self) {
      try SubscriptionList(opml: doubleEncodedUTF16(text, bigEndian: bigEndian), file: "t.opml")
    }
  }

  @Test("a processing instruction in a DTD entity of a feed encoded twice is rejected, not a crash")
  func doubleEncodedEntity() {
    let text = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY e \"<?x?>\">]><rss><channel>&e;</channel></rss>"
    for bigEndian in [false, true] {
      #expect(throws: FeedError.self) {
        try PodcastFeed(rss: doubleEncodedUTF16(text, bigEndian: bigEndian), file: "t.xml")
      }
    }
  }

  @Test("the XML declaration is replaced by spaces, keeping lines and columns")
  func declarationBlanked() throws {
    let input = try ParserInput(Array("<?xml version=\"1.0\"\n encoding=\"UTF-8\"?><a/>".utf8), file: "t.xml")
    #expect(
      String(decoding: input.bytes, as: UTF8.self) == String(repeating: " ", count: 19) + "\n"
        + String(repeating: " ", count: 19) + "<a/>")
  }

  @Test("a document over the size limit is rejected with the limit and its size")
  func sizeLimit() {
    let bytes = Array("<rss><channel><title>T</title></channel></rss>".utf8)
    #expect(throws: FeedError.tooLarge(file: "t.xml", size: bytes.count, limit: 40)) {
      try MarkupParser.parse(bytes, file: "t.xml", maximumSize: 40)
    }
    #expect(throws: Never.self) { try MarkupParser.parse(bytes, file: "t.xml", maximumSize: bytes.count) }
    #expect(
      FeedError.tooLarge(file: "big.xml", size: 300 << 20, limit: ParserInput.maximumSize).description
        == "big.xml: the file has 314572800 bytes, over the limit of 268435456 bytes (256 MiB) "
        + "for a feed or subscription list")
  }

  @Test(
    "the invariant check finds each kind of violation",
    arguments: [
      ([0xEF, 0xBB, 0xBF, 0x3C, 0x61, 0x2F, 0x3E], "a byte order mark"), ([0x3C, 0x00, 0x61], "a NUL byte"),
      ([0x3C, 0x61, 0xFF, 0x3E], "text that is not UTF-8"),
      (Array("<a><![CDATA[<?x?>]]></a>".utf8), "a processing instruction or XML declaration"),
      (Array("<a/><!DOCTYPE".utf8), "a document type declaration"),
    ] as [([UInt8], String)])
  func violations(bytes: [UInt8], problem: String) {
    #expect(ParserInput.violation(in: bytes)?.problem == problem)
    #expect(ParserInput.violation(in: Array("<a b='?'>&lt;?<!-- ? --></a>".utf8)) == nil)
  }

  /// Pieces of documents that have crashed libxml2, confused a repair, or change the encoding.
  static let fragments: [[UInt8]] =
    [
      "<?x?>", "<?xml version=\"1.0\"?>", "<?xml version=\"1.0\" encoding=\"UTF-16\"?>",
      "<?xml version='1.0' encoding='ISO-8859-1'?>", "<?xml-stylesheet href=\"s.xsl\"?>", "<!--", "-->", "<![CDATA[",
      "]]>", "<!DOCTYPE r [", "<!ENTITY e \"<?x?>\">", "]>", "<!DOCTYPE", "&e;", "&nbsp;", "&", "<", "?", "!", ">",
      "-", "[", "\"", "'", "<rss>", "<channel>", "<title>T</title>", "<item>", "</item>", "</channel>", "</rss>",
      "<a b=\"", "\n", " ", "é", "<opml><body>", "<outline xmlUrl=\"https://a\"/>", "DOCTYPE", "xml ",
    ].map { Array($0.utf8) } + [
      [0x00], [0xFF, 0xFE], [0xFE, 0xFF], [0xEF, 0xBB, 0xBF], [0x80], [0xC3], [0x3C, 0x00],
    ]

  /// A random document: fragments and random bytes, then perhaps encoded (UTF-16 either way, UTF-32, twice).
  static func document(_ random: inout SplitMix64) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<random.integer(in: 1...24) {
      if random.chance(1, in: 8) {
        bytes.append(UInt8(random.integer(in: 0...255)))
      } else {
        bytes += random.element(of: fragments)
      }
    }
    let text = String(decoding: bytes, as: UTF8.self)
    switch random.integer(in: 0...5) {
    case 0: return utf16Bytes(text, bigEndian: random.chance(1, in: 2))
    case 1: return [0xFF, 0xFE] + utf16Bytes(text, bigEndian: false)
    case 2: return doubleEncodedUTF16(text, bigEndian: random.chance(1, in: 2))
    case 3:
      return [0x00, 0x00, 0xFE, 0xFF]
        + text.unicodeScalars.flatMap { scalar in
          (0..<4).reversed().map { UInt8((scalar.value >> (8 * $0)) & 0xFF) }
        }
    default: return bytes
    }
  }

  /// The invariant, checked here independently of `ParserInput.violation(in:)`.
  static func invariantProblem(_ bytes: [UInt8]) -> String? {
    if String(validating: bytes, as: UTF8.self) == nil { return "not UTF-8" }
    if bytes.contains(0) { return "a NUL byte" }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "a byte order mark" }
    let data = Data(bytes)
    if data.range(of: Data("<?".utf8)) != nil { return "<?" }
    if data.range(of: Data("<!DOCTYPE".utf8)) != nil { return "<!DOCTYPE" }
    return nil
  }

  @Test("random bytes are rejected or made into parser input that holds the invariant, and parse without a crash")
  func randomInputs() {
    var accepted = 0
    let cases = SeededCases(seed: 0x5AFE_1A9D, count: 4_000)
    for var trial in cases {
      let bytes = Self.document(&trial.random)
      do {
        let input = try ParserInput(bytes, file: "r.xml")
        accepted += 1
        let problem = Self.invariantProblem(input.bytes)
        #expect(problem == nil, "\(trial): \(problem ?? "") in \(input.bytes) from \(bytes)")
        if trial.index % 4 == 0 { _ = try? MarkupParser.parse(bytes, file: "r.xml") }
      } catch {
        #expect(!error.isParserSafetyRefusal, "\(trial): \(error) from \(bytes)")
      }
    }
    #expect(TestScale.replayedSeed != nil || accepted > cases.count / 4, "too few inputs reached the parser to test it")
  }
}
