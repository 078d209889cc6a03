import Foundation
import SmartFillSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An element of a parsed XML document, as the feed and OPML readers need it: the qualified name (prefix
/// included, as written), its namespace, the attributes, the character data directly inside it and the
/// child elements.
struct MarkupElement: Sendable, Hashable {
  /// The qualified name, such as `item` or `itunes:duration`.
  var name: String
  /// The namespace URI that the name's prefix (or, without one, the default namespace) is bound to where
  /// the element is, as written; `nil` when it is bound to none (an undeclared prefix included).
  var namespace: String?
  /// The attributes by qualified name.
  var attributes: [String: String]
  /// The line of the start tag in the original file, from 1.
  var line: Int
  /// The text and CDATA directly inside this element, joined.
  var text: String = ""
  /// The child elements, in document order.
  var children: [MarkupElement] = []

  /// The text with surrounding white space removed.
  var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// The name's prefix (`itunes` in `itunes:duration`), or `nil` without one.
  var prefix: Substring? {
    guard let colon = name.firstIndex(of: ":") else { return nil }
    return name[..<colon]
  }

  /// The name without its prefix.
  var localName: Substring {
    guard let colon = name.firstIndex(of: ":") else { return name[...] }
    return name[name.index(after: colon)...]
  }

  /// The first child element named `name`.
  func child(_ name: String) -> MarkupElement? { children.first { $0.name == name } }
}

/// Parses XML into ``MarkupElement``s with Foundation's `XMLParser`, given only a ``ParserInput``.
///
/// Namespace processing is off, so names keep their prefixes as written and a prefix that was never declared
/// (as some feeds do with `itunes:`) is read as written, with a warning. Any other XML error rejects the
/// document with its line and column in the original file.
///
/// Limits: a document of up to ``ParserInput/maximumSize`` bytes (256 MiB) and elements nested up to
/// ``maximumDepth`` levels. The text is given to the parser in pieces, so libxml2's limit of 10,000,000 bytes
/// of text not yet parsed does not apply to the document; it still applies to one tag or attribute value
/// (comments are removed and CDATA sections split below it by ``XMLRepair``), and names are limited to
/// 50,000 bytes.
enum MarkupParser {
  /// The deepest nesting accepted, the root element being level 1; real feeds need a dozen levels.
  static let maximumDepth = 256

  /// Parses a document.
  ///
  /// - Parameters:
  ///   - bytes: The document, as stored.
  ///   - file: The file's path or another name for it, used in errors.
  ///   - maximumSize: The largest document accepted, in bytes.
  /// - Returns: The root element and the repairs that were made.
  /// - Throws: ``FeedError``: malformed XML, a document too large or too deeply nested.
  /// - Complexity: O(*n*) in the length of the text.
  static func parse(
    _ bytes: [UInt8], file: String, maximumSize: Int = ParserInput.maximumSize
  ) throws(FeedError) -> (root: MarkupElement, warnings: [FeedWarning]) {
    let input = try ParserInput(bytes, file: file, maximumSize: maximumSize)
    // libxml2 says "the document is empty" of text and "extra content" of white space: say what they are.
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    if let first = input.bytes.firstIndex(where: { !isSpace($0) }) {
      if input.bytes[first] != UInt8(ascii: "<") {
        let start = String(decoding: input.bytes[first...].prefix(40), as: UTF8.self)
          .prefix { $0 != "\n" && $0 != "\r" }
        throw .malformedXML(
          file: file, line: 1 + input.lineOffset, column: 1,
          problem: "not an XML document: it starts with \(DisplayText.inQuotes(String(start), limit: 20))")
      }
    } else {
      throw .malformedXML(
        file: file, line: 1 + input.lineOffset, column: 1, problem: "the document is empty (only white space)")
    }
    let builder = TreeBuilder(file: file, lineOffset: input.lineOffset)
    // From a stream, libxml2 is given the text in pieces of 128 KiB: given all of it at once, it stops at
    // 10,000,000 bytes ("huge input lookup").
    let parser = XMLParser(stream: InputStream(data: Data(input.bytes)))
    parser.shouldProcessNamespaces = false
    parser.shouldReportNamespacePrefixes = false
    parser.shouldResolveExternalEntities = false
    parser.delegate = builder
    builder.parser = parser
    let succeeded = parser.parse()
    builder.parser = nil
    var warnings = input.warnings
    if let (prefix, line, count) = builder.firstUndeclaredPrefix {
      warnings.append(
        .repairedXML(
          line: line, problem: "undeclared namespace prefix \"\(DisplayText.quoted(prefix))\" read as written",
          count: count))
    }
    if let error = builder.error { throw error }
    if let open = builder.stack.last {
      throw .malformedXML(
        file: file, line: parser.lineNumber + input.lineOffset, column: parser.columnNumber,
        problem: "the document ends before <\(DisplayText.excerpt(open.name))> (line \(open.line)) is closed")
    }
    guard let root = builder.root else {
      let problem = succeeded ? "the document has no root element" : "not an XML document"
      throw .malformedXML(file: file, line: 1 + input.lineOffset, column: 1, problem: problem)
    }
    if !succeeded, let code = (parser.parserError as NSError?)?.code, !(200..<300).contains(code) {
      throw .malformedXML(
        file: file, line: parser.lineNumber + input.lineOffset, column: parser.columnNumber,
        problem: Self.message(forCode: code))
    }
    return (root, warnings)
  }

  /// A sentence for a libxml2 error code.
  static func message(forCode code: Int) -> String {
    switch code {
    case 1:
      return "a single tag or attribute value is longer than 10,000,000 bytes, the XML parser's limit"
    case 4: return "the document is empty"
    case 5: return "extra content after the root element"
    case 6, 7, 8: return "invalid character reference"
    case 9: return "invalid character (not valid in the declared encoding, or a control character)"
    case 23: return "entity reference without a closing ';'"
    case 26: return "undefined entity"
    case 31, 32: return "unknown or unsupported encoding"
    case 38: return "'<' inside an attribute value"
    case 39, 40, 41: return "attribute value missing or not quoted"
    case 42: return "attribute given twice"
    case 45: return "unterminated comment"
    case 63: return "unterminated CDATA section"
    case 64: return "XML declaration not at the start of the document"
    case 68: return "a name is required here"
    case 73: return "'>' expected"
    case 76: return "end tag does not match the start tag"
    case 77: return "unterminated tag"
    case 85: return "elements are not nested properly"
    case 86: return "extra content at the end of the document"
    case 110: return "a name is longer than 50,000 bytes, the XML parser's limit"
    case 1500..<1600, 6000..<6100: return "the text cannot be read in its declared encoding"
    default: return "XML error \(code)"
    }
  }
}

/// Builds the tree from `XMLParser`'s events, and keeps the first error.
private final class TreeBuilder: NSObject, XMLParserDelegate {
  let file: String
  let lineOffset: Int
  weak var parser: XMLParser?
  var stack: [MarkupElement] = []
  var root: MarkupElement?
  var error: FeedError?
  /// The namespace URIs that the open elements bind each prefix to, innermost last; the default namespace
  /// under the empty prefix.
  var bindings: [Substring: [String]] = [
    "xml": ["http://www.w3.org/XML/1998/namespace"], "xmlns": ["http://www.w3.org/2000/xmlns/"],
  ]
  var declarationsPerElement: [[Substring]] = []
  var firstUndeclaredPrefix: (String, Int, Int)?

  init(file: String, lineOffset: Int) {
    self.file = file
    self.lineOffset = lineOffset
  }

  var currentLine: Int { (parser?.lineNumber ?? 0) + lineOffset }

  /// Records the first problem; later events are ignored.
  ///
  /// The parse is not stopped with `abortParsing()`: stopping libxml2 from inside an error callback while it
  /// converts an encoding such as UTF-7 makes it dereference a freed context (found by fuzzing; see
  /// `MarkupTreeTests`). Reading on to the end costs time linear in the rest of the text.
  func fail(_ problem: String) {
    if error == nil {
      error = .malformedXML(file: file, line: currentLine, column: parser?.columnNumber ?? 0, problem: problem)
    }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    guard error == nil else { return }
    if root != nil, stack.isEmpty {
      fail("a second root element <\(DisplayText.excerpt(elementName))> after the first")
      return
    }
    guard stack.count < MarkupParser.maximumDepth else {
      if error == nil {
        error = .tooDeeplyNested(
          file: file, line: currentLine, column: self.parser?.columnNumber ?? 0, element: elementName,
          limit: MarkupParser.maximumDepth)
      }
      return
    }
    var declarations: [Substring] = []
    for (key, value) in attributeDict where key == "xmlns" || key.hasPrefix("xmlns:") {
      let prefix = key.dropFirst(key == "xmlns" ? 5 : 6)
      declarations.append(prefix)
      bindings[prefix, default: []].append(value)
    }
    declarationsPerElement.append(declarations)
    var element = MarkupElement(name: elementName, attributes: attributeDict, line: currentLine)
    let uri = bindings[element.prefix ?? ""]?.last
    element.namespace = uri?.isEmpty == false ? uri : nil
    if let prefix = element.prefix, bindings[prefix]?.isEmpty ?? true {
      if let (first, line, count) = firstUndeclaredPrefix {
        firstUndeclaredPrefix = (first, line, count + 1)
      } else {
        firstUndeclaredPrefix = (String(prefix), element.line, 1)
      }
    }
    stack.append(element)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    guard error == nil else { return }
    guard let element = stack.popLast(), element.name == elementName else {
      fail("end tag </\(DisplayText.excerpt(elementName))> does not match the start tag")
      return
    }
    for prefix in declarationsPerElement.removeLast() {
      bindings[prefix]?.removeLast()
    }
    if stack.isEmpty {
      root = element
    } else {
      stack[stack.count - 1].children.append(element)
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard error == nil, !stack.isEmpty else { return }
    stack[stack.count - 1].text += string
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    guard error == nil, !stack.isEmpty else { return }
    stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
    let code = (parseError as NSError).code
    // Namespace errors (libxml2's 200s, such as an undeclared prefix) are recoverable: names are read as
    // written and the prefix is reported as a repair.
    if (200..<300).contains(code) { return }
    fail(MarkupParser.message(forCode: code))
  }
}
