import Feeds
import Foundation
import SmartFill
import SmartFillSupport

/// `smartfill import`: feed files, or an OPML list and a folder of feeds, to a catalog.
enum ImportCommand {
  static let parser = CommandLineParser(options: [
    .init("--opml", value: "<opml>"),
    .init("--feeds", value: "<directory>"),
    .init("-o", "--output", value: "<catalog>"),
  ])

  static func run(_ arguments: [String], into output: inout SmartFillCommand.Output) throws(CommandError) {
    let parsed = try parser.parse(arguments, for: .import)
    if parsed.wantsHelp {
      output.standardOutput += HelpText.importHelp
      return
    }
    let imported: CatalogImport
    switch (parsed.value("--opml"), parsed.value("--feeds")) {
    case (let list?, let folder?):
      if let extra = parsed.arguments.first {
        throw .usage(
          "Unexpected argument '\(DisplayText.quoted(extra))': give feed files or --opml with --feeds, not both",
          command: .import)
      }
      do {
        imported = try CatalogImport(subscriptionList: list, feedsDirectory: folder)
      } catch {
        throw .failure(error.description)
      }
    case (_?, nil):
      throw .usage("Missing '--feeds <directory>' for '--opml <opml>'", command: .import)
    case (nil, _?):
      throw .usage("Missing '--opml <opml>' for '--feeds <directory>'", command: .import)
    case (nil, nil):
      guard !parsed.arguments.isEmpty else {
        throw .usage(
          "Missing expected argument '<feed> ...' (or '--opml <opml> --feeds <directory>')", command: .import)
      }
      imported = CatalogImport(feedFiles: parsed.arguments)
    }
    output.standardError += summary(imported, usesList: parsed.value("--opml") != nil)
    if imported.catalog.shows.isEmpty, parsed.value("--opml") != nil {
      // An empty catalog written without a word would look like a successful import.
      let missing = imported.missingSubscriptions.count
      throw .failure(
        missing == 0
          ? "nothing was imported: the subscription list has no subscriptions"
          : "nothing was imported: no feed file was found for the \(plural(missing, "subscription")) of the list")
    }
    if !imported.catalog.shows.isEmpty || imported.files.allSatisfy({ $0.error == nil }) {
      // Never over one of the files read: `import feed.xml -o feed.xml` would replace the feed.
      let inputs = imported.files.map(\.file) + [parsed.value("--opml")].compactMap { $0 }
      try SmartFillCommand.write(
        imported.catalog.jsonBytes(), to: parsed.value("--output"), inputs: inputs, output: &output)
    }
    let rejected = imported.files.filter { $0.error != nil }.count
    if rejected > 0 {
      throw .failure("\(rejected) of \(imported.files.count) feed files could not be imported (see above)")
    }
  }

  /// The summary for standard error: every outcome, counted.
  ///
  /// A line per file: imported (with its title, items and warnings, the warnings indented below), moved
  /// (with the new URL), or rejected (with the line and column where the file has them); then the
  /// subscription list's warnings and missing feeds, a line per show with its episodes and how many have no
  /// known duration, the files counted by outcome, and the totals. File names are shown with control
  /// characters escaped, and values from the feeds quoted, escaped and cut (`DisplayText`), so that a file
  /// name or a title cannot forge a line or move the cursor.
  static func summary(_ imported: CatalogImport, usesList: Bool) -> String {
    var text = ""
    var counts = (imported: 0, moved: 0, rejected: 0, unused: 0)
    var warnings = imported.listWarnings.count
    for file in imported.files {
      let name = DisplayText.escaped(file.file)
      if let error = file.error {
        counts.rejected += 1
        var place = ""
        if let line = error.line { place = " at line \(line)" + (error.column.map { ", column \($0)" } ?? "") }
        text += "\(name): rejected\(place): \(error.reason)\n"
      } else if let url = file.movedTo {
        counts.moved += 1
        text += "\(name): moved to \(DisplayText.quoted(url)); no episodes imported\n"
      } else if usesList && file.feedURLs.isEmpty {
        counts.unused += 1
      } else {
        counts.imported += 1
        warnings += file.warnings.count
        text +=
          "\(name): \(shown(file.title)), \(file.episodeCount) of \(file.itemCount) items "
          + "imported, \(plural(file.warnings.count, "warning"))\n"
        for warning in file.warnings { text += "  warning: \(warning)\n" }
      }
    }
    for warning in imported.listWarnings { text += "subscription list: warning: \(warning)\n" }
    for missing in imported.missingSubscriptions {
      text +=
        "subscription list: no feed file for \(shown(missing.title)) (\(DisplayText.quoted(missing.feedURL)))\n"
    }
    let catalog = imported.catalog
    var unknown = 0
    for show in catalog.shows {
      let showUnknown = show.episodes.count { $0.durationSeconds == nil }
      unknown += showUnknown
      text +=
        "Show \(shown(show.title)) (\(DisplayText.quoted(show.feedURL))): "
        + "\(plural(show.episodes.count, "episode")), \(showUnknown) without a known duration\n"
    }
    text += "Files: \(counts.imported) imported, \(counts.moved) moved, \(counts.rejected) rejected"
    text += usesList ? ", \(counts.unused) not in the subscription list\n" : "\n"
    text +=
      "Imported \(plural(catalog.shows.count, "show")), \(plural(catalog.episodeCount, "episode")) "
      + "(\(unknown) without a known duration), \(plural(warnings, "warning"))\n"
    return text
  }

  /// A value from a feed in double quotes, escaped and cut.
  static func shown(_ value: String) -> String { DisplayText.inQuotes(value) }

  /// `1 show`, `2 shows`.
  static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
