import SmartFillSupport

/// Where in a catalog a problem was found: the show (by its feed URL, or its position when the URL is
/// missing), the episode (by its GUID, or its position), and the field.
public struct CatalogLocation: Sendable, Hashable, CustomStringConvertible {
  /// The show's position in `shows`, from 0, when the problem is inside a show.
  public var showIndex: Int?
  /// The show's feed URL, when it could be read.
  public var feedURL: String?
  /// The episode's position in the show's `episodes`, from 0, when the problem is inside an episode.
  public var episodeIndex: Int?
  /// The episode's GUID, when it could be read.
  public var guid: String?
  /// The field's name, as the JSON spells it.
  public var field: String?

  /// Creates a location.
  public init(
    showIndex: Int? = nil, feedURL: String? = nil, episodeIndex: Int? = nil, guid: String? = nil,
    field: String? = nil
  ) {
    self.showIndex = showIndex
    self.feedURL = feedURL
    self.episodeIndex = episodeIndex
    self.guid = guid
    self.field = field
  }

  public var description: String {
    var parts: [String] = []
    if let showIndex {
      parts.append(feedURL.map { "show \(DisplayText.quoted($0, limit: 200))" } ?? "shows[\(showIndex)]")
    }
    if let episodeIndex {
      parts.append(
        guid.map { "episode \(DisplayText.excerpt(JSONWriter.quoted($0), limit: 200))" } ?? "episodes[\(episodeIndex)]")
    }
    if let field { parts.append("field \(DisplayText.excerpt(JSONWriter.quoted(field)))") }
    return parts.isEmpty ? "catalog" : parts.joined(separator: ", ")
  }
}
