import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

@Suite("Replicated queue: the semantics, each a named case")
struct ReplicatedQueueTests {
  @Test("concurrent adds of the same episode show it once")
  func concurrentAdds() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast([reference("a")], in: .commute, now: at(1))
    try tablet.playLast([reference("a")], in: .commute, now: at(2))
    exchange(&phone, &tablet)
    #expect(guids(phone, .commute) == ["a"])
    #expect(phone.hasSameState(as: tablet))
  }

  @Test("a concurrent remove and re-add keeps the episode")
  func removeAndReAdd() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast([reference("a"), reference("b")], in: .commute, now: at(1))
    exchange(&phone, &tablet)
    try phone.remove(episode("a"), from: .commute, now: at(2))
    try tablet.insert([reference("a")], into: .commute, at: 0, now: at(3))
    exchange(&phone, &tablet)
    #expect(guids(phone, .commute) == ["a", "b"])
    #expect(phone.hasSameState(as: tablet))
  }

  @Test("a remove beats a concurrent move")
  func removeBeatsMove() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast([reference("a"), reference("b"), reference("c")], in: .commute, now: at(1))
    exchange(&phone, &tablet)
    try phone.remove(episode("a"), from: .commute, now: at(2))
    // The move is later by the clock: it still cannot keep the episode.
    try tablet.move(fromOffsets: [0], toOffset: 3, in: .commute, now: at(100))
    exchange(&phone, &tablet)
    #expect(guids(phone, .commute) == ["b", "c"])
    #expect(phone.hasSameState(as: tablet))
  }

  @Test("two concurrent moves of one episode end in one place")
  func concurrentMoves() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast(["a", "b", "c", "d"].map { reference($0) }, in: .commute, now: at(1))
    exchange(&phone, &tablet)
    try phone.move(fromOffsets: [0], toOffset: 2, in: .commute, now: at(2))  // b a c d
    try tablet.move(fromOffsets: [0], toOffset: 4, in: .commute, now: at(3))  // b c d a
    exchange(&phone, &tablet)
    #expect(guids(phone, .commute) == ["b", "c", "d", "a"], "the later move wins")
    #expect(guids(tablet, .commute) == guids(phone, .commute))
  }

  @Test("concurrent moves of different episodes both happen")
  func movesOfDifferentEpisodes() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast(["a", "b", "c", "d"].map { reference($0) }, in: .commute, now: at(1))
    exchange(&phone, &tablet)
    try phone.move(fromOffsets: [0], toOffset: 4, in: .commute, now: at(2))  // b c d a
    try tablet.move(fromOffsets: [3], toOffset: 0, in: .commute, now: at(3))  // d a b c
    exchange(&phone, &tablet)
    let order = guids(phone, .commute)
    #expect(order == ["d", "b", "c", "a"])
    #expect(guids(tablet, .commute) == order)
  }

  @Test("an old remove never hides a later re-add")
  func oldRemove() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast([reference("a")], in: .commute, now: at(1))
    exchange(&phone, &tablet)
    try phone.remove(episode("a"), from: .commute, now: at(2))
    exchange(&phone, &tablet)
    // The tablet's clock is a year behind: its re-add still shows, as it came after the remove it saw.
    try tablet.playLast([reference("a")], in: .commute, now: at(-365 * 86_400))
    let staleRemover = phone
    exchange(&phone, &tablet)
    phone.merge(staleRemover)
    #expect(guids(phone, .commute) == ["a"])
    #expect(phone.hasSameState(as: tablet))
  }

  @Test("a device offline for 30 days cannot bring back what was removed or finished meanwhile")
  func offlineDevice() throws {
    var phone = device("phone")
    var watch = device("watch")
    try phone.playLast(["a", "b", "c"].map { reference($0) }, in: .upNext, now: at(1))
    exchange(&phone, &watch)
    // The watch goes offline for 30 days; it plays with its copy and an automatic add runs on it.
    try watch.move(fromOffsets: [2], toOffset: 0, in: .upNext, now: at(2))
    try watch.addAutomatically([reference("b"), reference("d")], to: .commute, now: at(3))
    try phone.remove(episode("a"), from: .upNext, now: at(10))
    phone.markFinished(episode("b"), now: at(20))
    try phone.playLast([reference("e")], in: .upNext, now: at(30 * 86_400))
    exchange(&phone, &watch)
    #expect(guids(phone, .upNext) == ["c", "e"])
    #expect(guids(phone, .commute) == ["d"], "the stale automatic add of the finished b does not show")
    #expect(phone.hasSameState(as: watch))
  }

  @Test("deleting a queue while another device adds to it keeps the queue with that device's additions")
  func deleteVersusAdd() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast(["a", "b"].map { reference($0) }, in: .commute, now: at(1))
    exchange(&phone, &tablet)
    try phone.delete(.commute, now: at(2))
    #expect(!phone.visibleQueueIDs.contains(.commute))
    try tablet.playLast([reference("c")], in: .commute, now: at(3))
    exchange(&phone, &tablet)
    #expect(phone.visibleQueueIDs.contains(.commute))
    #expect(guids(phone, .commute) == ["c"], "only the additions the deleting device had not seen")
    #expect(phone.hasSameState(as: tablet))
  }

  @Test("two concurrent renames end the same everywhere")
  func concurrentRenames() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    let bike = try phone.createQueue(named: "🚴 Bike", id: QueueID("bike"), now: at(1))
    exchange(&phone, &tablet)
    try phone.rename(bike, to: "🚵 Trail", now: at(2))
    try tablet.rename(bike, to: "🚲 Ride", now: at(3))
    exchange(&phone, &tablet)
    #expect(try phone.library().queue(bike).name == "🚲 Ride")
    #expect(try tablet.library().queue(bike).name == "🚲 Ride")
  }

  @Test("smart fill settings replaced on one device show on the other; the later replacement wins")
  func smartFillSettings() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    let settings = SmartFillSettings(mode: .fillTime, targetSeconds: 2_700, priorityShows: ["Show 1"])
    try phone.replaceSmartFillSettings(of: .commute, with: settings, now: at(1))
    exchange(&phone, &tablet)
    #expect(try tablet.library().queue(.commute).smartFillSettings == settings)
    try tablet.replaceSmartFillSettings(of: .commute, with: nil, now: at(3))
    try phone.replaceSmartFillSettings(
      of: .commute, with: SmartFillSettings(mode: .variety, targetSeconds: 600), now: at(2))
    exchange(&phone, &tablet)
    #expect(try phone.library().queue(.commute).smartFillSettings == nil)
    #expect(phone.hasSameState(as: tablet))
  }

  @Test("a batch added together stays together, and concurrent batches at one place never interleave")
  func batches() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast(["x", "y"].map { reference($0) }, in: .upNext, now: at(1))
    try phone.makeCurrent(at: 0, in: .upNext, now: at(1))
    exchange(&phone, &tablet)
    try phone.playNext(["p1", "p2", "p3", "p4", "p5"].map { reference($0) }, in: .upNext, now: at(2))
    try tablet.playNext(["t1", "t2", "t3"].map { reference($0) }, in: .upNext, now: at(2))
    exchange(&phone, &tablet)
    let order = guids(phone, .upNext)
    #expect(order.first == "x" && order.last == "y")
    let joined = order.joined(separator: " ")
    #expect(joined.contains("p1 p2 p3 p4 p5"), "\(joined)")
    #expect(joined.contains("t1 t2 t3"), "\(joined)")
    #expect(guids(tablet, .upNext) == order)
  }

  @Test("two devices appending episode after episode at the end do not interleave")
  func forwardAppends() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    for index in 0..<4 {
      try phone.playLast([reference("p\(index)")], in: .upNext, now: at(Double(index)))
      try tablet.playLast([reference("t\(index)")], in: .upNext, now: at(Double(index)))
    }
    exchange(&phone, &tablet)
    let joined = guids(phone, .upNext).joined(separator: " ")
    #expect(joined == "p0 p1 p2 p3 t0 t1 t2 t3" || joined == "t0 t1 t2 t3 p0 p1 p2 p3", "\(joined)")
  }

  @Test("an episode finished on one device leaves every queue on every device; playing it again brings it back")
  func finished() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast([reference("a")], in: .upNext, now: at(1))
    try phone.playLast([reference("a")], in: .commute, now: at(1))
    exchange(&phone, &tablet)
    tablet.markFinished(episode("a"), now: at(2))
    try phone.addAutomatically([reference("a")], to: .workout, now: at(3))
    exchange(&phone, &tablet)
    for id in [QueueID.upNext, .commute, .workout] { #expect(guids(phone, id).isEmpty, "\(id)") }
    // The listener adds it again on purpose: that add knew of the finish, so it shows.
    try phone.playLast([reference("a")], in: .upNext, now: at(4))
    #expect(try phone.addAutomatically([reference("a")], to: .sleep, now: at(5)).isEmpty)
    exchange(&phone, &tablet)
    #expect(guids(tablet, .upNext) == ["a"])
  }

  @Test("the playhead is derived: the current episode stays current, and the next one follows a removal")
  func playhead() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast(["a", "b", "c"].map { reference($0) }, in: .upNext, now: at(1))
    try phone.makeCurrent(at: 1, in: .upNext, now: at(2))
    try phone.recordPosition(300, in: .upNext, now: at(3))
    exchange(&phone, &tablet)
    try tablet.insert([reference("z")], into: .upNext, at: 0, now: at(4))
    #expect(try tablet.library().upNext.currentIndex == 2)
    #expect(try tablet.library().upNext.current?.playbackPositionSeconds == 300)
    try phone.remove(episode("b"), from: .upNext, now: at(5))
    exchange(&phone, &tablet)
    let upNext = try phone.library().upNext
    #expect(upNext.current?.episodeGUID == "c")
    #expect(upNext.episodes.map(\.episodeGUID) == ["z", "a", "c"])
  }
}

