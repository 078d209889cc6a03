import FillRules
import Foundation
import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Variety")
struct VarietyOrderTests {
  func hasThreeInARow(_ shows: [String]) -> Bool {
    guard shows.count >= 3 else { return false }
    for index in 2..<shows.count where shows[index] == shows[index - 1] && shows[index] == shows[index - 2] {
      return true
    }
    return false
  }

  @Test("arrangeable exactly when the largest show has at most twice the others plus two")
  func arrangeableCounts() {
    #expect(VarietyOrder.isArrangeable(counts: [2]))
    #expect(!VarietyOrder.isArrangeable(counts: [3]))
    #expect(VarietyOrder.isArrangeable(counts: [4, 1]))
    #expect(!VarietyOrder.isArrangeable(counts: [5, 1]))
    #expect(VarietyOrder.isArrangeable(counts: [6, 1, 1]))
    #expect(VarietyOrder.isArrangeable(counts: []))
  }

  @Test("every arrangeable count vector up to 4 shows × 6 is arranged without three in a row, in order")
  func exhaustiveArrangement() throws {
    var arranged = 0
    for a in 0...6 {
      for b in 0...6 {
        for c in 0...4 {
          for d in 0...2 {
            let counts = [a, b, c, d]
            let shows = counts.enumerated().map { show, count in
              (category: show % 2 == 0 ? "News" : "History", items: (0..<count).map { (show, $0) })
            }
            let order = VarietyOrder.arrange(shows)
            // Independent check of existence: brute force over sequences by recursion.
            let exists = Self.existsArrangement(counts)
            #expect((order != nil) == exists, "counts \(counts)")
            guard let order else { continue }
            #expect(order.count == counts.reduce(0, +))
            #expect(!hasThreeInARow(order.map { "\($0.0)" }), "counts \(counts): \(order)")
            for show in 0..<4 {
              let positions = order.filter { $0.0 == show }.map(\.1)
              #expect(positions == positions.sorted(), "a show's episodes keep their order")
            }
            arranged += 1
          }
        }
      }
    }
    #expect(arranged > 100)
  }

  /// Whether some order has no three in a row from one show (by recursion over sequences).
  static func existsArrangement(_ counts: [Int]) -> Bool {
    existsAlternating(counts, categories: counts.map { _ in nil })
  }

  @Test("consecutive episodes differ in category where the selection allows")
  func categories() throws {
    let shows: [(category: String?, items: [String])] = [
      ("News", ["n1", "n2"]), ("News", ["m1", "m2"]), ("History", ["h1", "h2"]), ("History", ["k1", "k2"]),
    ]
    let order = try #require(VarietyOrder.arrange(shows))
    let category = { (item: String) in item.hasPrefix("n") || item.hasPrefix("m") ? "News" : "History" }
    for index in 1..<order.count {
      #expect(category(order[index]) != category(order[index - 1]), "\(order)")
    }
  }

  @Test("one show with many episodes is capped instead of three in a row")
  func capsADominantShow() throws {
    let big = Show(
      feedURL: "https://example.com/big.xml", title: "Big", recentListeningSeconds: 1000,
      episodes: (0..<9).map { ep("b\($0)", minutes: 5, day: $0) })
    let small = Show(
      feedURL: "https://example.com/small.xml", title: "Small",
      episodes: (0..<3).map { ep("s\($0)", minutes: 10, day: $0) })
    let result = try FillEngine(catalog: Catalog(shows: [big, small])).fill(
      FillRequest(mode: .variety, targetSeconds: 45 * 60))
    #expect(result.status == .filled)
    let shows = result.entries.map(\.id.feedURL)
    #expect(!hasThreeInARow(shows))
    // Fill time alone would take 9 × 5 minutes from one show.
    let plain = try FillEngine(catalog: Catalog(shows: [big, small])).fill(
      FillRequest(mode: .fillTime, targetSeconds: 45 * 60))
    #expect(Set(plain.entries.map(\.id.feedURL)) == [big.feedURL])
  }

  @Test("reports when the window and the rule cannot both be met")
  func ruleAndWindowConflict() throws {
    let only = Show(
      feedURL: "https://example.com/only.xml", title: "Only",
      episodes: (0..<9).map { ep("o\($0)", minutes: 5, day: $0) })
    let result = try FillEngine(catalog: Catalog(shows: [only])).fill(
      FillRequest(mode: .variety, targetSeconds: 45 * 60))
    #expect(result.status == .short)
    #expect(result.entries.count == 2)
    #expect(result.message?.contains("variety rule") == true)
  }

