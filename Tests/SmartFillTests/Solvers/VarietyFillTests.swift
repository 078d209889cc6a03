import FillRules
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

@Suite("Variety fill")
struct VarietyFillTests {
  /// The rule for one dominant show (``Rules/select(_:window:aim:admits:)`` by enumeration): the candidates in
  /// groups taken from their start (`groupEnds[i]` is the end of `i`'s group; `nil` for one candidate per group),
  /// a selection admissible when `D = count(dominant) − 2 · count(others)` is at most 2. Without `aim`, the
  /// whole window.
  static func bruteForce(
    _ durations: [Int], dominant: [Bool], window: ClosedRange<Int>, groupEnds: [Int]? = nil, aim: Int? = nil
  ) -> (indices: [Int], total: Int, inWindow: Bool) {
    let groupEnds = groupEnds ?? Array(1...max(1, durations.count))
    let show = Show(feedURL: "list", title: "")
    let items = durations.indices.map { index in
      // A group's candidates form a chain, named by the group's end.
      let start = index > 0 && groupEnds[index - 1] == groupEnds[index] ? nil : index
      let first = start ?? (0..<index).first { groupEnds[$0] == groupEnds[index] }!
      var item = Rules.Item(
        Episode(guid: "\(index)", published: day(0), durationSeconds: durations[index]), of: show,
        number: dominant[index] ? 0 : 1, inChain: groupEnds[index] > first + 1, link: index - first)
      item.chain = item.chain.map { _ in groupEnds[index] }
      return item
    }
    let admits = { (mask: UInt32) in
      items.indices.reduce(0) { $0 + (mask & 1 << $1 == 0 ? 0 : dominant[$1] ? 1 : -2) } <= 2
    }
    let selection = Rules.select(items, window: window, aim: aim ?? window.count, admits: admits)
    return (selection.taken, selection.total, selection.inWindow)
  }

