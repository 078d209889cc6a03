import Foundation
import Queues
import SmartFill
import SmartFillTestSupport
import Testing

@Suite("Queue episodes")
struct QueueEpisodesTests {
  @Test("play next puts episodes right after the current one, in the order given")
  func playNext() throws {
    var sample = queue(["1", "2", "3"], current: 1)
    try sample.playNext([reference("x"), reference("y")])
    #expect(sample.guids == ["1", "2", "x", "y", "3"])
    #expect(sample.current?.episodeGUID == "2")
  }

  @Test("play last appends")
  func playLast() throws {
    var sample = queue(["1", "2"])
    try sample.playLast([reference("x")])
    #expect(sample.guids == ["1", "2", "x"])
    #expect(sample.currentIndex == 0)
  }

  @Test("inserting at an index before the current episode keeps it current")
  func insertBeforeCurrent() throws {
    var sample = queue(["1", "2", "3"], current: 2)
    try sample.insert([reference("x")], at: 0)
    #expect(sample.guids == ["x", "1", "2", "3"])
    #expect(sample.current?.episodeGUID == "3")
  }

  @Test("an episode added to a queue played to its end becomes the current one")
  func addAtEnd() throws {
    var sample = queue(["1"], current: 1)
    try sample.playLast([reference("x")])
    #expect(sample.current?.episodeGUID == "x")
    var empty = queue([])
    try empty.playNext([reference("y")])
    #expect(empty.current?.episodeGUID == "y")
  }

  @Test("adding an episode the queue holds moves it, keeping its position and date added")
  func addingAgainMoves() throws {
    var sample = Queue(
      id: QueueID("t"), name: "T", episodes: [reference("1"), reference("2", position: 90), reference("3")],
      createdAt: testDate)
    var again = reference("2")
    again.addedAt = later(3600)
    try sample.playLast([again])
    #expect(sample.guids == ["1", "3", "2"])
    #expect(sample.episodes[2].playbackPositionSeconds == 90)
    #expect(sample.episodes[2].addedAt == testDate)
  }

  @Test("an episode given twice is added once, at its first place")
  func repeatedInput() throws {
    var sample = queue([])
    try sample.playLast([reference("x"), reference("y"), reference("x")])
    #expect(sample.guids == ["x", "y"])
  }

