import Foundation
import SmartFill

/// A podcast feed (RSS 2.0 with the iTunes tags) read into a ``SmartFill/Show``, with what was repaired or
/// left out on the way.
///
/// Only the `<item>` children of `<channel>` are episodes (namespaced look-alikes such as Acast's
/// `podaccess:item` are not). For each item:
/// - the GUID is `<guid>`, else the enclosure URL, else title and date; repeated GUIDs are all kept and made
///   unique (see `EpisodeIdentity`);
/// - `itunes:duration` is read as seconds, `MM:SS` or `H:MM:SS`; missing, empty, `0` or unreadable means
///   unknown, and such episodes stay in the show but out of time-based fills;
/// - `<pubDate>` is an RFC 822 date (see `RFC822Date`); a missing or unreadable one is replaced by the
///   channel's date, or 1970-01-01 when it has none, with a warning;
/// - `itunes:season`, `itunes:episode` and `itunes:episodeType` are read when present and not empty; a
///   season given only in the title (`S2 E3: …`) is left in the title and not guessed;
/// - an item without `<enclosure url="…">` is not playable and is skipped with a warning.
public struct PodcastFeed: Sendable, Hashable {
  /// The show, with its episodes in feed order.
  public var show: Show
  /// What was repaired, replaced or left out, in the order found.
  public var warnings: [FeedWarning]
  /// The number of `<item>` elements in the channel, playable or not.
  public var itemCount: Int
  /// The feed's own URL, from `<atom:link rel="self">`, when it gives one.
  public var selfURL: String?
  /// The URL the feed says it moved to, from `itunes:new-feed-url`, when it gives one.
  public var newFeedURL: String?

  /// The number of episodes whose duration is unknown.
  public var unknownDurationCount: Int { show.episodes.count { $0.durationSeconds == nil } }

  /// Reads a feed.
  ///
  /// - Parameters:
  ///   - rss: The feed's bytes, as stored.
  ///   - file: The file's path or another name for it, used in errors.
  ///   - feedURL: The show's feed URL in the catalog; when `nil`, the feed's ``selfURL``, else its
  ///     ``newFeedURL``, else the `file:` URL of `file`.
  /// - Throws: ``FeedError`` when the XML is malformed beyond repair or is not an RSS feed.
  /// - Complexity: O(*n* + *m* log *m*) for a text of length *n* with *m* items.
  public init(rss: some Collection<UInt8>, file: String, feedURL: String? = nil) throws(FeedError) {
    let (root, repairs) = try MarkupParser.parse(Array(rss), file: file)
    guard root.name == "rss" else {
      throw .unexpectedRoot(file: file, line: root.line, found: root.name, expected: "<rss>")
    }
    guard let channel = root.child("channel") else {
      throw .missingElement(file: file, element: "channel", parent: "rss")
    }
    var reader = ChannelReader(root: root, channel: channel)
    warnings = repairs
    selfURL = reader.selfURL
    newFeedURL = reader.newFeedURL
    let url = feedURL ?? selfURL ?? newFeedURL ?? URL(fileURLWithPath: file).absoluteURL.absoluteString
    var episodes = reader.episodes()
    itemCount = reader.itemCount
    let repeated = EpisodeIdentity.makeUnique(&episodes)
    warnings += reader.warnings
    if reader.missingGUIDCount > 0 { warnings.append(.missingGUIDs(count: reader.missingGUIDCount)) }
    for (guid, count) in repeated { warnings.append(.duplicateGUID(guid, count: count)) }
    let unknown = episodes.count { $0.durationSeconds == nil }
    if unknown > 0 { warnings.append(.unknownDurations(count: unknown)) }
    show = Show(
      feedURL: url, title: reader.title, ordering: reader.ordering, categories: reader.categories,
      episodes: episodes)
  }
}

/// Reads the channel's fields and its items.
private struct ChannelReader {
  let channel: MarkupElement
  /// The prefixes bound to the iTunes namespace, and `itunes` itself (which some feeds never declare).
  let itunesPrefixes: Set<Substring>
  var warnings: [FeedWarning] = []
  var missingGUIDCount = 0
  var itemCount = 0

  init(root: MarkupElement, channel: MarkupElement) {
    self.channel = channel
    var prefixes: Set<Substring> = ["itunes"]
    for (key, value) in root.attributes.merging(channel.attributes, uniquingKeysWith: { first, _ in first })
    where key.hasPrefix("xmlns:") && value.lowercased().contains("itunes.com/dtds/podcast-1.0.dtd") {
      prefixes.insert(key.dropFirst(6))
    }
    itunesPrefixes = prefixes
  }