  @Test("matches the rule for one dominant show on thousands of seeded cases (brute force)")
  func againstBruteForce() throws {
    let cases = SeededCases(seed: 0xFA_11_E7, count: 3000)
    var split = 0
    for var trial in cases {
      let count = Int.random(in: 1...11, using: &trial.random)
      let durations = (0..<count).map { _ in Int.random(in: 1...40, using: &trial.random) }
      var dominant: [Bool] = []
      var groupEnds: [Int] = []
      // Half the cases with chains of up to four candidates of one show (a series told in order).
      while dominant.count < count {
        let length = min(
          count - dominant.count, Bool.random(using: &trial.random) ? 1 : Int.random(in: 1...4, using: &trial.random))
        let isDominant = Int.random(in: 0..<3, using: &trial.random) > 0
        dominant += Array(repeating: isDominant, count: length)
        groupEnds += Array(repeating: dominant.count, count: length)
      }
      let high = Int.random(in: 1...150, using: &trial.random)
      let window = max(0, high - Int.random(in: 0...10, using: &trial.random))...high
      var fill = VarietyFill(
        durations: durations, groupEnds: groupEnds, dominantIndex: dominant.map { $0 ? 0 : nil },
        dominantCount: 1)
      // A third of the cases with a small head (or a budget that allows only one candidate in it), so that
      // the tail's multiset sets and the search continued in the tail are checked as well.
      let way = Int.random(in: 0..<3, using: &trial.random)
      switch way {
      case 1: fill.headSize = Int.random(in: 1...4, using: &trial.random)
      case 2: fill.budget = 1
      default: break
      }
      if way != 0, count > 1 { split += 1 }
      // Half the cases aim at the window's centre (the engine's default aim is a minute of a ±3 minute window).
      let aim = Bool.random(using: &trial.random) ? nil : Int.random(in: 0...(window.count / 2), using: &trial.random)
      let expected = Self.bruteForce(durations, dominant: dominant, window: window, groupEnds: groupEnds, aim: aim)
      // Both kinds of rows: the excess rows (in one byte and in two), and the bitsets per state that larger
      // shows still use; the excess rows also with their tail's totals first computed up to a random reach
      // (the default starts at 2,048).
      let reach = Int.random(in: 0...high, using: &trial.random)
      for (excess, tailReach, bytes) in [
        (true, nil, true), (true, reach, true), (true, reach, false), (false, nil, true),
      ] {
        fill.usesExcessRows = excess
        fill.tailReach = tailReach
        fill.storesExcessInBytes = bytes
        let result = fill.select(
          in: window, aim: aim.map { Aim(targetSeconds: (window.lowerBound + window.upperBound) / 2, aimSeconds: $0) })
        #expect(
          result.indices == expected.indices && result.total == expected.total
            && result.inWindow == expected.inWindow,
          "\(trial): \(durations) \(dominant) groups \(groupEnds) in \(window), head \(fill.headSize), budget \(fill.budget), excess rows \(excess), bytes \(bytes), tail reach \(String(describing: tailReach)), aim \(String(describing: aim))"
        )
      }
    }
    #expect(cases.meets(split, atLeast: 1001, ofFull: 3000), "\(split) of \(cases.count) split")
  }

  @Test("runs of many candidates of one length in the tail give the count oracle's answer (bundled steps)")
  func manyOfOneLength() {
    let cases = SeededCases(seed: 0xB0_4D1F, count: 300)
    for var trial in cases {
      // 20–60 single candidates of two or three lengths, most of them of the dominant show.
      let lengths = (0..<Int.random(in: 2...3, using: &trial.random)).map { _ in
        Int.random(in: 1...6, using: &trial.random)
      }
      let count = Int.random(in: 20...60, using: &trial.random)
      let durations = (0..<count).map { _ in lengths.randomElement(using: &trial.random)! }
      let dominant = (0..<count).map { _ in Int.random(in: 0..<4, using: &trial.random) > 0 }
      let high = Int.random(in: 10...120, using: &trial.random)
      let window = max(0, high - Int.random(in: 0...8, using: &trial.random))...high
      let aim = Int.random(in: 0...4, using: &trial.random)
      var fill = VarietyFill(
        durations: durations, groupEnds: Array(1...count), dominantIndex: dominant.map { $0 ? 0 : nil },
        dominantCount: 1)
      fill.headSize = Int.random(in: 1...6, using: &trial.random)
      fill.storesExcessInBytes = Bool.random(using: &trial.random)
      let result = fill.select(
        in: window, aim: Aim(targetSeconds: (window.lowerBound + window.upperBound) / 2, aimSeconds: aim))
      let expected = VarietyDominatedTests.countOracle(durations, dominant: dominant, window: window, aim: aim)
      #expect(
        result.indices == expected.taken && result.total == expected.total,
        "\(trial): \(durations) \(dominant) in \(window), aim \(aim), head \(fill.headSize)")
    }
  }

  @Test("pruning keeps every candidate of every selection that fits and ends arrangeable (enumeration)")
  func pruningKeepsEverySelection() {
    let cases = SeededCases(seed: 0x9B_0E_D5, count: 2000)
    var dropped = 0
    for var trial in cases {
      let count = Int.random(in: 1...10, using: &trial.random)
      let shows = trial.random.chance(1, in: 3) ? 2 : 1
      var dominantIndex: [Int?] = []
      var groupEnds: [Int] = []
      while dominantIndex.count < count {
        let length = min(count - dominantIndex.count, Int.random(in: 1...3, using: &trial.random))
        for _ in 0..<length {
          let kind = Int.random(in: 0...shows, using: &trial.random)
          dominantIndex.append(kind < shows ? kind : nil)
        }
        groupEnds += Array(repeating: dominantIndex.count, count: length)
      }
      let durations = (0..<count).map { _ in Int.random(in: 1...30, using: &trial.random) }
      let start = (0..<shows).map { _ in Int.random(in: -2...9, using: &trial.random) }
      let high = Int.random(in: 0...120, using: &trial.random)
      let fill = VarietyFill(
        durations: durations, groupEnds: groupEnds, dominantIndex: dominantIndex, dominantCount: shows)
      // Every selection that takes each group from its start and fits: with `start`, also arrangeable at
      // the end for every dominant show.
      var fitting = Set<Int>()
      var arrangeable = Set<Int>()
      for subset in 0..<(1 << count) {
        let taken = (0..<count).filter { subset >> $0 & 1 == 1 }
        let prefixes = taken.allSatisfy { item in
          item == 0 || groupEnds[item - 1] != groupEnds[item] || taken.contains(item - 1)
        }
        guard prefixes, taken.reduce(0, { $0 + durations[$1] }) <= high else { continue }
        fitting.formUnion(taken)
        let ends = (0..<shows).map { show in
          start[show] + taken.reduce(0) { $0 + (dominantIndex[$1] == show ? 1 : -2) }
        }
        if ends.allSatisfy({ $0 <= 2 }) { arrangeable.formUnion(taken) }
      }
      let context =
        "\(trial): \(durations) \(dominantIndex) groups \(groupEnds) from \(start) up to \(high)"
      for (from, needed) in [(nil, fitting), (start, arrangeable)] {
        let (kept, places) = fill.pruned(upTo: high, from: from)
        // The kept candidates are this list's, in order, each group still taken from its start.
        #expect(places == places.sorted() && Set(places).count == places.count, "\(context)")
        #expect(kept.durations == places.map { durations[$0] }, "\(context)")
        #expect(kept.dominantIndex == places.map { dominantIndex[$0] }, "\(context)")
        for (index, place) in places.enumerated() {
          let first = place == 0 || groupEnds[place - 1] != groupEnds[place]
          #expect(first || (index > 0 && places[index - 1] == place - 1), "\(context)")
        }
        #expect(needed.isSubset(of: places), "\(context), from \(String(describing: from)): kept \(places)")
        // Without a start, what fits is exactly what is kept: a candidate with the rest of its group before it.
        if from == nil { #expect(Set(places) == fitting, "\(context): kept \(places)") }
        if from != nil { dropped += fitting.count - places.count }
      }
    }
    // The needs of the others drop candidates that fit.
    #expect(cases.meets(dropped, atLeast: 1001, ofFull: 2000), "\(dropped) dropped")
  }

  @Test("the sums of the shortest candidates, whole or only while they fit, counted or sorted (seeded)")
  func shortestSums() {
    let cases = SeededCases(seed: 0x5_0B7ED, count: 500)
    for var trial in cases {
      let count = Int.random(in: 0...40, using: &trial.random)
      // Lengths both below and above four times the candidates, where they are counted and sorted.
      let longest = trial.random.chance(1, in: 3) ? 500 : 50
      let durations = (0..<count).map { _ in Int.random(in: 1...longest, using: &trial.random) }
      let dominantIndex = (0..<count).map { _ in Bool.random(using: &trial.random) ? 0 : nil as Int? }
      let fill = VarietyFill(
        durations: durations, groupEnds: (0..<count).map { $0 + 1 },
        dominantIndex: dominantIndex, dominantCount: 1)
      let cut = Int.random(in: 0...count, using: &trial.random)
      // Totals that stop the sums, or not.
      let total = Int.random(in: 0...(Bool.random(using: &trial.random) ? 4 * cut : 400), using: &trial.random)
      let others = (0..<cut).filter { dominantIndex[$0] == nil }.map { durations[$0] }.sorted()
      var expected = [0]
      for length in others { expected.append(expected.last! + length) }
      let context = "\(trial): \(durations) \(dominantIndex) before \(cut) up to \(total)"
      #expect(fill.shortestSums(before: cut) { $0 == nil } == expected, "\(context)")
      #expect(
        fill.shortestSums(before: cut, upTo: total) { $0 == nil } == expected.filter { $0 <= total }, "\(context)")
    }
  }

  @Test("a search over 300 candidates of one show runs with a head that fits the budget and gives the rule's answer")
  func largeSearch() {
    // 300 one-unit episodes of the dominant show, then one other of 10: the rule takes two of the dominant
    // show, then must take the other one, then two more (D = 4 − 2 = 2), whatever the budget.
    var durations = [Int](repeating: 1, count: 300)
    var dominant = [Int?](repeating: 0, count: 300)
    durations.append(10)
    dominant.append(nil)
    for budget in [FillTuning.varietyWordBudget, 20_000, 1_000] {
      for excess in [true, false] {
        var fill = VarietyFill(
          durations: durations, groupEnds: Array(1...durations.count), dominantIndex: dominant, dominantCount: 1)
        fill.budget = budget
        fill.usesExcessRows = excess
        let result = fill.select(in: 100...130)
        #expect(result.indices == [0, 1, 2, 3, 300], "budget \(budget), excess rows \(excess)")
        #expect(result.total == 14, "budget \(budget), excess rows \(excess)")
        #expect(!result.inWindow, "budget \(budget), excess rows \(excess)")
      }
    }
  }
}

