import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

/// The feed URL of test show `index`.
private func feed(_ index: Int) -> String { "https://example.com/show-\(index).xml" }

/// Syncs `engine` with `server` at `seconds` after the start.
private func sync(_ engine: inout SyncEngine, _ server: InMemorySyncServer, at seconds: Double) async {
  _ = await engine.sync(with: server, now: at(seconds))
}

@Suite("Show ties in sync")
struct ShowTiesSyncTests {
  @Test("a show tied on one device is tied on the other after sync, and so is an untie")
  func tieTravels() async throws {
    let server = InMemorySyncServer()
    var phone = engine("phone")
    var tablet = engine("tablet")
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.tieShow(feed(1), titled: "The Daily", to: .commute, placement: .next, now: at(0))
      try library.tieShow(feed(2), titled: "Hard Fork", to: .workout, now: at(0))
    }
    await sync(&phone, server, at: 20)
    await sync(&tablet, server, at: 30)
    let tied = try tablet.library()
    #expect(tied.tiedQueueIDs == [feed(1): .commute, feed(2): .workout])
    let daily = try #require(tied.tie(of: feed(1))?.tie)
    #expect(daily.placement == .next && daily.showTitle == "The Daily" && daily.tiedAt == at(0))
    #expect(try tablet.library().queue(.commute).showTies.map(\.feedURL) == [feed(1)])

