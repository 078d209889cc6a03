import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

/// A step of a path into a JSON document: `["queues", 1, "name"]`.
enum JSONStep: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible {
  case key(String)
  case index(Int)

  init(stringLiteral value: String) { self = .key(value) }
  init(integerLiteral value: Int) { self = .index(value) }

  var description: String {
    switch self {
    case .key(let key): return key
    case .index(let index): return "[\(index)]"
    }
  }
}

extension JSONValue {
  /// Replaces the value at `path` with `value`, or removes it when `value` is `nil`.
  mutating func set(_ value: JSONValue?, at path: some Collection<JSONStep>) {
    guard let step = path.first else {
      if let value { self = value }
      return
    }
    let rest = path.dropFirst()
    switch (self, step) {
    case (.object(var members), .key(let key)):
      if rest.isEmpty {
        members[key] = value
      } else {
        members[key]?.set(value, at: rest)
      }
      self = .object(members)
    case (.array(var elements), .index(let index)) where elements.indices.contains(index):
      if rest.isEmpty, value == nil {
        elements.remove(at: index)
      } else {
        elements[index].set(value, at: rest)
      }
      self = .array(elements)
    default:
      break
    }
  }

  /// Every path in the value, the value's own (empty) first.
  func paths(prefix: [JSONStep] = []) -> [[JSONStep]] {
    var result = [prefix]
    switch self {
    case .object(let members):
      for key in members.keys.sorted() { result += members[key]!.paths(prefix: prefix + [.key(key)]) }
    case .array(let elements):
      for (index, element) in elements.enumerated() { result += element.paths(prefix: prefix + [.index(index)]) }
    default:
      break
    }
    return result
  }
}

@Suite("Load reports")
struct LoadReportTests {
  /// Up Next with five episodes (e0 to e4, the playhead on e3), Commute with two rules and smart fill
  /// settings (active), Sleep, and Workout deleted.
  static func sample() throws -> QueueLibrary {
    var library = try QueueLibrary(now: testDate, queueLimit: 6)
    try library.modify(.upNext, now: testDate) { (queue) throws(QueueError) in
      try queue.playLast((0..<5).map { reference("e\($0)") })
      try queue.makeCurrent(at: 3)
    }
    try library.modify(.commute, now: testDate) { (queue) throws(QueueError) in
      queue.smartFillSettings = SmartFillSettings(mode: .fillTime, targetSeconds: 2700)
      try queue.replaceAutoSwitchRules(with: [.car, .audioOutput(.bluetoothSpeaker)])
    }
    try library.delete(try library.deletion(of: .workout), now: testDate)
    try library.switchTo(.commute, savingPosition: nil, now: testDate)
    return library
  }

  /// The sample's JSON with the value at `path` replaced by `value` (removed when `nil`).
  static func damaged(_ path: [JSONStep], _ value: JSONValue?) throws -> [UInt8] {
    var root = try JSONValue.parse(try sample().jsonBytes())
    root.set(value, at: path)
    var json = JSONWriter()
    json.write(root)
    return json.bytes
  }

  struct Case: Sendable, CustomStringConvertible {
    var path: [JSONStep]
    var value: JSONValue?
    var location: String
    var outcome: LoadReport.Issue.Outcome
    /// The value the issue quotes, when it is not `value` (an issue about the object that holds it).
    var found: String?? = nil
    var description: String { "\(path.map(\.description).joined(separator: ".")) = \(value?.excerpt ?? "(removed)")" }
  }

  static let long = "😴 " + String(repeating: "z", count: 45)

