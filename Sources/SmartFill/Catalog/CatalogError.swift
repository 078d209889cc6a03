/// Where in a catalog a problem was found: the show (by its feed URL, or its position when the URL is
/// missing), the episode (by its GUID, or its position), and the field.

import SmartFillSupport

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

/// A catalog that cannot be read: the JSON is malformed, or a field is missing, of the wrong type or out of
/// range. Each case names where it was and, where there is one, the offending value.
public enum CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The text is not JSON; the line and column are where reading stopped.
  case malformedJSON(line: Int, column: Int, problem: String)
  /// The `version` is not one this package reads.
  case unsupportedVersion(String)
  /// A required field is absent.
  case missingField(CatalogLocation)
  /// A field has the wrong JSON type.
  case wrongType(CatalogLocation, expected: String, found: String)
  /// A field's value is out of range or not one of the allowed values.
  case invalidValue(CatalogLocation, value: String, reason: String)
  /// A field this version does not know (a misspelling, or a newer version's field); `suggestion` is the
  /// nearest known field, when one is close.
  case unknownField(CatalogLocation, suggestion: String?)
  /// Two shows have the same feed URL.
  case duplicateFeedURL(String, firstIndex: Int, secondIndex: Int)
  /// Two episodes of one show have the same GUID.
  case duplicateGUID(String, feedURL: String)

  public var description: String {
    switch self {
    case .malformedJSON(let line, let column, let problem):
      return "line \(line), column \(column): malformed JSON: \(problem)"
    case .unsupportedVersion(let value):
      return
        "catalog, field \"version\": unsupported version \(value); this package reads version \(Catalog.formatVersion)"
    case .missingField(let location):
      return "\(location): required field is missing"
    case .wrongType(let location, let expected, let found):
      return "\(location): expected \(expected), got \(found)"
    case .invalidValue(let location, let value, let reason):
      return "\(location): \(reason), got \(DisplayText.excerpt(value))"
    case .unknownField(let location, let suggestion):
      return "\(location): unknown field" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
    case .duplicateFeedURL(let url, let first, let second):
      return
        "shows[\(second)]: feed URL \(DisplayText.excerpt(JSONWriter.quoted(url), limit: 200)) already used by "
        + "shows[\(first)]; feed URLs must be unique"
    case .duplicateGUID(let guid, let feedURL):
      return
        "show \(DisplayText.quoted(feedURL, limit: 200)): GUID \(DisplayText.excerpt(JSONWriter.quoted(guid), limit: 200)) "
        + "appears twice; GUIDs must be unique within a show"
    }
  }
}
