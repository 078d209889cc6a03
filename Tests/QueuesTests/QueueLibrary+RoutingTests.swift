import Foundation
import Queues
import SmartFill
import Testing

/// An episode published `hours` after the test date.
private func episode(
  _ guid: String, hours: Int, season: Int? = nil, number: Int? = nil, kind: Episode.Kind = .full,
  isPlayed: Bool = false
) -> Episode {
  Episode(
    guid: guid, title: guid.uppercased(), published: later(hours * 3600), durationSeconds: 1800, season: season,
    episode: number, kind: kind, isPlayed: isPlayed)
}

private func daily(_ episodes: [Episode]) -> Show {
  Show(feedURL: dailyFeed, title: "The Daily", episodes: episodes)
}

private func hardFork(_ episodes: [Episode]) -> Show {
  Show(feedURL: hardForkFeed, title: "Hard Fork", episodes: episodes)
}

private let serialFeed = "https://example.com/serial.xml"

private func serial(_ episodes: [Episode]) -> Show {
  Show(feedURL: serialFeed, title: "Serial", ordering: .serial, episodes: episodes)
}

private func guids(_ queue: Queue?) -> [String] { queue?.episodes.map(\.episodeGUID) ?? [] }

@Suite("Routing new episodes to their show's queue")
struct QueueLibraryRoutingTests {
  /// A library whose Commute holds x, y, z with y playing, ties The Daily (next) and Hard Fork (last), and has
  /// seen `old`.
  static func library(old: Catalog) throws -> QueueLibrary {
    var library = QueueLibrary(now: testDate)
    try library.modify(.commute, now: testDate) { (queue) throws(QueueError) in
      try queue.playLast([reference("x", show: "x"), reference("y", show: "x"), reference("z", show: "x")])
      try queue.makeCurrent(at: 1)
    }
    try library.tieShow(dailyFeed, titled: "The Daily", to: .commute, placement: .next, now: testDate)
    try library.tieShow(hardForkFeed, titled: "Hard Fork", to: .commute, placement: .last, now: testDate)
    let first = library.routeNewEpisodes(in: old, now: later(1))
    #expect(first.routed.isEmpty, "what was published before the tie is not new on the first refresh")
    return library
  }

