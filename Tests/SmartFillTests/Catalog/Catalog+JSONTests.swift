import Foundation
import Testing

@testable import SmartFill

@Suite("Catalog JSON, version 1")
struct CatalogJSONTests {
  /// The example of the DocC article "The catalog format" (`CatalogFormat.md`), byte for byte.
  static let exampleText = """
    {
      "version": 1,
      "shows": [
        {
          "feedURL": "https://example.com/feed.xml",
          "title": "Show A",
          "ordering": "serial",
          "categories": ["History"],
          "recentListeningSeconds": 36000,
          "episodes": [
            {
              "guid": "a-s1e1",
              "title": "Pilot",
              "published": "2024-01-31T08:00:00Z",
              "durationSeconds": 1800,
              "season": 1,
              "episode": 1,
              "kind": "full",
              "playedSeconds": 0,
              "isPlayed": false
            },
            {
              "guid": "a-extra",
              "title": "",
              "published": "2024-02-01T08:00:00.250Z",
              "kind": "bonus",
              "playedSeconds": 0,
              "isPlayed": true
            }
          ]
        }
      ]
    }

    """

  static let example = Catalog(shows: [
    Show(
      feedURL: "https://example.com/feed.xml", title: "Show A", ordering: .serial, categories: ["History"],
      recentListeningSeconds: 36000,
      episodes: [
        Episode(
          guid: "a-s1e1", title: "Pilot", published: Date(timeIntervalSince1970: 1_706_688_000),
          durationSeconds: 1800, season: 1, episode: 1),
        Episode(
          guid: "a-extra", published: Date(timeIntervalSince1970: 1_706_774_400.25), durationSeconds: nil,
          kind: .bonus, isPlayed: true),
      ])
  ])

  @Test("encodes to the pinned text")
  func encodesPinnedText() {
    #expect(Self.example.jsonText() == Self.exampleText)
  }

  @Test("decodes the pinned text, and round-trips")
  func decodesPinnedText() throws {
    let decoded = try Catalog(json: Array(Self.exampleText.utf8))
    #expect(decoded == Self.example)
    #expect(try Catalog(json: Self.example.jsonData()) == Self.example)
  }

  @Test("optional fields take their documented defaults")
  func defaults() throws {
    let text = """
      {"version": 1, "shows": [{"feedURL": "u", "title": "T", "episodes": [
        {"guid": "g", "published": "2024-01-01T00:00:00+01:00", "durationSeconds": 60}]}]}
      """
    let catalog = try Catalog(json: Array(text.utf8))
    let show = try #require(catalog.shows.first)
    #expect(show.ordering == .episodic)
    #expect(show.categories == [])
    #expect(show.recentListeningSeconds == 0)
    let episode = try #require(show.episodes.first)
    #expect(episode.title == "")
    #expect(episode.kind == .full)
    #expect(episode.season == nil && episode.episode == nil)
    #expect(episode.playedSeconds == 0)
    #expect(!episode.isPlayed)
    #expect(episode.published == Date(timeIntervalSince1970: 1_704_063_600))
  }

  static let base = #"{"version": 1, "shows": [{"feedURL": "https://e.com/f", "title": "T", "episodes": [EPISODES]}]}"#
  static let good = #"{"guid": "g1", "published": "2024-01-01T00:00:00Z", "durationSeconds": 600}"#

  static func catalog(episodes: String) -> [UInt8] {
    Array(base.replacingOccurrences(of: "EPISODES", with: episodes).utf8)
  }