/// Catalogs dominated by one show, checked against an oracle that counts instead of tracking `δ`: for every
/// suffix, which totals are reachable with `a` episodes of the dominant show and `o` of the others, and an
/// arrangeability test on the counts themselves (no bounds, no head and tail, no multiset, no aim shortcut).
@Suite("Variety on catalogs dominated by one show")
struct VarietyDominatedTests {
  /// The rule by counts: candidates in priority order, free episodes only; `dominant[i]` says whose.
  static func countOracle(
    _ durations: [Int], dominant: [Bool], window: ClosedRange<Int>, aim: Int
  ) -> (taken: [Int], total: Int) {
    let count = durations.count
    let high = window.upperBound
    let most = dominant.filter { $0 }.count
    let others = count - most
    // reach[i][a][o] holds bit t: a completion from i with a of the show, o others and total t.
    let words = high / 64 + 1
    func has(_ set: [UInt64], _ t: Int) -> Bool { t >= 0 && t <= high && set[t / 64] & (1 << UInt64(t % 64)) != 0 }
    func shifted(_ set: [UInt64], by d: Int) -> [UInt64] {
      var result = [UInt64](repeating: 0, count: words)
      for t in 0...high where has(set, t) && t + d <= high { result[(t + d) / 64] |= 1 << UInt64((t + d) % 64) }
      return result
    }
    let empty = [UInt64](repeating: 0, count: words)
    var reach = [[[[UInt64]]]](
      repeating: [[[UInt64]]](repeating: [[UInt64]](repeating: empty, count: others + 1), count: most + 1),
      count: count + 1)
    reach[count][0][0][0] = 1
    for i in stride(from: count - 1, through: 0, by: -1) {
      reach[i] = reach[i + 1]
      for a in 0...most {
        for o in 0...others where reach[i + 1][a][o] != empty {
          let (a1, o1) = dominant[i] ? (a + 1, o) : (a, o + 1)
          guard a1 <= most, o1 <= others else { continue }
          let moved = shifted(reach[i + 1][a][o], by: durations[i])
          for word in 0..<words { reach[i][a1][o1][word] |= moved[word] }
        }
      }
    }
    func arrangeable(_ a: Int, _ o: Int) -> Bool { a <= 2 * (o + 1) }  // the others hold at most two each
    var totals: [Int] = []
    for a in 0...most {
      for o in 0...others where arrangeable(a, o) {
        for t in 0...high where has(reach[0][a][o], t) { totals.append(t) }
      }
    }
    let target = Rules.targetRange(window, totals: totals, aim: aim).range
    var taken: [Int] = []
    var total = 0
    var a = 0
    var o = 0
    for i in 0..<count {
      if target.contains(total) && arrangeable(a, o) { break }
      let (a1, o1) = dominant[i] ? (a + 1, o) : (a, o + 1)
      let t1 = total + durations[i]
      guard t1 <= target.upperBound else { continue }
      var found = false
      search: for ra in 0...(most - a1) {
        for ro in 0...(others - o1) where arrangeable(a1 + ra, o1 + ro) {
          for rt in max(0, target.lowerBound - t1)...(target.upperBound - t1) where has(reach[i + 1][ra][ro], rt) {
            found = true
            break search
          }
        }
      }
      if found {
        taken.append(i)
        (a, o, total) = (a1, o1, t1)
      }
    }
    return (taken, total)
  }

