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

  @Test("CDATA sections and the XML declaration are not touched; comments are removed, keeping their lines")
  func skipsMarkupDeclarations() {
    let text = "<?xml version=\"1.0\" encoding=\"a&b\"?><a><![CDATA[&nbsp; & ]]>&amp;</a>"
    let (result, repair) = repaired(text)
    #expect(result == text)
    #expect(repair.declaration == 0..<36)
    #expect(repaired("<a>x<!-- & -- <?x?> \n -->y<!--\n<?y?>").text == "<a>x\ny\n")
  }

  @Test("a <? or <!DOCTYPE inside a CDATA section is split across two sections, so its text is kept")
  func cdataSplit() throws {
    let text = "<a><![CDATA[<?php ?> <!DOCTYPE x> <]]></a>"
    let (result, _) = repaired(text)
    #expect(result == "<a><![CDATA[<]]><![CDATA[?php ?> <]]><![CDATA[!DOCTYPE x> <]]></a>")
    let (root, _) = try MarkupParser.parse(Array(text.utf8), file: "t.xml")
    #expect(root.text == "<?php ?> <!DOCTYPE x> <")
  }

  @Test("a long CDATA section is split between characters, and reads as the same text")
  func longCDATA() throws {
    let body = String(repeating: "é", count: XMLRepair.cdataPieceLength)  // 2 bytes each
    let text = "<a><![CDATA[" + body + "]]></a>"
    let (result, _) = repaired(text)
    #expect(result.utf8.count == text.utf8.count + 12)
    let (root, _) = try MarkupParser.parse(Array(text.utf8), file: "t.xml")
    #expect(root.text == body)
  }

  @Test("text on either side of a removed part does not join into a new <? or <!DOCTYPE")
  func noJoins() {
    #expect(repaired("<<?x?>?y?><a/>").text == "< ?y?><a/>")
    #expect(repaired("<!DOC<!-- -->TYPE a><a/>").text == "<!DOC TYPE a><a/>")
    #expect(repaired("<!-<?x?>- <![CDATA[ --> <?y?> ]]>").text == "<!- - <![CDATA[ --> <]]><![CDATA[?y?> ]]>")
    #expect(repaired("<a>x<?x?>y</a>").text == "<a>xy</a>")
  }

  // Found by Scripts/fuzz.sh (fuzz-opml, crash-85c7b1f8…): Foundation's XMLParser on Linux dereferences a null
  // pointer on a processing instruction without data, such as `<?x?>`, in the content or in the DTD.
  @Test("processing instructions are removed, keeping their line breaks")
  func removesProcessingInstructions() {
    #expect(repaired("<?x?><a><?pi & ?>\n<?multi\nline?>b</a>").text == "<a>\n\nb</a>")
    #expect(repaired("<a/>\n<?xml version=\"1.0\"?>").text == "<a/>\n")
    #expect(repaired("<a><?x").text == "<a>")
  }

  @Test("documents with processing instructions without data parse")
  func processingInstructionsParse() throws {
    for text in [
      "<?x?><a/>", "<a><?x?></a>", "<!DOCTYPE a [<?x?>]><a/>", "<!DOCTYPE a [<!ENTITY e \"<?x?>\">]><a>&e;</a>",
    ] {
      let (root, _) = try MarkupParser.parse(Array(text.utf8), file: "t.xml")
      #expect(root.name == "a")
    }
    let list = try SubscriptionList(
      opml: Array("<?x?>\n<opml><body><?y?><outline text=\"A\" xmlUrl=\"https://a\"/></body></opml>".utf8),
      file: "t.opml")
    #expect(list.subscriptions.map(\.line) == [2])
  }

  @Test("the document type declaration is removed, keeping its lines; its entities are kept as text")
  func documentType() {
    let text = "<!DOCTYPE rss [\n <!ENTITY show \"Show\"> <!ENTITY pi \"<?no?>\"> ]>\n<rss>&show;&pi;&nbsp;</rss>"
    let (result, repair) = repaired(text)
    #expect(result == "\n\n<rss>&amp;show;&amp;pi;&#160;</rss>")
    #expect(repair.warnings.first == .repairedXML(line: 3, problem: "undefined entity &show; kept as text", count: 2))
    let publicDocumentType =
      "<!DOCTYPE rss PUBLIC \"-//Netscape Communications//DTD RSS 0.91//EN\" \"http://x/rss-0.91.dtd\"><rss/>"
    #expect(repaired(publicDocumentType).text == "<rss/>")
  }

  @Test("unterminated comments and declarations end the scan without a crash")
  func unterminated() {
    for text in ["<a><!-- &", "<a><![CDATA[ &", "<!DOCTYPE [ <!ENTITY", "<!DOCTYPE", "<?xml", "&", "&#x", "&abc"] {
      _ = XMLRepair(Array(text.utf8))
    }
    #expect(repaired("&abc").text == "&amp;abc")
  }
}
