import Foundation
import SmartFill

/// A podcast feed (RSS 2.0 or Atom, with the iTunes and Podcasting 2.0 tags) read into a `Show`,
/// with what was repaired or left out on the way.
///
/// In RSS 2.0 the `<item>` children of `<channel>` are episodes (namespaced look-alikes such as Acast's
/// `podaccess:item` are not); in Atom the `<entry>` children of `<feed>`, as gPodder's podcastparser and
/// AntennaPod read them. For each item or entry:
/// - the GUID is `<guid>` (Atom: `<id>`), else the enclosure URL, else title and date; repeated GUIDs are all
///   kept and made unique (see `EpisodeIdentity`);
/// - the enclosure is `<enclosure url="…">` (Atom: the first `<link rel="enclosure" href="…">`), with its
///   `length` and `type` when given (see ``enclosures``); an item without one is not playable and is skipped
///   with a warning;
/// - `itunes:duration` is read as seconds, `MM:SS` or `H:MM:SS`; missing, empty, `0` or unreadable means
///   unknown, and such episodes stay in the show but out of time-based fills;
/// - the date is `<pubDate>` (Atom: `<published>`, else `<updated>`), an RFC 822 or ISO 8601 date (see
///   `RFC822Date`); a missing, unreadable or out-of-range one is replaced by the channel's date, or 1970-01-01
///   when it has none, with a warning;
/// - `itunes:season`, `itunes:episode` and `itunes:episodeType` are read when present and not empty, and
///   where the iTunes tags are absent (or unreadable), `podcast:season` and `podcast:episode` of the
///   Podcasting 2.0 namespace; a season given only in the title (`S2 E3: …`) is left in the title and not
///   guessed.
///
/// The iTunes and Podcasting 2.0 tags are recognized by their namespace URI, under any prefix and wherever
/// it is declared (on an item, or as a default namespace), and `itunes:` also when it is not declared.
///
/// A feed that says it has moved and lists no items, with `<redirect><newLocation>URL</newLocation>
/// </redirect>` (in `<rss>`, in `<channel>`, or as the root element) or with `itunes:new-feed-url`, is read as
/// moved (``movedTo``), with no episodes. RSS 1.0 (`<rdf:RDF>`) is not read.
public struct PodcastFeed: Sendable, Hashable {
  /// The format of a feed document.
  public enum Format: String, Sendable, Hashable {
    /// RSS 2.0 (`<rss><channel>`), and a `<redirect>` document.
    case rss = "RSS 2.0"
    /// Atom 1.0 (`<feed>`).
    case atom = "Atom"
  }

  /// The media file of an episode, as the feed gives it.
  public struct Enclosure: Sendable, Hashable {
    /// The file's URL.
    public var url: String
    /// The file's size in bytes, when the feed gives a positive one.
    public var length: Int?
    /// The MIME type as written (such as `audio/mpeg`), when the feed gives one.
    public var type: String?

    /// Creates an enclosure.
    public init(url: String, length: Int? = nil, type: String? = nil) {
      self.url = url
      self.length = length
      self.type = type
    }
  }

  /// The show, with its episodes in feed order.
  public var show: Show
  /// The enclosure of each episode of ``show``, in the same order.
  public var enclosures: [Enclosure]
  /// What was repaired, replaced or left out, in the order found.
  public var warnings: [FeedWarning]
  /// The number of `<item>` (Atom: `<entry>`) elements, playable or not.
  public var itemCount: Int
  /// The feed's format.
  public var format: Format
  /// The feed's own URL, from `<atom:link rel="self">` (Atom: `<link rel="self">`), when it gives one.
  public var selfURL: String?
  /// The URL the feed says it moved to, from `itunes:new-feed-url`, when it gives one.
  public var newFeedURL: String?
  /// The URL of a feed that has moved and lists no items (from `<redirect><newLocation>` or
  /// `itunes:new-feed-url`); `nil` for a feed that lists its items.
  public var movedTo: String?

