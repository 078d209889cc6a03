import Foundation
import SmartFillSupport
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

/// The fast path of the catalog reader: it must read every valid catalog it vouches for exactly as the generic
/// reader (`CatalogReader`, on the `JSONValue` tree) reads it, and vouch for nothing the generic reader rejects,
/// so that every error still comes from the generic reader.
@Suite("Catalog scanner")
struct CatalogScannerTests {
  /// What the generic reader alone makes of `bytes`: the catalog (when valid) and every problem.
  static func generic(_ bytes: [UInt8]) -> (catalog: Catalog?, problems: [CatalogError]) {
    Catalog.readGenerically(json: bytes)
  }

  static let datasets = SharedFeeds.packageRoot.appendingPathComponent("Datasets")

  @Test("its field numbers follow the order of each type's jsonKeys")
  func keyOrder() {
    // The scanner's `switch`es name fields by their position in these lists; reordering a list must fail here.
    #expect(Catalog.jsonKeys == ["version", "shows"])
    #expect(
      Show.jsonKeys == ["feedURL", "title", "ordering", "categories", "recentListeningSeconds", "episodes"])
    #expect(
      Episode.jsonKeys == [
        "guid", "title", "published", "durationSeconds", "season", "episode", "kind", "playedSeconds", "isPlayed",
      ])
  }

  @Test("reads each checked-in dataset itself, as the generator made it", arguments: GeneratedDataset.all)
  func dataset(_ dataset: GeneratedDataset) throws {
    let bytes = try [UInt8](Data(contentsOf: Self.datasets.appendingPathComponent(dataset.fileName)))
    let scanned = try #require(CatalogScanner.catalog(in: bytes), "the scanner gave up on \(dataset.fileName)")
    #expect(scanned == CatalogGenerator(subscriptions: dataset.subscriptions, seed: dataset.seed).catalog())
    #expect(scanned == Self.generic(bytes).catalog)
  }

  @Test("reads generated catalogs of 1 to 300 subscriptions itself, as written")
  func generated() throws {
    for (subscriptions, seed) in [(1, 1), (3, 2), (50, 3), (300, 4)] as [(Int, UInt64)] {
      let catalog = CatalogGenerator(subscriptions: subscriptions, seed: seed).catalog()
      let bytes = catalog.jsonBytes()
      #expect(CatalogScanner.catalog(in: bytes) == catalog, "\(subscriptions) subscriptions, seed \(seed)")
      // Through the public entry points, from each kind of collection.
      #expect(try Catalog(json: Data(bytes)) == catalog)
      #expect(try Catalog(json: bytes[...]) == catalog)
      #expect(try Catalog(json: AnyCollection(bytes)) == catalog)
    }
  }

  // MARK: Valid text in every form

  /// Writes `catalog` as valid catalog JSON in a random form: keys in any order, optional fields with their
  /// default written out or left out, any JSON whitespace, escapes in strings, dates with offsets and fractions,
  /// a byte order mark. Written here, independently of `Catalog.jsonBytes()`.
  struct VariedWriter {
    var random: SplitMix64
    var text = ""

    mutating func space() {
      for _ in 0..<random.integer(in: 0...2) { text += random.element(of: [" ", "\n", "\t", "\r\n", "  "]) }
    }

    mutating func string(_ value: String) {
      text += "\""
      for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": text += random.chance(1, in: 2) ? "\\\"" : "\\u0022"
        case "\\": text += "\\\\"
        case "/": text += random.chance(1, in: 2) ? "\\/" : "/"
        case "\n": text += "\\n"
        case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
        case _ where random.chance(1, in: 8): text += escaped(scalar)
        default: text.unicodeScalars.append(scalar)
        }
      }
      text += "\""
    }

    func escaped(_ scalar: Unicode.Scalar) -> String {
      String(scalar).utf16.map { String(format: "\\u%04X", $0) }.joined()
    }

    /// An object whose members are written by `members`, in a random order.
    mutating func object(_ members: [(key: String, write: (inout VariedWriter) -> Void)]) {
      var shuffled = members
      for index in shuffled.indices.reversed() where index > 0 {
        shuffled.swapAt(index, random.integer(in: 0...index))
      }
      text += "{"
      for (offset, member) in shuffled.enumerated() {
        if offset > 0 { text += "," }
        space()
        text += "\"\(member.key)\""
        space()
        text += ":"
        space()
        member.write(&self)
        space()
      }
      text += "}"
    }

    mutating func array<T>(_ elements: [T], _ write: (inout VariedWriter, T) -> Void) {
      text += "["
      for (offset, element) in elements.enumerated() {
        if offset > 0 { text += "," }
        space()
        write(&self, element)
        space()
      }
      text += "]"
    }

    mutating func date(_ date: Date) {
      var form = Timestamp.format(date)
      if random.chance(1, in: 3) {
        // The same instant at another offset: the local time written, then the offset.
        let minutes = random.element(of: [60, -150, 330, 14 * 60])
        form = String(Timestamp.format(date.addingTimeInterval(Double(minutes * 60))).dropLast())
        let sign = minutes < 0 ? "-" : "+"
        form += String(format: "%@%02d:%02d", sign, abs(minutes) / 60, abs(minutes) % 60)
      } else if random.chance(1, in: 3) {
        form =
          String(form.dropLast()) + (date.timeIntervalSince1970.rounded() == date.timeIntervalSince1970 ? ".000Z" : "Z")
      }
      string(form)
    }

    mutating func write(_ catalog: Catalog) {
      if random.chance(1, in: 10) { text += "\u{FEFF}" }
      space()
      object([
        ("version", { $0.text += "1" }),
        ("shows", { writer in writer.array(catalog.shows) { writer, show in writer.write(show) } }),
      ])
      space()
    }

    mutating func write(_ show: Show) {
      var members: [(key: String, write: (inout VariedWriter) -> Void)] = [
        ("feedURL", { $0.string(show.feedURL) }),
        ("title", { $0.string(show.title) }),
        ("episodes", { writer in writer.array(show.episodes) { writer, episode in writer.write(episode) } }),
      ]
      if show.ordering != .episodic || random.chance(1, in: 2) {
        members.append(("ordering", { $0.text += "\"\(show.ordering.rawValue)\"" }))
      }
      if !show.categories.isEmpty || random.chance(1, in: 2) {
        members.append(("categories", { writer in writer.array(show.categories) { $0.string($1) } }))
      }
      if show.recentListeningSeconds != 0 || random.chance(1, in: 2) {
        members.append(("recentListeningSeconds", { $0.text += "\(show.recentListeningSeconds)" }))
      }
      object(members)
    }

    mutating func write(_ episode: Episode) {
      var members: [(key: String, write: (inout VariedWriter) -> Void)] = [
        ("guid", { $0.string(episode.guid) }),
        ("published", { $0.date(episode.published) }),
      ]
      if !episode.title.isEmpty || random.chance(1, in: 2) { members.append(("title", { $0.string(episode.title) })) }
      for (key, value) in [
        ("durationSeconds", episode.durationSeconds), ("season", episode.season), ("episode", episode.episode),
      ] {
        guard let value else { continue }
        let spelling = value == 0 && random.chance(1, in: 2) ? "-0" : "\(value)"
        members.append((key, { $0.text += spelling }))
      }
      if episode.kind != .full || random.chance(1, in: 2) {
        members.append(("kind", { $0.text += "\"\(episode.kind.rawValue)\"" }))
      }
      if episode.playedSeconds != 0 || random.chance(1, in: 2) {
        members.append(("playedSeconds", { $0.text += "\(episode.playedSeconds)" }))
      }
      if episode.isPlayed || random.chance(1, in: 2) {
        members.append(("isPlayed", { $0.text += episode.isPlayed ? "true" : "false" }))
      }
      object(members)
    }
  }

  /// A random catalog with titles, GUIDs, URLs and categories that need escapes or are not ASCII.
  static func awkwardCatalog(_ random: inout SplitMix64) -> Catalog {
    var catalog = randomCatalog(&random, maximumShows: 5, maximumEpisodes: 6)
    let pieces = ["é", "日本語", "🎧", "\"", "\\", "/", "\n", "\t", "\u{1}", "plain", "", " ", "e\u{301}"]
    func text(_ random: inout SplitMix64) -> String {
      (0..<random.integer(in: 0...4)).map { _ in random.element(of: pieces) }.joined()
    }
    for showIndex in catalog.shows.indices {
      catalog.shows[showIndex].title = text(&random)
      catalog.shows[showIndex].feedURL += text(&random)
      catalog.shows[showIndex].categories = (0..<random.integer(in: 0...2)).map { _ in text(&random) }
      for episodeIndex in catalog.shows[showIndex].episodes.indices {
        catalog.shows[showIndex].episodes[episodeIndex].guid += "/" + text(&random)
        catalog.shows[showIndex].episodes[episodeIndex].title = text(&random)
      }
    }
    return catalog
  }

  @Test("reads valid catalogs in any form exactly (3,000 seeded catalogs)")
  func variedForms() throws {
    let cases = SeededCases(seed: 0x5CA_F0E, count: 3_000)
    var scannedItself = 0
    for var trial in cases {
      let catalog = Self.awkwardCatalog(&trial.random)
      var writer = VariedWriter(random: SplitMix64(seed: trial.seed ^ 0x5EED))
      writer.write(catalog)
      let bytes = Array(writer.text.utf8)
      let generic = Self.generic(bytes)
      // The oracle is the catalog written; the generic reader must agree, or the writer above is wrong.
      try #require(generic.problems.isEmpty, "\(trial): \(generic.problems.first!)\n\(writer.text)")
      #expect(generic.catalog == catalog, "\(trial)")
      let scanned = CatalogScanner.catalog(in: bytes)
      #expect(scanned == catalog, "\(trial): \(scanned == nil ? "the scanner gave up" : "other values")")
      if scanned != nil { scannedItself += 1 }
      #expect(try Catalog(json: bytes) == catalog, "\(trial)")
    }
    #expect(scannedItself == cases.count)
  }

  // MARK: Mutated text

  /// Replacements that keep the text close to a catalog but change what it means.
  static let numbers = [
    "0", "-0", "-1", "1", "1.0", "1e2", "1E2", "00", "01", "-", "604800", "604801", "1000000", "1000001",
    "3153600000", "3153600001", "999999999999999999", "9999999999999999999", "-999999999999999999", "2", "1.5",
  ]
  static let strings = [
    "\"\"", "\"full\"", "\"trailer\"", "\"bonus\"", "\"Full\"", "\"serial\"", "\"episodic\"", "\"fu\\u006cl\"",
    "\"2024-01-31T08:00:00Z\"", "\"2024-02-30T08:00:00Z\"", "\"2024-01-31T08:00:00.123456Z\"",
    "\"0000-01-01T00:00:00Z\"", "\"2024-01-31 08:00:00Z\"", "\"2024-01-31T08:00:00+01:00\"", "\"x\"", "\"a\\\"b\"",
    "\"\\u00e9\"", "\"\\ud83c\\udfa7\"", "\"\\ud83c\"", "\"\\x\"", "\"e\u{301}\"", "\"\u{E9}\"", "\"s0e0\"",
    "\"https://example.com/0.xml\"", "null", "true", "false", "[]", "{}", "[\"a\"]", "[1]",
  ]
  static let keys =
    Catalog.jsonKeys + Show.jsonKeys + Episode.jsonKeys + [
      "Guid", "durationSecond", "isplayed", "extra", "gu\\u0069d", "", "kind ", "ti\\u0074le",
    ]
  static let bytesToInsert: [UInt8] =
    Array("{}[]:,\"\\ 0123456789-+.eEtfnu\n\r\t".utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xA9, 0xFF, 0xED]

  /// One random change to `bytes`.
  /// A small random catalog or an awkward one (half each), as the mutation tests start from.
  static func seededCatalog(_ random: inout SplitMix64) -> Catalog {
    random.chance(1, in: 2) ? randomCatalog(&random, maximumShows: 3, maximumEpisodes: 4) : awkwardCatalog(&random)
  }

  /// One to three ``mutate(_:_:)`` steps.
  static func mutateOnceOrMore(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    for _ in 0..<random.integer(in: 1...3) { mutate(&bytes, &random) }
  }

  static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
    guard !bytes.isEmpty else {
      bytes = [random.element(of: bytesToInsert)]
      return
    }
    let at = random.integer(in: 0...(bytes.count - 1))
    switch random.integer(in: 0...7) {
    case 0: bytes.remove(at: at)
    case 1: bytes.insert(random.element(of: bytesToInsert), at: at)
    case 2: bytes[at] = random.element(of: bytesToInsert)
    case 3:
      // A slice copied elsewhere: repeated members and elements.
      let end = min(bytes.count, at + random.integer(in: 1...120))
      let slice = Array(bytes[at..<end])
      bytes.insert(contentsOf: slice, at: random.integer(in: 0...bytes.count))
    case 4: replaceToken(&bytes, from: at, isNumber: true, with: random.element(of: numbers))
    case 5: replaceToken(&bytes, from: at, isNumber: false, with: random.element(of: strings))
    case 6:
      // A key renamed: a misspelling, an escape, or another object's key (a repeat or an unknown field).
      replaceToken(&bytes, from: at, isNumber: false, with: "\"\(random.element(of: keys))\"", keysOnly: true)
    default:
      // A member inserted after a `{`: unknown or repeated.
      if let brace = bytes[at...].firstIndex(of: UInt8(ascii: "{")) {
        let member = "\"\(random.element(of: keys))\": \(random.element(of: numbers + strings)), "
        bytes.insert(contentsOf: Array(member.utf8), at: brace + 1)
      }
    }
  }

  /// Replaces the first number (or string) token at or after `start` with `replacement`; with `keysOnly`, the
  /// first string followed by `:`.
  static func replaceToken(
    _ bytes: inout [UInt8], from start: Int, isNumber: Bool, with replacement: String, keysOnly: Bool = false
  ) {
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if isNumber, byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte),
        index > 0, [UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "[")].contains(bytes[index - 1])
      {
        var end = index + 1
        while end < bytes.count, Array("0123456789.eE+-".utf8).contains(bytes[end]) { end += 1 }
        bytes.replaceSubrange(index..<end, with: Array(replacement.utf8))
        return
      }
      if !isNumber, byte == UInt8(ascii: "\"") {
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
        guard end < bytes.count else { return }
        if !keysOnly || (end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: ":")) {
          bytes.replaceSubrange(index...end, with: Array(replacement.utf8))
          return
        }
        index = end
      }
      index += 1
    }
  }

  @Test("vouches only for what the generic reader accepts, with the same values (6,000 seeded mutations)")
  func mutations() throws {
    let cases = SeededCases(seed: 0x5CA_B17, count: 6_000)
    var accepted = 0
    var scannedItself = 0
    var rejected = 0
    for var trial in cases {
      var bytes = Self.seededCatalog(&trial.random).jsonBytes()
      Self.mutateOnceOrMore(&bytes, &trial.random)
      let generic = Self.generic(bytes)
      let scanned = CatalogScanner.catalog(in: bytes)
      let text = String(decoding: bytes, as: UTF8.self)
      if let scanned {
        #expect(generic.problems.isEmpty, "\(trial): the scanner accepted what has problems\n\(text)")
        #expect(generic.catalog == scanned, "\(trial): the scanner read other values\n\(text)")
        scannedItself += 1
      }
      if generic.problems.isEmpty { accepted += 1 } else { rejected += 1 }
      // The public entry points: the generic reader's problems, first or all, or its catalog.
      #expect(Catalog.problems(inJSON: bytes) == generic.problems, "\(trial)")
      do {
        let read = try Catalog(json: bytes)
        #expect(generic.problems.isEmpty && read == generic.catalog, "\(trial)")
      } catch {
        #expect(error == generic.problems.first, "\(trial)")
      }
    }
    // Both kinds must be common, or the test checks little; nearly every valid one is the scanner's own.
    #expect(
      cases.meets(accepted, atLeast: 300, ofFull: 6_000) && cases.meets(rejected, atLeast: 3_000, ofFull: 6_000),
      "\(accepted) valid, \(rejected) invalid")
    #expect(
      TestScale.replayedSeed != nil || Double(scannedItself) >= 0.8 * Double(accepted),
      "\(scannedItself) of \(accepted) read by the scanner")
  }

  @Test("finds GUIDs equal as strings though their bytes differ (the Kelvin sign is K)")
  func canonicallyEqualGUIDs() throws {
    let published = #""published": "2024-01-01T00:00:00Z""#
    for (first, second) in [("K1", "\u{212A}1"), ("\u{212A}1", "K1"), ("K1", #"\u212A1"#), ("e\u{301}", "\u{E9}")] {
      let text = """
        {"version": 1, "shows": [{"feedURL": "u", "title": "T", "episodes": [
        {"guid": "\(first)", \(published)}, {"guid": "a", \(published)}, {"guid": "\(second)", \(published)}]}]}
        """
      let bytes = Array(text.utf8)
      #expect(CatalogScanner.catalog(in: bytes) == nil, "\(first), \(second)")
      let problems = Catalog.problems(inJSON: bytes)
      #expect(problems.count == 1, "\(first), \(second): \(problems)")
      guard case .duplicateGUID? = problems.first else {
        Issue.record("\(first), \(second): \(problems)")
        continue
      }
    }
    // The same GUIDs in two shows are not repeats.
    let twoShows = """
      {"version": 1, "shows": [
      {"feedURL": "u", "title": "T", "episodes": [{"guid": "K1", \(published)}]},
      {"feedURL": "v", "title": "T", "episodes": [{"guid": "K1", \(published)}]}]}
      """
    #expect(try #require(CatalogScanner.catalog(in: Array(twoShows.utf8))).episodeCount == 2)
  }

  @Test("finds two episodes of a show with one ASCII GUID wherever they are, and no repeat where there is none")
  func asciiRepeats() throws {
    let cases = SeededCases(seed: 4_242, count: 400)
    var repeated = 0
    for var trial in cases {
      let count = trial.random.integer(in: 2...70)
      // Distinct GUIDs of varied lengths, one of them repeated in half the cases.
      var guids = (0..<count).map { "g\($0)-\(trial.random.integer(in: 0...99_999))" }
      let repeats = trial.random.chance(1, in: 2)
      if repeats {
        let first = trial.random.integer(in: 0...count - 2)
        guids[trial.random.integer(in: first + 1...count - 1)] = guids[first]
        repeated += 1
      }
      let episodes = guids.map { #"{"guid": "\#($0)", "published": "2024-01-01T00:00:00Z"}"# }
      let text =
        #"{"version": 1, "shows": [{"feedURL": "u", "title": "T", "episodes": ["#
        + episodes.joined(separator: ", ") + "]}]}"
      let bytes = Array(text.utf8)
      let scanned = CatalogScanner.catalog(in: bytes)
      let problems = Catalog.problems(inJSON: bytes)
      if repeats {
        #expect(scanned == nil, "\(trial): \(count) episodes, a repeat the scanner missed")
        guard case .duplicateGUID? = problems.first else {
          Issue.record("\(trial): \(problems)")
          continue
        }
      } else {
        #expect(problems.isEmpty, "\(trial): \(problems)")
        #expect(scanned?.episodeCount == count, "\(trial): \(count) distinct GUIDs not read")
      }
    }
    #expect(
      cases.meets(repeated, atLeast: 101, ofFull: 400) && cases.meets(repeated, atMost: 299, ofFull: 400),
      "\(repeated) of \(cases.count) with a repeat")
  }

  @Test("gives up on what it does not expect, leaving the message to the generic reader")
  func messagesUnchanged() {
    let cases = [
      #"{"version": 1, "shows": [], "version": 1}"#,
      #"{"version": 1, "shows": [{"feedURL": "u", "title": "T", "episodes": [], "Title": "x"}]}"#,
      #"{"version": 1.0, "shows": []}"#,
      #"{"version": 1, "shows": [{"feedURL": "u", "title": null, "episodes": []}]}"#,
      "{\"version\": 1, \"shows\": [{\"feedURL\": \"u\u{1}\", \"title\": \"T\", \"episodes\": []}]}",
      #"{"version": 1, "shows": []} x"#,
      #"{"version": 1, "shows": [],}"#,
    ]
    for text in cases {
      let bytes = Array(text.utf8)
      #expect(CatalogScanner.catalog(in: bytes) == nil, "\(text)")
      let generic = Self.generic(bytes)
      #expect(!generic.problems.isEmpty && Catalog.problems(inJSON: bytes) == generic.problems, "\(text)")
    }
  }
}