  static let badEpisodes: [(json: String, expected: String)] = [
    (
      #"{"guid": "g1", "published": "2024-01-01T00:00:00Z", "durationSeconds": 0}"#,
      #"show https://e.com/f, episode "g1", field "durationSeconds": duration must be from 1 to 604800 whole seconds (7 days); leave the field out when unknown, got 0"#
    ),
    (
      #"{"guid": "g1", "published": "2024-01-01T00:00:00Z", "durationSeconds": -5}"#,
      #"show https://e.com/f, episode "g1", field "durationSeconds": duration must be from 1 to 604800 whole seconds (7 days); leave the field out when unknown, got -5"#
    ),
    (
      #"{"guid": "g1", "published": "2024-01-01T00:00:00Z", "durationSeconds": "600"}"#,
      #"show https://e.com/f, episode "g1", field "durationSeconds": expected an integer, got "600""#
    ),
    (
      #"{"guid": "g1", "published": "2024-01-01T00:00:00Z", "durationSeconds": 60.5}"#,
      #"show https://e.com/f, episode "g1", field "durationSeconds": expected an integer, got 60.5"#
    ),
    (
      #"{"guid": "g1", "published": "2024-01-01T00:00:00Z", "durationSeconds": 600, "playedSeconds": 600}"#,
      #"show https://e.com/f, episode "g1", field "playedSeconds": progress must be less than the duration (600 s); mark the episode played instead, got 600"#
    ),
    (
      #"{"guid": "g1", "published": "2024-01-01T00:00:00Z", "durationSeconds": 600, "playedSeconds": -1}"#,
      #"show https://e.com/f, episode "g1", field "playedSeconds": must be 0 or more, got -1"#
    ),
    (
      #"{"guid": "g1", "published": "2024-01-01T00:00:00Z", "playedSeconds": 30}"#,
      #"show https://e.com/f, episode "g1", field "playedSeconds": progress needs a known duration, got 30"#
    ),
    (
      #"{"guid": "g1", "published": "yesterday", "durationSeconds": 600}"#,
      #"show https://e.com/f, episode "g1", field "published": must be an ISO 8601 date and time such as "2024-01-31T08:00:00Z", got "yesterday""#
    ),
    (
      #"{"guid": "g1", "durationSeconds": 600}"#,
      #"show https://e.com/f, episode "g1", field "published": required field is missing"#
    ),
    (
      #"{"published": "2024-01-01T00:00:00Z", "durationSeconds": 600}"#,
      #"show https://e.com/f, episodes[0], field "guid": required field is missing"#
    ),
    (
      #"{"guid": "g1", "published": "2024-01-01T00:00:00Z", "kind": "preview"}"#,
      #"show https://e.com/f, episode "g1", field "kind": must be one of "full", "trailer", "bonus", got "preview""#
    ),
    (
      #"{"guid": "g1", "published": "2024-01-01T00:00:00Z", "season": -1}"#,
      #"show https://e.com/f, episode "g1", field "season": must be from 0 to 1000000, got -1"#
    ),
    (
      #"{"guid": "g1", "published": "2024-01-01T00:00:00Z", "isPlayed": "yes"}"#,
      #"show https://e.com/f, episode "g1", field "isPlayed": expected a Boolean, got "yes""#
    ),
    (
      #"{"guid": 7, "published": "2024-01-01T00:00:00Z"}"#,
      #"show https://e.com/f, episodes[0], field "guid": expected a string, got 7"#
    ),
    (
      #"[]"#,
      #"show https://e.com/f, episodes[0]: expected an object, got an array"#
    ),
  ]

  @Test("rejects a bad episode with the show, the episode, the field and the value", arguments: badEpisodes)
  func badEpisode(_ json: String, expected: String) {
    let bytes = Self.catalog(episodes: json)
    #expect(throws: CatalogError.self) { try Catalog(json: bytes) }
    let problems = Catalog.problems(inJSON: bytes)
    #expect(problems.map(\.description) == [expected])
  }

  @Test("rejects duplicate GUIDs within a show, and never drops the episode silently")
  func duplicateGUID() {
    let bytes = Self.catalog(episodes: Self.good + ", " + Self.good)
    #expect(throws: CatalogError.duplicateGUID("g1", feedURL: "https://e.com/f")) { try Catalog(json: bytes) }
  }