  /// The number of episodes whose duration is unknown.
  public var unknownDurationCount: Int { show.episodes.count { $0.durationSeconds == nil } }

  /// Reads a feed document: RSS 2.0 or Atom.
  ///
  /// - Parameters:
  ///   - rss: The feed's bytes, as stored (RSS 2.0 or Atom).
  ///   - file: The file's path or another name for it, used in errors.
  ///   - feedURL: The show's feed URL in the catalog; when `nil`, the feed's ``selfURL``, else its
  ///     ``newFeedURL``, else the `file:` URL of `file`.
  /// - Throws: ``FeedError`` when the XML is malformed beyond repair or is not an RSS 2.0 or Atom feed.
  /// - Complexity: O(*n* + *m* log *m*) for a text of length *n* with *m* items.
  public init(rss: some Collection<UInt8>, file: String, feedURL: String? = nil) throws(FeedError) {
    let (root, repairs) = try MarkupParser.parse(Array(rss), file: file)
    warnings = repairs
    let fileURL = URL(fileURLWithPath: file).absoluteURL.absoluteString
    let channel: MarkupElement
    if root.name == "rss", let found = root.child("channel") {
      format = .rss
      channel = found
    } else if root.localName == "feed", root.namespace.map({ FeedNamespace(uri: $0) == .atom }) ?? true {
      format = .atom
      channel = root
    } else if let url = Self.movedURL(withoutChannel: root) {
      // A moved feed without a channel: no episodes.
      format = .rss
      movedTo = url
      newFeedURL = root.child("new-feed-url", in: .iTunes).flatMap(Self.nonEmpty)
      itemCount = 0
      enclosures = []
      show = Show(feedURL: feedURL ?? fileURL, title: root.child("title").flatMap(Self.nonEmpty) ?? "", episodes: [])
      return
    } else if root.name == "rss" {
      throw .missingElement(file: file, element: "channel", parent: "rss")
    } else {
      let expected = root.localName == "RDF" ? "<rss> or <feed> (RSS 1.0 is not read)" : "<rss> or <feed>"
      throw .unexpectedRoot(file: file, line: root.line, found: root.name, expected: expected)
    }
    var reader = ChannelReader(channel: channel, format: format)
    selfURL = reader.selfURL
    newFeedURL = reader.newFeedURL
    let url = feedURL ?? selfURL ?? newFeedURL ?? fileURL
    var (episodes, enclosures) = reader.episodes()
    itemCount = reader.itemCount
    if itemCount == 0, let moved = Self.redirect(in: channel) ?? Self.redirect(in: root) ?? newFeedURL {
      movedTo = moved
    }
    let repeated = EpisodeIdentity.makeUnique(&episodes)
    warnings += reader.warnings
    if reader.missingGUIDCount > 0 { warnings.append(.missingGUIDs(count: reader.missingGUIDCount)) }
    for (guid, count) in repeated { warnings.append(.duplicateGUID(guid, count: count)) }
    let unknown = episodes.count { $0.durationSeconds == nil }
    if unknown > 0 { warnings.append(.unknownDurations(count: unknown)) }
    self.enclosures = enclosures
    show = Show(
      feedURL: url, title: reader.title, ordering: reader.ordering, categories: reader.categories,
      episodes: episodes)
  }

  /// The new URL of a moved feed that has no channel: `<rss>` with a `<redirect>` or an
  /// `itunes:new-feed-url`, or a `<redirect>` root element.
  static func movedURL(withoutChannel root: MarkupElement) -> String? {
    if root.localName == "redirect" { return root.children.first { $0.localName == "newLocation" }.flatMap(nonEmpty) }
    guard root.name == "rss" else { return nil }
    return redirect(in: root) ?? root.child("new-feed-url", in: .iTunes).flatMap(nonEmpty)
  }

