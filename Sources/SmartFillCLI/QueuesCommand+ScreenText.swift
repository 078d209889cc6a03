import Foundation
import QueueScreens
import Queues
import SmartFillSupport

// The design's three screens as a terminal shows them: columns that line up with emoji and wide characters
// (counted in display columns), and, when the table is wider than the terminal (`COLUMNS`), a narrow form of
// a few short lines per queue. Titles from feeds are shown with control characters escaped (`DisplayText`), so
// that no title can move the cursor or forge a line.

extension QueuesCommand {
  /// The management screen: a table, or the narrow form when wider than `columns`.
  static func text(_ screen: QueueManagementScreen, deleted: [QueueLibrary.DeletedQueue], columns: Int) -> String {
    // The shows column only when a show is tied, so that a library without ties is listed as before.
    let hasShows = screen.rows.contains { $0.showsText != nil }
    let header = ["QUEUE", "EPISODES", "TOTAL", "AUTO-SWITCH"] + (hasShows ? ["SHOWS"] : []) + ["ACTIONS"]
    let rows = screen.rows.map { row in
      [
        [row.name, row.activeLabel].compactMap { $0 }.joined(separator: " "), row.countText,
        row.totalText + (row.unknownText.map { " " + $0 } ?? ""), row.autoSwitchText ?? "-",
      ] + (hasShows ? [row.showsText.map { String($0.dropFirst("Shows: ".count)) } ?? "-"] : []) + [
        row.actions.map(\.title).joined(separator: ", ")
      ]
    }
    var text = table([header] + rows, columns: columns) ?? narrow(screen, columns: columns)
    text += "\n"
    if let create = screen.createText { text += create + "\n" }
    text += screen.limitText + "\n"
    if !deleted.isEmpty {
      text +=
        "Recently deleted (restorable for \(QueueLibrary.restorableDays) days): "
        + deleted.reversed().map(\.queue.name).joined(separator: ", ") + "\n"
    }
    return text
  }

  /// The rows laid out in columns two spaces apart, or `nil` when wider than `columns`.
  static func table(_ rows: [[String]], columns: Int) -> String? {
    guard let count = rows.first?.count else { return "" }
    var widths = Array(repeating: 0, count: count)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], DisplayWidth.of(cell)) }
    }
    guard widths.reduce(0, +) + 2 * (count - 1) <= columns else { return nil }
    return rows.map { row in
      row.enumerated().map { index, cell in index == count - 1 ? cell : DisplayWidth.padded(cell, to: widths[index]) }
        .joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }

  /// A few lines per queue, each cut to `columns`.
  static func narrow(_ screen: QueueManagementScreen, columns: Int) -> String {
    screen.rows.map { row in
      let lines = row.lines + [row.actions.map(\.title).joined(separator: ", ")]
      return lines.enumerated().map { index, line in
        DisplayWidth.cut(index == 0 ? line : "  " + line, to: columns)
      }.joined(separator: "\n")
    }.joined(separator: "\n") + "\n"
  }

  /// The mini player and its drop-down.
  static func text(_ switcher: QueueSwitcher, columns: Int) -> String {
    var text = ""
    if let playing = switcher.nowPlaying {
      let show = playing.showTitle.isEmpty ? "" : " — \(DisplayText.escaped(playing.showTitle))"
      text += DisplayWidth.cut("Now playing: \(DisplayText.escaped(playing.title))\(show)", to: columns) + "\n"
      var position = playing.positionText
      if let fraction = playing.fractionPlayed, columns >= 40 {
        let filled = Int((fraction * 20).rounded(.down))
        let percent = Int((fraction * 100).rounded(.down))
        position +=
          "  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled)
          + "] \(percent)%"
      }
      text += position + "\n"
    } else {
      text += "Nothing playing\n"
    }
    text += "\(switcher.fromText)  \(switcher.countText)\n\n"
    let names = switcher.rows.map { [$0.name, $0.activeLabel].compactMap { $0 }.joined(separator: " ") }
    let nameWidth = min(names.map(DisplayWidth.of).max() ?? 0, max(8, columns - 10))
    let countWidth = switcher.rows.map { DisplayWidth.of($0.countText) }.max() ?? 0
    for (row, name) in zip(switcher.rows, names) {
      let mark = row.checkmark.isEmpty ? "  " : row.checkmark + " "
      text +=
        mark + DisplayWidth.padded(DisplayWidth.cut(name, to: nameWidth), to: nameWidth) + "  "
        + DisplayWidth.leftPadded(row.countText, to: countWidth) + "\n"
    }
    if let create = switcher.createText { text += create + "\n" }
    return text
  }

  /// The editor's view of a queue: its name, rules, smart fill and episodes.
  static func text(_ editor: QueueEditor, queue: Queue, columns: Int, screenText: ScreenText = .english) -> String {
    var text = "\(queue.name)\(queue.isUpNext ? " (Default queue)" : "")\n"
    text += "\nAUTO-SWITCH\(queue.isAutoSwitchEnabled ? "" : " (off)")\n"
    if editor.ruleRows.isEmpty { text += "  No rules\n" }
    for row in editor.ruleRows {
      text += DisplayWidth.cut("  \(row.id + 1). \(row.text) (\(row.consentText))", to: columns) + "\n"
    }
    text += "\nSMART FILL\n"
    if let section = editor.smartFillSection(text: screenText) {
      for line in section.lines { text += "  \(line)\n" }
    } else {
      text += "  Not set up\n"
    }
    text += "\nSHOWS TIED\n"
    if queue.showTies.isEmpty { text += "  None\n" }
    for (index, tie) in queue.showTies.enumerated() {
      let title = tie.showTitle.isEmpty ? "" : "\(tie.showTitle) — "
      text += DisplayWidth.cut("  \(index + 1). \(title)\(tie.feedURL) (\(tie.optionsText))", to: columns) + "\n"
    }
    let total = screenText.shortDuration(queue.remainingSeconds)
    text += "\nEPISODES (\(screenText.episodes(queue.count)) · \(total) total)\n"
    let rows = editor.episodeRows(text: screenText)
    let numberWidth = String(rows.count).count
    for (index, row) in rows.enumerated() {
      let number = String(repeating: " ", count: numberWidth - String(index + 1).count) + "\(index + 1)."
      let line = "\(row.isCurrent ? "▶" : " ") \(number) \(DisplayText.escaped(row.text))"
      text += DisplayWidth.cut(line, to: columns) + "\n"
    }
    return text
  }
}