    try tablet.edit(now: at(40)) { (library) throws(SyncError) in
      try library.untieShow(feed(1), now: at(40))
      try library.tieShow(feed(2), to: .sleep, now: at(40))
    }
    await sync(&tablet, server, at: 60)
    await sync(&phone, server, at: 70)
    #expect(try phone.library().tiedQueueIDs == [feed(2): .sleep], "the untie and the move arrive")
    #expect(phone.state.hasSameState(as: tablet.state))
  }

  @Test("two devices tying one show to two queues at once end with the later tie on both")
  func concurrentTiesConverge() throws {
    for laterIsTablet in [true, false] {
      var phone = device("phone")
      var tablet = device("tablet")
      try phone.tieShow(feed(1), to: .commute, now: at(laterIsTablet ? 10 : 20))
      try tablet.tieShow(feed(1), to: .workout, now: at(laterIsTablet ? 20 : 10))
      exchange(&phone, &tablet)
      let expected: QueueID = laterIsTablet ? .workout : .commute
      #expect(try phone.library().tiedQueueIDs == [feed(1): expected])
      #expect(try tablet.library().tiedQueueIDs == [feed(1): expected])
      #expect(phone.hasSameState(as: tablet))
      // An untie written after both unties the show, wherever the tie stood.
      try phone.untieShow(feed(1), now: at(30))
      exchange(&phone, &tablet)
      #expect(try tablet.library().tiedQueueIDs.isEmpty, "laterIsTablet: \(laterIsTablet)")
    }
  }

  @Test("the option for untied shows and a removal by hand travel to the other device")
  func optionAndRemovalTravel() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast([reference("a"), reference("b")], in: .commute, now: at(0))
    try phone.removeByHand([episode("a")], from: .commute, now: at(10))
    tablet.setUntiedShowsGoToUpNext(true, now: at(5))
    exchange(&phone, &tablet)
    for library in [try phone.library(), try tablet.library()] {
      #expect(library.untiedShowsGoToUpNext)
      let exclusions = library.episodeHistory.exclusions
      #expect(exclusions.map(\.episode) == [episode("a")] && exclusions.map(\.queueID) == [.commute])
      #expect(exclusions.map(\.reason) == [.removed] && exclusions.map(\.date) == [at(10)])
      #expect(library[.commute]?.episodes.map(\.episodeGUID) == ["b"])
    }
    #expect(throws: SyncError.queue(.episodeNotInQueue(episode("a"), queueName: "🚗 Commute"))) {
      try phone.removeByHand([episode("b"), episode("a")], from: .commute, now: at(20))
    }
    #expect(phone.episodes(in: .commute) == [episode("b")], "nothing changed by the refused removal")
  }

  @Test("an automatic add made before hearing of a concurrent removal by hand stays hidden; a manual one shows")
  func concurrentRemovalByHand() throws {
    for manual in [false, true] {
      var phone = device("phone")
      var tablet = device("tablet")
      try phone.playLast([reference("a"), reference("b")], in: .commute, now: at(0))
      exchange(&phone, &tablet)
      // The phone removes "a" by hand; the tablet, not synced, adds it again (a routing, or the listener).
      try phone.removeByHand([episode("a")], from: .commute, now: at(10))
      try tablet.removeByHand([episode("a")], from: .commute, now: at(11))
      if manual {
        try tablet.insert([reference("a")], into: .commute, at: 0, now: at(12))
      } else {
        #expect(try tablet.addAutomatically([reference("a")], to: .commute, now: at(12)) == [episode("a")])
      }
      exchange(&phone, &tablet)
      // Independent expectation: the rule of issue 48 for an automatic add, add-wins for the listener's.
      let expected = manual ? ["a", "b"] : ["b"]
      #expect(guids(phone, .commute) == expected && guids(tablet, .commute) == expected, "manual: \(manual)")
      // Once the tablet knows of both removals, an automatic add (a smart fill) shows on both.
      if !manual {
        #expect(try tablet.addAutomatically([reference("a")], to: .commute, now: at(20)) == [episode("a")])
        exchange(&phone, &tablet)
        #expect(guids(phone, .commute) == ["b", "a"] && guids(tablet, .commute) == ["b", "a"])
      }
    }
  }

  @Test("a removal by hand hides the automatic adds that missed it in that queue only")
  func concurrentRemovalByHandIsPerQueue() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    try phone.playLast([reference("a")], in: .commute, now: at(0))
    exchange(&phone, &tablet)
    try phone.removeByHand([episode("a")], from: .commute, now: at(10))
    _ = try tablet.addAutomatically([reference("a")], to: .workout, now: at(12))
    exchange(&phone, &tablet)
    #expect(guids(phone, .commute).isEmpty && guids(tablet, .commute).isEmpty)
    #expect(guids(phone, .workout) == ["a"] && guids(tablet, .workout) == ["a"])
  }

  @Test("a duplicate takes the shows tied, as QueueLibrary's does, or leaves them; the other device agrees")
  func duplicateMovesTies() throws {
    for option in [QueueLibrary.TiesOnDuplicate.moveToCopy, .keepWithOriginal] {
      var phone = device("phone")
      var tablet = device("tablet")
      try phone.tieShow(feed(2), titled: "Two", to: .commute, placement: .last, now: at(0))
      try phone.tieShow(feed(1), titled: "One", to: .commute, placement: .next, now: at(1))
      try phone.tieShow(feed(3), titled: "Three", to: .workout, now: at(2))
      // The model: the plain library doing the same.
      var model = try phone.library()
      let copyID = QueueID("commute-copy")
      try model.duplicate(.commute, newID: copyID, showTies: option, now: at(10))
      if option == .moveToCopy {
        try phone.duplicate(.commute, newID: copyID, now: at(10))
      } else {
        try phone.duplicate(.commute, newID: copyID, showTies: option, now: at(10))
      }
      exchange(&phone, &tablet)
      for library in [try phone.library(), try tablet.library()] {
        #expect(library.tiedQueueIDs == model.tiedQueueIDs, "\(option)")
        for id in [QueueID.commute, copyID, .workout] {
          #expect(try library.queue(id).showTies == model.queue(id).showTies, "\(option): \(id)'s ties")
        }
      }
      #expect(model.tiedQueueIDs[feed(1)] == (option == .moveToCopy ? copyID : .commute), "the model moved them")
    }
  }

  @Test("an identity move renames the removals' dots and what automatic adds saw of them, hiding the same adds")
  func identityMoveKeepsRemovals() {
    let (phone, tablet, fresh) = (ReplicaID("phone"), ReplicaID("tablet"), ReplicaID("fresh"))
    var queue = device("phone").queues[.commute]!
    let stamp = HybridTimestamp(milliseconds: 1, replica: phone)
    // The phone removed "a" at counter 7, after its state was loaded at 5; the tablet at 3.
    queue.handRemovals.record(Dot(phone, 7), of: episode("a"), stamp: stamp)
    queue.handRemovals.record(Dot(tablet, 3), of: episode("a"), stamp: stamp)
    let move = IdentityMove(old: phone, new: fresh, after: 5, loadedFinishes: FinishedEpisodes())
    let moved = move.queue(queue).handRemovals
    #expect(moved.marks[episode("a")]?.mapValues(\.counter) == [phone: 5, fresh: 2, tablet: 3])
    // An automatic add the phone made after both removals still knows them; one that knew the phone's earlier
    // removal only (counter 4) is hidden, before the move and after.
    let knowing = VersionVector([phone: 7, tablet: 3])
    let earlier = VersionVector([phone: 4, tablet: 3])
    #expect(
      queue.handRemovals.admits(knowing, of: episode("a")) && !queue.handRemovals.admits(earlier, of: episode("a")))
    #expect(moved.admits(move.context(knowing), of: episode("a")) && !moved.admits(earlier, of: episode("a")))
  }

  @Test("a state written before show ties reads as none; one with them reads back whole")
  func stateFormat() throws {
    var phone = device("phone")
    try phone.tieShow(feed(1), titled: "The Daily", to: .commute, placement: .next, now: at(0))
    try phone.playLast([reference("a")], in: .commute, now: at(1))
    try phone.removeByHand([episode("a")], from: .commute, now: at(2))
    phone.setUntiedShowsGoToUpNext(true, now: at(3))
    for id in [QueueID.commute, .upNext] {
      let queue = try #require(phone.queues[id])
      let bytes = StateWriter.encode(queue)
      #expect(try StateReader(bytes).queue() == queue, "\(id) reads back whole")
      guard case .object(var members) = try JSONValue.parse(bytes) else { Issue.record("not an object"); continue }
      for key in ["showTies", "untiedShowsGoToUpNext", "removedByHand", "handRemovals"] { members[key] = nil }
      var json = JSONWriter(style: .compact)
      json.write(.object(members))
      let old = try StateReader(json.bytes).queue()
      #expect(old.showTies.isEmpty && old.removedByHand.isEmpty && old.handRemovals.isEmpty)
      #expect(!old.takesUntiedShows.value)
      #expect(old.takesUntiedShows.stamp == .genesis)
    }
    // A queue without them writes exactly what it wrote before.
    let text = String(decoding: StateWriter.encode(try #require(phone.queues[.workout])), as: UTF8.self)
    #expect(!text.contains("showTies") && !text.contains("removedByHand") && !text.contains("untiedShows"))
    #expect(!text.contains("handRemovals"))
  }

  @Test("an automatic add's removals seen read back; an add written without them reads as manual")
  func removalsSeenFormat() throws {
    var phone = device("phone")
    try phone.playLast([reference("a")], in: .commute, now: at(0))
    try phone.removeByHand([episode("a")], from: .commute, now: at(1))
    _ = try phone.addAutomatically([reference("a"), reference("b")], to: .commute, now: at(2))
    try phone.playLast([reference("c")], in: .commute, now: at(3))
    let queue = try #require(phone.queues[.commute])
    let bytes = StateWriter.encode(queue)
    let read = try StateReader(bytes).queue()
    #expect(read == queue)
    let seen = { (read: ReplicatedQueue, guid: String) in read.entries[episode(guid)]?.adds.values.first?.removalsSeen }
    #expect(
      seen(read, "a")
        == VersionVector([ReplicaID("phone"): read.handRemovals.marks[episode("a")]![ReplicaID("phone")]!.counter]))
    #expect(seen(read, "b") == VersionVector() && seen(read, "c") == nil)
    // An add of the earlier format (eight elements) reads as manual.
    guard case .object(var members) = try JSONValue.parse(bytes), case .array(var entries) = members["entries"] else {
      Issue.record("not a queue's state")
      return
    }
    for index in entries.indices {
      guard case .array(var fields) = entries[index], case .array(let adds) = fields[2] else { continue }
      fields[2] = .array(
        adds.map { add in if case .array(let parts) = add { .array(Array(parts.prefix(8))) } else { add } })
      entries[index] = .array(fields)
    }
    members["entries"] = .array(entries)
    var json = JSONWriter(style: .compact)
    json.write(.object(members))
    let old = try StateReader(json.bytes).queue()
    #expect(old.entries.values.allSatisfy { $0.adds.values.allSatisfy { $0.removalsSeen == nil } })
    #expect(guids(phone, .commute) == ["a", "b", "c"])
  }

  @Test("a removal's dot that the context has not seen, or one written twice, is refused with its place")
  func badRemovalMarksRefused() throws {
    var phone = device("phone")
    try phone.playLast([reference("a")], in: .commute, now: at(0))
    try phone.removeByHand([episode("a")], from: .commute, now: at(1))
    let bytes = StateWriter.encode(try #require(phone.queues[.commute]))
    guard case .object(var members) = try JSONValue.parse(bytes), case .array(let marks) = members["handRemovals"],
      case .array(var mark) = marks.first
    else {
      Issue.record("no removal marks written")
      return
    }
    for bad in [
      JSONValue.array(marks + marks),
      .array([
        .array(
          {
            mark[3] = .integer(999); return mark
          }())
      ]),
    ] {
      members["handRemovals"] = bad
      var json = JSONWriter(style: .compact)
      json.write(.object(members))
      #expect {
        _ = try StateReader(json.bytes).queue()
      } throws: { error in
        "\(error)".contains("handRemovals[")
      }
    }
  }

  @Test("a bad tie in a record is refused, naming the place")
  func badTieRefused() throws {
    var phone = device("phone")
    try phone.tieShow(feed(1), to: .commute, now: at(0))
    let record = try #require(phone.record("queue.commute", deviceName: "phone", changeTag: nil))
    guard case .json(let bytes)? = record.fields["state"] else { Issue.record("no state"); return }
    let text = String(decoding: bytes, as: UTF8.self)
    let broken = text.replacingOccurrences(of: "\"placement\":\"last\"", with: "\"placement\":\"first\"")
    #expect(broken != text)
    var bad = record
    bad.fields["state"] = .json(Array(broken.utf8))
    #expect {
      try ReplicatedLibrary.state(of: bad)
    } throws: { error in
      guard case SyncError.invalidRecord(_, let location, let reason) = error else { return false }
      return location == "state.showTies" && reason.contains("placement")
    }
    #expect(record.fields["showTies"] != nil, "the record's fields list the ties for other readers")
  }

  @Test("the state file keeps the ties and what this device's routings saw")
  func stateFile() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.cleanUp() }
    let store = SyncStore(path: folder.path + "/sync.json")
    var phone = engine("phone")
    let show = Show(
      feedURL: feed(1), title: "Show 1",
      episodes: [Episode(guid: "e1", published: at(-100), durationSeconds: 600)])
    try phone.edit(now: at(0)) { (library) throws(SyncError) in
      try library.tieShow(feed(1), to: .commute, now: at(-1_000))
      try library.routeNewEpisodes(in: Catalog(shows: [show]), now: at(0))
    }
    #expect(phone.state.episodes(in: .commute) == [EpisodeID(feedURL: feed(1), guid: "e1")])
    try store.save(phone)
    let loaded = try #require(try store.load())
    #expect(loaded.state.routingHistory == phone.state.routingHistory)
    #expect(loaded.state.routingHistory.knownEpisodes[feed(1)]?.guids == ["e1"])
    #expect(try loaded.library().tiedQueueIDs == [feed(1): .commute])
  }

  @Test("a routing on a synced library says why an episode finished or removed elsewhere stays out")
  func routingPlanReasons() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    let show = Show(
      feedURL: feed(1), title: "Show 1",
      episodes: (1...3).map {
        Episode(guid: "e\($0)", title: "E\($0)", published: at(Double($0)), durationSeconds: 600)
      })
    try phone.tieShow(feed(1), titled: "Show 1", to: .commute, placement: .next, now: at(-10))
    try phone.playLast([EpisodeReference(show.episodes[1], of: show, addedAt: at(0))], in: .upNext, now: at(0))
    try phone.removeByHand([EpisodeID(feedURL: feed(1), guid: "e2")], from: .upNext, now: at(5))
    phone.markFinished(EpisodeID(feedURL: feed(1), guid: "e1"), now: at(6))
    exchange(&phone, &tablet)
    let routing = try tablet.routing(of: Catalog(shows: [show]), after: .catalog(Catalog()), now: at(20))
    #expect(routing.routed.map(\.episode.episodeGUID) == ["e3"])
    #expect(
      routing.skipped.map(\.description) == [
        "“E1” of “Show 1” stayed out: it was finished earlier.",
        "“E2” of “Show 1” stayed out: it was removed from 📋 Up Next by hand earlier.",
      ])
    #expect(tablet.episodes(in: .commute).isEmpty, "a plan changes nothing")
    try tablet.routeNewEpisodes(in: Catalog(shows: [show]), after: .catalog(Catalog()), now: at(20))
    #expect(tablet.episodes(in: .commute) == [EpisodeID(feedURL: feed(1), guid: "e3")])
  }

  // MARK: Merge laws

  /// States of three devices tying, untying and moving shows, setting the option and removing by hand, with
  /// merges in random order.
  private func routingHistory(_ random: inout SplitMix64) -> [ReplicatedLibrary] {
    var devices = ["a", "b", "c"].map { device($0) }
    var states: [ReplicatedLibrary] = []
    let queues: [QueueID] = [.commute, .workout, .sleep]
    for step in 0..<40 {
      let now = at(Double(step * 60 + random.integer(in: -30...30)))
      let index = random.integer(in: 0...2)
      var library = devices[index]
      let show = feed(random.integer(in: 0...3))
      switch random.integer(in: 0...7) {
      case 0, 1:
        _ = try? library.tieShow(
          show, to: random.element(of: queues), placement: random.chance(1, in: 2) ? .next : .last, now: now)
      case 2: _ = try? library.untieShow(show, now: now)
      case 3: library.setUntiedShowsGoToUpNext(random.chance(1, in: 2), now: now)
      case 4:
        let queue = random.element(of: queues)
        let added = reference("e\(random.integer(in: 0...5))")
        try? library.playLast([added], in: queue, now: now)
        try? library.removeByHand([added.id], from: queue, now: now)
      case 5:
        // An automatic add records the removals by hand it knew of.
        let added = reference("e\(random.integer(in: 0...5))")
        _ = try? library.addAutomatically([added], to: random.element(of: queues), now: now)
      default: library.merge(devices[random.integer(in: 0...2)])
      }
      devices[index] = library
      states.append(library)
    }
    return states
  }

  @Test("the routing settings merge commutatively, associatively and idempotently, ties resolved alike")
  func mergeLaws() throws {
    for var trial in SeededCases(seed: 0x7A1E, count: 100) {
      let states = routingHistory(&trial.random)
      for _ in 0..<20 {
        let (x, y, z) = (
          trial.random.element(of: states), trial.random.element(of: states), trial.random.element(of: states)
        )
        for id in [QueueID.upNext, .commute, .workout, .sleep] {
          let (a, b, c) = (x.queues[id]!, y.queues[id]!, z.queues[id]!)
          #expect(a.merged(with: b) == b.merged(with: a), "\(trial): \(id) not commutative")
          #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)), "\(trial): associative")
          #expect(a.merged(with: a) == a, "\(trial): \(id) not idempotent")
        }
        var xy = x
        xy.merge(y)
        var yx = y
        yx.merge(x)
        #expect(try xy.library().tiedQueueIDs == yx.library().tiedQueueIDs, "\(trial): ties resolved apart")
        #expect(try xy.library().episodeHistory.exclusions == yx.library().episodeHistory.exclusions, "\(trial)")
      }
    }
  }

  @Test("past 10,000 removals by hand a merge keeps the latest 10,000 of both, and of their dots, as a model says")
  func removalsPastTheLimit() {
    var first = device("a").queues[.commute]!
    var second = first
    let limit = ReplicatedQueue.maximumRemovalsByHand
    var all: [(stamp: HybridTimestamp, episode: EpisodeID)] = []
    var marks: [(dot: Dot, stamp: HybridTimestamp, episode: EpisodeID)] = []
    // Each device removes 10,100 episodes, 10,050 of them the other's too, at interleaved times, and 50 twice.
    for number in 0..<(limit + 100) {
      for (offset, name) in [(0, "a"), (50, "b")] {
        let stamp = HybridTimestamp(milliseconds: Int64(number * 2 + offset % 3), logical: 0, replica: ReplicaID(name))
        let removed = episode("e\(number + offset)")
        let dot = Dot(ReplicaID(name), all.count + 1)
        if name == "a" {
          first.recordRemovalByHand(of: removed, stamp: stamp, dot: dot)
        } else {
          second.recordRemovalByHand(of: removed, stamp: stamp, dot: dot)
        }
        all.append((stamp, removed))
        marks.append((dot, stamp, removed))
      }
      if number % 200 == 0 {
        let stamp = HybridTimestamp(milliseconds: Int64(number * 2 + 1), logical: 0, replica: ReplicaID("a"))
        let dot = Dot(ReplicaID("a"), all.count + 1)
        first.recordRemovalByHand(of: episode("e\(number + 7_000)"), stamp: stamp, dot: dot)
        all.append((stamp, episode("e\(number + 7_000)")))
        marks.append((dot, stamp, episode("e\(number + 7_000)")))
      }
    }
    var latest: [EpisodeID: HybridTimestamp] = [:]
    for (stamp, removed) in all { latest[removed] = max(latest[removed] ?? stamp, stamp) }
    let expected = Dictionary(
      uniqueKeysWithValues: latest.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.suffix(limit).map {
        ($0.key, $0.value)
      })
    #expect(first.removedByHand.count == limit && second.removedByHand.count == limit)
    #expect(first.merged(with: second).removedByHand == expected)
    #expect(second.merged(with: first).removedByHand == expected)
    // The removals' dots: the latest 10,000 of each device's latest removal of each episode.
    var latestMark: [EpisodeID: [ReplicaID: (stamp: HybridTimestamp, counter: Int)]] = [:]
    for (dot, stamp, removed) in marks {
      if let old = latestMark[removed]?[dot.replica], (old.stamp, old.counter) > (stamp, dot.counter) { continue }
      latestMark[removed, default: [:]][dot.replica] = (stamp, dot.counter)
    }
    let flat = latestMark.flatMap { episode, byReplica in
      byReplica.map { (stamp: $0.value.stamp, counter: $0.value.counter, episode: episode, replica: $0.key) }
    }
    var expectedMarks: [EpisodeID: [ReplicaID: Int]] = [:]
    for mark in flat.sorted(by: {
      ($0.stamp, $0.counter, $0.episode, $0.replica) < ($1.stamp, $1.counter, $1.episode, $1.replica)
    })
    .suffix(limit) {
      expectedMarks[mark.episode, default: [:]][mark.replica] = mark.counter
    }
    #expect(first.handRemovals.count == limit && second.handRemovals.count == limit)
    for merged in [first.merged(with: second), second.merged(with: first)] {
      #expect(merged.handRemovals.marks.mapValues { $0.mapValues(\.counter) } == expectedMarks)
      #expect(merged.handRemovals.count == limit)
    }
  }

  // MARK: Two devices routing one refresh

  /// One case: shows, ties, the listener's earlier edits on device A, then both devices route the same
  /// refresh offline and sync in a random order.
  struct RoutingCase {
    var old: Catalog
    var refreshed: Catalog
    /// The queue each show is tied to, by feed URL, and its placement.
    var ties: [String: (queue: QueueID, placement: ShowTie.Placement)]
    var untiedToUpNext: Bool
    /// Episodes removed by hand on A: synced to B before its routing, or removed after A's routing while B
    /// routed unsynced.
    var excluded: Set<EpisodeID>
    /// Episodes finished on A: before B heard of anything, and after its last sync before routing.
    var finished: Set<EpisodeID>
  }

  @Test("two devices routing one refresh at once: each new episode once, in its tied queue, on both")
  func twoDevicesRouteOneRefresh() async throws {
    var tally = Tally()
    for var trial in SeededCases(seed: 0x71E5, count: 300) {
      try await runRoutingCase(&trial.random, "\(trial)", tally: &tally)
    }
    // The cases must reach every rule: routed episodes, exclusions, removals by hand B had not heard of when
    // it routed, finishes B had not heard of, contests.
    #expect(tally.routed > 0 && tally.excluded > 0 && tally.finishedLate > 0 && tally.contested > 0, "\(tally)")
    #expect(tally.removedConcurrently > 0, "\(tally)")
  }

  /// What the cases exercised.
  struct Tally {
    var routed = 0
    var excluded = 0
    var removedConcurrently = 0
    var finishedLate = 0
    var contested = 0
  }

  private func runRoutingCase(_ random: inout SplitMix64, _ label: String, tally: inout Tally) async throws {
    let server = InMemorySyncServer()
    var a = engine("device-a")
    var b = engine("device-b")
    let other = 99
    let queues: [QueueID] = [.commute, .workout]

    // The catalog: each show's old episodes and new ones; a serial show's numbers run against its dates.
    var oldShows: [Show] = []
    var newShows: [Show] = []
    var newEpisodes: [(show: Show, episode: Episode)] = []
    for index in 0..<Int.random(in: 2...4, using: &random) {
      let ordering: Show.Ordering = Bool.random(using: &random) ? .serial : .episodic
      let olds = (0..<2).map { number in
        Episode(
          guid: "s\(index)-o\(number)", published: at(Double(-86_400 * (10 - number))), durationSeconds: 1_800,
          season: 1, episode: number + 1)
      }
      let count = Int.random(in: 1...4, using: &random)
      let times = (0..<count).shuffled(using: &random)
      let news = (0..<count).map { number in
        let roll = Int.random(in: 0..<10, using: &random)
        return Episode(
          guid: "s\(index)-n\(number)", title: "New \(number)", published: at(Double(500 + times[number] * 60)),
          durationSeconds: 1_800, season: 1, episode: 3 + number, kind: roll == 0 ? .trailer : .full,
          isPlayed: roll == 1)
      }
      oldShows.append(Show(feedURL: feed(index), title: "Show \(index)", ordering: ordering, episodes: olds))
      let show = Show(feedURL: feed(index), title: "Show \(index)", ordering: ordering, episodes: olds + news)
      newShows.append(show)
      newEpisodes += news.map { (show, $0) }
    }
    var scenario = RoutingCase(
      old: Catalog(shows: oldShows), refreshed: Catalog(shows: newShows), ties: [:],
      untiedToUpNext: Bool.random(using: &random), excluded: [], finished: [])

    // A ties the shows and fills the queues with another show's episodes, the playhead somewhere.
    try a.edit(now: at(0)) { (library) throws(SyncError) in
      for show in newShows where Int.random(in: 0..<4, using: &random) > 0 {
        let queue = queues.randomElement(using: &random)!
        let placement: ShowTie.Placement = Bool.random(using: &random) ? .next : .last
        try library.tieShow(show.feedURL, to: queue, placement: placement, now: at(0))
        scenario.ties[show.feedURL] = (queue, placement)
      }
      for queue in [QueueID.upNext] + queues {
        let count = Int.random(in: 0...3, using: &random)
        let references = (0..<count).map { reference("\(queue)-\($0)", show: other) }
        try library.playLast(references, in: queue, now: at(0))
        try library.makeCurrent(at: Int.random(in: 0...count, using: &random), in: queue, now: at(0))
      }
    }
    // B, offline, sets the option and may tie a tied show to the other queue, before or after A's tie.
    let contested = scenario.ties.keys.sorted().randomElement(using: &random)
    try b.edit(now: at(1)) { (library) throws(SyncError) in
      // B's clock has seen nothing yet: its tie is stamped at the time it is given, before or after A's.
      if let contested, Bool.random(using: &random) {
        let later = Bool.random(using: &random)
        let queue = scenario.ties[contested]!.queue == .commute ? QueueID.workout : .commute
        try library.tieShow(contested, to: queue, placement: .last, now: at(later ? 5 : -5))
        if later { scenario.ties[contested] = (queue, .last) }
        tally.contested += 1
      }
      library.setUntiedShowsGoToUpNext(scenario.untiedToUpNext, now: at(10))
    }
    await sync(&a, server, at: 20)
    await sync(&b, server, at: 30)
    await sync(&a, server, at: 40)

    // On A, the listener removes some new episodes by hand (queued by hand first) and finishes others.
    let shuffled = newEpisodes.shuffled(using: &random)
    let excluded = shuffled.prefix(Int.random(in: 0...2, using: &random))
    let finishedEarly = shuffled.dropFirst(excluded.count).prefix(Int.random(in: 0...1, using: &random))
    let finishedLate = shuffled.dropFirst(excluded.count + finishedEarly.count).prefix(
      Int.random(in: 0...2, using: &random))
    try a.edit(now: at(50)) { (library) throws(SyncError) in
      for (show, episode) in excluded {
        let reference = EpisodeReference(episode, of: show, addedAt: at(50))
        try library.playLast([reference], in: .upNext, now: at(50))
        try library.removeByHand([reference.id], from: .upNext, now: at(50))
        scenario.excluded.insert(reference.id)
      }
      for (show, episode) in finishedEarly {
        library.markFinished(EpisodeID(feedURL: show.feedURL, guid: episode.guid), now: at(50))
      }
    }
    await sync(&a, server, at: 70)
    await sync(&b, server, at: 80)
    await sync(&a, server, at: 90)
    #expect(a.state.hasSameState(as: b.state), "\(label): synced before the refresh")
    try a.edit(now: at(100)) { (library) throws(SyncError) in
      for (show, episode) in finishedLate {
        library.markFinished(EpisodeID(feedURL: show.feedURL, guid: episode.guid), now: at(100))
      }
    }
    for (show, episode) in finishedEarly + finishedLate {
      scenario.finished.insert(EpisodeID(feedURL: show.feedURL, guid: episode.guid))
    }
    let before = try a.library()
    tally.excluded += excluded.count
    tally.finishedLate += finishedLate.count

    // Both refresh the same feeds at once, offline, and route.
    let routeTimeB = Double(Int.random(in: 110...130, using: &random))
    for (engine, time) in [(0, 110.0), (1, routeTimeB)] {
      let at = at(time)
      if engine == 0 {
        let routing = try a.edit(now: at) { (library) throws(SyncError) in
          try library.routeNewEpisodes(in: scenario.refreshed, after: .catalog(scenario.old), now: at)
        }
        // A's listener removes a just-routed episode by hand while B, not yet synced, routes the same refresh.
        if Bool.random(using: &random), let removed = routing.routed.randomElement(using: &random) {
          try a.edit(now: at.addingTimeInterval(2)) { (library) throws(SyncError) in
            try library.removeByHand([removed.episode.id], from: removed.queue.id, now: at.addingTimeInterval(2))
          }
          scenario.excluded.insert(removed.episode.id)
          tally.removedConcurrently += 1
        }
      } else {
        try b.edit(now: at) { (library) throws(SyncError) in
          try library.routeNewEpisodes(in: scenario.refreshed, after: .catalog(scenario.old), now: at)
        }
      }
    }
    // Syncs in a random order, then until nothing moves.
    var time = 200.0
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      time += Double(Int.random(in: 1...30, using: &random))
      if Bool.random(using: &random) { await sync(&a, server, at: time) } else { await sync(&b, server, at: time) }
    }
    for round in 0..<3 {
      await sync(&a, server, at: time + 100 + Double(round * 40))
      await sync(&b, server, at: time + 120 + Double(round * 40))
    }

    // Converged.
    #expect(a.state.hasSameState(as: b.state), "\(label): the devices did not converge")
    let libraryA = try a.library()
    let libraryB = try b.library()
    #expect(libraryA.queues == libraryB.queues, "\(label): the libraries differ")
    // The independent model: where one device routing alone puts each new episode.
    for library in [libraryA, libraryB] {
      #expect(
        library.tiedQueueIDs == scenario.ties.mapValues(\.queue),
        "\(label): ties \(library.tiedQueueIDs) expected \(scenario.ties)")
      var placed: [EpisodeID: [QueueID]] = [:]
      for queue in library.queues {
        for reference in queue.episodes { placed[reference.id, default: []].append(queue.id) }
      }
      for (show, episode) in newEpisodes {
        let id = EpisodeID(feedURL: show.feedURL, guid: episode.guid)
        let destination = scenario.ties[show.feedURL]?.queue ?? (scenario.untiedToUpNext ? .upNext : nil)
        let goes =
          destination != nil && episode.kind != .trailer && !episode.isPlayed && !scenario.excluded.contains(id)
          && !scenario.finished.contains(id)
        let expected = goes ? [destination!] : []
        if goes, library == libraryA { tally.routed += 1 }
        #expect(placed[id] ?? [] == expected, "\(label): \(id) is in \(placed[id] ?? []), expected \(expected)")
      }
      try checkPlaces(library, before: before, scenario: scenario, newEpisodes: newEpisodes, label)
    }
  }

  /// Checks each queue's order: the episodes there before keep their order; a show's new episodes are in
  /// series order (a serial show's by number, an episodic one's by date); those placed `last` come after every
  /// episode there before, those placed `next` after the current one and before the ones that followed it.
  private func checkPlaces(
    _ library: QueueLibrary, before: QueueLibrary, scenario: RoutingCase,
    newEpisodes: [(show: Show, episode: Episode)], _ label: String
  ) throws {
    let byID = Dictionary(
      newEpisodes.map { (EpisodeID(feedURL: $0.show.feedURL, guid: $0.episode.guid), $0) },
      uniquingKeysWith: { first, _ in first })
    for queue in library.queues {
      let old = try before.queue(queue.id)
      let order = queue.episodes.map(\.id)
      let kept = order.filter { byID[$0] == nil }
      #expect(kept == old.episodes.map(\.id), "\(label): \(queue.name)'s earlier episodes moved")
      let index = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
      let oldIndices = old.episodes.map { index[$0.id]! }
      let afterCurrent = old.current == nil ? [] : old.episodes[(old.currentIndex + 1)...].map { index[$0.id]! }
      let current = old.current.map { index[$0.id]! }
      var lastOfShow: [String: Episode] = [:]
      for id in order {
        guard let (show, episode) = byID[id] else { continue }
        if let previous = lastOfShow[show.feedURL] {
          let inOrder =
            show.ordering == .serial ? previous.episode! < episode.episode! : previous.published < episode.published
          #expect(inOrder, "\(label): \(id) comes after a later episode of its show in \(queue.name)")
        }
        lastOfShow[show.feedURL] = episode
        let placement = scenario.ties[show.feedURL]?.placement ?? .last
        switch placement {
        case .last:
          #expect(oldIndices.allSatisfy { $0 < index[id]! }, "\(label): \(id) is not after \(queue.name)'s episodes")
        case .next:
          #expect(current.map { $0 < index[id]! } ?? true, "\(label): \(id) is not after the current episode")
          #expect(afterCurrent.allSatisfy { $0 > index[id]! }, "\(label): \(id) is not right after the current one")
        }
      }
    }
  }
}
