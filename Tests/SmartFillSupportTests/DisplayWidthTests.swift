import SmartFillSupport
import Testing

@Suite("DisplayWidth")
struct DisplayWidthTests {
  @Test(
    "columns per text, as a terminal shows them",
    arguments: [
      ("Commute", 7), ("🚗 Commute", 10), ("🏋️ Workout", 10), ("😴", 2), ("日本語", 6), ("e\u{301}", 1),
      ("👩‍💻", 2), ("", 0), ("½ ✓", 3), ("Ｆｕｌｌ", 8),
    ])
  func widths(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test("padding and cutting count columns, not characters")
  func padAndCut() {
    #expect(DisplayWidth.padded("🚗 A", to: 6) == "🚗 A  ")
    #expect(DisplayWidth.padded("too wide", to: 3) == "too wide")
    #expect(DisplayWidth.leftPadded("5", to: 3) == "  5")
    #expect(DisplayWidth.cut("🚗 Commute", to: 6) == "🚗 Co…")
    #expect(DisplayWidth.cut("日本語テキスト", to: 7) == "日本語…")
    #expect(DisplayWidth.cut("short", to: 9) == "short")
  }
}
