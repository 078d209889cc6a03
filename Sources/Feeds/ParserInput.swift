/// The only bytes that Foundation's `XMLParser` is given: a document whose encoding has been decided and
/// checked, repaired, and cleared of everything that can crash the parser or make it decode the text again.
///
/// `XMLParser` on Linux is libxml2 underneath, which crashes on a processing instruction without data (such
/// as `<?x?>`, also when a DTD entity carries one) and which decides the encoding for itself from the first
/// bytes, a byte order mark or the XML declaration. So every document goes through here, in this order:
/// 1. its size is checked against ``maximumSize``;
/// 2. ``XMLTextEncoding`` decides its encoding once and converts it to UTF-8 without a byte order mark,
///    rejecting a NUL character;
/// 3. ``XMLRepair`` repairs it and removes processing instructions, the DTD and comments;
/// 4. the XML declaration is replaced by spaces (its encoding has been used; libxml2 reads UTF-8 without it),
///    and a U+FEFF that a removal left at the start is dropped;
/// 5. the result is checked for the invariant below, and rejected if it does not hold.
///
/// The invariant: the bytes are valid UTF-8, hold no NUL byte, do not start with a byte order mark, and
/// contain neither `<?` nor `<!DOCTYPE` anywhere (libxml2 recovers from errors and reads on, so a `<?` inside
/// an attribute value or after an unterminated comment would reach it too). Then libxml2 can only read the
/// text as UTF-8, finds no processing instruction and has no DTD to take entities from. Step 5 never rejects
/// a document that steps 2 and 3 let through; it is the one place where that is checked before the parser
/// runs, and the fuzz targets and `ParserInputTests` check that it stays so.
struct ParserInput {
  /// The largest document read: 256 MiB, far above any real feed (the largest feeds, with thousands of
  /// episodes, are a few tens of megabytes).
  static let maximumSize = 256 << 20

  /// The bytes for the parser.
  private(set) var bytes: [UInt8]
  /// How many lines were removed before the XML declaration; add it to the parser's line numbers.
  let lineOffset: Int
  /// What was repaired on the way.
  let warnings: [FeedWarning]

  /// Prepares `input` for the parser.
  ///
  /// - Parameters:
  ///   - input: The document's bytes, as stored.
  ///   - file: The file's path or another name for it, used in errors.
  ///   - maximumSize: The largest document accepted, in bytes.
  /// - Throws: ``FeedError/tooLarge(file:size:limit:)`` over `maximumSize`, and
  ///   ``FeedError/malformedXML(file:line:column:problem:)`` for an encoding that is not supported or a NUL
  ///   character.
  /// - Complexity: O(*n*) in the length of the text.
  init(_ input: [UInt8], file: String, maximumSize: Int = Self.maximumSize) throws(FeedError) {
    guard input.count <= maximumSize else { throw .tooLarge(file: file, size: input.count, limit: maximumSize) }
    let text = try XMLTextEncoding(input, file: file)
    let repair = XMLRepair(text.bytes)
    bytes = repair.bytes
    lineOffset = repair.lineOffset
    warnings = text.warnings + repair.warnings
    if let declaration = repair.declaration {
      for index in declaration where bytes[index] != UInt8(ascii: "\n") { bytes[index] = UInt8(ascii: " ") }
    }
    // A character U+FEFF that a removed processing instruction or comment left at the start would read as
    // a byte order mark: dropped, as libxml2 would drop it.
    let marks = XMLTextEncoding.leadingByteOrderMarks(bytes)
    if marks > 0 { bytes.removeFirst(marks) }
    if let (offset, problem) = Self.violation(in: bytes) {
      let (line, column) = XMLTextEncoding.position(of: offset, in: bytes)
      throw .malformedXML(
        file: file, line: line + lineOffset, column: column, problem: problem + " " + Self.safetyNote)
    }
  }

  /// Ends the message of a document that breaks the invariant after repair (a bug here, never bad input).
  static let safetyNote = "left after repair; not parsed, to keep the XML parser safe (please report this file)"

  /// The first place where `bytes` break the invariant, and what breaks it there, or `nil` when they hold it.
  ///
  /// - Complexity: O(*n*) in the length of `bytes`.
  static func violation(in bytes: [UInt8]) -> (offset: Int, problem: String)? {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (0, "a byte order mark") }
    if let nul = bytes.firstIndex(of: 0) { return (nul, "a NUL byte") }
    if String(validating: bytes, as: UTF8.self) == nil {
      return (0, "text that is not UTF-8")
    }
    let doctype = Array("<!DOCTYPE".utf8)
    for index in bytes.indices where bytes[index] == UInt8(ascii: "<") && index + 1 < bytes.count {
      if bytes[index + 1] == UInt8(ascii: "?") { return (index, "a processing instruction or XML declaration") }
      if XMLRepair.hasPrefix(bytes, doctype, at: index) { return (index, "a document type declaration") }
    }
    return nil
  }
}

extension FeedError {
  /// Whether this error is ``ParserInput``'s refusal of a document that broke its invariant after repair: a
  /// bug to report, which the fuzz targets check never happens.
  package var isParserSafetyRefusal: Bool {
    guard case .malformedXML(_, _, _, let problem) = self else { return false }
    return problem.hasSuffix(ParserInput.safetyNote)
  }
}
