import Testing

@testable import Feeds

@Suite("Markup tree")
struct MarkupTreeTests {
  func parse(_ text: String) throws(FeedError) -> (root: MarkupElement, warnings: [FeedWarning]) {
    try MarkupParser.parse(Array(text.utf8), file: "t.xml")
  }

  func error(_ text: String) -> FeedError? {
    do {
      _ = try parse(text)
      return nil
    } catch {
      return error
    }
  }

  @Test("builds elements with names as written, attributes, text, CDATA and lines")
  func buildsTree() throws {
    let (root, warnings) = try parse(
      "<?xml version=\"1.0\"?>\n<rss a=\"1\" xmlns:itunes=\"u\">\n<title>A &amp; <![CDATA[<B>]]></title>\n"
        + "<itunes:duration>5</itunes:duration></rss>")
    #expect(warnings.isEmpty)
    #expect(root.name == "rss")
    #expect(root.attributes["a"] == "1")
    #expect(root.line == 2)
    #expect(root.children.map(\.name) == ["title", "itunes:duration"])
    #expect(root.child("title")?.text == "A & <B>")
    #expect(root.child("title")?.line == 3)
    let duration = try #require(root.child("itunes:duration"))
    #expect(duration.prefix == "itunes")
    #expect(duration.localName == "duration")
  }

  @Test("an undeclared prefix is read as written, with a warning")
  func undeclaredPrefix() throws {
    let (root, warnings) = try parse("<rss>\n<itunes:author>A</itunes:author><itunes:x/></rss>")
    #expect(root.children.map(\.name) == ["itunes:author", "itunes:x"])
    #expect(
      warnings == [.repairedXML(line: 2, problem: "undeclared namespace prefix \"itunes\" read as written", count: 2)])
  }

  @Test("lines after a removed blank line are those of the original file")
  func linesAfterRepair() throws {
    let (root, warnings) = try parse("\n\n<?xml version=\"1.0\"?>\n<rss>\n<a/></rss>")
    #expect(root.line == 4)
    #expect(root.children.first?.line == 5)
    #expect(warnings.count == 1)
    let failure = error("\n<?xml version=\"1.0\"?>\n<rss>\n<a></b></rss>")
    guard case .malformedXML(_, let line, _, _)? = failure else {
      Issue.record("expected malformed XML, got \(String(describing: failure))")
      return
    }
    #expect(line == 4)
  }

  @Test(
    "malformed documents are rejected with the file, line and problem",
    arguments: [
      ("<a>\n<b></a>", 2), ("<a>\n<b>", 2), ("", 1), ("   ", 1), ("<a></a>\n<b/>", 2), ("<a x=1/>", 1),
      ("<a>\u{01}</a>", 1), ("not xml at all", 1),
    ])
  func rejects(text: String, line: Int) {
    let failure = error(text)
    guard case .malformedXML(let file, let errorLine, _, let problem)? = failure else {
      Issue.record("\(text.debugDescription): expected malformed XML, got \(String(describing: failure))")
      return
    }
    #expect(file == "t.xml")
    #expect(errorLine == line, "\(text.debugDescription): \(problem)")
    #expect(!problem.isEmpty)
  }

  // Found by Scripts/fuzz.sh (fuzz-rss, crash-01a1f7a4…): stopping the parser from its error callback while
  // libxml2 converted UTF-7 crashed with a null pointer dereference. UTF-7 is now rejected before parsing.
  @Test("a document whose declared encoding cannot be converted is rejected, not a crash")
  func unconvertibleEncoding() {
    let text = "<?xml version=\"1.0\" encoding=\"UTF-7\"?><rss><channel>\u{E9}</channel></rss>"
    let failure = error(text)
    guard case .malformedXML(_, 1, _, let problem)? = failure else {
      Issue.record("expected malformed XML on line 1, got \(String(describing: failure))")
      return
    }
    #expect(problem == "unsupported encoding \"UTF-7\"; use UTF-8, UTF-16, ISO-8859-1 or Windows-1252")
  }

  @Test("nesting deeper than the limit is rejected with the limit, not a crash")
  func deepNesting() throws {
    let limit = MarkupParser.maximumDepth
    for depth in [limit + 1, 10_000] {
      let text = String(repeating: "<a>\n", count: depth) + String(repeating: "</a>", count: depth)
      let failure = try #require(error(text))
      #expect(failure == .tooDeeplyNested(file: "t.xml", line: limit + 1, column: 3, element: "a", limit: limit))
      #expect(failure.description == "t.xml, line 257, column 3: <a> is nested deeper than 256 levels, the limit")
    }
    let deepest = String(repeating: "<a>", count: limit) + String(repeating: "</a>", count: limit)
    #expect(error(deepest) == nil)
  }

  @Test("text and CDATA over 10 MB are read; an attribute value over 10 MB is rejected with the parser's limit")
  func largeValues() throws {
    let big = String(repeating: "x", count: 10_500_000)
    #expect(try parse("<a>" + big + "</a>").root.text.count == big.count)
    #expect(try parse("<a><![CDATA[" + big + "]]></a>").root.text.count == big.count)
    #expect(
      error("<a b=\"" + big + "\"/>")
        == .malformedXML(
          file: "t.xml", line: 1, column: 1,
          problem: "a single tag or attribute value is longer than 10,000,000 bytes, the XML parser's limit"))
  }

  @Test("entity expansion bombs do not hang")
  func entityExpansion() {
    var text = "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY a0 \"xxxxxxxxxx\">"
    for level in 1...12 {
      let previous = "&a\(level - 1);"
      text += "<!ENTITY a\(level) \"\(String(repeating: previous, count: 10))\">"
    }
    text += "]><r>&a12;</r>"
    let clock = ContinuousClock()
    let elapsed = clock.measure { _ = error(text) }
    #expect(elapsed < .seconds(10))
  }
}