  func itunes(_ element: MarkupElement, _ name: String) -> MarkupElement? {
    element.children.first { $0.localName == name && $0.prefix.map(itunesPrefixes.contains) == true }
  }

  func nonEmptyText(_ element: MarkupElement?) -> String? {
    guard let text = element?.trimmedText, !text.isEmpty else { return nil }
    return text
  }

  var title: String {
    nonEmptyText(channel.child("title")) ?? nonEmptyText(itunes(channel, "title")) ?? ""
  }

  var ordering: Show.Ordering {
    nonEmptyText(itunes(channel, "type"))?.lowercased() == "serial" ? .serial : .episodic
  }

  var categories: [String] {
    var result: [String] = []
    func add(_ name: String?) {
      guard let name = name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty,
        !result.contains(name)
      else { return }
      result.append(name)
    }
    for category in channel.children where category.localName == "category" {
      if category.prefix.map(itunesPrefixes.contains) == true {
        add(category.attributes["text"])
        for sub in category.children where sub.localName == "category" { add(sub.attributes["text"]) }
      }
    }
    if result.isEmpty {
      for category in channel.children where category.name == "category" { add(category.trimmedText) }
    }
    return result
  }

  var selfURL: String? {
    channel.children.first {
      $0.localName == "link" && $0.prefix != nil && $0.attributes["rel"] == "self"
        && !($0.attributes["href"] ?? "").isEmpty
    }?.attributes["href"]?.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  var newFeedURL: String? { nonEmptyText(itunes(channel, "new-feed-url")) }

  /// The date given to items without a readable date: the channel's, else 1970-01-01.
  var fallbackDate: Date {
    for name in ["pubDate", "lastBuildDate"] {
      if let text = nonEmptyText(channel.child(name)), let date = RFC822Date.parse(text) { return date }
    }
    return Date(timeIntervalSince1970: 0)
  }

  mutating func episodes() -> [Episode] {
    let fallback = fallbackDate
    var episodes: [Episode] = []
    for item in channel.children where item.name == "item" {
      itemCount += 1
      if let episode = episode(item, fallbackDate: fallback) { episodes.append(episode) }
    }
    return episodes
  }

  mutating func episode(_ item: MarkupElement, fallbackDate: Date) -> Episode? {
    let title = nonEmptyText(item.child("title")) ?? nonEmptyText(itunes(item, "title")) ?? ""
    let enclosure = item.children.first {
      $0.name == "enclosure" && !($0.attributes["url"] ?? "").trimmingCharacters(in: .whitespaces).isEmpty
    }
    guard let enclosure, let enclosureURL = enclosure.attributes["url"] else {
      warnings.append(.itemWithoutEnclosure(line: item.line, title: title))
      return nil
    }
    let dateElement = item.child("pubDate") ?? item.child("dc:date")
    let dateText = dateElement?.trimmedText ?? ""
    var published = fallbackDate
    if let date = RFC822Date.parse(dateText) {
      published = date
    } else {
      warnings.append(.unreadableDate(line: dateElement?.line ?? item.line, value: dateText, fallback: fallbackDate))
    }
    let guidText = item.child("guid")?.trimmedText ?? ""
    if guidText.isEmpty { missingGUIDCount += 1 }
    let guid = EpisodeIdentity.guid(guid: guidText, enclosureURL: enclosureURL, title: title, published: published)
    var duration: Int?
    if let element = itunes(item, "duration") {
      switch ITunesDuration(element.text) {
      case .seconds(let seconds): duration = seconds
      case .unknown: break
      case .unreadable: warnings.append(.unreadableDuration(line: element.line, value: element.trimmedText))
      }
    }
    var kind = Episode.Kind.full
    if let type = nonEmptyText(itunes(item, "episodeType")) {
      if let known = Episode.Kind(rawValue: type.lowercased()) {
        kind = known
      } else {
        warnings.append(.unknownEpisodeType(line: item.line, value: type))
      }
    }
    return Episode(
      guid: guid, title: title, published: published, durationSeconds: duration, season: number(item, "season"),
      episode: number(item, "episode"), kind: kind)
  }

  /// A whole number of 0 or more from `itunes:<name>`, or `nil` when absent, empty or unreadable.
  mutating func number(_ item: MarkupElement, _ name: String) -> Int? {
    guard let element = itunes(item, name), let text = nonEmptyText(element) else { return nil }
    if text.count <= 9, text.allSatisfy(\.isASCIIDigit), let value = Int(text) { return value }
    warnings.append(.unreadableNumber(line: element.line, element: "itunes:\(name)", value: text))
    return nil
  }
}
