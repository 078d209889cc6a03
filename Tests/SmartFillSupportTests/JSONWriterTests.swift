import Foundation
import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
  static let node = JSONWriter.Node.object([
    ("b", .integer(1)), ("a", .array([.string("x"), .null])), ("c", .array([.object([("d", .bool(false))])])),
    ("e", .object([])), ("f", .array([])), ("g", .number(2.5)), ("h", .number(3)),
  ])

  @Test("writes keys in order, two-space indented, scalar arrays on one line")
  func pretty() {
    #expect(
      JSONWriter.text(Self.node) == """
        {
          "b": 1,
          "a": ["x", null],
          "c": [
            {
              "d": false
            }
          ],
          "e": {},
          "f": [],
          "g": 2.5,
          "h": 3
        }
        """)
  }

  @Test("writes the compact style without whitespace")
  func compact() {
    #expect(
      JSONWriter.text(Self.node, style: .compact)
        == #"{"b":1,"a":["x",null],"c":[{"d":false}],"e":{},"f":[],"g":2.5,"h":3}"#)
  }

  @Test("the streaming calls and the tree give the same text")
  func streamingMatchesTree() {
    var json = JSONWriter()
    json.object { json in
      json.member("b", 1)
      json.member("a")
      json.inlineArray { json in
        json.element()
        json.string("x")
        json.element()
        json.null()
      }
      json.member("c")
      json.array { json in
        json.element()
        json.object { json in json.member("d", false) }
      }
      json.member("e")
      json.object { _ in }
      json.member("f")
      json.strings([])
      json.member("g")
      json.number(2.5)
      json.member("h")
      json.number(3)
    }
    #expect(json.text == JSONWriter.text(Self.node))
  }

  @Test("escapes quotes, backslashes and control characters")
  func escapes() {
    #expect(JSONWriter.quoted("a\"b\\c\n\r\t\u{08}\u{0C}\u{01}\u{1F}é🚗") == #""a\"b\\c\n\r\t\b\f\u0001\u001fé🚗""#)
  }

  @Test("writes dates as Timestamp formats them")
  func dates() {
    var json = JSONWriter(style: .compact)
    json.object { json in
      json.member("d", Date(timeIntervalSince1970: 1_706_688_000))
      json.member("m", Date(timeIntervalSince1970: 0.25))
    }
    #expect(json.text == #"{"d":"2024-01-31T08:00:00Z","m":"1970-01-01T00:00:00.250Z"}"#)
  }

  @Test("non-finite numbers become null, large ones keep their exponent")
  func numbers() {
    #expect(JSONWriter.text(.array([.number(.infinity), .number(.nan), .number(1e20)])) == "[null, null, 1e+20]")
  }

  @Test("what it writes reads back, over thousands of seeded strings")
  func roundTrip() throws {
    let alphabet: [Unicode.Scalar] = ["a", "\"", "\\", "\n", "\u{0}", "\u{1F}", "é", "🚗", "\u{FEFF}", "/"]
    for var trial in SeededCases(seed: 0x15_0A_57, count: 2000) {
      var text = String.UnicodeScalarView()
      for _ in 0..<trial.random.integer(in: 0...12) { text.append(trial.random.element(of: alphabet)) }
      let string = String(text)
      let parsed = try JSONValue.parse(Array(JSONWriter.quoted(string).utf8))
      #expect(parsed == .string(string), "\(trial)")
    }
  }
}

@Suite("JSON writer with parsed values")
struct JSONWriterParsedValueTests {
  @Test("a parsed value is written back with its members sorted")
  func parsed() throws {
    let value = try JSONValue.parse(Array(#"{"z": [1, 2.5, "s"], "a": {"n": null, "b": true}}"#.utf8))
    var json = JSONWriter(style: .compact)
    json.write(value)
    #expect(json.text == #"{"a":{"b":true,"n":null},"z":[1,2.5,"s"]}"#)
  }
}
