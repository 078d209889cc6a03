/// The XML namespaces that feeds use for podcast tags, recognized by their URI wherever a document declares
/// them and under whatever prefix (or as the default namespace), not by the prefix.
enum FeedNamespace: Sendable, Hashable {
  /// Apple's podcast tags (`itunes:duration`, `itunes:season`, …): `http://www.itunes.com/dtds/podcast-1.0.dtd`.
  case iTunes
  /// The Podcasting 2.0 tags (`podcast:season`, `podcast:episode`, …): `https://podcastindex.org/namespace/1.0`.
  case podcastIndex
  /// Atom 1.0: `http://www.w3.org/2005/Atom`.
  case atom

  /// The namespace a URI names, or `nil` for another one.
  ///
  /// The URIs are compared as feeds write them: without the scheme, `www.` or a final `/`, and in any case
  /// (`http://www.itunes.com/DTDs/Podcast-1.0.dtd` occurs).
  ///
  /// - Complexity: O(*n*) in the length of `uri`.
  init?(uri: String) {
    var text = Substring(uri.lowercased())
    while text.first?.isWhitespace == true { text.removeFirst() }
    while text.last?.isWhitespace == true || text.last == "/" { text.removeLast() }
    for scheme in ["https://", "http://"] where text.hasPrefix(scheme) { text = text.dropFirst(scheme.count) }
    if text.hasPrefix("www.") { text = text.dropFirst(4) }
    switch text {
    case "itunes.com/dtds/podcast-1.0.dtd": self = .iTunes
    case "podcastindex.org/namespace/1.0", "github.com/podcastindex-org/podcast-namespace/blob/main/docs/1.0.md":
      self = .podcastIndex
    case "w3.org/2005/atom": self = .atom
    default: return nil
    }
  }
}

extension MarkupElement {
  /// Whether this element is `localName` in `namespace`.
  ///
  /// An `itunes:` prefix that the document never declares (as some feeds do) is taken as the iTunes
  /// namespace, and so is a literal `itunes:` prefix bound to a misspelt URI.
  func isNamed(_ localName: String, in namespace: FeedNamespace) -> Bool {
    guard self.localName == localName else { return false }
    if let uri = self.namespace, FeedNamespace(uri: uri) == namespace { return true }
    return namespace == .iTunes && prefix == "itunes"
  }

  /// The first child element that is `localName` in `namespace`.
  func child(_ localName: String, in namespace: FeedNamespace) -> MarkupElement? {
    children.first { $0.isNamed(localName, in: namespace) }
  }
}
