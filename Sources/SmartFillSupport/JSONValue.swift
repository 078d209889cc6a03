/// A parsed JSON document, as the package's readers need it: integers apart from other numbers, and the line
/// of every syntax error.
///
/// The catalog, the command-line tool and the queue store all read JSON through this type so that a wrong
/// type or a malformed file is reported with the field, the value and the place, not a generic message.
package enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// A short name of the value's type, for error messages ("a string", "an integer").
  package var typeDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a Boolean"
    case .integer: return "an integer"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// The value as JSON text, for error messages; long values are cut.
  package var excerpt: String {
    var text: String
    switch self {
    case .null: text = "null"
    case .bool(let value): text = value ? "true" : "false"
    case .integer(let value): text = String(value)
    case .number(let value): text = String(value)
    case .string(let value): text = JSONWriter.quoted(value)
    case .array(let values): text = "[" + values.prefix(4).map(\.excerpt).joined(separator: ", ") + "]"
    case .object: text = "{…}"
    }
    if text.count > 80 { text = String(text.prefix(77)) + "…" }
    return text
  }
}

/// A JSON syntax error, with its line and column (both from 1).
package struct JSONSyntaxError: Error, Sendable, Hashable {
  package var line: Int
  package var column: Int
  package var problem: String
}

extension JSONValue {
  /// Parses a complete JSON document.
  ///
  /// - Complexity: O(*n*) in the length of the text; nesting is limited to 512 levels so hostile input cannot
  ///   exhaust the stack.
  ///
  /// Text that is not well-formed UTF-8 is an error that gives the byte offset of the first bad byte.
  package static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: Array(bytes))
    if let offset = UTF8Validation.firstInvalidOffset(parser.bytes) {
      throw parser.error(
        "invalid UTF-8 at byte offset \(offset) (byte 0x\(String(parser.bytes[offset], radix: 16, uppercase: true)))",
        at: offset)
    }
    return try parser.parseDocument()
  }
}

private struct JSONParser {
  let bytes: [UInt8]
  var index = 0
  var depth = 0
  static let maximumDepth = 512

  init(bytes: [UInt8]) {
    self.bytes = bytes
    // Skip a UTF-8 byte order mark.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  func error(_ problem: String, at position: Int? = nil) -> JSONSyntaxError {
    let end = min(position ?? index, bytes.count)
    var line = 1
    var column = 1
    for byte in bytes[..<end] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONSyntaxError(line: line, column: column, problem: problem)
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count { throw error("unexpected text after the JSON document") }
    return value
  }

  mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of the document") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default:
      throw error("unexpected character \(String(decoding: [bytes[index]], as: UTF8.self).debugDescription)")
    }
  }

  mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    let expected = Array(word.utf8)
    let count = expected.count
    guard index + count <= bytes.count, bytes[index..<index + count].elementsEqual(expected) else {
      throw error("invalid literal, expected \(word)")
    }
    index += count
    return value
  }

  mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth) levels") }
  }

  mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key string") }
      let keyStart = index
      let key = try parseString()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
      index += 1
      skipWhitespace()
      let value = try parseValue()
      if members.updateValue(value, forKey: key) != nil {
        throw error("duplicate key \(JSONWriter.quoted(key))", at: keyStart)
      }
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of the document inside an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw error("expected ',' or '}' in an object")
      }
    }
  }

  mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of the document inside an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw error("expected ',' or ']' in an array")
      }
    }
  }

  mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid hexadecimal digit in a \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    // Fast path: no escape before the closing quote.
    var scan = index
    while scan < bytes.count {
      let byte = bytes[scan]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: bytes[index..<scan], as: UTF8.self)
        index = scan + 1
        return text
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      scan += 1
    }
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flush(_ parser: JSONParser, upTo end: Int, into scalars: inout String.UnicodeScalarView) {
      if end > runStart {
        scalars.append(contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
      }
    }
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        flush(self, upTo: index, into: &scalars)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error("control character inside a string") }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      flush(self, upTo: index, into: &scalars)
      index += 1
      guard index < bytes.count else { throw error("unterminated escape") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): scalars.append("\"")
      case UInt8(ascii: "\\"): scalars.append("\\")
      case UInt8(ascii: "/"): scalars.append("/")
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "u"):
        var code = try parseHex4()
        if (0xD800...0xDBFF).contains(code) {
          guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          else { throw error("unpaired surrogate in a \\u escape") }
          index += 2
          let low = try parseHex4()
          guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in a \\u escape") }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
          throw error("unpaired surrogate in a \\u escape")
        }
        guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
        scalars.append(scalar)
      default:
        throw error("invalid escape \\\(String(decoding: [escape], as: UTF8.self))")
      }
      runStart = index
    }
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    func digits(_ parser: inout JSONParser) -> Int {
      let from = parser.index
      while parser.index < parser.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index])
      {
        parser.index += 1
      }
      return parser.index - from
    }
    let integerStart = index
    guard digits(&self) > 0 else { throw error("invalid number") }
    if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
      throw error("invalid number: leading zero", at: integerStart + 1)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard digits(&self) > 0 else { throw error("invalid number: no digits after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits(&self) > 0 else { throw error("invalid number: no digits in the exponent") }
    }
    if isInteger, index - start <= 18 {
      // Up to 18 digits cannot overflow.
      var value = 0
      var digit = start
      let negative = bytes[start] == UInt8(ascii: "-")
      if negative { digit += 1 }
      while digit < index {
        value = value * 10 + Int(bytes[digit] - UInt8(ascii: "0"))
        digit += 1
      }
      return .integer(negative ? -value : value)
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) { return .integer(value) }
    guard let value = Double(text), value.isFinite else {
      throw error("number out of range: \(DisplayText.excerpt(text))", at: start)
    }
    return .number(value)
  }
}