  /// A catalog of one show first in priority (`episodes` of `lengths` seconds) and `others` shows after it
  /// (`theirEpisodes` each, of `theirLengths`), episodic: every episode a free candidate.
  static func dominatedCatalog(
    episodes: Int, lengths: ClosedRange<Int>, others: Int, theirEpisodes: ClosedRange<Int>,
    theirLengths: ClosedRange<Int>, random: inout SeededGenerator
  ) -> Catalog {
    let big = Show(
      feedURL: "https://example.com/a.xml", title: "A", recentListeningSeconds: 36_000,
      episodes: (0..<episodes).map { index in
        Episode(
          guid: "a\(index)", title: "A \(index)", published: day(index),
          durationSeconds: Int.random(in: lengths, using: &random))
      })
    var shows = [big]
    for show in 0..<others {
      shows.append(
        Show(
          feedURL: "https://example.com/o\(show).xml", title: "O\(show)",
          recentListeningSeconds: Int.random(in: 0...200, using: &random),
          episodes: (0..<Int.random(in: theirEpisodes, using: &random)).map { index in
            Episode(
              guid: "o\(show)-\(index)", title: "O \(index)", published: day(index),
              durationSeconds: Int.random(in: theirLengths, using: &random))
          }))
    }
    return Catalog(shows: shows)
  }