@Suite("The playhead and order (issue 49, items 9–11)")
struct PlayheadAndOrderTests {
  @Test("progress goes to the episode playing when another device inserts before it (item 9)")
  func progressFollowsTheEpisodePlaying() throws {
    var a = device("a")
    var b = device("b")
    let queue = try a.createQueue(named: "Walks", now: at(1))
    try a.playLast(["1", "2", "3"].map { reference($0) }, in: queue, now: at(2))
    exchange(&a, &b)
    // A state written before the first add pinned the playhead: the queue was never explicitly started.
    a.queues[queue]!.playhead = Register(.start, stamp: .genesis)
    b.queues[queue]!.playhead = Register(.start, stamp: .genesis)
    try b.recordPosition(600, in: queue, now: at(3))
    try a.insert([reference("7")], into: queue, at: 0, now: at(4))
    exchange(&a, &b)
    try b.recordPosition(650, in: queue, now: at(5))
    exchange(&a, &b)
    for library in [try a.library(), try b.library()] {
      let walks = try library.queue(queue)
      #expect(walks.current?.episodeGUID == "1")
      #expect(walks.episodes.map(\.playbackPositionSeconds) == [0, 650, 0, 0])
    }
  }

  @Test("a played-through queue picks up an episode appended after its last one was removed (item 10)")
  func playedThroughPicksUpAnAppend() throws {
    var phone = device("phone")
    try phone.playLast(["1", "2"].map { reference($0) }, in: .upNext, now: at(1))
    try phone.makeCurrent(at: 2, in: .upNext, now: at(2))
    try phone.remove(episode("2"), from: .upNext, now: at(3))
    try phone.playLast([reference("3")], in: .upNext, now: at(4))
    #expect(try phone.library().upNext.current?.episodeGUID == "3")
  }

