/// Repairs the XML mistakes that real feeds make and that podcast apps accept, before a strict parser sees
/// the text: a blank line before the XML declaration, entities that XML does not define (`&nbsp;`,
/// `&gtgt;`) and bare ampersands (`Q&A`).
///
/// It also takes out what feeds never need and what Foundation's `XMLParser` on Linux crashes on (with a
/// null pointer, on a processing instruction without data such as `<?x?>`, found by fuzzing; a DTD's entities
/// can carry one too): processing instructions other than the XML declaration (such as
/// `<?xml-stylesheet …?>`), the document type declaration and comments are removed, and a `<?` or
/// `<!DOCTYPE` inside a CDATA section is split across two sections, so that its text is kept. Since libxml2
/// recovers from errors and reads on, the repaired text has no `<?` and no `<!DOCTYPE` anywhere after the
/// XML declaration, whatever libxml2 makes of the rest (``ParserInput`` checks it). CDATA sections longer
/// than ``cdataPieceLength`` are split too, below libxml2's limit of 10,000,000 bytes for one section.
///
/// Each repair keeps what the publisher meant: HTML's named character entities become the characters they
/// name, and any other `&` that does not start a valid reference is kept as a literal `&`. Nothing else is
/// changed, and line numbers stay those of the original file (``lineOffset`` says how many lines were removed
/// from the start). The input is UTF-8 without a byte order mark, from ``XMLTextEncoding``.
struct XMLRepair {
  /// The repaired text.
  var bytes: [UInt8]
  /// How many lines were removed before the XML declaration; add it to a line of ``bytes``.
  var lineOffset: Int
  /// What was repaired, one warning for each kind of repair.
  var warnings: [FeedWarning]
  /// Where the XML declaration is in ``bytes``, when the text starts with one.
  var declaration: Range<Int>?

  /// The longest piece of a CDATA section that is left whole, in bytes.
  static let cdataPieceLength = 1 << 20

  /// Repairs `input`.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  init(_ input: [UInt8]) {
    bytes = input
    lineOffset = 0
    warnings = []
    var position = 0
    var newlines = 0
    while position < input.count, Self.isSpace(input[position]) {
      if input[position] == UInt8(ascii: "\n") { newlines += 1 }
      position += 1
    }
    if position > 0, Self.hasPrefix(input, Array("<?xml".utf8), at: position),
      position + 5 < input.count, Self.isSpace(input[position + 5])
    {
      lineOffset = newlines
      warnings.append(
        .repairedXML(line: 1, problem: "blank space before the XML declaration removed", count: 1))
    } else {
      position = 0
    }
    var scanner = EntityScanner(input: input, start: position, firstLine: 1 + lineOffset)
    scanner.run()
    bytes = scanner.output
    if let end = scanner.declarationEnd { declaration = 0..<(end - position) }
    if scanner.undefinedCount > 0 {
      warnings.append(
        .repairedXML(
          line: scanner.firstUndefinedLine,
          problem: "undefined entity \(scanner.firstUndefinedName) kept as text", count: scanner.undefinedCount))
    }
    if scanner.htmlCount > 0 {
      warnings.append(
        .repairedXML(
          line: scanner.firstHTMLLine,
          problem: "HTML entity \(scanner.firstHTMLName) replaced by its character", count: scanner.htmlCount))
    }
    if scanner.bareCount > 0 {
      warnings.append(
        .repairedXML(line: scanner.firstBareLine, problem: "bare '&' kept as text", count: scanner.bareCount))
    }
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  static func hasPrefix(_ bytes: [UInt8], _ prefix: [UInt8], at position: Int) -> Bool {
    guard position + prefix.count <= bytes.count else { return false }
    for offset in 0..<prefix.count where bytes[position + offset] != prefix[offset] { return false }
    return true
  }

  /// The HTML 4 named character entities that feeds use, with their code points.
  static let htmlEntities: [String: UInt32] = {
    let latin1 = """
      nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 \
      acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml \
      Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde \
      Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig \
      ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide \
      oslash ugrave uacute ucirc uuml yacute thorn yuml
      """.split(separator: " ")
    precondition(latin1.count == 96, "the Latin-1 entity table must cover U+00A0 to U+00FF")
    var table: [String: UInt32] = [:]
    for (offset, name) in latin1.enumerated() { table[String(name)] = 0xA0 + UInt32(offset) }
    let others: [(String, UInt32)] = [
      ("OElig", 338), ("oelig", 339), ("Scaron", 352), ("scaron", 353), ("Yuml", 376), ("fnof", 402),
      ("circ", 710), ("tilde", 732), ("ensp", 8194), ("emsp", 8195), ("thinsp", 8201), ("zwnj", 8204),
      ("zwj", 8205), ("lrm", 8206), ("rlm", 8207), ("ndash", 8211), ("mdash", 8212), ("lsquo", 8216),
      ("rsquo", 8217), ("sbquo", 8218), ("ldquo", 8220), ("rdquo", 8221), ("bdquo", 8222), ("dagger", 8224),
      ("Dagger", 8225), ("bull", 8226), ("hellip", 8230), ("permil", 8240), ("prime", 8242), ("Prime", 8243),
      ("lsaquo", 8249), ("rsaquo", 8250), ("euro", 8364), ("trade", 8482), ("larr", 8592), ("uarr", 8593),
      ("rarr", 8594), ("darr", 8595), ("harr", 8596), ("minus", 8722),
    ]
    for (name, code) in others { table[name] = code }
    return table
  }()