  @Test("next goes right after the playing episode, in series order; last goes at the end")
  func placement() throws {
    let old = Catalog(shows: [daily([episode("d1", hours: -5)]), hardFork([episode("h1", hours: -5)])])
    var library = try Self.library(old: old)
    let new = Catalog(shows: [
      daily([episode("d1", hours: -5), episode("d3", hours: 3), episode("d2", hours: 2)]),
      hardFork([episode("h1", hours: -5), episode("h2", hours: 2)]),
    ])
    let routing = library.routeNewEpisodes(in: new, now: later(4))
    #expect(guids(library[.commute]) == ["x", "y", "d2", "d3", "z", "h2"])
    #expect(library[.commute]?.current?.episodeGUID == "y", "the playhead stays")
    #expect(routing.routed.map(\.index) == [2, 3, 5])
    #expect(routing.skipped.isEmpty)
    #expect(
      routing.routed[0].description
        == "\u{201C}D2\u{201D} of \u{201C}The Daily\u{201D} went to 🚗 Commute (next, position 3).")
    #expect(library[.commute]?.episodes.last?.addedAt == later(4))
    // Seen now: the same refresh again routes nothing.
    let again = library.routeNewEpisodes(in: new, now: later(5))
    #expect(again.newEpisodeCount == 0 && again.description == "No new episodes.")
  }

  @Test("with only new episodes, one published before the tie but listed late stays out")
  func onlyNewEpisodes() throws {
    let old = Catalog(shows: [daily([episode("d1", hours: -5)])])
    var library = try Self.library(old: old)
    try library.tieShow(dailyFeed, to: .commute, onlyNewEpisodes: true, now: later(1))
    let new = Catalog(shows: [daily([episode("d1", hours: -5), episode("late", hours: -2), episode("d2", hours: 2)])])
    let routing = library.routeNewEpisodes(in: new, now: later(3))
    #expect(routing.routed.map(\.episode.id.guid) == ["d2"])
    #expect(routing.skipped.map(\.episode.guid) == ["late"])
    #expect(routing.skipped.first?.description.contains("published before its show was tied") == true)
    // Without the option, the same late episode counts.
    var counting = try Self.library(old: old)
    #expect(counting.routeNewEpisodes(in: new, now: later(3)).routed.map(\.episode.id.guid) == ["late", "d2"])
  }

  @Test("an episode already in a queue, finished, played or a trailer is never added")
  func never() throws {
    let old = Catalog(shows: [daily([]), hardFork([])])
    var library = try Self.library(old: old)
    try library.modify(.upNext, now: testDate) { (queue) throws(QueueError) in
      try queue.playLast([EpisodeReference(episode("queued", hours: 1), of: daily([]), addedAt: testDate)])
    }
    library.markFinished(EpisodeID(feedURL: dailyFeed, guid: "done"), now: later(1))
    let new = Catalog(shows: [
      daily([
        episode("queued", hours: 1), episode("done", hours: 1), episode("heard", hours: 1, isPlayed: true),
        episode("teaser", hours: 1, kind: .trailer), episode("fresh", hours: 1),
      ])
    ])
    let routing = library.routeNewEpisodes(in: new, now: later(2))
    #expect(routing.routed.map(\.episode.id.guid) == ["fresh"])
    let reasons = Dictionary(uniqueKeysWithValues: routing.skipped.map { ($0.episode.guid, $0.reason) })
    #expect(reasons["queued"] == .alreadyQueued(in: QueueLibrary.QueueLabel(library.upNext)))
    #expect(reasons["done"] == .finished)
    #expect(reasons["heard"] == .played)
    #expect(reasons["teaser"] == .trailer)
    #expect(guids(library.upNext) == ["queued"], "the queued episode stays where it was, once")
  }

  @Test("an episode removed by hand does not come back, even when a refresh finds it new again")
  func noComeBack() throws {
    let old = Catalog(shows: [daily([]), hardFork([])])
    var library = try Self.library(old: old)
    let new = Catalog(shows: [daily([episode("d1", hours: 1), episode("d2", hours: 2)])])
    library.routeNewEpisodes(in: new, now: later(3))
    #expect(guids(library[.commute]).contains("d1"))
    try library.remove([EpisodeID(feedURL: dailyFeed, guid: "d1")], from: .commute, now: later(4))
    #expect(library.episodeHistory.exclusion(of: EpisodeID(feedURL: dailyFeed, guid: "d1"))?.reason == .removed)
    // Compared with the old catalog, d1 is new again: it stays out, and says why.
    let again = library.routeNewEpisodes(in: new, after: .catalog(old), now: later(5))
    #expect(again.routed.isEmpty)
    #expect(
      again.skipped.map(\.description).contains(
        "\u{201C}D1\u{201D} of \u{201C}The Daily\u{201D} stayed out: it was removed from 🚗 Commute by hand earlier."))
    // A feed that drops the episode and lists it again does not bring it back either.
    library.routeNewEpisodes(in: Catalog(shows: [daily([episode("d2", hours: 2)])]), now: later(6))
    let relisted = library.routeNewEpisodes(in: new, now: later(7))
    #expect(relisted.routed.isEmpty && relisted.skipped.map(\.episode.guid) == ["d1"])
    #expect(!guids(library[.commute]).contains("d1"))
    // A removal by `Queue.remove` (a sync, an undo) is not the listener's and records nothing.
    try library.modify(.commute, now: later(8)) { (queue) throws(QueueError) in
      try queue.remove(EpisodeID(feedURL: dailyFeed, guid: "d2"))
    }
    #expect(library.episodeHistory.exclusion(of: EpisodeID(feedURL: dailyFeed, guid: "d2")) == nil)
  }

  @Test("a serial show's new episodes go after its earlier ones in the queue, and before its later ones")
  func seriesOrder() throws {
    let old = Catalog(shows: [serial([episode("s1", hours: -9, season: 1, number: 1)])])
    var library = QueueLibrary(now: testDate)
    let show = serial([
      episode("s1", hours: -9, season: 1, number: 1), episode("s2", hours: -8, season: 1, number: 2),
      episode("s4", hours: -7, season: 1, number: 4),
    ])
    try library.modify(.commute, now: testDate) { (queue) throws(QueueError) in
      try queue.playLast([
        reference("x", show: "x"), EpisodeReference(show.episodes[1], of: show, addedAt: testDate),
        reference("y", show: "x"), EpisodeReference(show.episodes[2], of: show, addedAt: testDate),
      ])
    }
    try library.tieShow(serialFeed, titled: "Serial", to: .commute, placement: .next, now: testDate)
    library.routeNewEpisodes(in: old, now: testDate)
    // Listed late: episode 3 (between 2 and 4 in the queue) and episode 5 (after 4), both asked to go next.
    let new = Catalog(shows: [
      serial(
        show.episodes + [episode("s5", hours: 1, season: 1, number: 5), episode("s3", hours: 2, season: 1, number: 3)])
    ])
    let routing = library.routeNewEpisodes(in: new, now: later(3))
    #expect(guids(library[.commute]) == ["x", "s2", "s3", "y", "s4", "s5"])
    #expect(routing.routed.map(\.episode.id.guid) == ["s3", "s5"], "in series order")
  }

  @Test("an untied show's episodes go nowhere, or to the end of Up Next when the library asks")
  func untied() throws {
    var library = QueueLibrary(now: testDate)
    let old = Catalog(shows: [daily([episode("d1", hours: -5)])])
    let new = Catalog(shows: [daily([episode("d1", hours: -5), episode("d2", hours: 2)])])
    library.routeNewEpisodes(in: old, now: testDate)
    var nowhere = library
    let routing = nowhere.routeNewEpisodes(in: new, now: later(3))
    #expect(routing.routed.isEmpty && routing.skipped.map(\.reason) == [.notTied])
    #expect(nowhere.queues.allSatisfy { $0.isEmpty })
    library.untiedShowsGoToUpNext = true
    try library.modify(.upNext, now: testDate) { (queue) throws(QueueError) in try queue.playLast([reference("u")]) }
    let toUpNext = library.routeNewEpisodes(in: new, now: later(3))
    #expect(guids(library.upNext) == ["u", "d2"])
    #expect(toUpNext.routed.first?.rule == .untiedToUpNext)
    #expect(try QueueLibrary(json: library.jsonBytes()).untiedShowsGoToUpNext)
  }

  @Test("a deleted queue's shows route nowhere until it is restored")
  func deletedQueue() throws {
    let old = Catalog(shows: [daily([]), hardFork([])])
    var library = try Self.library(old: old)
    try library.delete(try library.deletion(of: .commute), now: later(1))
    let routing = library.routeNewEpisodes(in: Catalog(shows: [daily([episode("d1", hours: 2)])]), now: later(3))
    #expect(routing.skipped.map(\.reason) == [.notTied])
    try library.restore(.commute, now: later(4))
    let back = library.routeNewEpisodes(
      in: Catalog(shows: [daily([episode("d1", hours: 2), episode("d2", hours: 4)])]), now: later(5))
    #expect(back.routed.map(\.episode.id.guid) == ["d2"])
  }

  @Test("planning changes nothing, and the same library and refresh always give the same plan")
  func deterministic() throws {
    let library = try Self.library(old: Catalog(shows: [daily([]), hardFork([])]))
    let new = Catalog(shows: [daily([episode("d1", hours: 1)]), hardFork([episode("h1", hours: 1)])])
    let plan = library.routing(of: new, now: later(2))
    #expect(plan == library.routing(of: new, now: later(2)))
    #expect(library.episodeHistory.knownEpisodes[dailyFeed]?.guids == [])
    var applied = library
    #expect(applied.routeNewEpisodes(in: new, now: later(2)) == plan)
    applied.undoRouting(plan.undo, now: later(3))
    #expect(applied.queues.map(\.episodes) == library.queues.map(\.episodes))
    #expect(applied.episodeHistory == library.episodeHistory)
  }
}
