import SmartFillSupport
import Testing

@Suite("JSON path")
struct JSONPathTests {
  @Test("spells keys and indices as a reader would look them up")
  func description() {
    #expect(JSONPath.root.description == "top level")
    #expect(JSONPath.root.appending("queues").description == "queues")
    #expect(JSONPath.root.appending("queues").appending(1).appending("name").description == "queues[1].name")
    #expect(JSONPath.root.appending(0).description == "[0]")
  }
}