  static let predefinedEntities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]
}

/// One pass over the text: keeps the XML declaration, removes processing instructions, the document type
/// declaration and comments, splits CDATA sections where needed, and rewrites every `&` that does not start a
/// valid reference.
private struct EntityScanner {
  let input: [UInt8]
  /// Where the document starts (after a removed blank line), the only place for the XML declaration.
  let documentStart: Int
  var position: Int
  var line: Int
  var output: [UInt8] = []
  /// Where `output` has been filled up to; text after it is copied only when something changes.
  var copied: Int
  /// Where the XML declaration ends in `input`, when the document starts with one.
  var declarationEnd: Int?
  var undefinedCount = 0
  var firstUndefinedLine = 0
  var firstUndefinedName = ""
  var htmlCount = 0
  var firstHTMLLine = 0
  var firstHTMLName = ""
  var bareCount = 0
  var firstBareLine = 0
  var changed = false

  init(input: [UInt8], start: Int, firstLine: Int) {
    self.input = input
    self.documentStart = start
    self.position = start
    self.copied = start
    self.line = firstLine
  }

  mutating func run() {
    while position < input.count {
      let byte = input[position]
      if byte == UInt8(ascii: "\n") {
        line += 1
        position += 1
      } else if byte == UInt8(ascii: "<") {
        skipMarkupDeclaration()
      } else if byte == UInt8(ascii: "&") {
        rewriteReference()
      } else {
        position += 1
      }
    }
    if changed {
      output.append(contentsOf: input[copied...])
    } else {
      output = Array(input[copied...])
    }
  }

  /// Handles `<!--…-->`, `<![CDATA[…]]>`, `<?…?>` and `<!DOCTYPE…>` whole; any other `<` by one byte.
  mutating func skipMarkupDeclaration() {
    if XMLRepair.hasPrefix(input, Array("<!--".utf8), at: position) {
      let start = position
      skip(past: Array("-->".utf8), from: position + 4)
      remove(from: start)
    } else if XMLRepair.hasPrefix(input, Array("<![CDATA[".utf8), at: position) {
      keepCDATA()
    } else if XMLRepair.hasPrefix(input, Array("<?".utf8), at: position) {
      if position == documentStart, XMLRepair.hasPrefix(input, Array("<?xml".utf8), at: position),
        position + 5 < input.count, XMLRepair.isSpace(input[position + 5])
      {
        skip(past: Array("?>".utf8), from: position + 2)
        declarationEnd = position
      } else {
        // Feeds need none (they carry style sheets).
        let start = position
        skip(past: Array("?>".utf8), from: start + 2)
        remove(from: start)
      }
    } else if XMLRepair.hasPrefix(input, Array("<!DOCTYPE".utf8), at: position) {
      removeDocumentType()
    } else {
      position += 1
    }
  }

  /// Moves `position` past the next `terminator` from `start` (or to the end), counting lines.
  mutating func skip(past terminator: [UInt8], from start: Int) {
    var index = start
    while index < input.count {
      if input[index] == UInt8(ascii: "\n") { line += 1 }
      if input[index] == terminator[0], XMLRepair.hasPrefix(input, terminator, at: index) {
        position = index + terminator.count
        return
      }
      index += 1
    }
    position = input.count
  }

  /// Removes `input[start..<position]`, whose lines have been counted, keeping its line breaks.
  ///
  /// When nothing is left in its place and the text before it ends in an unfinished `<`, `<!` or `<!DOC`,
  /// a space takes its place, so that the text on either side cannot join into a new `<?` or `<!DOCTYPE`.
  mutating func remove(from start: Int) {
    let end = position
    var newlines = 0
    for byte in input[start..<end] where byte == UInt8(ascii: "\n") { newlines += 1 }
    position = start
    var replacement = [UInt8](repeating: UInt8(ascii: "\n"), count: newlines)
    if replacement.isEmpty, endsInUnfinishedMarkup() { replacement = [UInt8(ascii: " ")] }
    replace(upTo: end, with: replacement)
    position = end
  }

  /// Whether the text kept before `position` ends in a `<` and at most 8 more bytes, none of them `>` or
  /// white space: the start of a keyword that the text after a removal could complete.
  func endsInUnfinishedMarkup() -> Bool {
    let pending = position - copied
    var tail = Array(input[max(copied, position - 9)..<position])
    if pending < 9 { tail = Array(output.suffix(9 - pending)) + tail }
    guard let open = tail.lastIndex(of: UInt8(ascii: "<")) else { return false }
    return !tail[open...].contains { $0 == UInt8(ascii: ">") || XMLRepair.isSpace($0) }
  }