  /// The URL of `<redirect><newLocation>` among the children of `element`, when it gives one.
  static func redirect(in element: MarkupElement) -> String? {
    element.children.lazy.filter { $0.localName == "redirect" }
      .compactMap { $0.children.first { $0.localName == "newLocation" }.flatMap(nonEmpty) }.first
  }

  static func nonEmpty(_ element: MarkupElement) -> String? {
    let text = element.trimmedText
    return text.isEmpty ? nil : text
  }
}

/// Reads the channel's (Atom: the feed's) fields and its items (entries).
private struct ChannelReader {
  let channel: MarkupElement
  let format: PodcastFeed.Format
  var warnings: [FeedWarning] = []
  var missingGUIDCount = 0
  var itemCount = 0

  init(channel: MarkupElement, format: PodcastFeed.Format) {
    self.channel = channel
    self.format = format
  }

  /// Whether `element` is the format's own `name`: unprefixed in RSS, in the Atom namespace (or none) in Atom.
  func isCore(_ element: MarkupElement, _ name: String) -> Bool {
    switch format {
    case .rss: return element.name == name
    case .atom:
      return element.isNamed(name, in: .atom) || (element.name == name && element.namespace == nil)
    }
  }

  func core(_ element: MarkupElement, _ name: String) -> MarkupElement? {
    element.children.first { isCore($0, name) }
  }

  func nonEmptyText(_ element: MarkupElement?) -> String? {
    guard let text = element?.trimmedText, !text.isEmpty else { return nil }
    return text
  }

