import Foundation
import Queues
import Testing

@Suite("The library's auto-switch answers")
struct QueueLibraryAutoSwitchTests {
  @Test("a queue's auto-switching turns off and on, keeping its rules and their answers, stamping the change")
  func onAndOff() throws {
    var library = QueueLibrary(now: testDate)
    try library.recordConsent(.always, forRule: 0, of: .commute, now: later(60))
    #expect(library[.commute]?.lastModified == later(60))
    try library.disableAutoSwitch(for: .commute, now: later(120))
    #expect(library[.commute]?.isAutoSwitchEnabled == false)
    #expect(library[.commute]?.autoSwitchRules == [AutoSwitchRule(.car, consent: .always)])
    #expect(library[.commute]?.lastModified == later(120))
    try library.enableAutoSwitch(for: .commute, now: later(180))
    #expect(library[.commute]?.isAutoSwitchEnabled == true)
    let read = try QueueLibrary(json: library.jsonBytes(), now: testDate)
    #expect(read == library)
  }

  @Test("answers for an unknown queue or rule are refused, and nothing changes")
  func refused() {
    var library = QueueLibrary(now: testDate)
    let before = library
    #expect(throws: QueueError.unknownQueue(QueueID("nope"))) {
      try library.recordConsent(.never, forRule: 0, of: QueueID("nope"))
    }
    #expect(throws: QueueError.unknownQueue(QueueID("nope"))) {
      try library.disableAutoSwitch(for: QueueID("nope"))
    }
    #expect(throws: QueueError.indexOutOfRange(index: 0, validRange: 0...0, queueName: "📋 Up Next")) {
      try library.recordConsent(.never, forRule: 0, of: .upNext)
    }
    #expect(library == before)
  }

  @Test("a duplicated queue keeps its auto-switch setting")
  func duplicate() throws {
    var library = QueueLibrary(now: testDate)
    try library.disableAutoSwitch(for: .sleep, now: testDate)
    let copy = try library.duplicate(.sleep, newID: QueueID("sleep-2"), now: testDate)
    #expect(library[copy]?.isAutoSwitchEnabled == false)
  }
}