  @Test("inserting out of range or an invalid reference throws and changes nothing")
  func insertErrors() {
    var sample = queue(["1"])
    #expect(throws: QueueError.indexOutOfRange(index: 3, validRange: 0...1, queueName: "🧪 Test")) {
      try sample.insert([reference("x")], at: 3)
    }
    #expect(throws: QueueError.self) { try sample.playLast([reference("x"), reference("y", minutes: 0)]) }
    #expect(sample == queue(["1"]))
  }

  @Test("removing the current episode makes the next one current; removing an earlier one keeps it")
  func removing() throws {
    var sample = queue(["1", "2", "3", "4"], current: 2)
    try sample.remove(episodeID("3"))
    #expect(sample.guids == ["1", "2", "4"])
    #expect(sample.current?.episodeGUID == "4")
    try sample.remove(atOffsets: [0])
    #expect(sample.current?.episodeGUID == "4")
    #expect(throws: QueueError.episodeNotInQueue(episodeID("9"), queueName: "🧪 Test")) {
      try sample.remove(episodeID("9"))
    }
    #expect(throws: QueueError.indexOutOfRange(index: 2, validRange: 0...1, queueName: "🧪 Test")) {
      try sample.remove(atOffsets: [2])
    }
  }

  @Test(
    "Checklist: ordering by drag and drop moves episodes and keeps their relative order",
    arguments: [
      ([1], 0, ["b", "a", "c", "d", "e"]),
      ([0], 5, ["b", "c", "d", "e", "a"]),
      ([0], 2, ["b", "a", "c", "d", "e"]),
      ([1, 3], 0, ["b", "d", "a", "c", "e"]),
      ([0, 4], 2, ["b", "a", "e", "c", "d"]),
      ([3, 1], 5, ["a", "c", "e", "b", "d"]),
      ([2], 2, ["a", "b", "c", "d", "e"]),
      ([2], 3, ["a", "b", "c", "d", "e"]),
    ] as [([Int], Int, [String])])
  func dragAndDrop(offsets: [Int], destination: Int, expected: [String]) throws {
    var sample = queue(["a", "b", "c", "d", "e"], current: 2)
    try sample.move(fromOffsets: IndexSet(offsets), toOffset: destination)
    #expect(sample.guids == expected)
    #expect(sample.current?.episodeGUID == "c", "the current episode stays current")
  }

  @Test("moves agree with a simple model over thousands of seeded cases")
  func movesAgainstModel() throws {
    for var trial in SeededCases(seed: 0x5EED_0005, count: 3_000) {
      let count = Int.random(in: 1...8, using: &trial.random)
      let guids = (0..<count).map { "e\($0)" }
      let offsets = IndexSet((0..<count).filter { _ in Bool.random(using: &trial.random) })
      let destination = Int.random(in: 0...count, using: &trial.random)
      let current = Int.random(in: 0...count, using: &trial.random)
      var sample = queue(guids, current: current)
      try sample.move(fromOffsets: offsets, toOffset: destination)
      // The model: take the moved ones out, then put them back in front of the element that was at
      // `destination`, or at the end.
      let moved = offsets.map { guids[$0] }
      var rest = guids.enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
      let anchor = guids[destination...].first { !offsets.contains(guids.firstIndex(of: $0)!) }
      rest.insert(contentsOf: moved, at: anchor.flatMap { rest.firstIndex(of: $0) } ?? rest.count)
      #expect(sample.guids == rest, "\(trial)")
      let expectedCurrent = current < count ? guids[current] : nil
      #expect(sample.current?.episodeGUID == expectedCurrent, "\(trial)")
    }
  }

  @Test("inserts agree with a simple model over thousands of seeded cases")
  func insertsAgainstModel() throws {
    for var trial in SeededCases(seed: 0x5EED_1115, count: 3_000) {
      let count = Int.random(in: 0...6, using: &trial.random)
      let guids = (0..<count).map { "e\($0)" }
      let current = Int.random(in: 0...count, using: &trial.random)
      let incoming = (0..<Int.random(in: 0...4, using: &trial.random)).map { _ in
        "e\(Int.random(in: 0..<9, using: &trial.random))"
      }
      let index = Int.random(in: 0...count, using: &trial.random)
      var sample = queue(guids, current: current)
      try sample.insert(incoming.map { reference($0) }, at: index)
      // The model: the incoming episodes, once each, leave their old places and go in at `index`, counted
      // before they left.
      var unique: [String] = []
      for guid in incoming where !unique.contains(guid) { unique.append(guid) }
      var rest = guids.filter { !unique.contains($0) }
      let target = index - guids.prefix(index).filter { unique.contains($0) }.count
      rest.insert(contentsOf: unique, at: target)
      #expect(sample.guids == rest, "\(trial)")
      if current < count {
        #expect(sample.current?.episodeGUID == guids[current], "\(trial)")
      } else if !unique.isEmpty {
        let atEnd = target == rest.count - unique.count
        #expect(sample.current?.episodeGUID == (atEnd ? unique[0] : nil), "\(trial)")
      }
    }
  }

  @Test("a move with an offset or destination out of range throws")
  func moveErrors() {
    var sample = queue(["a", "b"])
    #expect(throws: QueueError.indexOutOfRange(index: 2, validRange: 0...1, queueName: "🧪 Test")) {
      try sample.move(fromOffsets: [2], toOffset: 0)
    }
    #expect(throws: QueueError.indexOutOfRange(index: 3, validRange: 0...2, queueName: "🧪 Test")) {
      try sample.move(fromOffsets: [0], toOffset: 3)
    }
  }

  @Test("the playhead moves where the listener taps, and positions are checked against the duration")
  func playheadAndPosition() throws {
    var sample = queue(["1", "2"])
    try sample.makeCurrent(at: 1)
    try sample.recordPosition(120)
    #expect(sample.episodes[1].playbackPositionSeconds == 120)
    #expect(throws: QueueError.invalidPosition(seconds: 1801, episode: episodeID("2"), durationSeconds: 1800)) {
      try sample.recordPosition(1801)
    }
    #expect(throws: QueueError.indexOutOfRange(index: 3, validRange: 0...2, queueName: "🧪 Test")) {
      try sample.makeCurrent(at: 3)
    }
  }

  @Test("invalid auto-switch rules are refused and the old ones kept")
  func rules() {
    var sample = queue([])
    #expect(throws: QueueError.self) {
      try sample.replaceAutoSwitchRules(with: [.car, .audioOutput(.device(identifier: "", name: "Golf"))])
    }
    #expect(sample.autoSwitchRules.isEmpty)
  }
}
