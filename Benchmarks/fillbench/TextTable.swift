import BenchmarkSupport

/// The tables fillbench prints, from rows of cells whose first row is the header, and the lines beside them
/// wrapped to their width.
enum TextTable {
  /// The widest line the plain tables print by default: a terminal's or a CI log's width, with room to spare.
  static let defaultWidth = 100

  /// A group of a plain table's rows under a title line of its own (a catalog's name and figures).
  struct Section {
    /// The line above the rows, which does not widen the columns; `nil` for none.
    var title: String?
    /// The rows' cells.
    var rows: [[String]]
  }

  /// A plain table: the first column left-aligned, the others right-aligned, two spaces between columns, a rule
  /// of dashes under the header.
  ///
  /// - Complexity: O(*n*) in the cells' characters.
  static func aligned(_ rows: [[String]]) -> [String] {
    guard let header = rows.first else { return [] }
    return aligned(header: header, sections: [Section(title: nil, rows: Array(rows.dropFirst()))])
  }

  /// A plain table whose rows come in sections, each under its title, the columns as wide as the widest cell of
  /// any section.
  ///
  /// - Complexity: O(*n*) in the cells' characters.
  static func aligned(header: [String], sections: [Section]) -> [String] {
    let rows = [header] + sections.flatMap(\.rows)
    var widths = [Int](repeating: 0, count: rows.map(\.count).max() ?? 0)
    for row in rows {
      for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
    }
    func line(_ row: [String]) -> String {
      row.enumerated().map { column, cell in
        column == 0
          ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[column] - cell.count) + cell
      }.joined(separator: "  ")
    }
    var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
    for section in sections {
      if let title = section.title { lines.append(title) }
      lines += section.rows.map(line)
    }
    return lines
  }

  /// A Markdown table: the header, its rule, the rows.
  static func markdown(_ rows: [[String]]) -> [String] { RunContext.markdownTable(rows) }

  /// `line` broken at spaces into lines of at most `width` characters, those after the first indented by
  /// `indent` spaces (a word longer than a line stands alone).
  static func wrapped(_ line: String, width: Int = TextTable.defaultWidth, indent: Int = 4) -> [String] {
    var lines: [String] = []
    var current: String?
    for word in line.split(separator: " ", omittingEmptySubsequences: false) {
      guard let text = current else {
        current = String(word)
        continue
      }
      if text.count + 1 + word.count > width, text.contains(where: { $0 != " " }) {
        lines.append(text)
        current = String(repeating: " ", count: indent) + word
      } else {
        current = text + " " + word
      }
    }
    return lines + [current ?? ""]
  }
}
