import Foundation
import SmartFillSupport

// The catalog reader's fast path. `CatalogReader` (Catalog+JSON.swift) parses the whole document into a
// `JSONValue` tree and then reads the tree, which is what lets it report every problem of a file with its place;
// but building the tree (a dictionary per object, a string per key) costs most of the time of reading a large
// catalog. This scanner reads the UTF-8 bytes once, in the catalog's own schema, straight into `Catalog`, `Show`
// and `Episode`, and gives up (returns `nil`) at the first thing a valid catalog does not contain: a syntax
// error, an unknown or repeated key, a value of the wrong type, a value out of range, two episodes with one GUID.
// The caller then reads the same bytes with `CatalogReader`, so every error message, line, column and field path
// is the generic reader's, unchanged. The scanner never decides that a catalog is invalid; it only decides, for
// a valid catalog, what it contains — and `CatalogScannerTests` checks on the datasets and thousands of seeded
// mutations that it accepts only what `CatalogReader` accepts, with the same values.

/// A single-pass reader of valid catalog JSON (version 1), for the common case; `nil` means "read this with
/// `CatalogReader`", never "invalid".
struct CatalogScanner {
  /// The scanner met something a valid catalog does not contain (the generic reader says what).
  struct Unexpected: Error {}

  /// The keys of an object of one kind, in the order of its `jsonKeys`: for each, its length and its first
  /// eight UTF-8 bytes as one integer (little-endian, zero-padded), so that finding a key compares integers and
  /// reads the rest of its bytes only for the key that matches.
  struct KeyTable {
    let lengths: [Int]
    let heads: [UInt64]
    let keys: [[UInt8]]

    init(_ names: [String]) {
      precondition(names.count <= 32, "a key table holds at most 32 keys")
      keys = names.map { Array($0.utf8) }
      lengths = keys.map(\.count)
      heads = keys.map { key in
        key.prefix(8).enumerated().reduce(0) { head, byte in head | UInt64(byte.element) << (8 * byte.offset) }
      }
    }
  }

  static let catalogKeys = KeyTable(Catalog.jsonKeys)
  static let showKeys = KeyTable(Show.jsonKeys)
  static let episodeKeys = KeyTable(Episode.jsonKeys)
  static let orderings = Show.Ordering.allCases.map { (Array($0.rawValue.utf8), $0) }
  static let kinds = Episode.Kind.allCases.map { (Array($0.rawValue.utf8), $0) }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  /// The GUIDs of the show being read, kept between shows so that its storage grows only to the largest show.
  private var guids: Set<String> = []

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// The catalog `json` holds, or `nil` when the scanner cannot vouch for it (then `CatalogReader` reads it and
  /// reports its problems, or returns the catalog when the scanner merely did not expect its form).
  ///
  /// - Complexity: O(*n*) in the length of the text, in one pass, without a tree.
  static func catalog(in json: some Collection<UInt8>) -> Catalog? {
    if let result = json.withContiguousStorageIfAvailable({ catalog(inBuffer: $0) }) { return result }
    return Array(json).withUnsafeBufferPointer { catalog(inBuffer: $0) }
  }

  /// ``catalog(in:)`` on contiguous bytes.
  static func catalog(inBuffer bytes: UnsafeBufferPointer<UInt8>) -> Catalog? {
    // As the generic parser does, the whole text must be UTF-8 before anything else counts.
    guard UTF8Validation.firstInvalidOffset(bytes) == nil else { return nil }
    var scanner = CatalogScanner(bytes)
    return try? scanner.document()
  }

  // MARK: The schema

  private mutating func document() throws(Unexpected) -> Catalog {
    // A UTF-8 byte order mark, which the generic parser skips.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    var version: Int?
    var shows: [Show]?
    var seen: UInt32 = 0
    var more = try beginObject()
    while more {
      switch try key(in: Self.catalogKeys, seen: &seen) {
      case 0: version = try integer()
      default: shows = try showArray()
      }
      more = try nextMember()
    }
    skipWhitespace()
    guard index == bytes.count, version == Catalog.formatVersion, let shows else { throw Unexpected() }
    return Catalog(shows: shows)
  }

  private mutating func showArray() throws(Unexpected) -> [Show] {
    var shows: [Show] = []
    var feedURLs: Set<String> = []
    var more = try beginArray()
    while more {
      let show = try self.show()
      guard feedURLs.insert(show.feedURL).inserted else { throw Unexpected() }
      shows.append(show)
      more = try nextElement()
    }
    return shows
  }

