/// A feed or subscription list that cannot be imported: the file cannot be read, is not well-formed XML even
/// after the repairs podcast apps make, or is not RSS 2.0 or OPML.
///
/// Each case names the file and, where there is one, the line and the offending value, so that one bad feed
/// can be reported and skipped while the others import.
public enum FeedError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file cannot be read (missing, a directory, no permission).
  case unreadable(file: String, problem: String)
  /// The XML is malformed where no safe repair exists; `line` and `column` count from 1 in the original file.
  case malformedXML(file: String, line: Int, column: Int, problem: String)
  /// The document's root element is not the one the format needs (`rss` for a feed, `opml` for a
  /// subscription list).
  case unexpectedRoot(file: String, line: Int, found: String, expected: String)
  /// A required element is absent: `channel` in a feed, `body` in a subscription list.
  case missingElement(file: String, element: String, parent: String)

  /// The file the error is about.
  public var file: String {
    switch self {
    case .unreadable(let file, _), .malformedXML(let file, _, _, _), .unexpectedRoot(let file, _, _, _),
      .missingElement(let file, _, _):
      return file
    }
  }

  public var description: String {
    switch self {
    case .unreadable(let file, let problem):
      return "\(file): cannot read the file: \(problem)"
    case .malformedXML(let file, let line, let column, let problem):
      return "\(file), line \(line), column \(column): malformed XML: \(problem)"
    case .unexpectedRoot(let file, let line, let found, let expected):
      return "\(file), line \(line): the root element is <\(found)>, expected <\(expected)>"
    case .missingElement(let file, let element, let parent):
      return "\(file): <\(parent)> has no <\(element)> element"
    }
  }
}
