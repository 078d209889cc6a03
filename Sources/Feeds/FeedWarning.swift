import Foundation
import SmartFill
import SmartFillSupport

/// Something in a feed or subscription list that was imported with a repair or a fallback, or left out.
///
/// Warnings never stop an import; they are listed in the import summary so that the listener (or the feed's
/// publisher) can see what was changed. Lines count from 1 in the original file. The descriptions show
/// values from the document quoted, with control characters escaped and cut (see `DisplayText`), so that
/// they are safe to print.
public enum FeedWarning: Sendable, Hashable, CustomStringConvertible {
  /// The XML was repaired before parsing, as podcast apps do (a blank line before the XML declaration, an
  /// undefined entity, a bare `&`, an undeclared namespace prefix); `count` is how many places were repaired.
  case repairedXML(line: Int, problem: String, count: Int)
  /// An `<item>` without an `<enclosure url="…">` is not playable and was skipped.
  case itemWithoutEnclosure(line: Int, title: String)
  /// Episodes whose `itunes:duration` is missing, empty, `0` or unreadable: they stay in the catalog but out
  /// of time-based fills.
  case unknownDurations(count: Int)
  /// An `itunes:duration` that is not seconds, `MM:SS` or `H:MM:SS`; the duration is treated as unknown.
  case unreadableDuration(line: Int, value: String)
  /// Items without a `<guid>`, identified by their enclosure URL (or, lacking one, by title and date).
  case missingGUIDs(count: Int)
  /// Several items share one GUID; all are kept, the later ones (by date) with `#2`, `#3`, … appended.
  case duplicateGUID(String, count: Int)
  /// A `<pubDate>` that is missing, not an RFC 822 (or ISO 8601) date, or outside the years 0001 to 9999 in
  /// UTC; the episode is dated `fallback`.
  case unreadableDate(line: Int, value: String, fallback: Date)
  /// An `itunes:season` or `itunes:episode` that is not a whole number of 0 or more; it is left out.
  case unreadableNumber(line: Int, element: String, value: String)
  /// An `itunes:episodeType` other than `full`, `trailer` or `bonus`; the episode is taken as `full`.
  case unknownEpisodeType(line: Int, value: String)
  /// An OPML outline with an empty `xmlUrl`, skipped.
  case outlineWithoutURL(line: Int, title: String)
  /// An OPML outline whose feed URL already appeared; the later one is skipped.
  case duplicateSubscription(line: Int, feedURL: String)
  /// Several feed files describe the same show; they were merged as snapshots, oldest first.
  case mergedSnapshots(feedURL: String, files: [String])

  public var description: String {
    switch self {
    case .repairedXML(let line, let problem, let count):
      let more = count > 1 ? " (\(count) places, the first at line \(line))" : " (line \(line))"
      return "repaired XML: \(DisplayText.escaped(problem))\(more)"
    case .itemWithoutEnclosure(let line, let title):
      return "line \(line): item \(DisplayText.inQuotes(title)) has no enclosure URL; not playable, skipped"
    case .unknownDurations(let count):
      return "\(count) \(count == 1 ? "episode has" : "episodes have") no known duration; "
        + "kept in the catalog but out of time-based fills"
    case .unreadableDuration(let line, let value):
      return "line \(line): itunes:duration \(DisplayText.inQuotes(value)) is not seconds, MM:SS or H:MM:SS; "
        + "taken as unknown"
    case .missingGUIDs(let count):
      return "\(count) \(count == 1 ? "item has" : "items have") no guid; identified by the enclosure URL"
    case .duplicateGUID(let guid, let count):
      return "guid \(DisplayText.inQuotes(guid)) is used by \(count) items; all kept, "
        + "the later ones as \(DisplayText.inQuotes(guid + "#2"))…"
    case .unreadableDate(let line, let value, let fallback):
      var shown = value.isEmpty ? "missing" : DisplayText.inQuotes(value) + " is not a date"
      if RFC822Date.parseAnyYear(value) != nil {
        shown = DisplayText.inQuotes(value) + " is outside the years 0001 to 9999"
      }
      return "line \(line): pubDate \(shown); dated \(Timestamp.format(fallback))"
    case .unreadableNumber(let line, let element, let value):
      return
        "line \(line): \(DisplayText.quoted(element)) \(DisplayText.inQuotes(value)) is not a whole number; left out"
    case .unknownEpisodeType(let line, let value):
      return "line \(line): itunes:episodeType \(DisplayText.inQuotes(value)) is not full, trailer or bonus; "
        + "taken as full"
    case .outlineWithoutURL(let line, let title):
      return "line \(line): outline \(DisplayText.inQuotes(title)) has an empty xmlUrl; skipped"
    case .duplicateSubscription(let line, let feedURL):
      return "line \(line): feed \(DisplayText.quoted(feedURL)) is listed again; skipped"
    case .mergedSnapshots(let feedURL, let files):
      return "\(files.count) files describe \(DisplayText.quoted(feedURL)); merged as snapshots: "
        + files.map(DisplayText.escaped).joined(separator: ", ")
    }
  }
}
