import Foundation
import SmartFill
import Testing

@testable import Queues

@Suite("JSON text buffer")
struct JSONTextBufferTests {
  @Test("strings are escaped as JSONWriter escapes them")
  func escaping() {
    let text = "quote \" backslash \\ newline \n return \r tab \t bell \u{07} back \u{08} feed \u{0C} unit \u{1F} é 🚗"
    var buffer = JSONTextBuffer()
    buffer.string(text)
    #expect(String(decoding: buffer.bytes, as: UTF8.self) == JSONWriter.quoted(text))
  }

  @Test("dates are written as Timestamp.format writes them, over thousands of seeded dates")
  func dates() throws {
    let seed: UInt64 = 0x5EED_DA7E
    var random = SeededGenerator(seed: seed)
    var samples: [Date] = [
      Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1), testDate.addingTimeInterval(0.5),
    ]
    for _ in 0..<5000 {
      samples.append(
        Date(timeIntervalSince1970: Double(Int64.random(in: -62_135_596_800...253_402_300_799, using: &random))))
    }
    for date in samples {
      var buffer = JSONTextBuffer()
      buffer.object { json in json.member("d", date) }
      let expected = JSONWriter.write(.object([("d", .string(Timestamp.format(date)))]))
      #expect(
        String(decoding: buffer.bytes, as: UTF8.self) == expected, "seed \(seed), date \(date.timeIntervalSince1970)")
      let library = try QueueLibrary(
        queues: [Queue(id: .upNext, name: "Up Next", createdAt: date.wholeSecondsForTest)], activeQueueID: .upNext)
      #expect(
        try QueueLibrary(json: library.jsonBytes()) == library, "seed \(seed), date \(date.timeIntervalSince1970)")
    }
  }

  @Test("empty and nested containers are laid out as JSONWriter lays them out")
  func layout() {
    var buffer = JSONTextBuffer()
    buffer.object { json in
      json.member("empty")
      json.object { _ in }
      json.member("none")
      json.array { _ in }
      json.member("strings")
      json.strings(["a", "b"])
      json.member("objects")
      json.array { json in
        json.element()
        json.object { json in json.member("n", 1) }
      }
    }
    let expected = JSONWriter.write(
      .object([
        ("empty", .object([])), ("none", .array([])), ("strings", .array([.string("a"), .string("b")])),
        ("objects", .array([.object([("n", .integer(1))])])),
      ]))
    #expect(String(decoding: buffer.bytes, as: UTF8.self) == expected)
  }

  @Test("random libraries are written byte for byte as the JSONWriter tree writes them")
  func againstJSONWriter() throws {
    let seed: UInt64 = 0x5EED_7E57
    var random = SeededGenerator(seed: seed)
    let names = ["🚴 Bike", "Books", "😴 Naps \"quoted\"", "Tab\there", "🇫🇷 Français", "Back\\slash"]
    for trial in 0..<200 {
      var library = QueueLibrary(now: testDate)
      for name in names.shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random)) {
        try library.createQueue(named: name.replacingOccurrences(of: "\t", with: " "), now: testDate)
      }
      for queue in library.queues {
        let count = Int.random(in: 0...4, using: &random)
        let episodes = (0..<count).map { index in
          reference(
            "e\(index) \(names.randomElement(using: &random)!)", show: "s\(index % 2)",
            minutes: Bool.random(using: &random) ? nil : Int.random(in: 1...90, using: &random))
        }
        try library.modify(queue.id, now: later(trial)) { (queue) throws(QueueError) in
          try queue.playLast(episodes)
          if Bool.random(using: &random) {
            queue.setSmartFillSettings(
              SmartFillSettings(
                mode: .continueSeries, targetDuration: Bool.random(using: &random) ? nil : 600,
                priorityShows: Array(["https://a", "https://b"].prefix(Int.random(in: 0...2, using: &random)))))
          }
          try queue.setAutoSwitchRules(
            Array(
              [AutoSwitchRule.car, .focusMode("Work \"deep\""), .audioOutput(.headphones)].prefix(
                Int.random(in: 0...3, using: &random))))
        }
      }
      if Bool.random(using: &random) { try library.delete(try library.deletion(of: .sleep), now: later(5)) }
      let expected = JSONWriter.write(library.jsonNode) + "\n"
      #expect(library.jsonText() == expected, "seed \(seed), trial \(trial)")
    }
  }
}

extension Date {
  var wholeSecondsForTest: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
