import Testing

@testable import SmartFill

@Suite("Priority")
struct PriorityKeyTests {
  @Test("priority rank first, then more listening, then older, then feed URL, then position")
  func keyOrder() {
    let base = PriorityKey(rank: Int.max, listening: 100, published: 10, feedRank: 5, position: 3)
    var ranked = base
    ranked.rank = 0
    #expect(ranked < base)
    var listened = base
    listened.listening = 200
    #expect(listened < base)
    var older = base
    older.published = 5
    #expect(older < base)
    var earlierFeed = base
    earlierFeed.feedRank = 1
    #expect(earlierFeed < base)
    var earlierPosition = base
    earlierPosition.position = 0
    #expect(earlierPosition < base)
    #expect(!(base < base))
  }

  @Test("a priority show's episodes are chosen before a more-listened show's")
  func priorityShowsFirst() throws {
    let listened = Show(
      feedURL: "https://example.com/l.xml", title: "L", recentListeningSeconds: 99_999,
      episodes: [ep("l", minutes: 45)])
    let named = Show(feedURL: "https://example.com/n.xml", title: "N", episodes: [ep("n", minutes: 45)])
    let engine = try FillEngine(catalog: Catalog(shows: [listened, named]))
    let plain = try engine.fill(FillRequest(mode: .fillTime, targetSeconds: 45 * 60))
    #expect(plain.entries.map(\.id.guid) == ["l"])
    #expect(plain.entries.first?.reason == .listeningHistory)
    let prioritized = try engine.fill(
      FillRequest(mode: .fillTime, targetSeconds: 45 * 60, priorityShows: [named.feedURL]))
    #expect(prioritized.entries.map(\.id.guid) == ["n"])
    #expect(prioritized.entries.first?.reason == .priorityShow)
  }
}
