import Foundation
import SmartFill
import Testing

@testable import fillbench

@Suite("Independent check")
struct IndependentCheckTests {
  static func show(_ ordering: Show.Ordering, played: Bool = false) -> Show {
    func episode(_ number: Int, seconds: Int?, isPlayed: Bool = false) -> Episode {
      Episode(
        guid: "e\(number)", published: Date(timeIntervalSince1970: Double(number) * 86_400), durationSeconds: seconds,
        season: 1, episode: number, isPlayed: isPlayed)
    }
    return Show(
      feedURL: "https://\(ordering.rawValue).example/feed", title: "\(ordering)", ordering: ordering,
      episodes: [
        episode(1, seconds: 600, isPlayed: played), episode(2, seconds: 700), episode(3, seconds: nil),
        episode(4, seconds: 800),
      ])
  }

  func guids(_ show: Show, _ mode: FillRequest.Mode, excluding excluded: [String] = []) -> [String] {
    let order = SeriesOrder.indices(of: show).map { show.episodes[$0] }
    let ids = Set(excluded.map { EpisodeID(feedURL: show.feedURL, guid: $0) })
    return IndependentCheck.chain(of: show, inOrder: order, mode: mode, excluded: ids).map(\.episode.guid)
  }

  @Test("an episode of unknown length ends a serial show's chain and is passed over in an episodic one's")
  func unknownLengths() {
    #expect(guids(Self.show(.serial), .continueSeries) == ["e1", "e2"])
    #expect(guids(Self.show(.serial), .fillTime) == ["e1", "e2"])
    #expect(guids(Self.show(.episodic), .continueSeries) == ["e1", "e2", "e4"])
  }

  @Test("the chain starts after the latest played episode and leaves excluded ones out without breaking")
  func playedAndExcluded() {
    #expect(guids(Self.show(.serial, played: true), .continueSeries) == ["e2"])
    #expect(guids(Self.show(.episodic), .continueSeries, excluding: ["e2"]) == ["e1", "e4"])
    #expect(guids(Self.show(.serial), .continueSeries, excluding: ["e1"]) == ["e2"])
  }
}
