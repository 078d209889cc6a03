import Foundation
import Queues
import SmartFill
import Testing

@Suite("Queue library JSON")
struct QueueLibraryJSONTests {
  /// A small library with one of everything: rules, settings, episodes with and without a duration, a
  /// playhead, a deleted queue.
  static func sample() throws -> QueueLibrary {
    var library = try QueueLibrary(now: testDate, queueLimit: 6)
    try library.modify(.upNext, now: later(60)) { (queue) throws(QueueError) in
      try queue.playLast([
        reference("a-1", minutes: 30, position: 125), reference("b \"2\"", show: "b", minutes: nil),
      ])
      try queue.makeCurrent(at: 1)
    }
    try library.modify(.commute, now: later(120)) { (queue) throws(QueueError) in
      queue.smartFillSettings = SmartFillSettings(
        mode: .fillTime, targetSeconds: 2700, priorityShows: ["https://example.com/a.xml"])
      try queue.replaceAutoSwitchRules(with: [
        .car, .audioOutput(.bluetoothSpeaker), AutoSwitchRule(.focusFilter(focusName: "Driving")),
      ])
      queue.isSyncedToCloud = true
    }
    try library.delete(try library.deletion(of: .workout), now: later(180))
    try library.switchTo(.commute)
    return library
  }

  @Test("the format is pinned byte for byte")
  func pinnedText() throws {
    let text = try Self.sample().jsonText()
    #expect(text == Self.pinned)
  }

  @Test("a store written by format 4, before shows were tied, loads whole: nothing tied, nothing seen")
  func version4() throws {
    var library = try QueueLibrary(json: Array(Version4Store.text.utf8))
    #expect(library.revision == 8)
    #expect(library.queues.map(\.id) == [.upNext, .commute, .workout, .sleep])
    #expect(library[.commute]?.episodes.map(\.episodeGUID) == ["s1-e30", "s1-e29"])
    #expect(library[.commute]?.smartFillSettings?.targetSeconds == 2700)
    #expect(library[.commute]?.autoSwitchRules.map(\.trigger) == [.car, .car], "the built-in rule, then the one added")
    #expect(library.upNext.current?.playbackPositionSeconds == 60)
    #expect(library.deletedQueues.map(\.queue.name) == ["🌙 Evening"])
    #expect(library.queues.allSatisfy { $0.showTies.isEmpty })
    #expect(library.deletedQueues.allSatisfy { $0.queue.showTies.isEmpty })
    #expect(!library.untiedShowsGoToUpNext && library.episodeHistory.isEmpty)
    // Written again, it is the same file but for its version, and it takes ties from then on.
    #expect(
      library.jsonText() == Version4Store.text.replacingOccurrences(of: #""version": 4,"#, with: #""version": 5,"#))
    try library.tieShow("https://feeds.example.com/show-00001.xml", titled: "Show 1", to: .commute, now: testDate)
    #expect(try QueueLibrary(json: library.jsonBytes()) == library)
  }

  @Test("a store written by format 3 loads as the same library, its rules migrated")
  func version3() throws {
    let library = try QueueLibrary(json: Array(Self.version3File.utf8))
    #expect(try library == Self.sample())
    let commute = try #require(library[.commute])
    #expect(
      commute.autoSwitchRules.map(\.trigger) == [
        .car, .audioOutput(.bluetoothSpeaker), .focusFilter(focusName: "Driving"),
      ])
    #expect(commute.autoSwitchRules.allSatisfy { $0.isEnabled && $0.consent == .ask && !$0.returnsWhenTriggerEnds })
    #expect(library.queues.allSatisfy { $0.isAutoSwitchEnabled })
    #expect(library.knownAudioDevices.isEmpty)
  }

  @Test("a store written by format 2 loads as the same library")
  func version2() throws {
    #expect(Self.version2File.contains(#""version": 2,"#))
    #expect(Self.version2File.contains(#""targetDurationSeconds": 2700"#))
    #expect(try QueueLibrary(json: Array(Self.version2File.utf8)) == Self.sample())
  }

