import Foundation
import SmartFill
import Testing

@testable import Feeds

@Suite("Episode identity")
struct EpisodeIdentityTests {
  let date = Date(timeIntervalSince1970: 1_704_182_400)  // 2024-01-02T08:00:00Z

  @Test("a missing GUID falls back to the enclosure URL, then to title and date")
  func fallbackChain() {
    #expect(EpisodeIdentity.guid(guid: " abc ", enclosureURL: "u", title: "t", published: date) == "abc")
    #expect(
      EpisodeIdentity.guid(guid: "", enclosureURL: " https://x/1.mp3", title: "t", published: date)
        == "https://x/1.mp3")
    #expect(
      EpisodeIdentity.guid(guid: "", enclosureURL: "", title: " Pilot ", published: date)
        == "Pilot|2024-01-02T08:00:00Z")
  }

  @Test("repeated GUIDs are numbered in order of date, the earliest keeping the GUID")
  func repeatedGUIDs() {
    func episode(_ guid: String, day: Double) -> Episode {
      Episode(guid: guid, published: Date(timeIntervalSince1970: day * 86_400), durationSeconds: 60)
    }
    // Newest first, as feeds list them; "a#2" already exists and must not be reused.
    var episodes = [
      episode("a", day: 3), episode("b", day: 3), episode("a", day: 1), episode("a#2", day: 0),
      episode("a", day: 2),
    ]
    let repeated = EpisodeIdentity.makeUnique(&episodes)
    #expect(episodes.map(\.guid) == ["a#4", "b", "a", "a#2", "a#3"])
    #expect(repeated.map(\.guid) == ["a"])
    #expect(repeated.map(\.count) == [3])
  }

  @Test("items with the same GUID and date are numbered by their position")
  func tiesByPosition() {
    var episodes = (0..<3).map { _ in Episode(guid: "x", published: date, durationSeconds: 1) }
    _ = EpisodeIdentity.makeUnique(&episodes)
    #expect(episodes.map(\.guid) == ["x", "x#2", "x#3"])
  }
}