  @Test("the current episode moved before 4 and then finished makes 4 current (item 10)")
  func movedThenFinished() throws {
    var phone = device("phone")
    try phone.playLast(["1", "2", "3", "4"].map { reference($0) }, in: .upNext, now: at(1))
    try phone.makeCurrent(at: 0, in: .upNext, now: at(2))
    try phone.move(fromOffsets: [0], toOffset: 3, in: .upNext, now: at(3))
    #expect(guids(phone, .upNext) == ["2", "3", "1", "4"])
    phone.markFinished(episode("1"), now: at(4))
    #expect(try phone.library().upNext.current?.episodeGUID == "4")
  }

  @Test("13 play nexts and 40 inserts at the top keep positions shallow")
  func playNextsStayShallow() throws {
    var phone = device("phone")
    try phone.playLast(["a", "b"].map { reference($0) }, in: .upNext, now: at(1))
    try phone.makeCurrent(at: 0, in: .upNext, now: at(2))
    for index in 0..<13 { try phone.playNext([reference("n\(index)")], in: .upNext, now: at(Double(3 + index))) }
    for index in 0..<40 {
      try phone.insert([reference("t\(index)")], into: .upNext, at: 0, now: at(Double(20 + index)))
    }
    let expected = (0..<40).reversed().map { "t\($0)" } + ["a"] + (0..<13).reversed().map { "n\($0)" } + ["b"]
    #expect(guids(phone, .upNext) == expected)
    #expect(phone.queues[.upNext]!.entries.values.allSatisfy { $0.position!.levels.count <= 3 })
  }

