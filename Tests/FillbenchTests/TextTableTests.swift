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

  @Test("Markdown: a bar inside a cell is escaped, so that the row keeps its columns")
  func markdownBar() {
    let lines = TextTable.markdown([["case", "mean |dev|"], ["x", "26 s"]])
    #expect(lines == ["| case | mean \\|dev\\| |", "|---|---|", "| x | 26 s |"])
    // Unescaped bars split a row: every line has as many as the rule's.
    let bars = lines.map { line in line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count }
    #expect(Set(bars).count == 1, "\(lines)")
  }
}

@Suite("Text tables in sections")
struct TextTableSectionTests {
  @Test("sections: each under its title, the columns as wide as any section's cells, titles not counted")
  func sections() {
    let lines = TextTable.aligned(
      header: ["case", "p50"],
      sections: [
        .init(title: "a catalog whose title is longer than any row", rows: [["fill-time 45m", "9.1 µs"]]),
        .init(title: nil, rows: [["variety 8h", "110.5 µs"]]),
      ])
    #expect(
      lines == [
        "case                p50",
        "-------------  --------",
        "a catalog whose title is longer than any row",
        "fill-time 45m    9.1 µs",
        "variety 8h     110.5 µs",
      ])
    #expect(TextTable.aligned([]) == [])
  }

  @Test("a line is wrapped at spaces to 100 columns, the rest indented; a longer word stands alone")
  func wrapping() {
    #expect(TextTable.wrapped("  a b c", width: 5) == ["  a b", "    c"])
    #expect(TextTable.wrapped("  abcdefgh ij", width: 5, indent: 1) == ["  abcdefgh", " ij"])
    #expect(TextTable.wrapped("short") == ["short"])
  }
}
