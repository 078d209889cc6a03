import Foundation
import Queues
import SmartFill
import Testing

@Suite("The current episode after an edit")
struct QueueCurrentTests {
  /// Episodes named by their GUIDs.
  func ids(_ guids: String) -> [EpisodeID] {
    guids.split(separator: " ").map { EpisodeID(feedURL: "https://example.com/feed.xml", guid: String($0)) }
  }

  @Test(
    "the rule, case by case",
    arguments: [
      // old, current, new, added, expected
      ("a b c", 1, "c b a", "", 1),  // the current episode moved: it stays current
      ("a b c d", 1, "a c d", "", 1),  // it left: the one after it
      ("a b c d", 0, "b c d a", "", 3),  // moved to the end
      ("a b c d", 1, "a d", "", 1),  // it and the next left: the first one after it still there
      ("a b c", 2, "a b", "", 2),  // the last one left: the end
      ("a b", 2, "a b x y", "x y", 2),  // played through, added at the end: the first added
      ("a b", 2, "x a b", "x", 3),  // played through, added elsewhere: still the end
      ("a b", 2, "a x b y", "x y", 4),  // played through, not every one after the first added was added
      ("", 0, "x", "x", 0),  // empty is played through
      ("a b", 2, "b a", "a", 1),  // played through, an episode put again at the end: current
    ])
  func rule(old: String, current: Int, new: String, added: String, expected: Int) {
    let result = Queue.currentIndex(after: ids(old), current: current, becoming: ids(new), added: Set(ids(added)))
    #expect(result == expected, "\(old) at \(current) → \(new) (added \(added))")
  }
}