  /// Keeps the CDATA section at `position`, split into two sections between the `<` and the rest of each
  /// `<?` or `<!DOCTYPE` inside it, and every ``XMLRepair/cdataPieceLength`` bytes (between characters): the
  /// parser reads the same text from the pieces.
  mutating func keepCDATA() {
    var index = position + 9
    var pieceStart = index
    while index < input.count {
      let byte = input[index]
      if byte == UInt8(ascii: "\n") { line += 1 }
      if byte == UInt8(ascii: "]"), XMLRepair.hasPrefix(input, Array("]]>".utf8), at: index) {
        position = index + 3
        return
      }
      if byte == UInt8(ascii: "<"), index + 1 < input.count,
        input[index + 1] == UInt8(ascii: "?") || XMLRepair.hasPrefix(input, Array("<!DOCTYPE".utf8), at: index)
      {
        splitCDATA(before: index + 1)
        pieceStart = index + 1
      } else if index - pieceStart >= XMLRepair.cdataPieceLength, byte & 0xC0 != 0x80 {
        splitCDATA(before: index)
        pieceStart = index
      }
      index += 1
    }
    position = input.count
  }

  /// Ends the CDATA section before `input[index]` and starts another.
  mutating func splitCDATA(before index: Int) {
    output.append(contentsOf: input[copied..<index])
    output.append(contentsOf: Array("]]><![CDATA[".utf8))
    copied = index
    changed = true
  }

  /// Removes the document type declaration, keeping its line breaks.
  ///
  /// Feeds need no DTD, and the entities of an internal subset can carry markup (such as a processing
  /// instruction) or expand exponentially; without the DTD, references to them are kept as text.
  mutating func removeDocumentType() {
    let start = position
    var index = position + 9
    var inSubset = false
    var quote: UInt8?
    var end = input.count
    while index < input.count {
      let byte = input[index]
      if byte == UInt8(ascii: "\n") { line += 1 }
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        inSubset = true
      } else if byte == UInt8(ascii: "]") {
        inSubset = false
      } else if byte == UInt8(ascii: ">"), !inSubset {
        end = index + 1
        break
      }
      index += 1
    }
    position = end
    remove(from: start)
  }

  static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: ":"), 0x80...0xFF:
      return true
    default:
      return false
    }
  }

  mutating func replace(upTo end: Int, with replacement: [UInt8]) {
    output.append(contentsOf: input[copied..<position])
    output.append(contentsOf: replacement)
    copied = end
    changed = true
  }

  /// Looks at the reference starting at `position` (an `&`) and rewrites it when XML would reject it.
  mutating func rewriteReference() {
    let start = position
    var index = start + 1
    if index < input.count, input[index] == UInt8(ascii: "#") {
      // Character references are left to the parser, which checks their values.
      index += 1
      let hex = index < input.count && (input[index] == UInt8(ascii: "x") || input[index] == UInt8(ascii: "X"))
      if hex { index += 1 }
      let digitsStart = index
      while index < input.count, index - digitsStart < 10, Self.isDigit(input[index], hex: hex) { index += 1 }
      if index > digitsStart, index < input.count, input[index] == UInt8(ascii: ";") {
        position = index + 1
        return
      }
      bare(at: start)
      return
    }
    while index < input.count, index - start <= 64, Self.isNameByte(input[index]) { index += 1 }
    guard index > start + 1, index < input.count, input[index] == UInt8(ascii: ";"),
      !Self.isDigit(input[start + 1], hex: false), input[start + 1] != UInt8(ascii: "-"),
      input[start + 1] != UInt8(ascii: ".")
    else {
      bare(at: start)
      return
    }
    let name = String(decoding: input[(start + 1)..<index], as: UTF8.self)
    let end = index + 1
    if XMLRepair.predefinedEntities.contains(name) {
      position = end
      return
    }
    if let code = XMLRepair.htmlEntities[name] {
      if htmlCount == 0 {
        firstHTMLLine = line
        firstHTMLName = "&\(name);"
      }
      htmlCount += 1
      replace(upTo: end, with: Array("&#\(code);".utf8))
    } else {
      if undefinedCount == 0 {
        firstUndefinedLine = line
        firstUndefinedName = "&\(name);"
      }
      undefinedCount += 1
      replace(upTo: start + 1, with: Array("&amp;".utf8))
    }
    position = end
  }

  mutating func bare(at start: Int) {
    if bareCount == 0 { firstBareLine = line }
    bareCount += 1
    replace(upTo: start + 1, with: Array("&amp;".utf8))
    position = start + 1
  }

  static func isDigit(_ byte: UInt8, hex: Bool) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return true
    case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): return hex
    default: return false
    }
  }
}
