import SmartFillSupport
import Testing

@Suite("Spelling suggestions")
struct SpellingTests {
  static let keys = ["guid", "title", "published", "durationSeconds", "isPlayed", "playedSeconds"]

  @Test("suggests the nearest known name for a likely misspelling, and nothing for a stranger")
  func suggestions() {
    #expect(Spelling.nearest(to: "durationSecond", in: Self.keys) == "durationSeconds")
    #expect(Spelling.nearest(to: "isplayed", in: Self.keys) == "isPlayed")
    #expect(Spelling.nearest(to: "titel", in: Self.keys) == "title")
    #expect(Spelling.nearest(to: "colour", in: Self.keys) == nil)
    #expect(Spelling.nearest(to: String(repeating: "x", count: 10_000), in: Self.keys) == nil)
  }
}
