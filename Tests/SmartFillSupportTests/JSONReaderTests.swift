import Foundation
import SmartFillSupport
import Testing

@Suite("JSON reader with paths")
struct JSONReaderTests {
  static let text = """
    {"name": "Commute", "count": 3, "on": true, "when": "2026-01-31T08:00:00Z", "ratio": 0.5,
     "items": [{"kind": "car"}, {"kind": 7}], "nothing": null, "mode": "fill-time"}
    """

  enum Mode: String, CaseIterable { case fillTime = "fill-time", variety }

  @Test("reads each type of member")
  func reads() throws {
    let reader = try JSONReader(parsing: Array(Self.text.utf8))
    #expect(try reader.string("name") == "Commute")
    #expect(try reader.integer("count") == 3)
    #expect(try reader.bool("on"))
    #expect(try reader.date("when") == Date(timeIntervalSince1970: 1_769_846_400))
    #expect(try reader.field("ratio").number() == 0.5)
    #expect(try reader.field("count").number() == 3)
    #expect(try reader.array("items").count == 2)
    #expect(try reader.optional("nothing") == nil)
    #expect(try reader.optional("absent") == nil)
    #expect(try reader.optionalInteger("count") == 3)
    #expect(try reader.enumValue(Mode.self, "mode") == .fillTime)
    #expect(try reader.field("count").integer(in: 0...3) == 3)
  }

  @Test("every error names the path and what was found")
  func errors() throws {
    let reader = try JSONReader(parsing: Array(Self.text.utf8))
    let items = try reader.array("items")
    #expect(
      throws: JSONReadError(
        path: .root.appending("items").appending(1).appending("kind"), reason: "expected a string, found 7")
    ) {
      try items[1].string("kind")
    }
    #expect(throws: JSONReadError(path: .root.appending("missing"), reason: "the field is missing")) {
      try reader.string("missing")
    }
    #expect(throws: JSONReadError(path: .root.appending("nothing"), reason: "the field is missing")) {
      try reader.integer("nothing")
    }
    #expect(throws: JSONReadError(path: .root.appending("name"), reason: "expected an integer, found \"Commute\"")) {
      try reader.integer("name")
    }
    #expect(throws: JSONReadError(path: .root.appending("count"), reason: "must be from 0 to 2, found 3")) {
      try reader.field("count").integer(in: 0...2)
    }
    #expect(
      throws: JSONReadError(
        path: .root.appending("name"),
        reason: "expected an ISO 8601 date and time such as \"2026-01-31T08:00:00Z\", found \"Commute\"")
    ) { try reader.date("name") }
    #expect(
      throws: JSONReadError(
        path: .root.appending("name"), reason: "must be one of \"fill-time\", \"variety\", found \"Commute\"")
    ) { try reader.enumValue(Mode.self, "name") }
    #expect(throws: JSONReadError(path: .root, reason: "expected an object, found an array")) {
      try JSONReader(parsing: Array("[1]".utf8)).string("a")
    }
    #expect(
      throws: JSONReadError(path: .root, reason: "malformed JSON at line 2, column 1: unexpected end of the document")
    ) {
      try JSONReader(parsing: Array("[\n".utf8))
    }
    #expect(JSONReadError(path: .root.appending("a"), reason: "why").description == "a: why")
  }
}
