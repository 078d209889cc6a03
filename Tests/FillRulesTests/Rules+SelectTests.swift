import FillRules
import SmartFill
import Testing

@Suite("Every mode's rule, by brute force")
struct RulesSelectTests {
  /// Free items of `minutes` in this order, each of its own show.
  static func free(_ minutes: [Int]) -> [Rules.Item] {
    minutes.enumerated().map { index, minutes in
      let show = Show(feedURL: "s\(index)", title: "")
      return Rules.Item(episode("e\(index)", minutes: minutes, number: index), of: show, number: index, inChain: false)
    }
  }

  @Test("the design's example: 40, 30 and 15 minutes at 45 ± 3 take 30 + 15, where a greedy fill stops at 40")
  func designExample() {
    let selection = Rules.select(Self.free([40, 30, 15]), window: 2520...2880, aim: 60)
    #expect(selection == Rules.Selection(taken: [1, 2], total: 2700, inWindow: true))
  }

  @Test("the aim narrows the window before priority chooses; unreachable, the best total below the top")
  func aimAndFallback() {
    // 44 minutes alone lands within the window, 45 is reached by 30 + 15 only: aiming at 0 takes those.
    let items = Self.free([44, 30, 15])
    #expect(Rules.select(items, window: 2520...2880, aim: 180).taken == [0])
    #expect(Rules.select(items, window: 2520...2880, aim: 0).taken == [1, 2])
    // 50 and 60 minutes cannot land in 45 ± 3: nothing fits below its top.
    #expect(
      Rules.select(Self.free([50, 60]), window: 2520...2880, aim: 60)
        == Rules.Selection(taken: [], total: 0, inWindow: false))
    // 20 and 20: 40 minutes is the best below 48.
    #expect(Rules.select(Self.free([20, 20]), window: 2520...2880, aim: 60).total == 2400)
  }

  @Test("a chain's item only after its predecessor; a chain passed over is closed")
  func chains() {
    let show = Show(feedURL: "c", title: "")
    let chain = [20, 25].enumerated().map { link, minutes in
      Rules.Item(episode("c\(link)", minutes: minutes, number: link), of: show, number: 0, inChain: true, link: link)
    }
    // 25 alone would fill 25 ± 0 but follows 20, which cannot be completed: nothing but 20 below the top.
    let selection = Rules.select(chain, window: 1500...1500, aim: 0)
    #expect(selection == Rules.Selection(taken: [0], total: 1200, inWindow: false))
    #expect(Rules.select(chain, window: 2700...2700, aim: 0).taken == [0, 1])
  }

  @Test("variety admits arrangeable selections only, and stops only on one")
  func admits() {
    let one = Show(feedURL: "one", title: "")
    let other = Show(feedURL: "other", title: "")
    let items =
      (0..<4).map { Rules.Item(episode("a\($0)", minutes: 10, number: $0), of: one, number: 0, inChain: false) }
      + [Rules.Item(episode("b", minutes: 10, number: 9), of: other, number: 1, inChain: false)]
    let plain = Rules.select(items, window: 2400...2400, aim: 0)
    #expect(plain.taken == [0, 1, 2, 3])
    let arrangeable = Rules.select(items, window: 2400...2400, aim: 0) { Rules.isArrangeable($0, of: items) }
    #expect(arrangeable.taken == [0, 1, 2, 4])
  }
}
