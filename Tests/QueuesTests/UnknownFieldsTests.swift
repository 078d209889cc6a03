import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@Suite("Members a newer version wrote")
struct UnknownFieldsTests {
  /// A store with a member this version does not know in every kind of object, each before the known keys.
  static let newer = #"""
    {
      "zTop": {"b": [1, 2.5, null], "a": true},
      "aTop": "first",
      "version": 5,
      "revision": 4,
      "queueLimit": 4,
      "activeQueueID": "up-next",
      "queues": [
        {
          "color": "blue",
          "id": "up-next",
          "name": "📋 Up Next",
          "createdAt": "2026-11-29T08:00:00Z",
          "lastModified": "2026-11-29T08:00:00Z",
          "isSyncedToCloud": false,
          "isAutoSwitchEnabled": true,
          "autoSwitchRules": [
            {"strength": 3, "kind": "car", "isEnabled": true, "consent": "ask", "returnsWhenTriggerEnds": false}
          ],
          "smartFillSettings": {
            "mode": "fill-time",
            "targetSeconds": 600,
            "toleranceSeconds": 60,
            "priorityShows": [],
            "mood": "calm"
          },
          "currentIndex": 0,
          "episodes": [
            {
              "downloaded": false,
              "feedURL": "https://example.com/a.xml",
              "episodeGUID": "a-1",
              "title": "One",
              "showTitle": "A",
              "playbackPositionSeconds": 0,
              "addedAt": "2026-11-29T08:00:00Z"
            }
          ]
        }
      ],
      "deletedQueues": [
        {
          "reason": "tidy",
          "deletedAt": "2026-11-29T08:00:00Z",
          "formerIndex": 1,
          "queue": {
            "id": "old",
            "name": "Old",
            "createdAt": "2026-11-29T08:00:00Z",
            "lastModified": "2026-11-29T08:00:00Z",
            "isSyncedToCloud": false,
            "isAutoSwitchEnabled": false,
            "autoSwitchRules": [],
            "currentIndex": 0,
            "episodes": []
          }
        }
      ],
      "knownAudioDevices": [
        {"paired": "2025", "identifier": "00:11", "name": "Golf", "isCar": true}
      ]
    }
    """#

  /// What this version writes for ``newer``: the unknown members after the known keys of their object, sorted.
  static let written = #"""
    {
      "version": 5,
      "revision": 4,
      "queueLimit": 4,
      "activeQueueID": "up-next",
      "queues": [
        {
          "id": "up-next",
          "name": "📋 Up Next",
          "createdAt": "2026-11-29T08:00:00Z",
          "lastModified": "2026-11-29T08:00:00Z",
          "isSyncedToCloud": false,
          "isAutoSwitchEnabled": true,
          "autoSwitchRules": [
            {
              "kind": "car",
              "isEnabled": true,
              "consent": "ask",
              "returnsWhenTriggerEnds": false,
              "strength": 3
            }
          ],
          "smartFillSettings": {
            "mode": "fill-time",
            "targetSeconds": 600,
            "toleranceSeconds": 60,
            "priorityShows": [],
            "mood": "calm"
          },
          "currentIndex": 0,
          "episodes": [
            {
              "feedURL": "https://example.com/a.xml",
              "episodeGUID": "a-1",
              "title": "One",
              "showTitle": "A",
              "playbackPositionSeconds": 0,
              "addedAt": "2026-11-29T08:00:00Z",
              "downloaded": false
            }
          ],
          "color": "blue"
        }
      ],
      "deletedQueues": [
        {
          "deletedAt": "2026-11-29T08:00:00Z",
          "formerIndex": 1,
          "queue": {
            "id": "old",
            "name": "Old",
            "createdAt": "2026-11-29T08:00:00Z",
            "lastModified": "2026-11-29T08:00:00Z",
            "isSyncedToCloud": false,
            "isAutoSwitchEnabled": false,
            "autoSwitchRules": [],
            "currentIndex": 0,
            "episodes": []
          },
          "reason": "tidy"
        }
      ],
      "knownAudioDevices": [
        {
          "identifier": "00:11",
          "name": "Golf",
          "isCar": true,
          "paired": "2025"
        }
      ],
      "aTop": "first",
      "zTop": {
        "a": true,
        "b": [
          1,
          2.5,
          null
        ]
      }
    }