  private mutating func show() throws(Unexpected) -> Show {
    var feedURL: String?
    var title: String?
    var ordering = Show.Ordering.episodic
    var categories: [String] = []
    var listening = 0
    var episodes: [Episode]?
    var seen: UInt32 = 0
    var more = try beginObject()
    while more {
      switch try key(in: Self.showKeys, seen: &seen) {
      case 0: feedURL = try string()
      case 1: title = try string()
      case 2: ordering = try enumValue(Self.orderings)
      case 3: categories = try stringArray()
      case 4: listening = try integer()
      default: episodes = try episodeArray()
      }
      more = try nextMember()
    }
    guard let feedURL, let title, let episodes else { throw Unexpected() }
    let show = Show(
      feedURL: feedURL, title: title, ordering: ordering, categories: categories, recentListeningSeconds: listening,
      episodes: episodes)
    guard show.fieldProblems(at: CatalogLocation()).isEmpty else { throw Unexpected() }
    return show
  }

  private mutating func episodeArray() throws(Unexpected) -> [Episode] {
    var episodes: [Episode] = []
    guids.removeAll(keepingCapacity: true)
    var more = try beginArray()
    while more {
      let episode = try self.episode()
      guard guids.insert(episode.guid).inserted else { throw Unexpected() }
      episodes.append(episode)
      more = try nextElement()
    }
    return episodes
  }

  private mutating func episode() throws(Unexpected) -> Episode {
    var guid: String?
    var title = ""
    var published: Date?
    var duration: Int?
    var season: Int?
    var number: Int?
    var kind = Episode.Kind.full
    var played = 0
    var isPlayed = false
    var seen: UInt32 = 0
    var more = try beginObject()
    while more {
      switch try key(in: Self.episodeKeys, seen: &seen) {
      case 0: guid = try string()
      case 1: title = try string()
      case 2: published = try date()
      case 3: duration = try integer()
      case 4: season = try integer()
      case 5: number = try integer()
      case 6: kind = try enumValue(Self.kinds)
      case 7: played = try integer()
      default: isPlayed = try bool()
      }
      more = try nextMember()
    }
    guard let guid, let published else { throw Unexpected() }
    let episode = Episode(
      guid: guid, title: title, published: published, durationSeconds: duration, season: season, episode: number,
      kind: kind, playedSeconds: played, isPlayed: isPlayed)
    // The same range checks as the generic reader's; the location is spelled out only for a problem, and a
    // problem sends the whole text to the generic reader.
    guard episode.problems(at: CatalogLocation()).isEmpty else { throw Unexpected() }
    return episode
  }

  // MARK: Values

