import SmartFillSupport
import Testing

@testable import Feeds

@Suite("Quoted values in messages")
struct DisplayTextQuotesTests {
  @Test("a value is quoted with control characters escaped and cut to the excerpt limit")
  func inQuotes() {
    #expect(DisplayText.inQuotes("A Show") == "\"A Show\"")
    #expect(DisplayText.inQuotes("a\nb\u{1B}[2J\u{9B}") == "\"a\\nb\\e[2J\\u{9B}\"")
    let long = String(repeating: "x", count: 500)
    #expect(DisplayText.inQuotes(long) == "\"" + String(repeating: "x", count: DisplayText.excerptLimit - 1) + "…\"")
  }
}