  static let cases: [Case] = [
    // A queue's own fields: the queue is left out.
    Case(
      path: ["queues", 2, "name"], value: .string(long), location: "queues[2].name",
      outcome: .queueSkipped(id: .sleep, name: long)),
    Case(
      path: ["queues", 2, "name"], value: .string(" 🚗 commute"), location: "queues[2].name",
      outcome: .queueSkipped(id: .sleep, name: " 🚗 commute")),
    Case(
      path: ["queues", 2, "name"], value: .string("🚗 commute"), location: "queues[2].name",
      outcome: .queueSkipped(id: .sleep, name: "🚗 commute")),
    Case(
      path: ["queues", 2, "id"], value: .string("commute"), location: "queues[2].id",
      outcome: .queueSkipped(id: .commute, name: "😴 Sleep")),
    Case(
      path: ["queues", 2, "createdAt"], value: .string("yesterday"), location: "queues[2].createdAt",
      outcome: .queueSkipped(id: .sleep, name: "😴 Sleep")),
    Case(
      path: ["queues", 2, "isSyncedToCloud"], value: nil, location: "queues[2].isSyncedToCloud",
      outcome: .queueSkipped(id: .sleep, name: "😴 Sleep")),
    Case(
      path: ["queues", 2, "currentIndex"], value: .integer(1), location: "queues[2].currentIndex",
      outcome: .queueSkipped(id: .sleep, name: "😴 Sleep")),
    Case(
      path: ["queues", 2, "episodes"], value: .object([:]), location: "queues[2].episodes",
      outcome: .queueSkipped(id: .sleep, name: "😴 Sleep")),
    Case(path: ["queues", 2], value: .integer(42), location: "queues[2]", outcome: .queueSkipped(id: nil, name: nil)),
    // A part of a queue: the part is left out.
    Case(
      path: ["queues", 0, "episodes", 1, "durationSeconds"], value: .string("long"),
      location: "queues[0].episodes[1].durationSeconds", outcome: .episodeSkipped(queue: .upNext)),
    Case(
      path: ["queues", 0, "episodes", 1, "playbackPositionSeconds"], value: .integer(1801),
      location: "queues[0].episodes[1].playbackPositionSeconds", outcome: .episodeSkipped(queue: .upNext)),
    Case(
      path: ["queues", 0, "episodes", 1, "episodeGUID"], value: .string("e0"), location: "queues[0].episodes[1]",
      outcome: .episodeSkipped(queue: .upNext), found: "{…}"),
    Case(
      path: ["queues", 1, "autoSwitchRules", 0, "kind"], value: .string("boat"),
      location: "queues[1].autoSwitchRules[0].kind", outcome: .ruleSkipped(queue: .commute)),
    Case(
      path: ["queues", 1, "smartFillSettings", "toleranceSeconds"], value: .integer(99_999),
      location: "queues[1].smartFillSettings.toleranceSeconds", outcome: .smartFillSettingsDropped(queue: .commute)),
    // Top-level fields: replaced.
    Case(path: ["revision"], value: .string("x"), location: "revision", outcome: .replaced(with: "0")),
    Case(path: ["revision"], value: .integer(-1), location: "revision", outcome: .replaced(with: "0")),
    Case(path: ["queueLimit"], value: .integer(2), location: "queueLimit", outcome: .replaced(with: "20")),
    Case(path: ["queueLimit"], value: .integer(1001), location: "queueLimit", outcome: .replaced(with: "20")),
    Case(
      path: ["activeQueueID"], value: .string("gone"), location: "activeQueueID",
      outcome: .replaced(with: #""up-next""#)),
    Case(path: ["deletedQueues"], value: nil, location: "deletedQueues", outcome: .replaced(with: "[]")),
    // A deleted queue: left out.
    Case(
      path: ["deletedQueues", 0, "formerIndex"], value: .integer(-1), location: "deletedQueues[0].formerIndex",
      outcome: .deletedQueueSkipped(id: .workout, name: "🏋️ Workout")),
    Case(
      path: ["deletedQueues", 0, "queue", "id"], value: .string("commute"), location: "deletedQueues[0].queue.id",
      outcome: .deletedQueueSkipped(id: .commute, name: "🏋️ Workout")),
  ]

  @Test("each kind of bad value is reported where it is, with what was done, and the rest loads", arguments: cases)
  func policy(_ example: Case) throws {
    let (library, issues) = try QueueLibrary.salvaging(
      json: try Self.damaged(example.path, example.value), now: testDate)
    let first = try #require(issues.first)
    #expect(first.location == example.location)
    #expect(first.outcome == example.outcome)
    #expect(first.value == example.found ?? example.value?.excerpt)
    // What loaded is a library that is written and read back whole.
    #expect(try QueueLibrary(json: library.jsonBytes(), now: testDate) == library)
    let sample = try Self.sample()
    switch example.outcome {
    case .queueSkipped(let id, _):
      #expect(library.queues.count == sample.queues.count - 1)
      if example.path == ["queues", 2, "id"] { #expect(library[.sleep] == nil && library[.commute] != nil) }
      if let id, id != .commute { #expect(library[id] == nil) }
    case .episodeSkipped:
      #expect(library.upNext.count == 4)
      #expect(library.upNext.current?.episodeGUID == "e3", "the playhead stays on the same episode")
    case .ruleSkipped:
      #expect(library[.commute]?.autoSwitchRules == [.audioOutput(.bluetoothSpeaker)])
    case .smartFillSettingsDropped:
      #expect(library[.commute]?.smartFillSettings == nil)
      #expect(library[.commute]?.autoSwitchRules == sample[.commute]?.autoSwitchRules)
    case .deletedQueueSkipped:
      #expect(library.deletedQueues.isEmpty)
      #expect(library.queues == sample.queues)
    case .replaced, .upNextAdded, .knownDeviceSkipped:
      #expect(library.queues == sample.queues)
    }
  }

  @Test("a bad queue name is reported with the field, the value and the reason")
  func nameIssue() throws {
    let (library, issues) = try QueueLibrary.salvaging(
      json: try Self.damaged(["queues", 2, "name"], .string(Self.long)), now: testDate)
    let quoted = JSONWriter.quoted(Self.long)
    #expect(
      issues == [
        LoadReport.Issue(
          location: "queues[2].name", value: quoted, reason: "must be at most 40 characters, has 47, found \(quoted)",
          outcome: .queueSkipped(id: .sleep, name: Self.long))
      ])
    #expect(library.queues.map(\.id) == [.upNext, .commute])
    #expect(
      issues[0].description
        == "queues[2].name: must be at most 40 characters, has 47, found \(quoted); the queue \(quoted) (id \"sleep\") "
        + "was not loaded")
  }

  @Test("values quoted in a report are escaped and cut, so that a hostile file cannot write to a terminal")
  func hostileValues() throws {
    let hostile = "\u{1B}]0;owned\u{7}" + String(repeating: "y", count: 500)
    var root = try JSONValue.parse(try Self.sample().jsonBytes())
    root.set(.string(hostile), at: ["queues", 2, "name"] as [JSONStep])
    root.set(.string(hostile), at: ["queues", 0, "episodes", 1, "episodeGUID"] as [JSONStep])
    root.set(.string(hostile), at: ["queues", 0, "episodes", 2, "episodeGUID"] as [JSONStep])
    var json = JSONWriter()
    json.write(root)
    let (_, issues) = try QueueLibrary.salvaging(json: json.bytes, now: testDate)
    #expect(issues.map(\.location) == ["queues[0].episodes[2]", "queues[2].name"])
    for issue in issues {
      #expect(!issue.description.unicodeScalars.contains { $0.value < 0x20 }, "\(issue)")
      #expect(issue.description.count < 400, "\(issue)")
    }
  }

  @Test("a queue that the active queue names is left out: the active queue is replaced by Up Next")
  func activeQueueLeftOut() throws {
    let (library, issues) = try QueueLibrary.salvaging(
      json: try Self.damaged(["queues", 1, "lastModified"], .integer(3)), now: testDate)
    #expect(issues.map(\.location) == ["queues[1].lastModified", "activeQueueID"])
    #expect(issues[0].reason == #"expected a string, found 3"#)
    #expect(issues[1].value == #""commute""#)
    #expect(library.activeQueueID == .upNext)
  }

  @Test("when Up Next is left out, an empty one takes its place")
  func upNextLeftOut() throws {
    let (library, issues) = try QueueLibrary.salvaging(
      json: try Self.damaged(["queues", 0, "name"], .string("")), now: testDate)
    #expect(issues.map(\.outcome) == [.queueSkipped(id: .upNext, name: ""), .upNextAdded])
    #expect(issues.map(\.location) == ["queues[0].name", "queues"])
    #expect(library.upNext.isEmpty)
    #expect(library.upNext.name == "📋 Up Next")
    #expect(library.queues.map(\.id) == [.upNext, .commute, .sleep])
  }

  @Test("episodes left out move the playhead onto the same episode, or the next one when it was the current one")
  func playhead() throws {
    var root = try JSONValue.parse(try Self.sample().jsonBytes())
    root.set(.integer(0), at: ["queues", 0, "episodes", 1, "durationSeconds"] as [JSONStep])
    root.set(.integer(0), at: ["queues", 0, "episodes", 3, "durationSeconds"] as [JSONStep])
    var json = JSONWriter()
    json.write(root)
    let (library, issues) = try QueueLibrary.salvaging(json: json.bytes, now: testDate)
    #expect(
      issues.map(\.location) == ["queues[0].episodes[1].durationSeconds", "queues[0].episodes[3].durationSeconds"])
    #expect(issues[0].reason == "must be from 1 to 31536000, found 0")
    #expect(library.upNext.guids == ["e0", "e2", "e4"])
    #expect(library.upNext.current?.episodeGUID == "e4")
  }

  @Test("no more than the largest number of queues is loaded, Up Next among them")
  func tooManyQueues() throws {
    var root = try JSONValue.parse(try Self.sample().jsonBytes())
    guard case .object(let members) = root, case .array(var queues)? = members["queues"],
      case .object(let template) = queues[2]
    else {
      Issue.record("unexpected sample")
      return
    }
    for number in 0..<QueueLibrary.maximumQueueLimit {
      var queue = template
      queue["id"] = .string("q\(number)")
      queue["name"] = .string("Queue \(number)")
      queues.append(.object(queue))
    }
    // Up Next last: room is kept for it.
    queues.append(queues.removeFirst())
    root.set(.array(queues), at: ["queues"] as [JSONStep])
    var json = JSONWriter()
    json.write(root)
    let (library, issues) = try QueueLibrary.salvaging(json: json.bytes, now: testDate)
    #expect(library.count == QueueLibrary.maximumQueueLimit)
    #expect(library[.upNext]?.count == 5)
    #expect(issues.filter { $0.reason.contains("the most it may") }.count == queues.count - library.count)
  }

  @Test("a report says whether the whole store was read, one line per issue")
  func reportDescription() throws {
    #expect(LoadReport().isComplete)
    #expect(LoadReport().description == "the whole store was read")
    let (_, issues) = try QueueLibrary.salvaging(json: try Self.damaged(["revision"], .string("x")), now: testDate)
    let report = LoadReport(issues: issues, backupPath: "/q.json.incomplete-1")
    #expect(!report.isComplete)
    #expect(
      report.description
        == "revision: expected an integer, found \"x\"; 0 was used instead\nthe file as it was is kept at /q.json.incomplete-1"
    )
  }

