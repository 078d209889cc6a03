import SmartFill
import SmartFillSupport

extension FillResult {
  /// The result as the `--json` document: `mode`, `status`, `targetSeconds` (null without a target),
  /// `toleranceSeconds`, `totalSeconds`, `episodes` (each with `feedURL`, `guid`, `title`, `seconds`, `season`
  /// and `episode`, null when unknown), `message` (null unless short or empty) and `reason` (the message as
  /// data: null, or an object with its `kind` and the figures behind it) and `notes` (what was passed over, per
  /// show: each with its `kind`, `feedURL`, `sentence` and `count` or `episodeTitle`).
  var jsonNode: JSONWriter.Node {
    func optional(_ value: Int?) -> JSONWriter.Node { value.map { .integer($0) } ?? .null }
    return .object([
      ("mode", .string(mode.rawValue)),
      ("status", .string(status.rawValue)),
      ("targetSeconds", optional(targetSeconds)),
      ("toleranceSeconds", .integer(toleranceSeconds)),
      ("totalSeconds", .integer(totalSeconds)),
      (
        "episodes",
        .array(
          entries.map { entry in
            .object([
              ("feedURL", .string(entry.id.feedURL)),
              ("guid", .string(entry.id.guid)),
              ("title", .string(entry.title)),
              ("seconds", optional(entry.seconds)),
              ("season", optional(entry.season)),
              ("episode", optional(entry.episode)),
            ])
          })
      ),
      ("message", message.map { .string($0) } ?? .null),
      ("reason", explanation?.jsonNode ?? .null),
      ("notes", .array(notes.map(\.jsonNode))),
    ])
  }

  /// The widest a show or title column gets; longer text is cut with `…`.
  static let showColumnWidth = 28
  static let titleColumnWidth = 48

  /// The result as a table: a numbered row per episode (show, season and episode, title, time, why), then
  /// the total against the target.
  func table() -> String {
    let header = ["#", "SHOW", "EPISODE", "TITLE", "TIME", "WHY"]
    var rows: [[String]] = []
    for (offset, entry) in entries.enumerated() {
      var number = ""
      if let season = entry.season { number += "S\(season)" }
      if let episode = entry.episode { number += (number.isEmpty ? "" : " ") + "E\(episode)" }
      rows.append([
        "\(offset + 1)", Self.cut(entry.showTitle, to: Self.showColumnWidth), number.isEmpty ? "-" : number,
        Self.cut(entry.title, to: Self.titleColumnWidth), entry.seconds.map(ClockText.clock) ?? "?",
        entry.reason.rawValue,
      ])
    }
    var text = ""
    if !rows.isEmpty {
      var widths = header.map(\.count)
      for row in rows {
        for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
      }
      for row in [header] + rows {
        var line = ""
        for (column, cell) in row.enumerated() {
          let isLast = column == row.count - 1
          // Numbers and times are right-aligned, text left-aligned.
          let padding = String(repeating: " ", count: widths[column] - cell.count)
          if column == 0 || column == 4 {
            line += padding + cell
          } else {
            line += isLast ? cell : cell + padding
          }
          if !isLast { line += "  " }
        }
        text += line + "\n"
      }
      text += "\n"
    }
    let count = "\(entries.count) \(entries.count == 1 ? "episode" : "episodes")"
    if let targetSeconds {
      let deviation = totalSeconds - targetSeconds
      let signed = deviation >= 0 ? "+" + ClockText.clock(deviation) : ClockText.clock(deviation)
      text +=
        "Total \(ClockText.clock(totalSeconds)) for a target of \(ClockText.clock(targetSeconds)) "
        + "± \(ClockText.clock(toleranceSeconds)) (\(signed)): \(status.rawValue), \(count), \(mode.rawValue)\n"
    } else {
      text += "Total \(ClockText.clock(totalSeconds)), no target: \(status.rawValue), \(count), \(mode.rawValue)\n"
    }
    if let message { text += message + "\n" }
    for note in notes { text += "Note: " + DisplayText.escaped(note.description) + "\n" }
    return text
  }

  /// `text` on one line (line breaks become spaces, other control characters are shown escaped, so that a
  /// title cannot move the cursor or forge a line), cut to `width` characters with `…`.
  static func cut(_ text: String, to width: Int) -> String {
    let flat = DisplayText.escaped(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    return flat.count <= width ? flat : String(flat.prefix(width - 1)) + "…"
  }
}

extension FillResult.Explanation {
  /// The explanation as `smartfill fill --json` writes it: `kind`, then `count` (of episodes) or the window
  /// (`windowLowSeconds`, `windowHighSeconds`) and `closestSeconds`, where the case has them.
  var jsonNode: JSONWriter.Node {
    var members: [(String, JSONWriter.Node)] = [("kind", .string(kind))]
    switch self {
    case .noEpisodes, .everythingPlayed:
      break
    case .everythingExcluded(let count), .noKnownDuration(let count):
      members.append(("count", .integer(count)))
    case .nothingShortEnough(let window):
      members += [
        ("windowLowSeconds", .integer(window.lowerBound)), ("windowHighSeconds", .integer(window.upperBound)),
      ]
    case .windowUnreachable(let window, let closest), .varietyConflict(let window, let closest):
      members += [
        ("windowLowSeconds", .integer(window.lowerBound)), ("windowHighSeconds", .integer(window.upperBound)),
        ("closestSeconds", .integer(closest)),
      ]
    }
    return .object(members)
  }
}

extension FillResult.Note {
  /// The note as `smartfill fill --json` writes it: `kind`, `feedURL`, `sentence`, then `count` or
  /// `episodeTitle`.
  var jsonNode: JSONWriter.Node {
    var members: [(String, JSONWriter.Node)] = [
      ("kind", .string(kind)), ("feedURL", .string(feedURL)), ("sentence", .string(description)),
    ]
    switch self {
    case .unknownLengthsPassedOver(_, _, let count): members.append(("count", .integer(count)))
    case .storyStopsAtUnknownLength(_, _, let title): members.append(("episodeTitle", .string(title)))
    }
    return .object(members)
  }
}
