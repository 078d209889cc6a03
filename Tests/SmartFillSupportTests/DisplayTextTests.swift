import SmartFillSupport
import Testing

@Suite("Display text")
struct DisplayTextTests {
  @Test("control characters are shown as escapes; other text is unchanged")
  func escapes() {
    #expect(DisplayText.escaped("\u{1B}]0;PWNED\u{07}\u{1B}[2J") == #"\e]0;PWNED\u{7}\e[2J"#)
    #expect(DisplayText.escaped("a\nb\rc\td\u{7F}\u{9B}") == #"a\nb\rc\td\u{7F}\u{9B}"#)
    #expect(DisplayText.escaped("🚗 Commute — Français \\ ok") == "🚗 Commute — Français \\ ok")
  }

  @Test("excerpts are cut to the limit with an ellipsis")
  func excerpts() {
    #expect(DisplayText.excerpt("abcdef", limit: 4) == "abc…")
    #expect(DisplayText.excerpt("abcd", limit: 4) == "abcd")
    #expect(DisplayText.excerpt(String(repeating: "9", count: 1_000_000)).count == DisplayText.excerptLimit)
    #expect(DisplayText.quoted("\u{1B}" + String(repeating: "x", count: 100), limit: 5) == #"\exx…"#)
  }

  @Test("a value is quoted with control characters escaped and cut to the excerpt limit")
  func inQuotes() {
    #expect(DisplayText.inQuotes("A Show") == "\"A Show\"")
    #expect(DisplayText.inQuotes("a\nb\u{1B}[2J\u{9B}") == "\"a\\nb\\e[2J\\u{9B}\"")
    let long = String(repeating: "x", count: 500)
    #expect(DisplayText.inQuotes(long) == "\"" + String(repeating: "x", count: DisplayText.excerptLimit - 1) + "…\"")
  }
}