  @Test("a library survives writing and reading")
  func roundTrip() throws {
    let library = try Self.sample()
    #expect(try QueueLibrary(json: library.jsonData()) == library)
    let fresh = QueueLibrary(now: testDate)
    #expect(try QueueLibrary(json: fresh.jsonData()) == fresh)
  }

  @Test("version 1, a single Up Next list, is migrated into a library with the built-in queues")
  func migration() throws {
    let version1 = """
      {
        "version": 1,
        "currentIndex": 1,
        "episodes": [
          {"feedURL": "https://example.com/a.xml", "episodeGUID": "1", "title": "One", "showTitle": "A",
           "durationSeconds": 600, "playbackPositionSeconds": 0, "addedAt": "2026-01-01T00:00:00Z"},
          {"feedURL": "https://example.com/a.xml", "episodeGUID": "2", "title": "Two", "showTitle": "A",
           "playbackPositionSeconds": 30, "addedAt": "2026-01-02T00:00:00Z"}
        ]
      }
      """
    let library = try QueueLibrary(json: Array(version1.utf8), now: testDate)
    #expect(library.queues.map(\.id) == [.upNext, .commute, .workout, .sleep])
    #expect(library.upNext.guids == ["1", "2"])
    #expect(library.upNext.current?.playbackPositionSeconds == 30)
    #expect(library.upNext.episodes[1].durationSeconds == nil)
    #expect(library.revision == 0)
  }

