import FillRules
import SmartFill
import Testing

@Suite("Chains")
struct RulesChainTests {
  /// Episodes 1 to 4 of 10, 11, unknown and 13 minutes, the first played when `played`.
  static func show(_ ordering: Show.Ordering, played: Bool = false) -> Show {
    Show(
      feedURL: "https://\(ordering.rawValue).example/feed", title: "\(ordering)", ordering: ordering,
      episodes: [
        episode("e1", minutes: 10, number: 1, isPlayed: played), episode("e2", minutes: 11, number: 2),
        episode("e3", minutes: nil, number: 3), episode("e4", minutes: 13, number: 4),
      ])
  }

  func chain(_ show: Show, _ mode: FillRequest.Mode, target: Int? = 3600, excluding excluded: [String] = []) -> [String]
  {
    let request = FillRequest(
      mode: mode, targetSeconds: target,
      excluded: Set(excluded.map { EpisodeID(feedURL: show.feedURL, guid: $0) }))
    return guids(Rules.chain(of: show, for: request))
  }

  @Test("an episode of unknown length ends a serial show's chain and is passed over in an episodic one's")
  func unknownLengths() {
    #expect(chain(Self.show(.serial), .continueSeries) == ["e1", "e2"])
    #expect(chain(Self.show(.serial), .fillTime) == ["e1", "e2"])
    #expect(chain(Self.show(.episodic), .continueSeries) == ["e1", "e2", "e4"])
  }

  @Test("continue series without a target holds episodes of unknown length")
  func withoutTarget() {
    #expect(chain(Self.show(.serial), .continueSeries, target: nil) == ["e1", "e2", "e3", "e4"])
    #expect(chain(Self.show(.episodic), .continueSeries, target: nil) == ["e1", "e2", "e3", "e4"])
  }

  @Test("the chain starts after the latest played full episode and leaves excluded ones out without breaking")
  func playedAndExcluded() {
    #expect(chain(Self.show(.serial, played: true), .continueSeries) == ["e2"])
    #expect(chain(Self.show(.episodic), .continueSeries, excluding: ["e2"]) == ["e1", "e4"])
    #expect(chain(Self.show(.serial), .continueSeries, excluding: ["e1"]) == ["e2"])
    // Trailers and bonus episodes are no part of it, and a played bonus episode does not move its start.
    var show = Self.show(.serial)
    show.episodes += [
      episode("t", minutes: 1, number: 5, kind: .trailer),
      episode("b", minutes: 1, number: 6, kind: .bonus, isPlayed: true),
    ]
    #expect(chain(show, .fillTime) == ["e1", "e2"])
  }

  @Test("free candidates: an episodic show's episodes but trailers, a serial show's bonus episodes")
  func free() {
    let bonus = episode("b", minutes: 5, number: 9, kind: .bonus)
    let trailer = episode("t", minutes: 5, number: 9, kind: .trailer)
    let full = episode("f", minutes: 5, number: 1)
    let serial = Show(feedURL: "s", title: "S", ordering: .serial)
    let episodic = Show(feedURL: "e", title: "E")
    #expect(Rules.isFree(bonus, of: serial, excluding: []))
    #expect(!Rules.isFree(full, of: serial, excluding: []))
    #expect(Rules.isFree(full, of: episodic, excluding: []) && Rules.isFree(bonus, of: episodic, excluding: []))
    #expect(!Rules.isFree(trailer, of: episodic, excluding: []))
    #expect(!Rules.isFree(episode("u", minutes: nil, number: 1), of: episodic, excluding: []))
    #expect(!Rules.isFree(episode("p", minutes: 5, number: 1, isPlayed: true), of: episodic, excluding: []))
    #expect(!Rules.isFree(full, of: episodic, excluding: [EpisodeID(feedURL: "e", guid: "f")]))
  }
}
