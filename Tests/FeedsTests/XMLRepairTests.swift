import Testing

@testable import Feeds

@Suite("XML repair")
struct XMLRepairTests {
  func repaired(_ text: String) -> (text: String, repair: XMLRepair) {
    let repair = XMLRepair(Array(text.utf8))
    return (String(decoding: repair.bytes, as: UTF8.self), repair)
  }

  @Test("a well-formed document is left byte for byte as it is")
  func untouched() {
    let text = "<?xml version=\"1.0\"?>\n<a href=\"x?a=1&amp;b=2\">&lt;&#233;&#xE9;</a>"
    let (result, repair) = repaired(text)
    #expect(result == text)
    #expect(repair.warnings.isEmpty)
    #expect(repair.lineOffset == 0)
  }

  @Test("blank lines before the XML declaration are removed and counted")
  func blankLineBeforeDeclaration() {
    let (result, repair) = repaired("\n\n  <?xml version=\"1.0\"?><a/>")
    #expect(result == "<?xml version=\"1.0\"?><a/>")
    #expect(repair.lineOffset == 2)
    #expect(
      repair.warnings == [.repairedXML(line: 1, problem: "blank space before the XML declaration removed", count: 1)])
  }

  @Test("white space before a root element without a declaration is left alone")
  func blankLineWithoutDeclaration() {
    let (result, repair) = repaired("\n<a/>")
    #expect(result == "\n<a/>")
    #expect(repair.warnings.isEmpty)
  }

  @Test("an undefined entity is kept as text, with the line of the first")
  func undefinedEntity() {
    let (result, repair) = repaired("<a>\nx &gtgt; y\n&foo;</a>")
    #expect(result == "<a>\nx &amp;gtgt; y\n&amp;foo;</a>")
    #expect(repair.warnings == [.repairedXML(line: 2, problem: "undefined entity &gtgt; kept as text", count: 2)])
  }

  @Test("HTML entities become their characters")
  func htmlEntities() {
    let (result, repair) = repaired("<a>&nbsp;&eacute;&hellip;&yuml;</a>")
    #expect(result == "<a>&#160;&#233;&#8230;&#255;</a>")
    #expect(repair.warnings.count == 1)
  }

  @Test("bare ampersands are kept as text, in text and in attributes")
  func bareAmpersands() {
    let (result, repair) = repaired("<a t=\"Q&A\">R&D &#; & x&</a>")
    #expect(result == "<a t=\"Q&amp;A\">R&amp;D &amp;#; &amp; x&amp;</a>")
    #expect(repair.warnings == [.repairedXML(line: 1, problem: "bare '&' kept as text", count: 5)])
  }

  @Test("comments, CDATA sections and processing instructions are not touched")
  func skipsMarkupDeclarations() {
    let text = "<a><!-- & --><![CDATA[&nbsp; & ]]><?pi & ?>&amp;</a>"
    #expect(repaired(text).text == text)
  }

  @Test("entities declared in the internal subset are left to the parser")
  func declaredEntities() {
    let text = "<!DOCTYPE rss [ <!ENTITY show \"Show\"> ]>\n<rss>&show;&other;</rss>"
    #expect(repaired(text).text == "<!DOCTYPE rss [ <!ENTITY show \"Show\"> ]>\n<rss>&show;&amp;other;</rss>")
  }

  @Test("UTF-16 text is left alone")
  func wideEncodings() {
    let bytes: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x26, 0x00]
    #expect(XMLRepair(bytes).bytes == bytes)
  }

  @Test("unterminated comments and declarations end the scan without a crash")
  func unterminated() {
    for text in ["<a><!-- &", "<a><![CDATA[ &", "<!DOCTYPE [ <!ENTITY", "<?xml", "&", "&#x", "&abc"] {
      _ = XMLRepair(Array(text.utf8))
    }
    #expect(repaired("&abc").text == "&amp;abc")
  }
}
