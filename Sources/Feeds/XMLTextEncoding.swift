import Foundation

/// Brings a document to valid UTF-8 before the XML parser sees it.
///
/// Foundation's `XMLParser` on Linux (libxml2 underneath) crashes on some bytes that are not valid in the
/// declared encoding, and on some encodings (found by fuzzing; see `XMLTextEncodingTests`), so the parser is
/// only ever given UTF-8 that has been checked:
/// - UTF-8 (the default, with or without a byte order mark) and US-ASCII are checked, and bytes that are not
///   UTF-8 are replaced by U+FFFD, as browsers and podcast apps do, with a warning;
/// - UTF-16 and UTF-32 (by byte order mark or declaration), ISO-8859-1 and Windows-1252 are converted to UTF-8,
///   and the declaration's `encoding` is changed to `UTF-8`;
/// - any other declared encoding is rejected.
///
/// The encoding is decided here, once: the result has no byte order mark, and a NUL character (U+0000, which
/// XML never allows) rejects the text, so that nothing in it can make libxml2 detect UTF-16 or UTF-32 again
/// (a text encoded twice, such as UTF-16 inside UTF-16, decodes to UTF-16 bytes with a NUL beside each
/// character: libxml2 would decode it a second time and crash on what it found inside; see
/// `ParserInputTests`). Line numbers are kept: no line break is added or removed.
struct XMLTextEncoding {
  /// The text in UTF-8.
  var bytes: [UInt8]
  /// What was repaired.
  var warnings: [FeedWarning] = []

  /// Checks or converts `input`.
  ///
  /// - Throws: ``FeedError/malformedXML(file:line:column:problem:)`` for an encoding that is not supported.
  /// - Complexity: O(*n*) in the length of the text.
  init(_ input: [UInt8], file: String) throws(FeedError) {
    try self.init(deciding: input, file: file)
    // Further byte order marks after the first (a file that two tools marked) are dropped too.
    let marks = Self.leadingByteOrderMarks(bytes)
    if marks > 0 { bytes.removeFirst(marks) }
    if let nul = bytes.firstIndex(of: 0) {
      let (line, column) = Self.position(of: nul, in: bytes)
      throw .malformedXML(file: file, line: line, column: column, problem: Self.nulProblem)
    }
  }

  /// What a NUL character in the text is called in errors.
  static let nulProblem =
    "a NUL character (U+0000), which XML does not allow: a binary file, or a text encoded twice "
    + "(such as UTF-16 inside UTF-16)"

  /// Converts `input` to UTF-8 from the encoding that its byte order mark, first bytes or declaration give.
  private init(deciding input: [UInt8], file: String) throws(FeedError) {
    if let (encoding, skip) = Self.wideEncoding(input) {
      let text = String(data: Data(input[skip...]), encoding: encoding) ?? ""
      bytes = Self.declaringUTF8(Array(text.utf8))
      if text.isEmpty && input.count > skip {
        throw .malformedXML(file: file, line: 1, column: 1, problem: "the text is not valid UTF-16 or UTF-32")
      }
      return
    }
    var body = input[...]
    if input.starts(with: [0xEF, 0xBB, 0xBF]) { body = input.dropFirst(3) }
    let declared = Self.declaredEncoding(body)
    switch declared?.name.lowercased() {
    case nil, "utf-8", "utf8", "us-ascii", "ascii":
      bytes = Array(body)
      if String(validating: body, as: UTF8.self) == nil { repairUTF8() }
    case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1":
      bytes = Self.declaringUTF8(Array((String(data: Data(body), encoding: .isoLatin1) ?? "").utf8))
    case "windows-1252", "cp1252":
      let text = String(data: Data(body), encoding: .windowsCP1252) ?? String(data: Data(body), encoding: .isoLatin1)
      bytes = Self.declaringUTF8(Array((text ?? "").utf8))
    case "utf-16", "utf-16le", "utf-16be", "utf-32":
      throw .malformedXML(
        file: file, line: 1, column: 1,
        problem: "the declaration says \(declared!.name) but the text has no byte order mark and is not UTF-16")
    default:
      throw .malformedXML(
        file: file, line: 1, column: declared!.column,
        problem: "unsupported encoding \"\(declared!.name)\"; use UTF-8, UTF-16, ISO-8859-1 or Windows-1252")
    }
  }

