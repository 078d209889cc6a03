/// A subscription list in OPML, as podcast apps export it (Overcast, AntennaPod, GNOME Podcasts and
/// directories such as the German tech podcasts list).
///
/// Every `<outline>` with an `xmlUrl` is a subscription, however deeply it is nested; an outline without one
/// is a folder, whose title is kept in ``Subscription/folders``. Outlines with an empty `xmlUrl` and repeated
/// feed URLs are skipped with a warning.
public struct SubscriptionList: Sendable, Hashable {
  /// One subscribed feed.
  public struct Subscription: Sendable, Hashable {
    /// The feed's URL, as the list gives it.
    public var feedURL: String
    /// The title the list gives (`title`, else `text`), or the feed URL when it gives none.
    public var title: String
    /// The show's web site, when the list gives one.
    public var webURL: String?
    /// The titles of the folders the outline sits in, outermost first.
    public var folders: [String]
    /// The line of the outline in the file, from 1.
    public var line: Int

    /// Creates a subscription.
    public init(feedURL: String, title: String, webURL: String? = nil, folders: [String] = [], line: Int = 0) {
      self.feedURL = feedURL
      self.title = title
      self.webURL = webURL
      self.folders = folders
      self.line = line
    }
  }

  /// The list's title from `<head><title>`, when it has one.
  public var title: String?
  /// The subscriptions, in document order.
  public var subscriptions: [Subscription]
  /// What was repaired or skipped.
  public var warnings: [FeedWarning]

  /// Reads an OPML document (version 1.0 or 2.0).
  ///
  /// - Parameters:
  ///   - opml: The file's bytes.
  ///   - file: The file's path or another name for it, used in errors.
  /// - Throws: ``FeedError`` when the XML is malformed beyond repair, the root is not `<opml>` or there is no
  ///   `<body>`.
  /// - Complexity: O(*n*) in the length of the text.
  public init(opml: some Collection<UInt8>, file: String) throws(FeedError) {
    let (root, repairs) = try MarkupParser.parse(Array(opml), file: file)
    guard root.name.lowercased() == "opml" else {
      throw .unexpectedRoot(file: file, line: root.line, found: root.name, expected: "<opml>")
    }
    guard let body = root.children.first(where: { $0.name.lowercased() == "body" }) else {
      throw .missingElement(file: file, element: "body", parent: "opml")
    }
    let headTitle = root.children.first { $0.name.lowercased() == "head" }?.child("title")?.trimmedText
    title = headTitle?.isEmpty == false ? headTitle : nil
    warnings = repairs
    subscriptions = []
    var seen: Set<String> = []
    // Iterative walk, so that a hostile nesting depth cannot exhaust the stack.
    var pending: [(element: MarkupElement, folders: [String])] = body.children.reversed().map { ($0, []) }
    while let (outline, folders) = pending.popLast() {
      guard outline.name.lowercased() == "outline" else { continue }
      let attributes = Dictionary(
        outline.attributes.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
      let label = [attributes["title"], attributes["text"]].compactMap { $0?.trimmed }.first { !$0.isEmpty }
      if let rawURL = attributes["xmlurl"] {
        let url = rawURL.trimmed
        if url.isEmpty {
          warnings.append(.outlineWithoutURL(line: outline.line, title: label ?? ""))
        } else if !seen.insert(url).inserted {
          warnings.append(.duplicateSubscription(line: outline.line, feedURL: url))
        } else {
          let web = attributes["htmlurl"]?.trimmed
          subscriptions.append(
            Subscription(
              feedURL: url, title: label ?? url, webURL: web?.isEmpty == false ? web : nil, folders: folders,
              line: outline.line))
        }
      }
      let inner = label.map { folders + [$0] } ?? folders
      pending += outline.children.reversed().map { ($0, inner) }
    }
  }
}

extension String {
  var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
