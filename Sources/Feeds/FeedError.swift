import SmartFillSupport

/// A feed or subscription list that cannot be imported: the file cannot be read, is too large, is not
/// well-formed XML even after the repairs podcast apps make, or is not RSS 2.0, Atom or OPML.
///
/// Each case names the file and, where there is one, the line and the offending value, so that one bad feed
/// can be reported and skipped while the others import. The descriptions show control characters escaped
/// and cut values taken from the document (see `DisplayText`), so that they are safe to print.
public enum FeedError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file cannot be read (missing, a directory, no permission).
  case unreadable(file: String, problem: String)
  /// The file is larger than the limit (`ParserInput.maximumSize`, 256 MiB); both sizes in bytes.
  case tooLarge(file: String, size: Int, limit: Int)
  /// The XML is malformed where no safe repair exists; `line` and `column` count from 1 in the original file.
  case malformedXML(file: String, line: Int, column: Int, problem: String)
  /// An element is nested deeper than the limit (`MarkupParser.maximumDepth`, 256 levels).
  case tooDeeplyNested(file: String, line: Int, column: Int, element: String, limit: Int)
  /// The document's root element is not the one the format needs (`rss` or `feed` for a feed, `opml` for a
  /// subscription list).
  case unexpectedRoot(file: String, line: Int, found: String, expected: String)
  /// A required element is absent: `channel` in a feed, `body` in a subscription list.
  case missingElement(file: String, element: String, parent: String)

  /// The file the error is about.
  public var file: String {
    switch self {
    case .unreadable(let file, _), .tooLarge(let file, _, _), .malformedXML(let file, _, _, _),
      .tooDeeplyNested(let file, _, _, _, _), .unexpectedRoot(let file, _, _, _), .missingElement(let file, _, _):
      return file
    }
  }

  /// The line of the problem in the file, from 1, or `nil` when it is not at a place in the file.
  public var line: Int? {
    switch self {
    case .malformedXML(_, let line, _, _), .tooDeeplyNested(_, let line, _, _, _), .unexpectedRoot(_, let line, _, _):
      return line
    case .unreadable, .tooLarge, .missingElement:
      return nil
    }
  }

  /// The column of the problem in its line, from 1, or `nil` when the error does not give one.
  public var column: Int? {
    switch self {
    case .malformedXML(_, _, let column, _), .tooDeeplyNested(_, _, let column, _, _): return column
    case .unreadable, .tooLarge, .unexpectedRoot, .missingElement: return nil
    }
  }

  /// The message: where (``file``, line and column where there are some), then ``reason``.
  public var description: String {
    var place = DisplayText.escaped(file)
    if let line { place += ", line \(line)" }
    if let column { place += ", column \(column)" }
    return place + ": " + reason
  }

  /// What is wrong, without the file and the place: `malformed XML: undefined entity`.
  public var reason: String {
    switch self {
    case .unreadable(_, let problem):
      return "cannot read the file: \(DisplayText.escaped(problem))"
    case .tooLarge(_, let size, let limit):
      return "the file has \(size) bytes, over the limit of \(limit) bytes (\(Self.mebibytes(limit))) "
        + "for a feed or subscription list"
    case .malformedXML(_, _, _, let problem):
      return "malformed XML: \(DisplayText.escaped(problem))"
    case .tooDeeplyNested(_, _, _, let element, let limit):
      return "<\(DisplayText.quoted(element))> is nested deeper than \(limit) levels, the limit"
    case .unexpectedRoot(_, _, let found, let expected):
      return "the root element is <\(DisplayText.quoted(found))>, expected \(expected)"
    case .missingElement(_, let element, let parent):
      return "<\(parent)> has no <\(element)> element"
    }
  }

  /// `256 MiB`, or the exact byte count when it is not a whole number of mebibytes.
  static func mebibytes(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}