  @Test("a reorganisation of positions keeps a played-through queue at its end (item 10)")
  func reorganisationKeepsTheEnd() throws {
    var phone = device("phone")
    try phone.playLast(["a", "b"].map { reference($0) }, in: .upNext, now: at(1))
    try phone.makeCurrent(at: 0, in: .upNext, now: at(2))
    for index in 0..<13 { try phone.playNext([reference("n\(index)")], in: .upNext, now: at(Double(3 + index))) }
    try phone.makeCurrent(at: phone.episodes(in: .upNext).count, in: .upNext, now: at(70))
    for index in 0..<10 {
      try phone.insert([reference("k\(index)")], into: .upNext, at: 2, now: at(Double(80 + index)))
    }
    respace(&phone, now: at(100))
    #expect(try phone.library().upNext.current == nil)
    try phone.playLast([reference("z")], in: .upNext, now: at(130))
    #expect(try phone.library().upNext.current?.episodeGUID == "z")
  }

  /// Phone and tablet share Up Next 1…30 playing 5; the tablet goes offline and `offline` edits there while
  /// the phone plays next 13 episodes, inserts 40 at the top and reorganises the positions after each (as an
  /// edit does when positions grow deep); then they sync.
  func respaced(offline: (inout ReplicatedLibrary) throws -> Void) throws -> [String] {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast((1...30).map { reference("\($0)") }, in: .upNext, now: at(1))
    try phone.makeCurrent(at: 4, in: .upNext, now: at(2))
    exchange(&phone, &tablet)
    try offline(&tablet)
    for index in 0..<13 { try phone.playNext([reference("n\(index)")], in: .upNext, now: at(Double(10 + index))) }
    respace(&phone, now: at(25))
    for index in 0..<40 {
      try phone.insert([reference("t\(index)")], into: .upNext, at: 0, now: at(Double(30 + index)))
    }
    respace(&phone, now: at(75))
    // The phone's state goes through the wire format, which must keep what the reorganisation replaced.
    let read = try StateReader(StateWriter.encode(phone.queues[.upNext]!)).queue()
    #expect(read == phone.queues[.upNext]!)
    phone.queues[.upNext] = read
    exchange(&phone, &tablet)
    #expect(guids(phone, .upNext) == guids(tablet, .upNext))
    #expect(try phone.library().upNext.current?.episodeGUID == "5")
    return guids(phone, .upNext)
  }

  @Test("a reorganisation keeps an offline \"play next\" after the current episode (item 11)")
  func respacingKeepsPlayNext() throws {
    let order = try respaced { tablet in try tablet.playNext([reference("99")], in: .upNext, now: at(5)) }
    let index = try #require(order.firstIndex(of: "99"))
    #expect(order.firstIndex(of: "5")! < index && index < order.firstIndex(of: "6")!, "\(order)")
  }

  @Test("a reorganisation keeps a concurrent move (item 11)")
  func respacingKeepsAMove() throws {
    let order = try respaced { tablet in
      // Episode 20 goes between 2 and 3.
      try tablet.move(fromOffsets: [19], toOffset: 2, in: .upNext, now: at(5))
    }
    let index = try #require(order.firstIndex(of: "20"))
    #expect(order.dropFirst(max(0, index - 1)).prefix(3) == ["2", "20", "3"], "\(order)")
  }

  @Test("a reorganisation keeps a concurrent insert after the episode it followed (item 11)")
  func respacingKeepsAnInsert() throws {
    let order = try respaced { tablet in
      try tablet.insert([reference("77"), reference("78")], into: .upNext, at: 10, now: at(5))
    }
    let index = try #require(order.firstIndex(of: "77"))
    #expect(order.dropFirst(max(0, index - 1)).prefix(4) == ["10", "77", "78", "11"], "\(order)")
  }