  /// The number of bytes of the byte order marks (U+FEFF) at the start of UTF-8 `bytes`.
  static func leadingByteOrderMarks(_ bytes: [UInt8]) -> Int {
    var count = 0
    while bytes.count >= count + 3, bytes[count] == 0xEF, bytes[count + 1] == 0xBB, bytes[count + 2] == 0xBF {
      count += 3
    }
    return count
  }

  /// The line and column (in characters), from 1, of the byte at `offset` in UTF-8 `bytes`.
  static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes[..<offset] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// Replaces each maximal invalid UTF-8 sequence by U+FFFD.
  private mutating func repairUTF8() {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var line = 1
    var firstLine = 0
    var count = 0
    loop: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        output.append(contentsOf: encoded)
        if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") { line += 1 }
      case .error:
        if count == 0 { firstLine = line }
        count += 1
        output.append(contentsOf: [0xEF, 0xBF, 0xBD])
      case .emptyInput:
        break loop
      }
    }
    bytes = output
    warnings.append(.repairedXML(line: firstLine, problem: "bytes that are not UTF-8 replaced by U+FFFD", count: count))
  }

  /// UTF-16 or UTF-32 told by a byte order mark or by the first character `<`, and the bytes to skip.
  static func wideEncoding(_ bytes: [UInt8]) -> (String.Encoding, Int)? {
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BigEndian, 4) }
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LittleEndian, 4) }
    if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
    if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
    if bytes.starts(with: [0x00, 0x00, 0x00, 0x3C]) { return (.utf32BigEndian, 0) }
    if bytes.starts(with: [0x3C, 0x00, 0x00, 0x00]) { return (.utf32LittleEndian, 0) }
    if bytes.starts(with: [0x00, 0x3C]) { return (.utf16BigEndian, 0) }
    if bytes.starts(with: [0x3C, 0x00]) { return (.utf16LittleEndian, 0) }
    return nil
  }

  /// The `encoding` of the XML declaration at the start of `bytes` (after white space), with its column.
  static func declaredEncoding(_ bytes: ArraySlice<UInt8>) -> (name: String, column: Int)? {
    guard let range = declarationRange(bytes) else { return nil }
    let declaration = bytes[range]
    guard let at = find(Array("encoding".utf8), in: declaration) else { return nil }
    var index = at + 8
    while index < declaration.endIndex, XMLRepair.isSpace(declaration[index]) || declaration[index] == UInt8(ascii: "=")
    {
      index += 1
    }
    guard index < declaration.endIndex,
      declaration[index] == UInt8(ascii: "\"") || declaration[index] == UInt8(ascii: "'")
    else { return nil }
    let quote = declaration[index]
    let start = index + 1
    guard let end = declaration[start...].firstIndex(of: quote) else { return nil }
    let lineStart = bytes[..<start].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.startIndex
    return (String(decoding: declaration[start..<end], as: UTF8.self), start - lineStart + 1)
  }

  /// The range of `<?xml … ?>` when the text starts with it (after white space).
  static func declarationRange(_ bytes: ArraySlice<UInt8>) -> Range<Int>? {
    var index = bytes.startIndex
    while index < bytes.endIndex, XMLRepair.isSpace(bytes[index]) { index += 1 }
    guard bytes[index...].starts(with: Array("<?xml".utf8)) else { return nil }
    guard let end = find(Array("?>".utf8), in: bytes[index...]) else { return nil }
    return index..<(end + 2)
  }

  static func find(_ pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
    guard bytes.count >= pattern.count else { return nil }
    var index = bytes.startIndex
    while index <= bytes.endIndex - pattern.count {
      if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
      index += 1
    }
    return nil
  }

  /// `bytes` with the declaration's encoding, if any, changed to `UTF-8`.
  static func declaringUTF8(_ bytes: [UInt8]) -> [UInt8] {
    guard let declared = declaredEncoding(bytes[...]), let range = declarationRange(bytes[...]) else { return bytes }
    let declaration = bytes[range]
    let nameStart = find(
      Array(declared.name.utf8), in: declaration[(find(Array("encoding".utf8), in: declaration)!)...])!
    var result = Array(bytes[..<nameStart])
    result += Array("UTF-8".utf8)
    result += bytes[(nameStart + declared.name.utf8.count)...]
    return result
  }
}