  /// The text of a title: in Atom, an `xhtml` title's text is in its child elements.
  func titleText(_ element: MarkupElement?) -> String? {
    guard let element else { return nil }
    guard format == .atom, !element.children.isEmpty else { return nonEmptyText(element) }
    var text = element.text
    var pending = Array(element.children.reversed())
    while let next = pending.popLast() {
      text += next.text
      pending += next.children.reversed()
    }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  var title: String {
    titleText(core(channel, "title")) ?? nonEmptyText(channel.child("title", in: .iTunes)) ?? ""
  }

  var ordering: Show.Ordering {
    nonEmptyText(channel.child("type", in: .iTunes))?.lowercased() == "serial" ? .serial : .episodic
  }

  var categories: [String] {
    var result: [String] = []
    func add(_ name: String?) {
      guard let name = name?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty,
        !result.contains(name)
      else { return }
      result.append(name)
    }
    for category in channel.children where category.isNamed("category", in: .iTunes) {
      add(category.attributes["text"])
      for sub in category.children where sub.localName == "category" { add(sub.attributes["text"]) }
    }
    if result.isEmpty {
      for category in channel.children where isCore(category, "category") {
        add(format == .atom ? category.attributes["label"] ?? category.attributes["term"] : category.trimmedText)
      }
    }
    return result
  }

  var selfURL: String? {
    channel.children.first {
      let isLink =
        format == .atom ? isCore($0, "link") : $0.localName == "link" && ($0.prefix != nil || $0.namespace != nil)
      return isLink && $0.attributes["rel"] == "self" && !($0.attributes["href"] ?? "").isEmpty
    }?.attributes["href"]?.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  var newFeedURL: String? { nonEmptyText(channel.child("new-feed-url", in: .iTunes)) }

  /// The date given to items without a readable date: the channel's, else 1970-01-01.
  var fallbackDate: Date {
    for name in format == .atom ? ["updated"] : ["pubDate", "lastBuildDate"] {
      if let text = nonEmptyText(core(channel, name)), let date = RFC822Date.parse(text) { return date }
    }
    return Date(timeIntervalSince1970: 0)
  }

  mutating func episodes() -> ([Episode], [PodcastFeed.Enclosure]) {
    let fallback = fallbackDate
    var episodes: [Episode] = []
    var enclosures: [PodcastFeed.Enclosure] = []
    for item in channel.children where isCore(item, format == .atom ? "entry" : "item") {
      itemCount += 1
      if let (episode, enclosure) = episode(item, fallbackDate: fallback) {
        episodes.append(episode)
        enclosures.append(enclosure)
      }
    }
    return (episodes, enclosures)
  }

  /// The item's enclosure: `<enclosure url>` in RSS, the first `<link rel="enclosure" href>` in Atom.
  func enclosure(_ item: MarkupElement) -> PodcastFeed.Enclosure? {
    let key = format == .atom ? "href" : "url"
    let element = item.children.first {
      let isEnclosure =
        format == .atom ? isCore($0, "link") && $0.attributes["rel"] == "enclosure" : $0.name == "enclosure"
      return isEnclosure && !($0.attributes[key] ?? "").trimmingCharacters(in: .whitespaces).isEmpty
    }
    guard let element, let url = element.attributes[key] else { return nil }
    let lengthText = element.attributes["length"]?.trimmingCharacters(in: .whitespaces) ?? ""
    var length: Int?
    if lengthText.count <= 18, lengthText.allSatisfy(\.isASCIIDigit), let value = Int(lengthText), value > 0 {
      length = value
    }
    let type = element.attributes["type"]?.trimmingCharacters(in: .whitespacesAndNewlines)
    return PodcastFeed.Enclosure(url: url, length: length, type: type?.isEmpty == false ? type : nil)
  }

  mutating func episode(_ item: MarkupElement, fallbackDate: Date) -> (Episode, PodcastFeed.Enclosure)? {
    let title = titleText(core(item, "title")) ?? nonEmptyText(item.child("title", in: .iTunes)) ?? ""
    guard let enclosure = enclosure(item) else {
      warnings.append(.itemWithoutEnclosure(line: item.line, title: title))
      return nil
    }
    let dateElement =
      format == .atom
      ? core(item, "published") ?? core(item, "updated") : item.child("pubDate") ?? item.child("dc:date")
    let dateText = dateElement?.trimmedText ?? ""
    var published = fallbackDate
    if let date = RFC822Date.parse(dateText) {
      published = date
    } else {
      warnings.append(.unreadableDate(line: dateElement?.line ?? item.line, value: dateText, fallback: fallbackDate))
    }
    let guidText = core(item, format == .atom ? "id" : "guid")?.trimmedText ?? ""
    if guidText.isEmpty { missingGUIDCount += 1 }
    let guid = EpisodeIdentity.guid(guid: guidText, enclosureURL: enclosure.url, title: title, published: published)
    var duration: Int?
    if let element = item.child("duration", in: .iTunes) {
      switch ITunesDuration(element.text) {
      case .seconds(let seconds): duration = seconds
      case .unknown: break
      case .unreadable: warnings.append(.unreadableDuration(line: element.line, value: element.trimmedText))
      }
    }
    var kind = Episode.Kind.full
    if let type = nonEmptyText(item.child("episodeType", in: .iTunes)) {
      if let known = Episode.Kind(rawValue: type.lowercased()) {
        kind = known
      } else {
        warnings.append(.unknownEpisodeType(line: item.line, value: type))
      }
    }
    let episode = Episode(
      guid: guid, title: title, published: published, durationSeconds: duration, season: number(item, "season"),
      episode: number(item, "episode"), kind: kind)
    return (episode, enclosure)
  }

  /// A whole number of 0 or more from `itunes:<name>`, else from `podcast:<name>` (Podcasting 2.0), or `nil`
  /// when both are absent, empty or unreadable.
  mutating func number(_ item: MarkupElement, _ name: String) -> Int? {
    for (namespace, prefix) in [(FeedNamespace.iTunes, "itunes"), (.podcastIndex, "podcast")] {
      guard let element = item.child(name, in: namespace), let text = nonEmptyText(element) else { continue }
      if text.count <= 9, text.allSatisfy(\.isASCIIDigit), let value = Int(text) { return value }
      warnings.append(.unreadableNumber(line: element.line, element: "\(prefix):\(name)", value: text))
    }
    return nil
  }
}
