import Foundation
import SmartFillTestSupport
import Testing

@testable import SmartFill

/// The index patched in place after random changes, compared field by field with an index built from scratch
/// on the same catalog (the fills are compared in `FillEngine+ChangesTests.swift`).
@Suite("Index patched in place")
struct CatalogIndexChangesTests {
  /// Everything of a free candidate, comparable.
  static func fields(_ free: CatalogIndex.Free) -> [Double] {
    [
      Double(free.show), Double(free.episode), Double(free.position), Double(free.seconds),
      Double(free.sameDurationRank), Double(free.freeRank), Double(free.listening), free.published,
    ]
  }

  /// The differences between a patched index and a fresh one, by name.
  static func differences(_ patched: CatalogIndex, _ fresh: CatalogIndex) -> [String] {
    var found: [String] = []
    if patched.freeOrder.map(fields) != fresh.freeOrder.map(fields) { found.append("freeOrder") }
    if patched.freeByShow != fresh.freeByShow { found.append("freeByShow") }
    if patched.freeByShowStarts != fresh.freeByShowStarts { found.append("freeByShowStarts") }
    if patched.freeByDuration != fresh.freeByDuration { found.append("freeByDuration") }
    if patched.seriesOrder != fresh.seriesOrder { found.append("seriesOrder") }
    if patched.seriesPublished != fresh.seriesPublished { found.append("seriesPublished") }
    if patched.seriesFirstSeconds != fresh.seriesFirstSeconds { found.append("seriesFirstSeconds") }
    if patched.series != fresh.series { found.append("series") }
    if patched.isSerial != fresh.isSerial { found.append("isSerial") }
    if patched.latestPlayed != fresh.latestPlayed { found.append("latestPlayed") }
    if patched.listening != fresh.listening { found.append("listening") }
    if patched.feedRank != fresh.feedRank { found.append("feedRank") }
    if patched.unknownChainCount != fresh.unknownChainCount { found.append("unknownChainCount") }
    let chains = { (index: CatalogIndex) in
      index.chainCandidates.map { $0.map { [$0.episode, $0.position, $0.seconds] } }
    }
    if chains(patched) != chains(fresh) { found.append("chainCandidates") }
    // The unit may stay a divisor of the greatest after a removal; it must still divide every duration.
    let durations =
      patched.freeOrder.map { Int($0.seconds) } + patched.chainCandidates.joined().map { Int($0.seconds) }
    if !durations.filter({ $0 > 0 }).allSatisfy({ $0 % patched.durationUnit == 0 }) {
      found.append("durationUnit")
    }
    return found
  }

  @Test("after every change of random sequences, the patched index equals one built from scratch")
  func againstRebuilding() throws {
    let cases = SeededCases(seed: 0x1DE_C4A, count: 300)
    var compared = 0
    var patchedMoves = 0
    for var trial in cases {
      var model = randomCatalog(
        &trial.random, maximumShows: Int.random(in: 2...8, using: &trial.random), maximumEpisodes: 12,
        minuteScale: Bool.random(using: &trial.random))
      var engine = try FillEngine(catalog: model)
      var serial = 0
      for step in 0..<25 {
        guard let change = FillEngineChangesTests.randomChange(&model, &trial.random, serial: &serial) else { continue }
        let before = engine.index.freeOrder.count
        try engine.apply(change)
        let fresh = CatalogIndex(model)
        if before != fresh.freeOrder.count { patchedMoves += 1 }
        let found = Self.differences(engine.index, fresh)
        #expect(found.isEmpty, "\(trial): step \(step): \(change) left \(found) different")
        compared += 1
      }
    }
    #expect(cases.meets(compared, atLeast: 6001, ofFull: 300), "\(compared) compared")
    // The sequences exercise the copying path, not only changes in place.
    #expect(cases.meets(patchedMoves, atLeast: 1001, ofFull: 300), "\(patchedMoves) changes moved entries")
  }

  @Test("marking a free episode played and unplayed again gives back the same index")
  func roundTrip() throws {
    for var trial in SeededCases(seed: 0x7E_7E, count: 100) {
      let catalog = randomCatalog(&trial.random, maximumShows: 6, maximumEpisodes: 10)
      var engine = try FillEngine(catalog: catalog)
      let original = engine.index
      for free in original.freeOrder where free.seconds > 0 {
        let show = catalog.shows[Int(free.show)]
        let id = EpisodeID(feedURL: show.feedURL, guid: show.episodes[Int(free.episode)].guid)
        guard show.episodes[Int(free.episode)].playedSeconds == 0 else { continue }
        try engine.apply(.markPlayed(id))
        #expect(engine.index.freeOrder.count == original.freeOrder.count - 1, "\(trial): \(id)")
        try engine.apply(.markUnplayed(id))
        #expect(Self.differences(engine.index, original).isEmpty, "\(trial): \(id)")
      }
    }
  }
}
