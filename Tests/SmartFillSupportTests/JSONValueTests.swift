import SmartFillSupport
import Testing

@Suite("JSON reader")
struct JSONValueTests {
  @Test("reads integers apart from other numbers, strings with escapes and nested values")
  func values() throws {
    let value = try JSONValue.parse(Array(#"{"a": [1, -2, 3.5, 1e3, true, null, "x\n\u00e9\ud83d\ude97"]}"#.utf8))
    #expect(
      value
        == .object([
          "a": .array([.integer(1), .integer(-2), .number(3.5), .number(1000), .bool(true), .null, .string("x\né🚗")])
        ]))
  }

  static let malformed: [(String, Int, Int)] = [
    ("", 1, 1), ("{", 1, 2), ("[1,]", 1, 4), ("{\"a\" 1}", 1, 6), ("\"abc", 1, 5), ("01x", 1, 2), ("tru", 1, 1),
    ("{\"a\": 1, \"a\": 2}", 1, 10), ("\"\\ud800\"", 1, 8), ("[1]\n[2]", 2, 1),
  ]

  @Test("reports the line and column of malformed input", arguments: malformed)
  func malformedInput(_ text: String, line: Int, column: Int) {
    #expect {
      _ = try JSONValue.parse(Array(text.utf8))
    } throws: { error in
      let error = error as! JSONSyntaxError
      return error.line == line && error.column == column
    }
  }

  @Test("refuses nesting deeper than 512 levels instead of exhausting the stack")
  func deepNesting() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Array(text.utf8)) }
  }
}
