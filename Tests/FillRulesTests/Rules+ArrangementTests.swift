import FillRules
import SmartFill
import Testing

@Suite("Arrangeable selections")
struct RulesArrangementTests {
  @Test("arrangeable exactly when the largest show has at most twice the others plus two")
  func counts() {
    #expect(Rules.isArrangeable(counts: [2]))
    #expect(!Rules.isArrangeable(counts: [3]))
    #expect(Rules.isArrangeable(counts: [4, 1]))
    #expect(!Rules.isArrangeable(counts: [5, 1]))
    #expect(Rules.isArrangeable(counts: [6, 1, 1]))
    #expect(Rules.isArrangeable(counts: []))
    let ids = ["a", "a", "a", "b"].enumerated().map { EpisodeID(feedURL: $1, guid: "\($0)") }
    #expect(Rules.isArrangeable(ids))
    #expect(!Rules.isArrangeable(ids + [EpisodeID(feedURL: "a", guid: "9"), EpisodeID(feedURL: "a", guid: "8")]))
  }

  @Test("three in a row is found where it is, and only there")
  func threeInARow() {
    func ids(_ feeds: String) -> [EpisodeID] {
      feeds.enumerated().map { EpisodeID(feedURL: String($1), guid: "\($0)") }
    }
    #expect(Rules.threeInARow(ids("aabaab")) == nil)
    #expect(Rules.threeInARow(ids("abbba")) == "b")
    #expect(Rules.threeInARow(ids("aa")) == nil)
  }
}