  @Test(
    "matches the documented variety rule on thousands of seeded random catalogs, never three in a row (brute force)")
  func bruteForce() throws {
    let cases = SeededCases(seed: 0x7A71_E7, count: 3000)
    var capped = 0
    for var trial in cases {
      let drawn = BruteForceCase(&trial.random, maximumShows: 3, maximumEpisodes: 6, drawsRequest: false) {
        Rules.fillTimeItems($0, priorityShows: $1, excluded: $2)
      }
      let (catalog, items) = (drawn.catalog, drawn.items)
      let target = Int.random(in: 1...120, using: &trial.random) * 60
      let tolerance = min(target - 1, [0, 180, 300][Int.random(in: 0..<3, using: &trial.random)])
      let window = (target - tolerance)...(target + tolerance)
      let engine = try FillEngine(catalog: catalog)
      let aim = [0, 20, 60, 180][Int.random(in: 0..<4, using: &trial.random)]
      let result = try engine.fill(
        FillRequest(mode: .variety, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim))
      let context = "\(trial): target \(target) ± \(tolerance), aim \(aim)"
      let shows = result.entries.map(\.id.feedURL)
      #expect(!hasThreeInARow(shows), "\(context): \(shows)")
      #expect(result.totalSeconds <= window.upperBound, "\(context)")
      #expect(result.status != .filled || window.contains(result.totalSeconds), "\(context)")
      #expect(Set(result.entries.map(\.id)).count == result.entries.count, "\(context)")
      // Series order within each show.
      for show in catalog.shows {
        let order = Rules.seriesOrder(of: show).map(\.guid)
        let chosen = result.entries.filter { $0.id.feedURL == show.feedURL }.map(\.id.guid)
        let positions = chosen.map { order.firstIndex(of: $0)! }
        #expect(positions == positions.sorted(), "\(context)")
      }
      // The same selection as fill time whenever that one is arrangeable.
      let plain = try engine.fill(
        FillRequest(mode: .fillTime, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim))
      let plainCounts = Dictionary(grouping: plain.entries, by: \.id.feedURL).values.map(\.count)
      if VarietyOrder.isArrangeable(counts: plainCounts) {
        #expect(Set(result.entries.map(\.id)) == Set(plain.entries.map(\.id)), "\(context)")
      } else {
        capped += 1
      }
      // Exactness: the documented rule, with arrangeable completions only.
      let arrangeable = { (mask: UInt32) in Rules.isArrangeable(mask, of: items) }
      let expected = Rules.select(items, window: window, aim: aim, admits: arrangeable)
      #expect(Set(result.entries.map(\.id)) == Set(expected.taken.map { items[$0].id }), "\(context)")
      expectStatus(result, ofItems: items, inWindow: expected.inWindow, context)
    }
    #expect(cases.meets(capped, atLeast: 21, ofFull: 3000), "the random cases should exercise the cap: \(capped)")
  }
}

extension VarietyOrderTests {
  @Test("an episode of another show is not pruned away behind many of the same duration")
  func pruningKeepsOtherShows() throws {
    let many = Show(
      feedURL: "https://example.com/many.xml", title: "Many", recentListeningSeconds: 1000,
      episodes: (0..<10).map { ep("m\($0)", minutes: 5, day: $0) })
    let one = Show(feedURL: "https://example.com/one.xml", title: "One", episodes: [ep("o", minutes: 5, day: 20)])
    let long = Show(feedURL: "https://example.com/long.xml", title: "Long", episodes: [ep("l", minutes: 20, day: 21)])
    let result = try FillEngine(catalog: Catalog(shows: [many, one, long])).fill(
      FillRequest(mode: .variety, targetSeconds: 45 * 60))
    #expect(result.status == .filled)
    #expect(result.totalSeconds == 45 * 60)
    #expect(result.entries.contains { $0.id.guid == "o" })
  }
}

extension VarietyOrderTests {
  @Test("a small memory budget splits the exact search into head and tail, and the answer stays the rule's")
  func budgetKeepsTheAnswer() throws {
    for var trial in SeededCases(seed: 0xFA11_BAC, count: 1500) {
      let drawn = BruteForceCase(&trial.random, maximumShows: 3, maximumEpisodes: 6, drawsRequest: false) {
        Rules.fillTimeItems($0, priorityShows: $1, excluded: $2)
      }
      let (catalog, items) = (drawn.catalog, drawn.items)
      let target = Int.random(in: 1...120, using: &trial.random) * 60
      let tolerance = min(target - 1, [0, 180, 300][Int.random(in: 0..<3, using: &trial.random)])
      let window = (target - tolerance)...(target + tolerance)
      var engine = try FillEngine(catalog: catalog)
      engine.tuning.varietyBudget = Int.random(in: 0...200, using: &trial.random)
      // Up to 6, or no limit but the budget's (a head as long as the budget allows, then a tail).
      let head = Int.random(in: 1...7, using: &trial.random)
      engine.tuning.lookaheadHeadSize = head == 7 ? Int.max : head
      // Half the cases with the tail's totals first computed up to a random reach, in seconds.
      if Bool.random(using: &trial.random) {
        engine.tuning.varietyTailReach = Int.random(in: 0...window.upperBound, using: &trial.random)
      }
      // The search started from fill time's selection, from the likely dominant show, or from any show.
      engine.tuning.varietyStart =
        [
          .plainSelection, .likelyDominant, .show(Int.random(in: 0..<catalog.shows.count, using: &trial.random)),
        ][Int.random(in: 0..<3, using: &trial.random)]
      let request = FillRequest(mode: .variety, targetSeconds: target, toleranceSeconds: tolerance)
      let result = try engine.fill(request)
      let context =
        "\(trial): target \(target) ± \(tolerance), budget \(engine.tuning.varietyBudget), tail reach \(String(describing: engine.tuning.varietyTailReach)), start \(engine.tuning.varietyStart)"
      // The same result, message included, as when started from fill time's selection.
      engine.tuning.varietyStart = .plainSelection
      #expect(try engine.fill(request) == result, "\(context)")
      #expect(!hasThreeInARow(result.entries.map(\.id.feedURL)), "\(context)")
      let arrangeable = { (mask: UInt32) in Rules.isArrangeable(mask, of: items) }
      let expected = Rules.select(items, window: window, aim: FillRequest.defaultAimSeconds, admits: arrangeable)
      #expect(Set(result.entries.map(\.id)) == Set(expected.taken.map { items[$0].id }), "\(context)")
    }
  }
}