  @Test("15–60 short episodes of one show and a few small shows: the engine's choice is the count oracle's")
  func dominatedCatalogs() throws {
    let cases = SeededCases(seed: 0xD0_41_4A, count: 120)
    var filled = 0
    for var trial in cases {
      let episodes = Int.random(in: 15...60, using: &trial.random)
      let catalog = Self.dominatedCatalog(
        episodes: episodes, lengths: 61...100, others: Int.random(in: 1...6, using: &trial.random),
        theirEpisodes: 1...4,
        theirLengths: 120...1500, random: &trial.random)
      let minutes = [15, 30, 45].randomElement(using: &trial.random)!
      let tolerance = [180, 300].randomElement(using: &trial.random)!
      let aim = [0, 60, tolerance][Int.random(in: 0..<3, using: &trial.random)]
      let target = minutes * 60
      let window = (target - tolerance)...(target + tolerance)
      let items = Rules.fillTimeItems(catalog, priorityShows: [], excluded: [])
      let expected = Self.countOracle(
        items.map(\.seconds), dominant: items.map { $0.show == 0 }, window: window, aim: aim)
      let request = FillRequest(mode: .variety, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim)
      var engine = try FillEngine(catalog: catalog)
      let result = try engine.fill(request)
      let context = "\(trial): \(episodes) episodes, \(minutes) min ± \(tolerance) s, aim \(aim)"
      #expect(Set(result.entries.map(\.id)) == Set(expected.taken.map { items[$0].id }), "\(context)")
      #expect(result.totalSeconds == expected.total, "\(context)")
      if result.status == .filled { filled += 1 }
      // A short head: the search reads the rest from the index (see `VarietyTail`), by ranges of lengths, and
      // builds more when its forward pass runs past the head.
      engine.tuning.lookaheadHeadSize = Int.random(in: 1...16, using: &trial.random)
      let cut = try engine.fill(request)
      #expect(cut == result, "\(context), head \(engine.tuning.lookaheadHeadSize!)")
      // The tail's totals first computed up to a random reach: a pass that finds no completion below it
      // computes them again up to what is left of the window.
      engine.tuning.varietyTailReach = Int.random(in: 0...window.upperBound, using: &trial.random)
      let reached = try engine.fill(request)
      #expect(
        reached == result,
        "\(context), head \(engine.tuning.lookaheadHeadSize!), tail reach \(engine.tuning.varietyTailReach!)")
      // Past the head, the short candidates left in growing heads with the rest as a multiset, never as
      // one list.
      engine.tuning.varietyWholeListBytes = 0
      let grown = try engine.fill(request)
      #expect(grown == result, "\(context), head \(engine.tuning.lookaheadHeadSize!), searched in growing heads")
      // Started from fill time's selection or from any show held back first: the same result.
      for start in [.plainSelection] + catalog.shows.indices.map(FillTuning.VarietyStart.show) {
        engine.tuning.varietyStart = start
        #expect(try engine.fill(request) == result, "\(context), started from \(start)")
      }
    }
    #expect(cases.meets(filled, atLeast: 61, ofFull: 120), "\(filled) of \(cases.count) filled")
  }

  @Test("a show needing many others after a short head: the tail's long others not built or searched (600 cases)")
  func manyOthersPastTheHead() throws {
    let cases = SeededCases(seed: 0x07E5_0F7A, count: 600)
    var bounded = 0
    for var trial in cases {
      // Many others, one to three episodes each, so that most of them are free candidates the head does not
      // build.
      let catalog = Self.dominatedCatalog(
        episodes: Int.random(in: 20...50, using: &trial.random), lengths: 61...120,
        others: Int.random(in: 60...150, using: &trial.random), theirEpisodes: 1...3, theirLengths: 90...1800,
        random: &trial.random)
      if try Self.pastTheHead(catalog, &trial) { bounded += 1 }
    }
    #expect(cases.meets(bounded, atLeast: 101, ofFull: 600), "most cases should take more than a head: \(bounded)")
  }

  /// Fills `catalog` for variety at a random target from 30 to 90 minutes with a head of 12 to 20 candidates
  /// and the rest read from the index, and expects the fill with every candidate built; whether it took more
  /// than a head.
  static func pastTheHead(_ catalog: Catalog, _ trial: inout SeededCase) throws -> Bool {
    let target = 60 * Int.random(in: 30...90, using: &trial.random)
    let tolerance = [180, 300].randomElement(using: &trial.random)!
    let request = FillRequest(mode: .variety, targetSeconds: target, toleranceSeconds: tolerance)
    var whole = try FillEngine(catalog: catalog)
    whole.tuning.lookaheadHeadSize = Int.max
    var cut = whole
    cut.tuning.lookaheadHeadSize = Int.random(in: 12...20, using: &trial.random)
    let context = "\(trial): \(target) s ± \(tolerance), head \(cut.tuning.lookaheadHeadSize!)"
    let expected = try whole.fill(request)
    #expect(try cut.fill(request) == expected, "\(context)")
    return expected.entries.count > 12
  }

  @Test(
    "serial others past the head: a chain longer than any single other a completion can hold is read whole (600 cases)"
  )
  func serialOthersPastTheHead() throws {
    // The tail's multiset leaves out the others too long to leave room for the rest the show needs, but a
    // chain's prefix holds several of them: it is cut where its total passes what is left, not that bound.
    // (On gen-100-s42 at 24 hours ± 5 minutes, instance 4, cutting it there lost the completion and the
    // engine trapped on an unarrangeable selection.)
    let cases = SeededCases(seed: 0x5E_41A1, count: 600)
    var longer = 0
    for var trial in cases {
      var catalog = Self.dominatedCatalog(
        episodes: Int.random(in: 20...50, using: &trial.random), lengths: 61...120,
        others: Int.random(in: 20...60, using: &trial.random), theirEpisodes: 1...2, theirLengths: 300...1800,
        random: &trial.random)
      // Serial others of short episodes, heard in order: each a chain of the tail.
      for show in 0..<Int.random(in: 3...10, using: &trial.random) {
        catalog.shows.append(
          Show(
            feedURL: "https://example.com/s\(show).xml", title: "S\(show)", ordering: .serial,
            recentListeningSeconds: Int.random(in: 0...200, using: &trial.random),
            episodes: (0..<Int.random(in: 3...8, using: &trial.random)).map { index in
              Episode(
                guid: "s\(show)-\(index)", title: "S \(index)", published: day(index),
                durationSeconds: Int.random(in: 40...240, using: &trial.random), season: 1, episode: index + 1)
            }))
      }
      if try Self.pastTheHead(catalog, &trial) { longer += 1 }
    }
    #expect(cases.meets(longer, atLeast: 101, ofFull: 600), "most cases should take more than a head: \(longer)")
  }

  @Test("gen-100-s42 at 24 hours ± 5 minutes with the benchmark's fifth request: filled, as with every candidate built")
  func longRequestWithChains() throws {
    // The request on which cutting the tail's chains at the bound on a single other trapped.
    let catalog = CatalogGenerator(subscriptions: 100, seed: 42).catalog()
    func feed(_ show: Int) -> String { "https://feeds.example.com/show-000\(show < 10 ? "0" : "")\(show).xml" }
    let excluded: Set<EpisodeID> = Set(
      [(10, "s10-e4"), (37, "s37-e2"), (60, "s60-e17"), (60, "s60-e45"), (66, "s66-e39"), (74, "s74-e206")].map {
        EpisodeID(feedURL: feed($0.0), guid: $0.1)
      })
    let request = FillRequest(
      mode: .variety, targetSeconds: 86_400, toleranceSeconds: 300, priorityShows: [52, 14, 12].map(feed),
      excluded: excluded)
    let result = try FillEngine(catalog: catalog).fill(request)
    #expect(result.status == .filled)
    var whole = try FillEngine(catalog: catalog)
    whole.tuning.lookaheadHeadSize = Int.max
    #expect(try whole.fill(request) == result)
  }

  @Test("the issue's reproduction: 40 short episodes of A and two of B land in 45 ± 3 minutes, never 3 in a row")
  func reproduction() throws {
    let a = Show(
      feedURL: "https://example.com/a.xml", title: "A", recentListeningSeconds: 36_000,
      episodes: (0..<40).map { index in
        Episode(guid: "a\(index)", title: "A \(index)", published: day(index), durationSeconds: 61 + index)
      })
    let b = Show(
      feedURL: "https://example.com/b.xml", title: "B", recentListeningSeconds: 100,
      episodes: (0..<2).map { index in
        Episode(guid: "b\(index)", title: "B \(index)", published: day(index), durationSeconds: 1100)
      })
    let result = try FillEngine(catalog: Catalog(shows: [a, b])).fill(
      FillRequest(mode: .variety, targetSeconds: 2700, toleranceSeconds: 180))
    #expect(result.status == .filled)
    #expect((2520...2880).contains(result.totalSeconds))
    #expect(result.entries.filter { $0.id.feedURL == b.feedURL }.count == 2)
    #expect(result.entries.filter { $0.id.feedURL == a.feedURL }.count <= 6)
    #expect(!VarietyOrderTests().hasThreeInARow(result.entries.map(\.id.feedURL)))
  }
}
