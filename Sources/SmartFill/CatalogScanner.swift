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

  /// The keys of an object of one kind (or the raw values of an enumeration), numbered in the order given (its
  /// `jsonKeys`, its `allCases`), in 32 slots found by a hash of their first four bytes (a multiplier chosen so
  /// that no two share a slot). Each slot holds its key's bytes as three little-endian words (zero-padded) with
  /// the masks of the bytes it has, so that finding a key is a multiplication and a few integer comparisons, not
  /// a scan of the key's bytes.
  struct KeyTable {
    typealias Words = (UInt64, UInt64, UInt64)

    struct Slot {
      /// The key's number, or -1 for an empty slot.
      var position = -1
      var length = 0
      var words: Words = (0, 0, 0)
      var masks: Words = (0, 0, 0)
    }

    let slots: [Slot]
    let multiplier: UInt32

    init(_ names: [String]) {
      let keys = names.map { Array($0.utf8) }
      precondition(keys.count <= 32, "a key table holds at most 32 keys")
      precondition(keys.allSatisfy { (4...24).contains($0.count) }, "a key table holds keys of 4 to 24 bytes")
      func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.enumerated().reduce(0) { word, byte in word | UInt64(byte.element) << (8 * byte.offset) }
      }
      func packed(_ bytes: [UInt8]) -> Words {
        (word(bytes.prefix(8)), word(bytes.dropFirst(8).prefix(8)), word(bytes.dropFirst(16).prefix(8)))
      }
      var multiplier: UInt32 = 0x9E37_79B1
      var slots: [Slot] = []
      var isPerfect = false
      var attempts = 0
      while !isPerfect && attempts < 100_000 {
        attempts += 1
        slots = Array(repeating: Slot(), count: 32)
        isPerfect = true
        for (position, key) in keys.enumerated() {
          let slot = Self.slot(UInt32(truncatingIfNeeded: word(key.prefix(4))), multiplier)
          guard slots[slot].position < 0 else {
            isPerfect = false
            // The next odd multiplier of a linear congruential sequence, far from this one.
            multiplier = (multiplier &* 1_664_525 &+ 1_013_904_223) | 1
            break
          }
          slots[slot] = Slot(
            position: position, length: key.count, words: packed(key),
            masks: packed([UInt8](repeating: 0xFF, count: key.count)))
        }
      }
      precondition(isPerfect, "no perfect hash for the keys \(names)")
      self.slots = slots
      self.multiplier = multiplier
    }

    /// The slot of a key whose first four bytes are `head` (little-endian).
    @inline(__always)
    static func slot(_ head: UInt32, _ multiplier: UInt32) -> Int { Int((head &* multiplier) >> 27) }
  }

  static let catalogKeys = KeyTable(Catalog.jsonKeys)
  static let showKeys = KeyTable(Show.jsonKeys)
  static let episodeKeys = KeyTable(Episode.jsonKeys)
  static let orderingValues = Show.Ordering.allCases
  static let orderings = KeyTable(orderingValues.map(\.rawValue))
  static let kindValues = Episode.Kind.allCases
  static let kinds = KeyTable(kindValues.map(\.rawValue))

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  /// The GUIDs of the show being read, kept between shows so that its storage grows only to the largest show.
  private var guids = GUIDRepeats()

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
      case 2: ordering = Self.orderingValues[try spelling(in: Self.orderings)]
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
    guids.removeAll()
    var more = try beginArray()
    while more {
      episodes.append(try self.episode())
      more = try nextElement()
    }
    guard !guids.repeats(in: bytes, episodes: episodes) else { throw Unexpected() }
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
      case 0:
        let range = try stringRange()
        guids.append(range, in: bytes)
        guid = try text(of: range)
      case 1: title = try string()
      case 2: published = try date()
      case 3: duration = try integer()
      case 4: season = try integer()
      case 5: number = try integer()
      case 6: kind = Self.kindValues[try spelling(in: Self.kinds)]
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
    try text(of: try stringRange())
  }

  /// The string just read by ``stringRange()``: its bytes, or (`nil`) the escaped string at the index.
  private mutating func text(of range: Range<Int>?) throws(Unexpected) -> String {
    guard let range else { return try escapedString() }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
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

  @inline(__always)
  private mutating func skipWhitespace() {
    // Most calls find none: a quote, a colon, a comma, a digit or a letter (all above U+0020) comes next.
    guard index < bytes.count, bytes[index] <= 0x20 else { return }
    // One space, as after a colon.
    if bytes[index] == 0x20, index + 1 < bytes.count, bytes[index + 1] > 0x20 {
      index += 1
      return
    }
    // Runs of spaces and newlines (indentation) eight bytes at a time: the count of leading bytes that are
    // either, from a mask with the high bit set in each byte that is neither.
    while index + 8 <= bytes.count {
      let word = self.word(at: index)
      let others = Self.nonZeroBytes(word ^ Self.spaces) & Self.nonZeroBytes(word ^ Self.newlines)
      let count = others.trailingZeroBitCount / 8
      index += count
      guard count == 8 else { break }
    }
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  private static let spaces: UInt64 = 0x2020_2020_2020_2020
  private static let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A

  /// The high bit of each byte of `word` that is not zero, exactly (no carries between bytes).
  @inline(__always)
  private static func nonZeroBytes(_ word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ((word & low) &+ low | word) & ~low
  }

  /// Whether the next byte, after whitespace, is `byte`; consumes it when it is.
  @inline(__always)
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
    let position = try spelling(in: table)
    let bit: UInt32 = 1 << position
    guard seen & bit == 0, consume(UInt8(ascii: ":")) else { throw Unexpected() }
    seen |= bit
    skipWhitespace()
    return position
  }

  /// At a `"`: reads a string that is exactly one of `table`'s, written without escapes, and returns its
  /// position; any other string (an escaped spelling included, which the generic reader reads) is unexpected.
  private mutating func spelling(in table: KeyTable) throws(Unexpected) -> Int {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Unexpected() }
    let start = index + 1
    let text = (word(at: start), word(at: start + 8), word(at: start + 16))
    let slot = table.slots[KeyTable.slot(UInt32(truncatingIfNeeded: text.0), table.multiplier)]
    let end = start + slot.length
    // The spelling's bytes, then the closing quote (so that the text's string is exactly this one).
    guard slot.position >= 0, text.0 & slot.masks.0 == slot.words.0, text.1 & slot.masks.1 == slot.words.1,
      text.2 & slot.masks.2 == slot.words.2, end < bytes.count, bytes[end] == UInt8(ascii: "\"")
    else { throw Unexpected() }
    index = end + 1
    return slot.position
  }

  /// The eight bytes at `offset` as a little-endian word, zero-padded past the end of the text.
  @inline(__always)
  private func word(at offset: Int) -> UInt64 {
    if offset + 8 <= bytes.count {
      return UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }
    var word: UInt64 = 0
    for position in offset..<max(offset, bytes.count) { word |= UInt64(bytes[position]) << (8 * (position - offset)) }
    return word
  }

  /// At a `"`: the range of the string's bytes between its quotes when it has no escape (and the index after
  /// the closing quote), or `nil` with the index still at the opening quote when it has one.
  private mutating func stringRange() throws(Unexpected) -> Range<Int>? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Unexpected() }
    var scan = index + 1
    // Eight bytes at a time while none is a quote, a backslash or a control character.
    while scan + 8 <= bytes.count, !Self.mayEndString(word(at: scan)) { scan += 8 }
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

  /// Whether one of the eight bytes of `word` may be a quote, a backslash or a control character (never `false`
  /// when one is; sometimes `true` when none is, which only costs a byte-by-byte look).
  @inline(__always)
  private static func mayEndString(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
    let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let controls = (word &- ones &* 0x20) & ~word & highs
    return hasZeroByte(quotes) || hasZeroByte(backslashes) || controls != 0
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
}

