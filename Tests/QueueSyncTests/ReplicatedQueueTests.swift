import Foundation
import Queues
import SmartFill
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
