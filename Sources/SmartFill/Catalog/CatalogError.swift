import SmartFillSupport

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
