import FillRules
import SmartFill
import Testing

@Suite("Priority key")
struct RulesPriorityKeyTests {
  static let first = episode("e", minutes: 10, number: 5)

  static func key(
    _ feedURL: String, listening: Int = 0, day offset: Int = 5, position: Int = 0, priority: [String] = []
  )
    -> Rules.PriorityKey
  {
    var first = Self.first
    first.published = day(offset)
    let show = Show(feedURL: feedURL, title: "", recentListeningSeconds: listening)
    return Rules.PriorityKey(show: show, first: first, position: position, priorityShows: priority)
  }

  @Test("priority rank first, then more listening, then older, then feed URL, then series position")
  func order() {
    let base = Self.key("m")
    #expect(Self.key("z", listening: 0, day: 9, priority: ["x", "z"]) < base, "a priority show comes first")
    #expect(Self.key("z", priority: ["z", "m"]) < Self.key("m", priority: ["z", "m"]), "in the order named")
    #expect(Self.key("z", listening: 100, day: 9) < base, "then the show listened to more")
    #expect(Self.key("z", day: 4) < base, "then the older episode")
    #expect(Self.key("a") < base, "then the feed URL")
    #expect(Self.key("m", position: 0) < Self.key("m", position: 1), "then the series position")
    #expect(!(base < base))
  }

  @Test("a show named twice among the priority shows has its first place")
  func firstPlace() {
    #expect(Self.key("a", priority: ["a", "b", "a"]).rank == 0)
    #expect(Self.key("c", priority: ["a"]).rank == Int.max)
  }
}