    """#

  @Test("unknown members are written back after the known keys of their object, sorted, with the same values")
  func pinned() throws {
    let library = try QueueLibrary(json: Array(Self.newer.utf8))
    #expect(library.jsonText() == Self.written)
    #expect(try QueueLibrary(json: Array(Self.written.utf8)) == library)
    #expect(try JSONValue.parse(Array(Self.written.utf8)) == JSONValue.parse(Array(Self.newer.utf8)))
  }

  @Test("a library without unknown members is written as before (the pinned format gains nothing)")
  func nothingAdded() throws {
    #expect(try QueueLibraryJSONTests.sample().jsonText() == QueueLibraryJSONTests.pinned)
  }

  @Test("values that differ only in unknown members are not equal: they are not written the same")
  func equality() throws {
    let library = try QueueLibrary(json: Array(Self.newer.utf8))
    let plain = try QueueLibrary(json: Array(Self.newer.replacingOccurrences(of: #""color": "blue","#, with: "").utf8))
    #expect(library != plain)
    #expect(library.upNext != plain.upNext)
    #expect(Set([library, plain]).count == 2)
    #expect(library.upNext.episodes == plain.upNext.episodes)
  }

  @Test("unknown members survive changes around them: a rename, a move, a re-add, a kept rule, a restore")
  func changes() throws {
    var library = try QueueLibrary(json: Array(Self.newer.utf8), now: testDate)
    try library.modify(.upNext, now: testDate) { (queue) throws(QueueError) in
      try queue.playLast([reference("b-1")])
      try queue.playNext([
        EpisodeReference(
          episodeGUID: "a-1", feedURL: "https://example.com/a.xml", durationSeconds: 60, addedAt: testDate)
      ])
      try queue.replaceAutoSwitchRules(with: [.car, .motion(.running)])
    }
    try library.restore(QueueID("old"), now: testDate)
    let text = library.jsonText()
    #expect(text.contains(#""downloaded": false"#), "an episode added again keeps its members")
    #expect(text.contains(#""strength": 3"#), "a rule that stays keeps its members")
    #expect(text.contains(#""color": "blue""#))
    #expect(text.contains(#""mood": "calm""#))
    #expect(!text.contains(#""reason": "tidy""#), "a restored queue's deletion record is gone")
    try library.modify(.upNext, now: testDate) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [.motion(.running)])
    }
    #expect(!library.jsonText().contains(#""strength""#), "a rule that is replaced loses its members")
  }

  @Test("a duplicate copies the unknown members of episodes, rules and settings, but not the queue's own")
  func duplicate() throws {
    var library = try QueueLibrary(json: Array(Self.newer.utf8), now: testDate)
    let copy = try library.duplicate(.upNext, newID: QueueID("copy"), now: testDate)
    guard case .object(let root) = try JSONValue.parse(library.jsonBytes()), case .array(let queues)? = root["queues"],
      case .object(let duplicated) = queues[1], case .array(let episodes)? = duplicated["episodes"],
      case .object(let episode) = episodes[0], case .array(let rules)? = duplicated["autoSwitchRules"],
      case .object(let rule) = rules[0], case .object(let settings)? = duplicated["smartFillSettings"]
    else {
      Issue.record("unexpected shape")
      return
    }
    #expect(duplicated["id"] == .string(copy.rawValue))
    #expect(duplicated["color"] == nil)
    #expect(episode["downloaded"] == .bool(false))
    #expect(rule["strength"] == .integer(3))
    #expect(settings["mood"] == .string("calm"))
  }

  @Test("a version 2 file keeps its unknown members when migrated; a key of version 3 in it is not kept twice")
  func version2() throws {
    let text = QueueLibraryJSONTests.version2File
      .replacingOccurrences(of: #""version": 2,"#, with: #""version": 2, "extra": 1,"#)
      .replacingOccurrences(
        of: #""targetDurationSeconds": 2700,"#, with: #""targetDurationSeconds": 2700, "targetSeconds": 1,"#)
    let library = try QueueLibrary(json: Array(text.utf8))
    let written = library.jsonText()
    #expect(written.contains(#""extra": 1"#))
    #expect(written.components(separatedBy: #""targetSeconds""#).count == 2, "one target, the one read")
    #expect(written.contains(#""targetSeconds": 2700"#))
  }

  @Test("a store read, changed and saved keeps the unknown members byte for byte in meaning")
  func throughTheStore() throws {
    let directory = try TemporaryDirectory(prefix: "queues-tests")
    defer { directory.cleanUp() }
    let store = QueueStore(path: directory.file("queues.json"))
    try Data(Self.newer.utf8).write(to: URL(fileURLWithPath: store.path))
    let saved = try store.update(now: testDate) { (library) throws(QueueError) in
      try library.createQueue(named: "New", id: QueueID("new"), now: testDate)
    }
    let text = try String(contentsOfFile: store.path, encoding: .utf8)
    #expect(text == saved.jsonText())
    var expected = try JSONValue.parse(Array(Self.written.utf8))
    expected.set(.integer(5), at: ["revision"] as [JSONStep])
    var written = try JSONValue.parse(Array(text.utf8))
    written.set(JSONValue?.none, at: ["queues", 1] as [JSONStep])
    #expect(written == expected)
  }
}
