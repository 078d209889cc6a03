import Feeds
import SmartFill
import SmartFillSupport

// Shows named on the command line: by feed URL, or by title where one show has it, so that a newcomer can
// write `--priority "99% Invisible"`.

extension Catalog {
  /// The show `text` names: the one whose feed URL it is (exactly, or as feeds are compared: without the
  /// scheme, `www.` or a final `/`), else the one whose title it is (ignoring case and runs of spaces).
  ///
  /// - Throws: A failure that names the text and suggests the nearest titles when no show has it, or lists
  ///   the feed URLs when several shows have the title.
  /// - Complexity: O(*s*) in the number of shows, plus the suggestion's edit distances when none matches.
  func show(named text: String) throws(CommandError) -> Show {
    if let exact = shows.first(where: { $0.feedURL == text }) { return exact }
    let urlKey = CatalogImport.feedURLKey(text)
    let byURL = shows.filter { CatalogImport.feedURLKey($0.feedURL) == urlKey }
    if byURL.count == 1 { return byURL[0] }
    let titleKey = Self.titleKey(text)
    let byTitle = shows.filter { Self.titleKey($0.title) == titleKey }
    if byTitle.count == 1 { return byTitle[0] }
    let quoted = DisplayText.inQuotes(text)
    if byTitle.count > 1 {
      let urls = byTitle.map { DisplayText.quoted($0.feedURL) }.joined(separator: ", ")
      throw .usage(
        "\(byTitle.count) shows in the catalog are titled \(quoted) (\(urls)); give the feed URL",
        command: nil)
    }
    throw .usage(
      "no show in the catalog has the title or feed URL \(quoted)\(suggestion(for: text))",
      command: nil)
  }

  /// "; did you mean "99% Invisible"?", for the nearest title by spelling, or the titles that contain the
  /// text; "; see 'smartfill shows <catalog>'" otherwise.
  func suggestion(for text: String) -> String {
    let titles = shows.map(\.title)
    let lowered = Self.titleKey(text)
    var near = Spelling.nearest(to: text, in: titles).map { [$0] } ?? []
    if near.isEmpty, !lowered.isEmpty {
      near = titles.filter { Self.titleKey($0).contains(lowered) }
    }
    guard !near.isEmpty else { return "; see 'smartfill shows <catalog>' for the shows" }
    let listed = near.prefix(3).map { DisplayText.inQuotes($0) }.joined(separator: " or ")
    return "; did you mean \(listed)?"
  }

  /// A title as import compares titles: lower case, runs of white space made one space.
  static func titleKey(_ title: String) -> String { CatalogImport.titleKey(title) }
}