  /// Reorganises the positions of `library`'s Up Next, as an edit does when they grow deep.
  func respace(_ library: inout ReplicatedLibrary, now: Date) {
    var queue = library.queues[.upNext]!
    library.rebalance(&queue, now: now)
    library.store(queue, now: now)
  }

  @Test(
    "on one device the synced queue agrees with Queues after every operation (item 10, 400 sequences of 80)",
    arguments: Array(SeededCases(seed: 0x9_1A7E, count: 400)))
  func agreesWithQueues(trial: SeededCase) throws {
    var trial = trial
    var model = QueueLibrary(now: start)
    var synced = device("solo")
    let pool = (0..<14).map { reference("e\($0)", duration: 1_800) }
    let playNextWeight = trial.random.integer(in: 1...6)
    for step in 0..<80 {
      let now = at(Double(step + 1))
      let count = model.upNext.count
      let held = model.upNext.episodes.map(\.id)
      let operation: String
      switch trial.random.integer(in: 0...(10 + playNextWeight)) {
      case 0, 1:
        let batch = (0..<trial.random.integer(in: 1...3)).map { _ in trial.random.element(of: pool) }
        let index = trial.random.integer(in: 0...count)
        operation = "insert \(batch.map(\.episodeGUID)) at \(index)"
        try model.modify(.upNext, now: now) { (queue) throws(QueueError) in try queue.insert(batch, at: index) }
        try synced.insert(batch, into: .upNext, at: index, now: now)
      case 2:
        let batch = [trial.random.element(of: pool)]
        operation = "play last \(batch[0].episodeGUID)"
        try model.modify(.upNext, now: now) { (queue) throws(QueueError) in try queue.playLast(batch) }
        try synced.playLast(batch, in: .upNext, now: now)
      case 3 where count > 0:
        let gone = trial.random.element(of: held)
        operation = "remove \(gone.guid)"
        try model.remove([gone], from: .upNext, now: now)
        try synced.remove(gone, from: .upNext, now: now)
      case 4 where count > 0:
        let from = trial.random.integer(in: 0...(count - 1))
        let to = trial.random.integer(in: 0...count)
        operation = "move \(from) to \(to)"
        try model.modify(.upNext, now: now) { (queue) throws(QueueError) in
          try queue.move(fromOffsets: [from], toOffset: to)
        }
        try synced.move(fromOffsets: [from], toOffset: to, in: .upNext, now: now)
      case 5:
        let index = trial.random.integer(in: 0...count)
        operation = "make current \(index)"
        try model.modify(.upNext, now: now) { (queue) throws(QueueError) in try queue.makeCurrent(at: index) }
        try synced.makeCurrent(at: index, in: .upNext, now: now)
      case 6:
        let seconds = trial.random.integer(in: 0...1_800)
        operation = "record \(seconds)"
        try model.recordPosition(seconds, now: now)
        try synced.recordPosition(seconds, in: .upNext, now: now)
      case 7 where model.upNext.current != nil:
        let current = model.upNext.current!.id
        operation = "finish current \(current.guid)"
        model.finishCurrentEpisode(now: now)
        synced.markFinished(current, now: now)
      case 8 where count > 0:
        let gone = trial.random.element(of: held)
        operation = "finish \(gone.guid)"
        model.markFinished(gone, now: now)
        synced.markFinished(gone, now: now)
      case 9:
        operation = "reorganise the positions"
        respace(&synced, now: now)
      default:
        let batch = [trial.random.element(of: pool)]
        operation = "play next \(batch[0].episodeGUID)"
        try model.modify(.upNext, now: now) { (queue) throws(QueueError) in try queue.playNext(batch) }
        try synced.playNext(batch, in: .upNext, now: now)
      }
      let expected = model.upNext
      let actual = try synced.library().upNext
      let same =
        actual.episodes.map(\.id) == expected.episodes.map(\.id) && actual.currentIndex == expected.currentIndex
        && actual.episodes.map(\.playbackPositionSeconds) == expected.episodes.map(\.playbackPositionSeconds)
      #expect(
        same,
        """
        \(trial), step \(step) (\(operation)): Queues \(expected.episodes.map(\.episodeGUID)) \
        at \(expected.currentIndex) \(expected.episodes.map(\.playbackPositionSeconds)), synced \
        \(actual.episodes.map(\.episodeGUID)) at \(actual.currentIndex) \(actual.episodes.map(\.playbackPositionSeconds))
        """)
      if !same { return }
    }
  }
}