  @Test("rejects duplicate feed URLs")
  func duplicateFeedURL() {
    let show = #"{"feedURL": "u", "title": "T", "episodes": []}"#
    let text = #"{"version": 1, "shows": [\#(show), \#(show)]}"#
    #expect(throws: CatalogError.duplicateFeedURL("u", firstIndex: 0, secondIndex: 1)) {
      try Catalog(json: Array(text.utf8))
    }
  }

  static let badDocuments: [(json: String, expected: String)] = [
    (
      #"{"version": 2, "shows": []}"#, #"catalog, field "version": unsupported version 2; this package reads version 1"#
    ),
    (#"{"shows": []}"#, #"field "version": required field is missing"#),
    (#"{"version": 1}"#, #"field "shows": required field is missing"#),
    (#"{"version": 1, "shows": {}}"#, #"field "shows": expected an array, got {…}"#),
    (
      #"{"version": 1, "shows": [{"title": "T", "episodes": []}]}"#,
      #"shows[0], field "feedURL": required field is missing"#
    ),
    (
      #"{"version": 1, "shows": [{"feedURL": "u", "title": "T", "ordering": "random", "episodes": []}]}"#,
      #"show u, field "ordering": must be one of "episodic", "serial", got "random""#
    ),
    (
      #"{"version": 1, "shows": [{"feedURL": "u", "title": "T", "recentListeningSeconds": -3, "episodes": []}]}"#,
      #"show u, field "recentListeningSeconds": must be from 0 to 3153600000, got -3"#
    ),
    (
      #"{"version": 1, "shows": [{"feedURL": "u", "title": "T", "categories": [1], "episodes": []}]}"#,
      #"show u, field "categories[0]": expected a string, got 1"#
    ),
    (#"{"version": 1, "shows": [}"#, "line 1, column 26: malformed JSON: unexpected character \"}\""),
    ("{\n  \"version\": 1,\n  \"shows\": [\n", "line 4, column 1: malformed JSON: unexpected end of the document"),
    (#"[1, 2]"#, "catalog: expected an object, got an array"),
  ]

  @Test("rejects a bad document with where it was", arguments: badDocuments)
  func badDocument(_ json: String, expected: String) {
    let problems = Catalog.problems(inJSON: Array(json.utf8))
    #expect(problems.map(\.description) == [expected])
  }

  @Test("lists every problem of a file, not only the first")
  func everyProblem() {
    let bad = #"{"guid": "g2", "published": "x", "durationSeconds": 0}"#
    let problems = Catalog.problems(inJSON: Self.catalog(episodes: bad + ", " + #"{"guid": "g3"}"#))
    #expect(problems.count == 3)
  }

  @Test("never crashes on truncations of a valid catalog")
  func truncations() {
    let bytes = Array(Self.exampleText.utf8)
    for length in 0..<(bytes.count - 1) {  // all but the final newline
      let problems = Catalog.problems(inJSON: bytes[..<length])
      #expect(!problems.isEmpty, "a truncated catalog of \(length) bytes was accepted")
    }
  }
}

@Suite("Catalog JSON: hostile values")
struct CatalogHostileJSONTests {
  static func catalog(episode: String) -> [UInt8] {
    Array(
      """
      {"version": 1, "shows": [{"feedURL": "https://e.com/f", "title": "F", "episodes": [\(episode)]}]}
      """.utf8)
  }

  @Test("a key that does not exist is an error naming it and the nearest known key")
  func unknownKeys() {
    let misspelt = Catalog.problems(
      inJSON: Self.catalog(
        episode: #"{"guid": "g", "published": "2024-01-01T00:00:00Z", "durationSecond": 1800, "isplayed": true}"#))
    #expect(
      misspelt.map(\.description) == [
        #"show https://e.com/f, episode "g", field "durationSecond": unknown field; did you mean "durationSeconds"?"#,
        #"show https://e.com/f, episode "g", field "isplayed": unknown field; did you mean "isPlayed"?"#,
      ])
    let top = Catalog.problems(inJSON: Array(#"{"version": 1, "shows": [], "colour": "blue"}"#.utf8))
    #expect(top.map(\.description) == [#"field "colour": unknown field"#])
  }

  @Test("a duration too long to add up safely names the field and the limit")
  func hugeDuration() {
    let problems = Catalog.problems(
      inJSON: Self.catalog(
        episode: #"{"guid": "g", "published": "2024-01-01T00:00:00Z", "durationSeconds": 9223372036854775807}"#))
    #expect(
      problems.map(\.description) == [
        #"show https://e.com/f, episode "g", field "durationSeconds": duration must be from 1 to 604800 whole seconds (7 days); leave the field out when unknown, got 9223372036854775807"#
      ])
  }

  @Test("invalid UTF-8 is rejected with its byte offset, not turned into U+FFFD")
  func invalidUTF8() {
    var bytes = Self.catalog(episode: #"{"guid": "xZ", "published": "2024-01-01T00:00:00Z"}"#)
    let offset = bytes.firstIndex(of: UInt8(ascii: "Z"))!
    bytes[offset] = 0xFF
    #expect(
      Catalog.problems(inJSON: bytes).map(\.description) == [
        "line 1, column \(offset + 1): malformed JSON: invalid UTF-8 at byte offset \(offset) (byte 0xFF)"
      ])
  }

  @Test("a 100 MB number gives a short message")
  func hugeNumber() {
    let digits = String(repeating: "9", count: 1_000_000)
    let problems = Catalog.problems(inJSON: Array(#"{"version": 1e\#(digits)}"#.utf8))
    #expect(problems.count == 1)
    #expect(problems[0].description.count < 200, "\(problems[0].description.prefix(300))")
  }
}
