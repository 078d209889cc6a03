/// The tables fillbench prints, from rows of cells whose first row is the header.
enum TextTable {
  /// A plain table: the first column left-aligned, the others right-aligned, two spaces between columns, a rule
  /// of dashes under the header.
  ///
  /// - Complexity: O(*n*) in the cells' characters.
  static func aligned(_ rows: [[String]]) -> [String] {
    var widths = [Int](repeating: 0, count: rows.map(\.count).max() ?? 0)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    var lines: [String] = []
    for (index, row) in rows.enumerated() {
      let cells = row.enumerated().map { column, cell in
        column == 0
          ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[column] - cell.count) + cell
      }
      lines.append(cells.joined(separator: "  "))
      if index == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
    }
    return lines
  }

  /// A Markdown table: the header, its rule, the rows.
  static func markdown(_ rows: [[String]]) -> [String] {
    var lines: [String] = []
    for (index, row) in rows.enumerated() {
      lines.append("| " + row.joined(separator: " | ") + " |")
      if index == 0 { lines.append("|" + row.map { _ in "---" }.joined(separator: "|") + "|") }
    }
    return lines
  }
}