/// Whether two episodes of a show have one GUID, found without hashing strings where bytes suffice.
///
/// Swift compares strings by canonical equivalence, so two GUIDs with different bytes can be equal ("K" and the
/// Kelvin sign), but only when one of them is not ASCII. For a show whose GUIDs are all ASCII and written without
/// escapes, equal strings are equal bytes, and an open-addressing table of the GUIDs' byte ranges finds repeats;
/// for any other show a `Set<String>` does, as the generic reader's.
struct GUIDRepeats {
  private var ranges: [Range<Int>] = []
  private var isPlainASCII = true
  private var slots: [Int] = []

  /// Starts a show.
  mutating func removeAll() {
    ranges.removeAll(keepingCapacity: true)
    isPlainASCII = true
  }

  /// Notes an episode's GUID: its bytes in `text`, or `nil` when it is written with an escape.
  mutating func append(_ range: Range<Int>?, in text: UnsafeBufferPointer<UInt8>) {
    guard isPlainASCII, let range else {
      isPlainASCII = false
      return
    }
    for index in range where text[index] >= 0x80 {
      isPlainASCII = false
      return
    }
    ranges.append(range)
  }

  /// Whether two of the show's GUIDs are equal strings.
  ///
  /// - Complexity: O(*n*) expected for *n* episodes.
  mutating func repeats(in text: UnsafeBufferPointer<UInt8>, episodes: [Episode]) -> Bool {
    guard isPlainASCII else {
      var seen = Set<String>(minimumCapacity: episodes.count)
      return episodes.contains { !seen.insert($0.guid).inserted }
    }
    var capacity = 16
    while capacity < 2 * ranges.count { capacity *= 2 }
    if slots.count < capacity { slots = Array(repeating: -1, count: capacity) }
    for slot in 0..<capacity { slots[slot] = -1 }
    let mask = capacity - 1
    for (position, range) in ranges.enumerated() {
      // FNV-1a over the bytes.
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for index in range { hash = (hash ^ UInt64(text[index])) &* 0x100_0000_01B3 }
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] >= 0 {
        let other = ranges[slots[slot]]
        if other.count == range.count,
          memcmp(text.baseAddress! + other.lowerBound, text.baseAddress! + range.lowerBound, range.count) == 0
        {
          return true
        }
        slot = (slot + 1) & mask
      }
      slots[slot] = position
    }
    return false
  }
}