  /// A string value, or an error for anything else (`null` included).
  private mutating func string() throws(Unexpected) -> String {
    let range = try stringRange()
    if let range { return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
    return try escapedString()
  }

  /// A string of the date and time format ``Timestamp/parse(utf8:)`` reads.
  private mutating func date() throws(Unexpected) -> Date {
    let date: Date?
    if let range = try stringRange() {
      date = Timestamp.parse(utf8: UnsafeBufferPointer(rebasing: bytes[range]))
    } else {
      date = Timestamp.parse(try escapedString())
    }
    guard let date else { throw Unexpected() }
    return date
  }

  /// One of `values`, spelled exactly as its raw value (an escaped spelling goes to the generic reader).
  private mutating func enumValue<Value>(_ values: [([UInt8], Value)]) throws(Unexpected) -> Value {
    guard let range = try stringRange() else { throw Unexpected() }
    for (spelling, value) in values where matches(range, spelling) { return value }
    throw Unexpected()
  }

  private mutating func stringArray() throws(Unexpected) -> [String] {
    var strings: [String] = []
    var more = try beginArray()
    while more {
      strings.append(try string())
      more = try nextElement()
    }
    return strings
  }

  /// An integer as the generic parser reads one: an optional minus and up to 18 characters in all (longer ones,
  /// fractions and exponents go to the generic reader, which tells an integer from a number).
  private mutating func integer() throws(Unexpected) -> Int {
    let start = index
    let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
    if negative { index += 1 }
    let digitsStart = index
    var value = 0
    while index < bytes.count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      value = value &* 10 &+ Int(digit)
      index += 1
    }
    let digitCount = index - digitsStart
    guard digitCount > 0, index - start <= 18, digitCount == 1 || bytes[digitsStart] != UInt8(ascii: "0") else {
      throw Unexpected()
    }
    if index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw Unexpected()
      default: break
      }
    }
    return negative ? -value : value
  }

  private mutating func bool() throws(Unexpected) -> Bool {
    if literal("true") { return true }
    if literal("false") { return false }
    throw Unexpected()
  }

  // MARK: Syntax

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// Whether the next byte, after whitespace, is `byte`; consumes it when it is.
  private mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// Reads `{`; whether a member follows (`false` for `{}`, whose `}` is consumed).
  private mutating func beginObject() throws(Unexpected) -> Bool {
    guard consume(UInt8(ascii: "{")) else { throw Unexpected() }
    return !consume(UInt8(ascii: "}"))
  }

  /// After a member's value: `true` when a `,` follows, `false` at the object's `}`.
  private mutating func nextMember() throws(Unexpected) -> Bool {
    if consume(UInt8(ascii: ",")) { return true }
    guard consume(UInt8(ascii: "}")) else { throw Unexpected() }
    return false
  }

  /// Reads `[`; whether an element follows (`false` for `[]`, whose `]` is consumed).
  private mutating func beginArray() throws(Unexpected) -> Bool {
    guard consume(UInt8(ascii: "[")) else { throw Unexpected() }
    if consume(UInt8(ascii: "]")) { return false }
    skipWhitespace()
    return true
  }

  /// After an element: `true` when a `,` follows, `false` at the array's `]`.
  private mutating func nextElement() throws(Unexpected) -> Bool {
    if consume(UInt8(ascii: ",")) {
      skipWhitespace()
      return true
    }
    guard consume(UInt8(ascii: "]")) else { throw Unexpected() }
    return false
  }

  /// Reads a member's key and its `:`, and returns the key's position in `table`, marking it in `seen`; an
  /// unknown, repeated or escaped key is unexpected.
  private mutating func key(in table: KeyTable, seen: inout UInt32) throws(Unexpected) -> Int {
    skipWhitespace()
    guard let range = try stringRange() else { throw Unexpected() }
    let head = self.head(range)
    let length = range.count
    for position in table.heads.indices where table.heads[position] == head && table.lengths[position] == length {
      // The first eight bytes match; the rest must too.
      guard length <= 8 || matches(range, table.keys[position]) else { break }
      let bit: UInt32 = 1 << position
      guard seen & bit == 0, consume(UInt8(ascii: ":")) else { throw Unexpected() }
      seen |= bit
      skipWhitespace()
      return position
    }
    throw Unexpected()
  }

  /// The first eight bytes of `range` (fewer when it is shorter) as ``KeyTable`` keeps a key's.
  private func head(_ range: Range<Int>) -> UInt64 {
    let count = min(range.count, 8)
    if range.lowerBound + 8 <= bytes.count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(bytes.baseAddress! + range.lowerBound).loadUnaligned(as: UInt64.self))
      return count == 8 ? word : word & (1 << (8 * UInt64(count)) - 1)
    }
    var head: UInt64 = 0
    for offset in 0..<count { head |= UInt64(bytes[range.lowerBound + offset]) << (8 * offset) }
    return head
  }

  /// At a `"`: the range of the string's bytes between its quotes when it has no escape (and the index after
  /// the closing quote), or `nil` with the index still at the opening quote when it has one.
  private mutating func stringRange() throws(Unexpected) -> Range<Int>? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Unexpected() }
    var scan = index + 1
    while scan < bytes.count {
      let byte = bytes[scan]
      if byte == UInt8(ascii: "\"") {
        let range = index + 1..<scan
        index = scan + 1
        return range
      }
      if byte == UInt8(ascii: "\\") { return nil }
      // A control character is a syntax error, which the generic reader reports.
      if byte < 0x20 { throw Unexpected() }
      scan += 1
    }
    throw Unexpected()
  }

  /// At a `"` that opens a string with an escape: the string, decoded by the generic parser (escapes are rare,
  /// and this keeps one decoder of them).
  private mutating func escapedString() throws(Unexpected) -> String {
    let start = index
    var scan = index + 1
    while scan < bytes.count, bytes[scan] != UInt8(ascii: "\"") {
      scan += bytes[scan] == UInt8(ascii: "\\") ? 2 : 1
    }
    guard scan < bytes.count else { throw Unexpected() }
    guard case .string(let text)? = try? JSONValue.parse(UnsafeBufferPointer(rebasing: bytes[start...scan])) else {
      throw Unexpected()
    }
    index = scan + 1
    return text
  }

  /// Consumes `word` when the text continues with it.
  private mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else {
      return false
    }
    index += count
    return true
  }

  /// Whether the bytes in `range` are `spelling`.
  private func matches(_ range: Range<Int>, _ spelling: [UInt8]) -> Bool {
    guard range.count == spelling.count else { return false }
    return spelling.withUnsafeBufferPointer { memcmp(bytes.baseAddress! + range.lowerBound, $0.baseAddress!, $0.count) }
      == 0
  }
}
