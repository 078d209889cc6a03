import FillRules
import Foundation
import SmartFillTestSupport
import SyntheticCatalogs
import Testing

@testable import SmartFill

/// The split path (a request without priority shows or exclusions builds only the head of its candidates
/// and reads the rest's totals from the index) against the whole list, and against the plain rule at full
/// size.
@Suite("Candidates built only as far as a fill needs them")
struct SplitCandidatesTests {
  /// Half the time none; otherwise up to two priority shows and up to four excluded episodes.
  static func randomPriorityAndExclusions(_ catalog: Catalog, _ random: inout SeededGenerator) -> (
    [String], Set<EpisodeID>
  ) {
    guard Bool.random(using: &random), !catalog.shows.isEmpty else { return ([], []) }
    let priority = (0..<Int.random(in: 0...2, using: &random)).map { _ in
      catalog.shows.randomElement(using: &random)!.feedURL
    }
    var excluded: Set<EpisodeID> = []
    for _ in 0..<Int.random(in: 0...4, using: &random) {
      let show = catalog.shows.randomElement(using: &random)!
      if let episode = show.episodes.randomElement(using: &random) {
        excluded.insert(EpisodeID(feedURL: show.feedURL, guid: episode.guid))
      }
    }
    return (Array(Set(priority)), excluded)
  }

  /// A fill-time request on `catalog` (see ``randomPriorityAndExclusions(_:_:)``), its context, a top of up to
  /// two hours and whether admission counts per show.
  static func randomRequest(_ catalog: Catalog, _ random: inout SeededGenerator) throws -> (
    context: RequestContext, high: Int, pruneByShow: Bool
  ) {
    let (priority, excluded) = randomPriorityAndExclusions(catalog, &random)
    let request = FillRequest(mode: .fillTime, targetSeconds: 3600, priorityShows: priority, excluded: excluded)
    let engine = try FillEngine(catalog: catalog)
    let context = RequestContext(index: engine.index, request: request, catalog: catalog)
    return (context, 60 * Int.random(in: 1...120, using: &random), Bool.random(using: &random))
  }

  /// The candidates of `whole` from `cut` on, as a list of their own: what the tail's totals are checked
  /// against (``FillTime/reachableTotals(upTo:)``).
  static func rest(of whole: TimeCandidates, from cut: Int) -> FillTime {
    FillTime(durations: Array(whole.durations[cut...]), groupEnds: whole.groupEnds[cut...].map { $0 - cut })
  }