  @Test(
    "problems are reported with the path to the field",
    arguments: [
      ("{", "line 1, column 2", "malformed JSON: expected a key string"),
      ("[]", "top level", "expected an object, found an array"),
      (#"{"version": "2"}"#, "version", "expected an integer, found \"2\""),
      (#"{"version": 0}"#, "version", "must be 1 to 5, got 0"),
      (#"{"version": 1, "episodes": [{"feedURL": 3}]}"#, "episodes[0].episodeGUID", "the field is missing"),
      (
        #"{"version": 1, "episodes": [{"episodeGUID": "g", "feedURL": 3}]}"#, "episodes[0].feedURL",
        "expected a string, found 3"
      ),
    ])
  func problems(json: String, location: String, reason: String) {
    #expect(throws: QueueError.malformedLibrary(location: location, reason: reason)) {
      try QueueLibrary(json: Array(json.utf8))
    }
  }

  @Test("a wrong value deep inside a queue names the queue, the episode and the field")
  func deepProblem() throws {
    let text = try Self.sample().jsonText()
      .replacingOccurrences(of: #""playbackPositionSeconds": 125"#, with: #""playbackPositionSeconds": "x""#)
    #expect(
      throws: QueueError.malformedLibrary(
        location: "queues[0].episodes[0].playbackPositionSeconds", reason: "expected an integer, found \"x\"")
    ) {
      try QueueLibrary(json: Array(text.utf8))
    }
    let badRule = try Self.sample().jsonText().replacingOccurrences(of: #""kind": "car""#, with: #""kind": "boat""#)
    #expect(throws: QueueError.self) { try QueueLibrary(json: Array(badRule.utf8)) }
  }

  /// The sample's text with the first `old` replaced by `new`.
  static func sampleText(replacing old: String, with new: String) throws -> String {
    let text = try sample().jsonText()
    guard let range = text.range(of: old) else { preconditionFailure("\(old) is not in the sample") }
    return text.replacingCharacters(in: range, with: new)
  }

  @Test(
    "every number has a bound; a value past it names the field and the value",
    arguments: [
      ("revision", "0", "9007199254740992", "revision", "must be from 0 to 9007199254740991, found 9007199254740992"),
      ("queueLimit", "6", "1001", "queueLimit", "must be from 1 to 1000, found 1001"),
      ("currentIndex", "1", "3", "queues[0].currentIndex", "must be from 0 to 2, found 3"),
      (
        "durationSeconds", "1800", "31536001", "queues[0].episodes[0].durationSeconds",
        "must be from 1 to 31536000, found 31536001"
      ),
      (
        "playbackPositionSeconds", "125", "1801", "queues[0].episodes[0].playbackPositionSeconds",
        "must be from 0 to 1800, found 1801"
      ),
      (
        "playbackPositionSeconds", "0", "31536001", "queues[0].episodes[1].playbackPositionSeconds",
        "must be from 0 to 31536000, found 31536001"
      ),
      (
        "targetSeconds", "2700", "604801", "queues[1].smartFillSettings.targetSeconds",
        "must be from 1 to 604800, found 604801"
      ),
      (
        "toleranceSeconds", "180", "-1", "queues[1].smartFillSettings.toleranceSeconds",
        "must be from 0 to 1800, found -1"
      ),
      (
        "formerIndex", "2", "9223372036854775807", "deletedQueues[0].formerIndex",
        "must be from 0 to 1000, found 9223372036854775807"
      ),
    ])
  func bounds(key: String, old: String, new: String, location: String, reason: String) throws {
    let text = try Self.sampleText(replacing: "\"\(key)\": \(old)", with: "\"\(key)\": \(new)")
    #expect(throws: QueueError.malformedLibrary(location: location, reason: reason)) {
      try QueueLibrary(json: Array(text.utf8))
    }
  }

  @Test("numbers at their bounds are read")
  func atBounds() throws {
    var text = try Self.sampleText(replacing: #""revision": 0"#, with: #""revision": 9007199254740991"#)
    text = text.replacingOccurrences(of: #""queueLimit": 6"#, with: #""queueLimit": 1000"#)
    text = text.replacingOccurrences(of: #""formerIndex": 2"#, with: #""formerIndex": 1000"#)
    text = text.replacingOccurrences(of: #""targetSeconds": 2700"#, with: #""targetSeconds": 604800"#)
    text = text.replacingOccurrences(of: #""toleranceSeconds": 180"#, with: #""toleranceSeconds": 1800"#)
    let library = try QueueLibrary(json: Array(text.utf8))
    #expect(library.revision == QueueLibrary.maximumRevision)
    #expect(library.queueLimit == QueueLibrary.maximumQueueLimit)
    #expect(library.jsonText() == text)
  }

  @Test("a newer version is reported as such, not as a malformed file")
  func newerVersion() {
    #expect(throws: QueueError.unsupportedVersion(6)) { try QueueLibrary(json: Array(#"{"version": 6}"#.utf8)) }
  }

  /// What this version writes for ``sample()`` (store format 5).
  static let pinned = #"""
    {
      "version": 5,
      "revision": 0,
      "queueLimit": 6,
      "activeQueueID": "commute",
      "queues": [
        {
          "id": "up-next",
          "name": "📋 Up Next",
          "createdAt": "2026-11-29T08:00:00Z",
          "lastModified": "2026-11-29T08:01:00Z",
          "isSyncedToCloud": false,
          "isAutoSwitchEnabled": true,
          "autoSwitchRules": [],
          "currentIndex": 1,
          "episodes": [
            {
              "feedURL": "https://example.com/a.xml",
              "episodeGUID": "a-1",
              "title": "Episode a-1",
              "showTitle": "Show a",
              "durationSeconds": 1800,
              "playbackPositionSeconds": 125,
              "addedAt": "2026-11-29T08:00:00Z"
            },
            {
              "feedURL": "https://example.com/b.xml",
              "episodeGUID": "b \"2\"",
              "title": "Episode b \"2\"",
              "showTitle": "Show b",
              "playbackPositionSeconds": 0,
              "addedAt": "2026-11-29T08:00:00Z"
            }
          ]
        },
        {
          "id": "commute",
          "name": "🚗 Commute",
          "createdAt": "2026-11-29T08:00:00Z",
          "lastModified": "2026-11-29T08:02:00Z",
          "isSyncedToCloud": true,
          "isAutoSwitchEnabled": true,
          "autoSwitchRules": [
            {
              "kind": "car",
              "isEnabled": true,
              "consent": "ask",
              "returnsWhenTriggerEnds": false
            },
            {
              "kind": "audioOutput",
              "output": "bluetoothSpeaker",
              "isEnabled": true,
              "consent": "ask",
              "returnsWhenTriggerEnds": false
            },
            {
              "kind": "focusFilter",
              "focusName": "Driving",
              "isEnabled": true,
              "consent": "ask",
              "returnsWhenTriggerEnds": false
            }
          ],
          "smartFillSettings": {
            "mode": "fill-time",
            "targetSeconds": 2700,
            "toleranceSeconds": 180,
            "priorityShows": ["https://example.com/a.xml"]
          },
          "currentIndex": 0,
          "episodes": []
        },
        {
          "id": "sleep",
          "name": "😴 Sleep",
          "createdAt": "2026-11-29T08:00:00Z",
          "lastModified": "2026-11-29T08:00:00Z",
          "isSyncedToCloud": false,
          "isAutoSwitchEnabled": true,
          "autoSwitchRules": [
            {
              "kind": "timeRange",
              "start": "22:00",
              "end": "06:00",
              "weekdays": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
              "isEnabled": true,
              "consent": "ask",
              "returnsWhenTriggerEnds": false
            }
          ],
          "currentIndex": 0,
          "episodes": []
        }
      ],
      "deletedQueues": [
        {
          "deletedAt": "2026-11-29T08:03:00Z",
          "formerIndex": 2,
          "queue": {
            "id": "workout",
            "name": "🏋️ Workout",
            "createdAt": "2026-11-29T08:00:00Z",
            "lastModified": "2026-11-29T08:00:00Z",
            "isSyncedToCloud": false,
            "isAutoSwitchEnabled": true,
            "autoSwitchRules": [
              {
                "kind": "motion",
                "activity": "running",
                "minimumStableSeconds": 60,
                "minimumConfidence": "medium",
                "isEnabled": true,
                "consent": "ask",
                "returnsWhenTriggerEnds": false
              }
            ],
            "currentIndex": 0,
            "episodes": []
          }
        }
      ],
      "knownAudioDevices": []
    }

    """#

  /// What the previous version (store format 3) wrote for ``sample()``, byte for byte: it must still load,
  /// its rules migrated (the Bluetooth output a Bluetooth speaker, the Focus mode "Driving" a Focus filter
  /// rule that remembers the name).
  static let version3File = #"""
    {
      "version": 3,
      "revision": 0,
      "queueLimit": 6,
      "activeQueueID": "commute",
      "queues": [
        {
          "id": "up-next",
          "name": "📋 Up Next",
          "createdAt": "2026-11-29T08:00:00Z",
          "lastModified": "2026-11-29T08:01:00Z",
          "isSyncedToCloud": false,
          "autoSwitchRules": [],
          "currentIndex": 1,
          "episodes": [
            {
              "feedURL": "https://example.com/a.xml",
              "episodeGUID": "a-1",
              "title": "Episode a-1",
              "showTitle": "Show a",
              "durationSeconds": 1800,
              "playbackPositionSeconds": 125,
              "addedAt": "2026-11-29T08:00:00Z"
            },
            {
              "feedURL": "https://example.com/b.xml",
              "episodeGUID": "b \"2\"",
              "title": "Episode b \"2\"",
              "showTitle": "Show b",
              "playbackPositionSeconds": 0,
              "addedAt": "2026-11-29T08:00:00Z"
            }
          ]
        },
        {
          "id": "commute",
          "name": "🚗 Commute",
          "createdAt": "2026-11-29T08:00:00Z",
          "lastModified": "2026-11-29T08:02:00Z",
          "isSyncedToCloud": true,
          "autoSwitchRules": [
            {
              "kind": "car"
            },
            {
              "kind": "audioOutput",
              "output": "bluetooth"
            },
            {
              "kind": "focusMode",
              "name": "Driving"
            }
          ],
          "smartFillSettings": {
            "mode": "fill-time",
            "targetSeconds": 2700,
            "toleranceSeconds": 180,
            "priorityShows": ["https://example.com/a.xml"]
          },
          "currentIndex": 0,
          "episodes": []
        },
        {
          "id": "sleep",
          "name": "😴 Sleep",
          "createdAt": "2026-11-29T08:00:00Z",
          "lastModified": "2026-11-29T08:00:00Z",
          "isSyncedToCloud": false,
          "autoSwitchRules": [
            {
              "kind": "timeRange",
              "start": "22:00",
              "end": "06:00"
            }
          ],
          "currentIndex": 0,
          "episodes": []
        }
      ],
      "deletedQueues": [
        {
          "deletedAt": "2026-11-29T08:03:00Z",
          "formerIndex": 2,
          "queue": {
            "id": "workout",
            "name": "🏋️ Workout",
            "createdAt": "2026-11-29T08:00:00Z",
            "lastModified": "2026-11-29T08:00:00Z",
            "isSyncedToCloud": false,
            "autoSwitchRules": [
              {
                "kind": "motion",
                "activity": "running"
              }
            ],
            "currentIndex": 0,
            "episodes": []
          }
        }
      ]
    }

    """#

  /// What the previous version (store format 2) wrote for ``sample()``, byte for byte: it must still load.
  static let version2File = #"""
    {
      "version": 2,
      "revision": 0,
      "queueLimit": 6,
      "activeQueueID": "commute",
      "queues": [
        {
          "id": "up-next",
          "name": "📋 Up Next",
          "createdAt": "2026-11-29T08:00:00Z",
          "lastModified": "2026-11-29T08:01:00Z",
          "isSyncedToCloud": false,
          "autoSwitchRules": [],
          "currentIndex": 1,
          "episodes": [
            {
              "feedURL": "https://example.com/a.xml",
              "episodeGUID": "a-1",
              "title": "Episode a-1",
              "showTitle": "Show a",
              "durationSeconds": 1800,
              "playbackPositionSeconds": 125,
              "addedAt": "2026-11-29T08:00:00Z"
            },
            {
              "feedURL": "https://example.com/b.xml",
              "episodeGUID": "b \"2\"",
              "title": "Episode b \"2\"",
              "showTitle": "Show b",
              "playbackPositionSeconds": 0,
              "addedAt": "2026-11-29T08:00:00Z"
            }
          ]
        },
        {
          "id": "commute",
          "name": "🚗 Commute",
          "createdAt": "2026-11-29T08:00:00Z",
          "lastModified": "2026-11-29T08:02:00Z",
          "isSyncedToCloud": true,
          "autoSwitchRules": [
            {
              "kind": "car"
            },
            {
              "kind": "audioOutput",
              "output": "bluetooth"
            },
            {
              "kind": "focusMode",
              "name": "Driving"
            }
          ],
          "smartFillSettings": {
            "mode": "fill-time",
            "targetDurationSeconds": 2700,
            "toleranceSeconds": 180,
            "priorityShows": ["https://example.com/a.xml"]
          },
          "currentIndex": 0,
          "episodes": []
        },
        {
          "id": "sleep",
          "name": "😴 Sleep",
          "createdAt": "2026-11-29T08:00:00Z",
          "lastModified": "2026-11-29T08:00:00Z",
          "isSyncedToCloud": false,
          "autoSwitchRules": [
            {
              "kind": "timeRange",
              "start": "22:00",
              "end": "06:00"
            }
          ],
          "currentIndex": 0,
          "episodes": []
        }
      ],
      "deletedQueues": [
        {
          "deletedAt": "2026-11-29T08:03:00Z",
          "formerIndex": 2,
          "queue": {
            "id": "workout",
            "name": "🏋️ Workout",
            "createdAt": "2026-11-29T08:00:00Z",
            "lastModified": "2026-11-29T08:00:00Z",
            "isSyncedToCloud": false,
            "autoSwitchRules": [
              {
                "kind": "motion",
                "activity": "running"
              }
            ],
            "currentIndex": 0,
            "episodes": []
          }
        }
      ]
    }

    """#
}
