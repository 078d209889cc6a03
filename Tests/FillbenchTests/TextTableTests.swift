import Testing

@testable import fillbench

@Suite("Text tables")
struct TextTableTests {
  static let rows = [["case", "p50", "fills"], ["gen-10 fill-time", "9.1 µs", "120"], ["x", "10.0 µs", "5"]]

  @Test("plain: the first column left-aligned, the others right-aligned, a rule under the header")
  func aligned() {
    #expect(
      TextTable.aligned(Self.rows) == [
        "case                  p50  fills",
        "----------------  -------  -----",
        "gen-10 fill-time   9.1 µs    120",
        "x                 10.0 µs      5",
      ])
  }

  @Test("Markdown: the header, its rule, the rows")
  func markdown() {
    #expect(
      TextTable.markdown(Self.rows) == [
        "| case | p50 | fills |", "|---|---|---|", "| gen-10 fill-time | 9.1 µs | 120 |", "| x | 10.0 µs | 5 |",
      ])
  }
}