  @Test(
    "each outcome reads as the end of a sentence",
    arguments: [
      (LoadReport.Issue.Outcome.queueSkipped(id: QueueID("b"), name: "B"), #"the queue "B" (id "b") was not loaded"#),
      (.queueSkipped(id: nil, name: nil), "the queue was not loaded"),
      (.deletedQueueSkipped(id: QueueID("b"), name: nil), #"the deleted queue with id "b" was not loaded"#),
      (.episodeSkipped(queue: .upNext), #"the episode was left out of queue "up-next""#),
      (.ruleSkipped(queue: .commute), #"the auto-switch rule was left out of queue "commute""#),
      (.smartFillSettingsDropped(queue: .commute), #"queue "commute" was loaded without smart fill settings"#),
      (.replaced(with: "[]"), "[] was used instead"),
      (.upNextAdded, "an empty Up Next was added"),
    ])
  func outcomes(outcome: LoadReport.Issue.Outcome, text: String) {
    #expect(outcome.description == text)
  }

  @Test("whatever values a store's file has, what loads is a valid library that is written and read back whole")
  func randomDamage() throws {
    let original = try JSONValue.parse(try Self.sample().jsonBytes())
    let paths = original.paths().filter { !$0.isEmpty }
    let values: [JSONValue?] = [
      nil, .null, .bool(true), .integer(-1), .integer(0), .integer(1), .integer(Int.max), .integer(1 << 53),
      .number(1.5), .string(""), .string(" x "), .string(Self.long), .string("commute"), .string("up-next"),
      .string("2026-11-29T08:00:00Z"), .string("e0"), .string("https://example.com/a.xml"), .array([]),
      .object([:]), .string("\u{7}"),
    ]
    var wholeFileFailures = 0
    let cases = SeededCases(seed: 0xDA_3A9E, count: 2_000)
    for var trial in cases {
      var root = original
      for _ in 0..<Int.random(in: 1...3, using: &trial.random) {
        root.set(values.randomElement(using: &trial.random)!, at: paths.randomElement(using: &trial.random)!)
      }
      var json = JSONWriter()
      json.write(root)
      let library: QueueLibrary
      let issues: [LoadReport.Issue]
      do {
        (library, issues) = try QueueLibrary.salvaging(json: json.bytes, now: testDate)
      } catch {
        switch error {
        case .unsupportedVersion:
          break
        case .malformedLibrary(let location, _) where ["version", "queues", "episodes"].contains(location):
          break
        default:
          Issue.record("\(trial): \(error) is not a whole-file failure")
          return
        }
        wholeFileFailures += 1
        continue
      }
      do {
        try library.checkInvariants()
        #expect(try QueueLibrary(json: library.jsonBytes(), now: testDate) == library, "\(trial)")
        if issues.isEmpty { #expect(try QueueLibrary(json: json.bytes, now: testDate) == library) }
      } catch {
        Issue.record("\(trial): \(error)")
        return
      }
    }
    #expect(
      TestScale.replayedSeed != nil || wholeFileFailures < cases.count,
      "every damaged file failed whole; the test checked nothing")
  }
}
