import Foundation
import Queues
import SmartFill
import Testing

@Suite("Queue library")
struct QueueLibraryTests {
  @Test("on first use the library holds Up Next, Commute, Workout and Sleep, with Up Next active")
  func firstUse() {
    let library = QueueLibrary(now: testDate)
    #expect(library.queues.map(\.name) == ["📋 Up Next", "🚗 Commute", "🏋️ Workout", "😴 Sleep"])
    #expect(library.queues.map(\.id) == [.upNext, .commute, .workout, .sleep])
    #expect(library.activeQueueID == .upNext)
    #expect(library[.commute]?.autoSwitchRules == [.car])
    #expect(library[.workout]?.autoSwitchRules == [.motion(.running)])
    #expect(
      library[.sleep]?.autoSwitchRules
        == [.timeRange(TimeRange(start: TimeOfDay(hour: 22), end: TimeOfDay(hour: 6)))])
    #expect(library.queueLimit == 20)
    #expect(library.queues.allSatisfy { $0.isEmpty && $0.createdAt == testDate })
  }

  @Test("Checklist: creation adds an empty queue with its name, rules and settings at the end")
  func creation() throws {
    var library = QueueLibrary(now: testDate)
    let settings = SmartFillSettings(mode: .fillTime, targetSeconds: 1800)
    let id = try library.createQueue(
      named: "  🚴 Bike ", autoSwitchRules: [.motion(.cycling)], smartFillSettings: settings, id: QueueID("bike"),
      now: later(60))
    let bike = try library.queue(id)
    #expect(library.queues.last?.id == id)
    #expect(bike.name == "🚴 Bike")
    #expect(bike.autoSwitchRules == [.motion(.cycling)])
    #expect(bike.smartFillSettings == settings)
    #expect(bike.createdAt == later(60) && bike.lastModified == later(60))
    #expect(bike.isEmpty)
  }

  @Test("Checklist: naming takes emoji and text and refuses a name another queue has")
  func naming() throws {
    var library = QueueLibrary(now: testDate)
    #expect(throws: QueueError.duplicateName("🚗 commute", existing: "🚗 Commute")) {
      try library.createQueue(named: " 🚗 commute ")
    }
    #expect(throws: QueueError.invalidName(" ", reason: "must not be empty")) { try library.createQueue(named: " ") }
    let id = try library.createQueue(named: "📚 Books", now: testDate)
    try library.rename(id, to: "📖 Long reads", now: later(10))
    #expect(library[id]?.name == "📖 Long reads")
    #expect(library[id]?.lastModified == later(10))
    #expect(throws: QueueError.duplicateName("😴 SLEEP", existing: "😴 Sleep")) {
      try library.rename(id, to: "😴 SLEEP")
    }
    try library.rename(.sleep, to: "😴 sleep")
    #expect(library[.sleep]?.name == "😴 sleep", "a queue may change the case of its own name")
  }

  @Test("the leading emoji changes on its own, keeping the text")
  func changingEmoji() throws {
    var library = QueueLibrary(now: testDate)
    try library.changeEmoji(of: .commute, to: "🚆", now: later(5))
    #expect(library[.commute]?.name == "🚆 Commute")
    try library.changeEmoji(of: .commute, to: nil)
    #expect(library[.commute]?.name == "Commute")
    try library.changeEmoji(of: .upNext, to: "⏭️")
    #expect(library.upNext.name == "⏭️ Up Next")
    #expect(throws: QueueError.invalidEmoji("AB")) { try library.changeEmoji(of: .commute, to: "AB") }
  }

  @Test("Up Next cannot be renamed away")
  func upNextName() {
    var library = QueueLibrary(now: testDate)
    #expect(throws: QueueError.upNextIsPermanent(operation: "renamed")) { try library.rename(.upNext, to: "Later") }
  }

  @Test("the library holds at most 20 queues by default, and one more is an error")
  func queueLimit() throws {
    var library = QueueLibrary(now: testDate)
    for number in library.count..<20 { try library.createQueue(named: "Queue \(number)") }
    #expect(library.count == 20)
    #expect(throws: QueueError.queueLimitReached(limit: 20)) { try library.createQueue(named: "One more") }
    #expect(throws: QueueError.queueLimitReached(limit: 20)) { try library.duplicate(.commute) }
    #expect(library.count == 20)
  }

  @Test("the queue limit is configurable but never below the queues held")
  func configurableLimit() throws {
    var library = try QueueLibrary(now: testDate, queueLimit: 5)
    try library.createQueue(named: "Fifth")
    #expect(throws: QueueError.queueLimitReached(limit: 5)) { try library.createQueue(named: "Sixth") }
    #expect(throws: QueueError.invalidQueueLimit(4, queueCount: 5)) { try library.changeQueueLimit(to: 4) }
    try library.changeQueueLimit(to: 6)
    try library.createQueue(named: "Sixth")
    #expect(library.count == 6)
    #expect(throws: QueueError.invalidQueueLimit(3, queueCount: 4)) { try QueueLibrary(queueLimit: 3) }
    #expect(throws: QueueError.invalidQueueLimit(1001, queueCount: 6)) { try library.changeQueueLimit(to: 1001) }
    try library.changeQueueLimit(to: QueueLibrary.maximumQueueLimit)
    #expect(library.queueLimit == 1000)
  }

  @Test("Checklist: duplication copies the episodes and every setting under a new id and a unique name")
  func duplication() throws {
    var library = QueueLibrary(now: testDate)
    let settings = SmartFillSettings(mode: .variety, targetSeconds: 2700, priorityShows: ["https://example.com/a.xml"])
    try library.modify(.commute, now: later(1)) { (queue) throws(QueueError) in
      try queue.playLast([reference("1"), reference("2", position: 60)])
      try queue.makeCurrent(at: 1)
      try queue.replaceAutoSwitchRules(with: [.car, .audioOutput(.bluetoothSpeaker)])
      queue.smartFillSettings = settings
      queue.isSyncedToCloud = true
    }
    let copyID = try library.duplicate(.commute, newID: QueueID("copy"), now: later(2))
    let original = try library.queue(.commute)
    let copy = try library.queue(copyID)
    #expect(copy.name == "🚗 Commute copy")
    #expect(copy.episodes == original.episodes)
    #expect(copy.currentIndex == 1)
    #expect(copy.autoSwitchRules == [.car, .audioOutput(.bluetoothSpeaker)])
    #expect(copy.smartFillSettings == settings)
    #expect(copy.isSyncedToCloud)
    #expect(copy.createdAt == later(2))
    #expect(library.queues.map(\.id) == [.upNext, .commute, copyID, .workout, .sleep], "the copy follows the original")
    let second = try library.duplicate(.commute)
    #expect(library[second]?.name == "🚗 Commute copy 2")
    #expect(second != copyID && second != .commute)
  }

  @Test("a copy's name is shortened to fit, keeping the emoji")
  func longCopyName() throws {
    var library = QueueLibrary(now: testDate)
    let long = "🎧 " + String(repeating: "a", count: QueueName.maximumLength - 2)
    let id = try library.createQueue(named: long)
    let copyID = try library.duplicate(id)
    let copy = try library.queue(copyID)
    #expect(copy.name.count == QueueName.maximumLength)
    #expect(copy.name.hasPrefix("🎧 aaa") && copy.name.hasSuffix(" copy"))
  }

  @Test("a change through modify is all or nothing and stamps the date only when something changed")
  func modify() throws {
    var library = QueueLibrary(now: testDate)
    #expect(throws: QueueError.self) {
      try library.modify(.commute, now: later(9)) { (queue) throws(QueueError) in
        try queue.playLast([reference("1")])
        try queue.makeCurrent(at: 5)
      }
    }
    #expect(library == QueueLibrary(now: testDate))
    try library.modify(.commute, now: later(9)) { _ in }
    #expect(library[.commute]?.lastModified == testDate)
    #expect(throws: QueueError.unknownQueue(QueueID("nope"))) { try library.modify(QueueID("nope")) { _ in } }
  }

  @Test("queues are reordered by drag and drop")
  func reorderingQueues() throws {
    var library = QueueLibrary(now: testDate)
    try library.moveQueues(fromOffsets: [3], toOffset: 1)
    #expect(library.queues.map(\.id) == [.upNext, .sleep, .commute, .workout])
    #expect(throws: QueueError.self) { try library.moveQueues(fromOffsets: [4], toOffset: 0) }
  }

  @Test("an identifier already in use, even by a deleted queue, is refused")
  func duplicateIDs() throws {
    var library = QueueLibrary(now: testDate)
    #expect(throws: QueueError.duplicateQueueID(.commute)) { try library.createQueue(named: "X", id: .commute) }
    try library.delete(try library.deletion(of: .sleep))
    #expect(throws: QueueError.duplicateQueueID(.sleep)) { try library.createQueue(named: "X", id: .sleep) }
  }
}