extension VarietyOrderTests {
  /// Whether some order has no three in a row from one show and no two in a row of one (known) category.
  static func existsAlternating(_ counts: [Int], categories: [String?]) -> Bool {
    var memo: [String: Bool] = [:]
    func search(_ counts: [Int], last: Int, run: Int) -> Bool {
      if counts.allSatisfy({ $0 == 0 }) { return true }
      let key = "\(counts)-\(last)-\(run)"
      if let known = memo[key] { return known }
      var found = false
      for show in counts.indices where counts[show] > 0 {
        if show == last && run == 2 { continue }
        if last >= 0, show != last || categories[show] != nil,
          let category = categories[show], category == categories[last]
        {
          continue
        }
        var next = counts
        next[show] -= 1
        if search(next, last: show, run: show == last ? run + 1 : 1) {
          found = true
          break
        }
      }
      memo[key] = found
      return found
    }
    return search(counts, last: -1, run: 0)
  }

  @Test(
    "no two of one category in a row whenever some order allows it, on thousands of seeded selections (brute force)")
  func categoriesAlternateWheneverPossible() throws {
    let cases = SeededCases(seed: 0xCA7E_6012, count: 3000)
    var alternating = 0
    for var trial in cases {
      let showCount = Int.random(in: 1...5, using: &trial.random)
      let counts = (0..<showCount).map { _ in Int.random(in: 0...4, using: &trial.random) }
      let categories: [String?] = (0..<showCount).map { _ in
        [nil, "News", "Comedy", "History"][Int.random(in: 0..<4, using: &trial.random)]
      }
      let shows = counts.indices.map { show in
        (category: categories[show], items: (0..<counts[show]).map { (show, $0) })
      }
      let context = "\(trial): counts \(counts), categories \(categories)"
      let order = VarietyOrder.arrange(shows)
      // The largest classes and shows found by scans or by heaps: the same order.
      let byHeaps = VarietyOrder.arrange(shows, scanLimit: 0)
      #expect(byHeaps?.map { "\($0)" } == order?.map { "\($0)" }, "\(context)")
      #expect((order != nil) == Self.existsArrangement(counts), "\(context)")
      guard let order else { continue }
      #expect(order.count == counts.reduce(0, +), "\(context)")
      #expect(!hasThreeInARow(order.map { "\($0.0)" }), "\(context): \(order)")
      for show in counts.indices {
        let positions = order.filter { $0.0 == show }.map(\.1)
        #expect(positions == positions.sorted(), "\(context): a show's episodes keep their order")
      }
      let clashes = zip(order, order.dropFirst()).filter { pair in
        guard let category = categories[pair.0.0] else { return false }
        return categories[pair.1.0] == category
      }
      if Self.existsAlternating(counts, categories: categories) {
        alternating += 1
        #expect(clashes.isEmpty, "\(context): \(order)")
      }
    }
    #expect(cases.meets(alternating, atLeast: 1001, ofFull: 3000), "\(alternating) could alternate")
  }

  @Test("News, Comedy, Comedy is arranged Comedy, News, Comedy")
  func theIssuesExample() throws {
    let shows: [(category: String?, items: [String])] = [("News", ["n"]), ("Comedy", ["c1"]), ("Comedy", ["c2"])]
    #expect(VarietyOrder.arrange(shows) == ["c1", "n", "c2"])
  }

  @Test("10,000 one-episode shows over four categories are arranged without a clash")
  func manyShows() throws {
    let categories = ["News", "Comedy", "History", "Science"]
    let shows = (0..<10_000).map { show in (category: Optional(categories[show % 4]), items: [show]) }
    let order = try #require(VarietyOrder.arrange(shows))
    #expect(order.count == 10_000)
    #expect(zip(order, order.dropFirst()).allSatisfy { $0.0 % 4 != $0.1 % 4 })
  }
}
