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
//
// The bytes are the whole text in memory, or a window over a text read a chunk at a time (a file: see
// `Catalog+File.swift`), so that reading a large catalog needs memory for the catalog, not for its text too. The
// window keeps the token being read: before a token of bounded length (a key, a number, a literal) it holds at
// least `lookahead` bytes or the rest of the text, and a string or a run of whitespace that reaches the window's
// end refills it (moving the token's start to the front, and doubling the window when the token fills it).
// Nothing is kept from a token once it is read (a show's GUIDs are copied for the repeat check), so a refill never
// moves bytes that something still points at.

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

  /// Reads the next bytes of the text into a buffer and returns how many (0 at the end); a failure ends the
  /// scan (the caller keeps its reason).
  typealias Source = (UnsafeMutableRawBufferPointer) throws(Unexpected) -> Int

  /// The bytes of the text in view: all of it, or the window's filled part.
  private var bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  /// Whether `bytes` reaches the end of the text (always, for a text in memory).
  private var isAtEnd: Bool
  /// The window's memory, for a text read in chunks.
  private var window: UnsafeMutableRawBufferPointer?
  private let source: Source?
  /// How many bytes of `bytes` are checked as UTF-8 (the rest is at most the start of one sequence).
  private var validated = 0
  /// The GUIDs of the show being read, kept between shows so that its storage grows only to the largest show.
  private var guids = GUIDRepeats()
  /// The episodes of the show being read, kept between shows for the same reason.
  private var episodeScratch: [Episode] = []
  /// The last run of whitespace of 2 to 16 bytes: in a pretty-printed catalog, a line break and an indentation
  /// that the next run most often repeats.
  private var lastRun = WhitespaceRun()

  /// A run of whitespace as two little-endian words with the masks of its bytes, and its length (0: none).
  struct WhitespaceRun {
    var words: (UInt64, UInt64) = (0, 0)
    var masks: (UInt64, UInt64) = (0, 0)
    var length = 0
  }

  /// The longest token of bounded length, and more: a key or a spelling of at most 24 bytes with its quotes, an
  /// integer of at most 18 characters and the byte after it, a literal.
  static let lookahead = 32

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    self.isAtEnd = true
    self.window = nil
    self.source = nil
  }

  private init(source: @escaping Source, windowBytes: Int) {
    let window = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, windowBytes), alignment: 8)
    self.window = window
    self.bytes = UnsafeBufferPointer(start: window.baseAddress!.assumingMemoryBound(to: UInt8.self), count: 0)
    self.isAtEnd = false
    self.source = source
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

  /// ``catalog(in:)`` on a text that `source` delivers a chunk at a time, through a window of `windowBytes`
  /// (more only while one string or key is longer); `nil` also when `source` fails.
  ///
  /// Every byte is checked as UTF-8 as it arrives, so the scanner vouches for a catalog only when the whole text
  /// is UTF-8, as ``catalog(inBuffer:)`` does.
  ///
  /// - Complexity: O(*n*) in the length of the text, with O(*w* + *t*) memory besides the catalog, for a
  ///   window of *w* bytes and the longest string *t*.
  static func catalog(reading source: @escaping Source, windowBytes: Int = 1 << 16) -> Catalog? {
    var scanner = CatalogScanner(source: source, windowBytes: windowBytes)
    defer { scanner.window?.deallocate() }
    return try? scanner.document()
  }

  // MARK: The schema

  private mutating func document() throws(Unexpected) -> Catalog {
    // A UTF-8 byte order mark, which the generic parser skips.
    try ensure(3)
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
    // At the end of the window only at the end of the text (whitespace refills it).
    try skipWhitespace()
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

  /// A show's episodes, in an array of their count: they are gathered in ``episodeScratch`` and copied once,
  /// because an array grown by appending keeps up to twice the room it needs, which at 600,000 episodes is
  /// about 20 MB of a catalog's memory.
  private mutating func episodeArray() throws(Unexpected) -> [Episode] {
    episodeScratch.removeAll(keepingCapacity: true)
    guids.removeAll()
    var more = try beginArray()
    while more {
      let episode = try self.episode()
      episodeScratch.append(episode)
      more = try nextElement()
    }
    guard !guids.repeats(episodes: episodeScratch) else { throw Unexpected() }
    return episodeScratch.withUnsafeBufferPointer { scratch in
      [Episode](unsafeUninitializedCapacity: scratch.count) { episodes, count in
        count = episodes.initialize(fromContentsOf: scratch)
      }
    }
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
    // Read once: a static's every read checks that it is initialized.
    let keys = Self.episodeKeys
    var more = try beginObject()
    while more {
      switch try key(in: keys, seen: &seen) {
      case 0:
        let range = try stringRange()
        guids.append(range.map { UnsafeBufferPointer(rebasing: bytes[$0]) })
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
    // 19 characters or the end of the text, so that a number longer than 18 is one, not a window's end.
    try ensure(20)
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
    if try literal("true") { return true }
    if try literal("false") { return false }
    throw Unexpected()
  }

  // MARK: Syntax

  @inline(__always)
  private mutating func skipWhitespace() throws(Unexpected) {
    // Most calls find none: a quote, a colon, a comma, a digit or a letter (all above U+0020) comes next.
    guard index < bytes.count, bytes[index] <= 0x20 else {
      if index == bytes.count, !isAtEnd { try skipWhitespaceAcrossWindow() }
      return
    }
    // One space, as after a colon.
    if bytes[index] == 0x20, index + 1 < bytes.count, bytes[index + 1] > 0x20 {
      index += 1
      return
    }
    // The same bytes as the last run (a line break and the same indentation), then a token: two words compared.
    let start = index
    if start &+ 16 < bytes.count {
      let words = (wordInView(at: start), wordInView(at: start &+ 8))
      let run = lastRun
      if run.length > 0, words.0 & run.masks.0 == run.words.0, words.1 & run.masks.1 == run.words.1,
        bytes[start &+ run.length] > 0x20
      {
        index = start &+ run.length
        return
      }
      skipWhitespaceInWindow()
      let length = index &- start
      if (2...16).contains(length), index < bytes.count {
        let masks = (
          length >= 8 ? UInt64.max : (1 &<< (8 &* UInt64(length))) &- 1,
          length >= 16 ? UInt64.max : length <= 8 ? 0 : (1 &<< (8 &* UInt64(length &- 8))) &- 1
        )
        lastRun = WhitespaceRun(words: (words.0 & masks.0, words.1 & masks.1), masks: masks, length: length)
      }
    } else {
      skipWhitespaceInWindow()
    }
    if index == bytes.count, !isAtEnd { try skipWhitespaceAcrossWindow() }
  }

  /// Skips whitespace up to the window's end.
  @inline(__always)
  private mutating func skipWhitespaceInWindow() {
    // Runs of spaces and newlines (indentation) eight bytes at a time: the count of leading bytes that are
    // either, from a mask with the high bit set in each byte that is neither.
    while index + 8 <= bytes.count {
      let word = self.word(at: index)
      let others = Self.nonZeroBytes(word ^ Self.spaces) & Self.nonZeroBytes(word ^ Self.newlines)
      let count = others.trailingZeroBitCount / 8
      index += count
      guard count == 8 else {
        // Most often a token comes next; a tab or a carriage return is left to the loop below.
        if bytes[index] > 0x20 { return }
        break
      }
    }
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// At the window's end, in whitespace: refills the window until a byte that is not whitespace, or the end of
  /// the text.
  private mutating func skipWhitespaceAcrossWindow() throws(Unexpected) {
    while index == bytes.count, !isAtEnd {
      try refill()
      skipWhitespaceInWindow()
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
  private mutating func consume(_ byte: UInt8) throws(Unexpected) -> Bool {
    // Most often the byte itself comes next (a colon after a key, a comma after a value).
    if index < bytes.count, bytes[index] == byte {
      index += 1
      return true
    }
    return try consumeAfterWhitespace(byte)
  }

  /// ``consume(_:)`` when whitespace, the window's end or another byte comes first.
  private mutating func consumeAfterWhitespace(_ byte: UInt8) throws(Unexpected) -> Bool {
    try skipWhitespace()
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  /// Reads `{`; whether a member follows (`false` for `{}`, whose `}` is consumed).
  private mutating func beginObject() throws(Unexpected) -> Bool {
    guard try consume(UInt8(ascii: "{")) else { throw Unexpected() }
    return try !consume(UInt8(ascii: "}"))
  }

  /// After a member's value: `true` when a `,` follows, `false` at the object's `}`.
  private mutating func nextMember() throws(Unexpected) -> Bool {
    if try consume(UInt8(ascii: ",")) { return true }
    guard try consume(UInt8(ascii: "}")) else { throw Unexpected() }
    return false
  }

  /// Reads `[`; whether an element follows (`false` for `[]`, whose `]` is consumed).
  private mutating func beginArray() throws(Unexpected) -> Bool {
    guard try consume(UInt8(ascii: "[")) else { throw Unexpected() }
    if try consume(UInt8(ascii: "]")) { return false }
    try skipWhitespace()
    return true
  }

  /// After an element: `true` when a `,` follows, `false` at the array's `]`.
  private mutating func nextElement() throws(Unexpected) -> Bool {
    if try consume(UInt8(ascii: ",")) {
      try skipWhitespace()
      return true
    }
    guard try consume(UInt8(ascii: "]")) else { throw Unexpected() }
    return false
  }

  /// Reads a member's key and its `:`, and returns the key's position in `table`, marking it in `seen`; an
  /// unknown, repeated or escaped key is unexpected.
  private mutating func key(in table: KeyTable, seen: inout UInt32) throws(Unexpected) -> Int {
    try skipWhitespace()
    let position = try spelling(in: table)
    let bit: UInt32 = 1 << position
    guard seen & bit == 0 else { throw Unexpected() }
    seen |= bit
    // Most often `: ` and then the value.
    if index &+ 2 < bytes.count, bytes[index] == UInt8(ascii: ":"), bytes[index &+ 1] == 0x20,
      bytes[index &+ 2] > 0x20
    {
      index &+= 2
      return position
    }
    guard try consume(UInt8(ascii: ":")) else { throw Unexpected() }
    try skipWhitespace()
    return position
  }

  /// At a `"`: reads a string that is exactly one of `table`'s, written without escapes, and returns its
  /// position; any other string (an escaped spelling included, which the generic reader reads) is unexpected.
  private mutating func spelling(in table: KeyTable) throws(Unexpected) -> Int {
    try ensure(Self.lookahead)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Unexpected() }
    let start = index &+ 1
    let text: KeyTable.Words
    if bytes.count &- start >= 24 {
      // The window holds the lookahead (all but the last bytes of a text): three loads, no bounds to check.
      text = (wordInView(at: start), wordInView(at: start &+ 8), wordInView(at: start &+ 16))
    } else {
      text = (word(at: start), word(at: start &+ 8), word(at: start &+ 16))
    }
    let slot = table.slots[KeyTable.slot(UInt32(truncatingIfNeeded: text.0), table.multiplier)]
    let end = start &+ slot.length
    // The spelling's bytes, then the closing quote (so that the text's string is exactly this one).
    guard slot.position >= 0, text.0 & slot.masks.0 == slot.words.0, text.1 & slot.masks.1 == slot.words.1,
      text.2 & slot.masks.2 == slot.words.2, end < bytes.count, bytes[end] == UInt8(ascii: "\"")
    else { throw Unexpected() }
    index = end &+ 1
    return slot.position
  }

  /// The eight bytes at `offset` as a little-endian word, for an `offset` whose eight bytes are all in view
  /// (checked by the caller: the loads of a key or a run of whitespace test the bounds once for all their words;
  /// the view is then not empty, so it has a base address).
  @inline(__always)
  private func wordInView(at offset: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self))
  }

  /// The eight bytes at `offset` as a little-endian word, zero-padded past the end of the text.
  @inline(__always)
  private func word(at offset: Int) -> UInt64 {
    if offset + 8 <= bytes.count { return wordInView(at: offset) }
    var word: UInt64 = 0
    for position in offset..<max(offset, bytes.count) { word |= UInt64(bytes[position]) << (8 * (position - offset)) }
    return word
  }

  /// At a `"`: the range of the string's bytes between its quotes when it has no escape (and the index after
  /// the closing quote), or `nil` with the index still at the opening quote when it has one.
  private mutating func stringRange() throws(Unexpected) -> Range<Int>? {
    try ensure(1)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Unexpected() }
    var scan = index + 1
    while true {
      // Eight bytes at a time, to the first quote, backslash or control character.
      while scan &+ 8 <= bytes.count {
        let stops = Self.stringStops(word(at: scan))
        guard stops != 0 else {
          scan &+= 8
          continue
        }
        scan &+= stops.trailingZeroBitCount / 8
        break
      }
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
      guard !isAtEnd else { throw Unexpected() }
      scan -= try refill()
    }
  }

  /// The high bit of each of the eight bytes of `word` that is a quote, a backslash or a control character
  /// (below U+0020), exactly: no carry crosses a byte.
  @inline(__always)
  private static func stringStops(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let quotes = ~nonZeroBytes(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
    let backslashes = ~nonZeroBytes(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
    // A byte's low seven bits plus 0x60 reach its high bit from 0x20 on; a byte over 0x7F has it already.
    let controls = ~(((word & low) &+ ones &* 0x60) | word)
    return (quotes | backslashes | controls) & ~low
  }

  /// At a `"` that opens a string with an escape: the string, decoded by the generic parser (escapes are rare,
  /// and this keeps one decoder of them).
  private mutating func escapedString() throws(Unexpected) -> String {
    var scan = index + 1
    while true {
      while scan < bytes.count, bytes[scan] != UInt8(ascii: "\"") {
        scan += bytes[scan] == UInt8(ascii: "\\") ? 2 : 1
      }
      if scan < bytes.count { break }
      guard !isAtEnd else { throw Unexpected() }
      scan -= try refill()
    }
    guard case .string(let text)? = try? JSONValue.parse(UnsafeBufferPointer(rebasing: bytes[index...scan])) else {
      throw Unexpected()
    }
    index = scan + 1
    return text
  }

  /// Consumes `word` when the text continues with it.
  private mutating func literal(_ word: StaticString) throws(Unexpected) -> Bool {
    let count = word.utf8CodeUnitCount
    try ensure(count)
    guard index + count <= bytes.count, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else {
      return false
    }
    index += count
    return true
  }

  // MARK: The window

  /// Makes at least `count` bytes from the index available, or all that is left of the text.
  @inline(__always)
  private mutating func ensure(_ count: Int) throws(Unexpected) {
    while bytes.count - index < count, !isAtEnd { try refill() }
  }

  /// Reads the next chunk into the window, after moving the bytes from the index on (and any bytes not yet
  /// checked as UTF-8) to its start, and doubling it when they fill it; returns how far they moved.
  @discardableResult
  private mutating func refill() throws(Unexpected) -> Int {
    guard let source, var window else { throw Unexpected() }
    try validate(toEnd: false)
    // Bytes not yet checked are the start of a sequence inside the string being read, after the index; the
    // `min` keeps them should that ever change.
    let shift = min(index, validated)
    let kept = bytes.count - shift
    let start = window.baseAddress!
    if kept == window.count {
      let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * window.count, alignment: 8)
      larger.baseAddress!.copyMemory(from: start + shift, byteCount: kept)
      window.deallocate()
      window = larger
      self.window = larger
    } else if shift > 0 {
      start.copyMemory(from: start + shift, byteCount: kept)
    }
    let received = try source(UnsafeMutableRawBufferPointer(rebasing: window[kept...]))
    bytes = UnsafeBufferPointer(start: window.baseAddress!.assumingMemoryBound(to: UInt8.self), count: kept + received)
    index -= shift
    validated -= shift
    if received == 0 {
      isAtEnd = true
      try validate(toEnd: true)
    }
    return shift
  }

  /// Checks the bytes read since the last check as UTF-8, all of them at the end of the text, else up to the
  /// start of a sequence the window cuts.
  private mutating func validate(toEnd: Bool) throws(Unexpected) {
    var end = bytes.count
    if !toEnd {
      // Back over up to three continuation bytes to a lead byte whose sequence does not fit.
      var back = 1
      while back <= min(3, end - validated) {
        let byte = bytes[end - back]
        if byte < 0x80 { break }
        if byte >= 0xC0 {
          let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
          if back < length { end -= back }
          break
        }
        back += 1
      }
    }
    guard UTF8Validation.firstInvalidOffset(UnsafeBufferPointer(rebasing: bytes[validated..<end])) == nil else {
      throw Unexpected()
    }
    validated = end
  }
}
