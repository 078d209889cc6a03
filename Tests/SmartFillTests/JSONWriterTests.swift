import Testing

@testable import SmartFill

@Suite("JSON writer")
struct JSONWriterTests {
  @Test("writes keys in order, two-space indented, scalar arrays on one line")
  func pretty() {
    let node = JSONWriter.Node.object([
      ("b", .integer(1)), ("a", .array([.string("x"), .null])), ("c", .array([.object([("d", .bool(false))])])),
      ("e", .object([])),
    ])
    #expect(
      JSONWriter.write(node) == """
        {
          "b": 1,
          "a": ["x", null],
          "c": [
            {
              "d": false
            }
          ],
          "e": {}
        }
        """)
    #expect(JSONWriter.writeCompact(node) == #"{"b":1,"a":["x",null],"c":[{"d":false}],"e":{}}"#)
  }

  @Test("escapes quotes, backslashes and control characters")
  func escapes() {
    #expect(JSONWriter.quoted("a\"b\\c\n\u{01}é") == #""a\"b\\c\n\u0001é""#)
  }

  @Test("what it writes reads back")
  func roundTrip() throws {
    let text = "tab\t, quote \", emoji 🚗, nul \u{0}"
    let parsed = try JSONValue.parse(Array(JSONWriter.quoted(text).utf8))
    #expect(parsed == .string(text))
  }
}