  /// Builds a head of at least `head` candidates and checks that the totals read for the rest equal those of
  /// the rest of `whole`, the list built in one go.
  static func expectTailTotals(
    _ context: RequestContext, high: Int, pruneByShow: Bool, whole: TimeCandidates, head: Int,
    random: inout SeededGenerator, _ label: String
  ) {
    var split = SplitCandidates(context, upTo: high, pruneByShow: pruneByShow)
    split.extend(toAtLeast: head)
    let cut = split.built.durations.count
    let tail = Self.rest(of: whole, from: cut)
    // In either order: the chains before or after the free candidates.
    for chainsFirst in [true, false] {
      #expect(
        split.tailTotals(unit: 1, upTo: high, chainsFirst: chainsFirst) == tail.reachableTotals(upTo: high),
        "\(label), chains \(chainsFirst ? "first" : "last")")
    }
    // The candidates left no longer than a top, in priority order, each chain cut before its first longer
    // episode, whether their offsets are marked in a bitset or sorted.
    let top = Int.random(in: 0...high, using: &random)
    var expected = TimeCandidates()
    var start = cut
    while start < whole.durations.count {
      let end = whole.groupEnds[start]
      let kept = (start..<end).prefix { whole.durations[$0] <= top }
      let keptEnd = expected.durations.count + kept.count
      for item in kept {
        expected.durations.append(whole.durations[item])
        expected.refs.append(whole.refs[item])
        expected.groupEnds.append(keptEnd)
      }
      start = end
    }
    for marks in [true, false] {
      let rest = split.remaining(upTo: top, unit: 1, limit: .max, marksOffsets: marks)
      let place = "\(label), head \(cut), top \(top), offsets \(marks ? "marked" : "sorted")"
      #expect(rest?.durations == expected.durations, "\(place)")
      #expect(rest?.groupEnds == expected.groupEnds, "\(place)")
      #expect(rest?.refs.map(\.episode) == expected.refs.map(\.episode), "\(place)")
      #expect(rest?.refs.map(\.show) == expected.refs.map(\.show), "\(place)")
    }
    Self.expectOthersBounded(split, context: context, expected: expected, top: top, random: &random, label)
    Self.expectVarietyGroups(split, whole: whole, cut: cut, high: high, random: &random, label)
    Self.expectNarrowed(split, cut: cut, expected: expected, top: top, random: &random, label)
  }

  /// Narrowed to `top` seconds, the candidates built after the head are `expected` (the rest of the whole list
  /// no longer than `top`, each chain cut before its first longer episode) in the same order, and the totals
  /// up to `top` of those not built yet are the rest of `expected`'s.
  static func expectNarrowed(
    _ split: SplitCandidates, cut: Int, expected: TimeCandidates, top: Int, random: inout SeededGenerator,
    _ label: String
  ) {
    var narrowed = split
    narrowed.narrow(toLongest: top)
    narrowed.extend(toAtLeast: cut + Int.random(in: 0...expected.durations.count, using: &random))
    let built = narrowed.built.durations.count - cut
    let place = "\(label), head \(cut), narrowed to \(top), \(built) built"
    #expect(Array(narrowed.built.durations[cut...]) == Array(expected.durations.prefix(built)), "\(place)")
    #expect(narrowed.built.groupEnds[cut...].map { $0 - cut } == Array(expected.groupEnds.prefix(built)), "\(place)")
    #expect(narrowed.built.refs[cut...].map(\.episode) == expected.refs.prefix(built).map(\.episode), "\(place)")
    #expect(narrowed.built.refs[cut...].map(\.show) == expected.refs.prefix(built).map(\.show), "\(place)")
    guard built <= expected.durations.count else { return }
    let rest = FillTime(
      durations: Array(expected.durations[built...]), groupEnds: expected.groupEnds[built...].map { $0 - built })
    // Up to `top` only: the episodes passed over are longer, and those not passed yet may reach past it.
    #expect(
      Self.totals(narrowed.tailTotals(unit: 1, upTo: top), upTo: top)
        == Self.totals(rest.reachableTotals(upTo: top), upTo: top), "\(place)")
  }

  /// The totals up to `top` in compact reach words (every total past the words is reachable).
  static func totals(_ words: ArraySlice<UInt64>, upTo top: Int) -> [Int] {
    (0...max(top, 0)).filter { total in
      let word = words.startIndex + total / 64
      return word >= words.endIndex || words[word] & (1 << UInt64(total % 64)) != 0
    }
  }

  /// The groups a variety search reads from the tail (``SplitCandidates/varietyGroups(unit:upTo:dominants:
  /// dominant:from:below:)``), of the dominant shows or of the others, equal the rest of `whole`'s groups of
  /// that kind whose first candidate lasts from `lower` to below `upper` and at most `top`, each cut after
  /// the candidates whose total is at most `top`: the same groups in any order.
  static func expectVarietyGroups(
    _ split: SplitCandidates, whole: TimeCandidates, cut: Int, high: Int, random: inout SeededGenerator,
    _ label: String
  ) {
    let shows = Set(whole.refs[cut...].map(\.show)).sorted()
    let dominants = shows.isEmpty || Bool.random(using: &random) ? [] : [shows.randomElement(using: &random)!]
    let top = Int.random(in: 0...high, using: &random)
    let lower = Int.random(in: 0...top + 1, using: &random)
    let upper = Int.random(in: lower...top + 2, using: &random)
    for dominant in [false, true] {
      var expected: [[Int]] = []
      var start = cut
      while start < whole.durations.count {
        let end = whole.groupEnds[start]
        let first = whole.durations[start]
        if dominants.contains(whole.refs[start].show) == dominant, first >= lower, first < min(upper, top + 1) {
          var sum = 0
          expected.append(
            Array(
              whole.durations[start..<end].prefix {
                sum += $0
                return sum <= top
              }))
        }
        start = end
      }
      let list = split.varietyGroups(
        unit: 1, upTo: top, dominants: dominants, dominant: dominant, from: lower, below: upper)
      var groups: [[Int]] = []
      start = 0
      while start < list.durations.count {
        groups.append(Array(list.durations[start..<list.groupEnds[start]]))
        start = list.groupEnds[start]
      }
      let place = "\(label), head \(cut), dominants \(dominants) (\(dominant)), \(lower)..<\(upper) up to \(top)"
      let order: ([Int], [Int]) -> Bool = { $0.lexicographicallyPrecedes($1) }
      #expect(groups.sorted(by: order) == expected.sorted(by: order), "\(place)")
      #expect(list.dominantIndex.allSatisfy { ($0 != nil) == dominant }, "\(place)")
    }
  }

  /// With a bound on the other shows' free candidates, `remaining` leaves out exactly those longer than it,
  /// and `shortestOthers` reads lengths whose sums are at most those of the others it builds.
  static func expectOthersBounded(
    _ split: SplitCandidates, context: RequestContext, expected: TimeCandidates, top: Int,
    random: inout SeededGenerator, _ label: String
  ) {
    let shows = Set(expected.refs.map(\.show)).sorted()
    let dominants = shows.isEmpty ? [] : [shows.randomElement(using: &random)!]
    let longest = Int.random(in: -1...top, using: &random)
    let place = "\(label), top \(top), dominants \(dominants), others up to \(longest)"
    let kept = expected.refs.indices.filter { item in
      let ref = expected.refs[item]
      return ref.inChain || context.isPriority[ref.show] || dominants.contains(ref.show)
        || expected.durations[item] <= longest
    }
    let bounded = split.remaining(upTo: top, unit: 1, limit: .max, others: (longest, dominants))
    #expect(bounded?.durations == kept.map { expected.durations[$0] }, "\(place)")
    #expect(bounded?.refs.map(\.episode) == kept.map { expected.refs[$0].episode }, "\(place)")
    let others = expected.refs.indices.filter { !dominants.contains(expected.refs[$0].show) }
      .map { expected.durations[$0] }.sorted()
    let count = Int.random(in: 0...others.count + 2, using: &random)
    let lengths = split.shortestOthers(count: count, unit: 1, upTo: top, dominants: dominants)
    #expect(lengths == lengths.sorted() && lengths.allSatisfy { $0 <= top }, "\(place), count \(count)")
    #expect(lengths.count == count || lengths.count >= others.count, "\(place), count \(count)")
    for j in 0...min(lengths.count, others.count) {
      #expect(lengths[..<j].reduce(0, +) <= others[..<j].reduce(0, +), "\(place), count \(count), first \(j)")
    }
  }

  @Test("many episodes of a few lengths: the tail's totals, added a bundle at a time, equal the list's (600 cases)")
  func manyOfOneLength() throws {
    let cases = SeededCases(seed: 0xB0_4D1E, count: 600)
    for var trial in cases {
      // Episodic shows whose episodes share two or three lengths, up to 60 of each, so that the tail holds
      // runs of every count (and some excluded or in priority shows).
      let lengths = (0..<Int.random(in: 2...3, using: &trial.random)).map { _ in
        Int.random(in: 1...9, using: &trial.random) * 60
      }
      let shows = (0..<Int.random(in: 1...4, using: &trial.random)).map { show in
        Show(
          feedURL: "https://example.com/\(show).xml", title: "S\(show)",
          recentListeningSeconds: Int.random(in: 0...100, using: &trial.random),
          episodes: (0..<Int.random(in: 1...60, using: &trial.random)).map { index in
            Episode(
              guid: "s\(show)e\(index)", title: "E\(index)", published: day(index % 9),
              durationSeconds: lengths.randomElement(using: &trial.random)!)
          })
      }
      let catalog = Catalog(shows: shows)
      let (priority, excluded) = Self.randomPriorityAndExclusions(catalog, &trial.random)
      let request = FillRequest(mode: .fillTime, targetSeconds: 3600, priorityShows: priority, excluded: excluded)
      let engine = try FillEngine(catalog: catalog)
      let context = RequestContext(index: engine.index, request: request, catalog: catalog)
      let high = 60 * Int.random(in: 1...240, using: &trial.random)
      let pruneByShow = Bool.random(using: &trial.random)
      let whole = context.timeCandidates(upTo: high, caps: [0: Int.max], pruneByShow: pruneByShow)
      Self.expectTailTotals(
        context, high: high, pruneByShow: pruneByShow, whole: whole, head: Int.random(in: 1...12, using: &trial.random),
        random: &trial.random, "\(trial): high \(high), by show \(pruneByShow)")
    }
  }

  @Test("the certified tail's totals equal the list's wherever the certificate completes (3,000 cases)")
  func certifiedTailTotals() throws {
    let cases = SeededCases(seed: 0xCE27_1F1E, count: 3_000)
    var completed = 0
    var fellBack = 0
    for var trial in cases {
      // Many short episodes (up to 10 minutes) in most cases, so that the totals turn dense above a few words;
      // longer ones (up to 40 minutes) in a quarter, so that some certificates cannot complete.
      let catalog = randomCatalog(
        &trial.random, maximumShows: 12, maximumEpisodes: 40,
        minuteScale: Int.random(in: 0..<4, using: &trial.random) == 0)
      let (context, high, pruneByShow) = try Self.randomRequest(catalog, &trial.random)
      let whole = context.timeCandidates(upTo: high, caps: [0: Int.max], pruneByShow: pruneByShow)
      var split = SplitCandidates(context, upTo: high, pruneByShow: pruneByShow)
      split.extend(toAtLeast: Int.random(in: 0...12, using: &trial.random))
      let cut = split.built.durations.count
      let tail = Self.rest(of: whole, from: cut)
      let lowWords = Int.random(in: 1...4, using: &trial.random)
      let label = "\(trial): high \(high), head \(cut), \(lowWords) words"
      if let totals = split.certifiedTailTotals(unit: 1, upTo: high, lowWords: lowWords) {
        // Counted where the exact part is shorter than the row.
        if lowWords <= high / 64 { completed += 1 }
        #expect(totals == tail.reachableTotals(upTo: high), "\(label)")
        #expect(totals.count <= lowWords, "\(label): \(totals.count) words above the bound")
      } else {
        fellBack += 1
      }
    }
    // Both ways are taken often enough for the comparison to mean something.
    #expect(
      cases.meets(completed, atLeast: 300, ofFull: 3_000) && cases.meets(fellBack, atLeast: 300, ofFull: 3_000),
      "\(completed) complete, \(fellBack) not")
  }

  @Test("every fill equals the fill over the whole candidate list (2,400 seeded cases, both modes)")
  func sameAsWholeList() throws {
    let cases = SeededCases(seed: 0x5B11_7CA5, count: 2_400)
    var split = 0
    for var trial in cases {
      let catalog = randomCatalog(
        &trial.random, maximumShows: 8, maximumEpisodes: 16, minuteScale: Bool.random(using: &trial.random))
      let minutes = catalog.shows.flatMap(\.episodes).compactMap(\.remainingSeconds).reduce(0, +) / 60
      let target = 60 * Int.random(in: 1...max(1, minutes), using: &trial.random)
      let tolerance = min(target - 1, [0, 30, 180, 300][Int.random(in: 0..<4, using: &trial.random)])
      let aim = [0, 15, 60, 300][Int.random(in: 0..<4, using: &trial.random)]
      let mode: FillRequest.Mode = Bool.random(using: &trial.random) ? .fillTime : .variety
      let (priority, excluded) = Self.randomPriorityAndExclusions(catalog, &trial.random)
      let request = FillRequest(
        mode: mode, targetSeconds: target, toleranceSeconds: tolerance, aimSeconds: aim, priorityShows: priority,
        excluded: excluded)
      var whole = try FillEngine(catalog: catalog)
      whole.tuning.lookaheadHeadSize = Int.max
      var cut = whole
      cut.tuning.lookaheadHeadSize = Int.random(in: 1...16, using: &trial.random)
      let expected = try whole.fill(request)
      let result = try cut.fill(request)
      let context = "\(trial): head \(cut.tuning.lookaheadHeadSize!), \(mode) \(target) ± \(tolerance)"
      #expect(result == expected, "\(context)")
      let free = cut.index.freeOrder.count
      if free > cut.tuning.lookaheadHeadSize! { split += 1 }
    }
    #expect(cases.meets(split, atLeast: 1_001, ofFull: 2_400), "most cases should split: \(split) did")
  }

  @Test("without priority shows or exclusions, the selection equals the plain rule on full catalogs")
  func fullCatalogs() throws {
    for var trial in SeededCases(seed: 0xF0_11_CA, count: 4, minimum: 2) {
      let catalogSeed = trial.random.element(of: [1, 2] as [UInt64])
      let (target, tolerance) = trial.random.element(of: [(2_700, 180), (28_800, 300)])
      let catalog = CatalogGenerator(subscriptions: 100, seed: catalogSeed).catalog()
      let items = Rules.fillTimeItems(catalog, priorityShows: [], excluded: [])
      let window = (target - tolerance)...(target + tolerance)
      let expected = FillTimeRule(items: items).select(window: window, aim: 60)
      let result = try FillEngine(catalog: catalog).fill(
        FillRequest(mode: .fillTime, targetSeconds: target, toleranceSeconds: tolerance))
      let context = "\(trial): catalog seed \(catalogSeed), \(target) ± \(tolerance), \(items.count) candidates"
      #expect(Set(result.entries.map(\.id)) == expected.taken, "\(context)")
      #expect(result.totalSeconds == expected.total, "\(context)")
    }
  }

  @Test("the index's ranks and duration order are those of the free order")
  func ranks() {
    for var trial in SeededCases(seed: 0x2A4C, count: 200) {
      let catalog = randomCatalog(
        &trial.random, maximumShows: 6, maximumEpisodes: 12, minuteScale: Bool.random(using: &trial.random))
      let index = CatalogIndex(catalog)
      let free = index.freeOrder
      for offset in free.indices {
        let earlier = free[..<offset].filter { $0.seconds == free[offset].seconds }.count
        #expect(Int(free[offset].freeRank) == earlier, "\(trial): offset \(offset)")
      }
      let expected = free.indices.sorted { (free[$0].seconds, $0) < (free[$1].seconds, $1) }
      #expect(index.freeByDuration.map(Int.init) == expected, "\(trial)")
      let durations =
        free.map { Int($0.seconds) } + index.chainCandidates.joined().map { Int($0.seconds) }.filter { $0 > 0 }
      #expect(durations.allSatisfy { $0 % index.durationUnit == 0 }, "\(trial)")
    }
  }
}
