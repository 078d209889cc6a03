import Foundation
import QueueScreens
import Queues
import SmartFill
import Testing

@Suite("QueueManagementScreen")
struct QueueManagementScreenTests {
  @Test("each queue's row: name, active, size, switching and actions")
  func rows() throws {
    var library = try library([reference("1", seconds: 1800), reference("2", seconds: 900)])
    try library.modify(.upNext, now: start) { (queue) throws(QueueError) in
      try queue.playLast([
        reference("u1", seconds: 3600), reference("u2", seconds: 4500), reference("u3", seconds: nil),
        reference("u4", seconds: nil),
      ])
    }
    try library.modify(.commute, now: start) { (queue) throws(QueueError) in
      queue.smartFillSettings = SmartFillSettings(mode: .continueSeries, targetSeconds: 2700)
    }
    let screen = QueueManagementScreen(library)
    #expect(screen.rows.map(\.name) == ["📋 Up Next", "🚗 Commute", "🏋️ Workout", "😴 Sleep"])
    #expect(screen.rows.map(\.activeLabel) == ["(Active Now)", nil, nil, nil])
    #expect(screen.rows.map(\.countText) == ["4 episodes", "2 episodes", "0 episodes", "0 episodes"])
    #expect(screen.rows.map(\.totalText) == ["2 hr 15 min total", "45 min total", "0 min total", "0 min total"])
    #expect(screen.rows.map(\.unknownText) == ["+ 2 of unknown length", nil, nil, nil])
    #expect(
      screen.rows.map(\.autoSwitchText) == [
        "Default queue", "Auto-Switch: Car 🚘", "Auto-Switch: Running 🏃", "Between 22:00 and 06:00 😴",
      ])
    #expect(
      screen.rows.map { $0.actions.map(\.title) } == [
        ["Edit", "Clear"], ["Edit", "Clear", "Smart Fill"], ["Edit"], ["Edit"],
      ])
    #expect(screen.createText == "+ Create New Queue")
    #expect(screen.limitText == "4 of 20 queues")
    #expect(
      screen.rows[0].lines == [
        "📋 Up Next (Active Now)", "4 episodes · 2 hr 15 min total + 2 of unknown length", "Default queue",
      ])
  }

  @Test("switching turned off, rules turned off, several rules, no rules")
  func switching() throws {
    var library = QueueLibrary(now: start)
    try library.disableAutoSwitch(for: .commute, now: start)
    try library.modify(.workout, now: start) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [.motion(.running), .audioOutput(.airPods)])
    }
    try library.modify(.sleep, now: start) { (queue) throws(QueueError) in
      var rule = queue.autoSwitchRules[0]
      rule.isEnabled = false
      try queue.replaceAutoSwitchRules(with: [rule])
    }
    let id = try library.createQueue(named: "📚 Books", now: start)
    let screen = QueueManagementScreen(library)
    #expect(
      screen.rows.map(\.autoSwitchText) == [
        "Default queue", "Auto-Switch: Off", "Auto-Switch: Running 🏃 · Auto-Switch: AirPods 🎧", nil, nil,
      ])
    #expect(screen.rows.last?.id == id)
  }

  @Test("a full library offers no new queue")
  func full() throws {
    let screen = QueueManagementScreen(try QueueLibrary(now: start, queueLimit: 4))
    #expect(screen.createText == nil)
    #expect(screen.limitText == "4 of 4 queues")
  }
}
