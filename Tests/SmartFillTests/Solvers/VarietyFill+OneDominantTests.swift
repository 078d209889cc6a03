import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Variety on excess rows: totals no later group lowers")
struct VarietyFillOneDominantTests {
  /// The least excess of each total `0 ... high` over every selection of `groups` (each a list of (length, step),
  /// taken as a prefix), `nil` where none reaches it: the model, by one pass per group over every prefix.
  static func leastExcess(_ groups: [[(length: Int, step: Int)]], high: Int) -> [Int?] {
    var row: [Int?] = [0] + [Int?](repeating: nil, count: high)
    for group in groups {
      var next = row
      var (length, step) = (0, 0)
      for item in group {
        (length, step) = (length + item.length, step + item.step)
        guard length <= high else { break }
        for total in length...high {
          guard let before = row[total - length] else { continue }
          next[total] = min(next[total] ?? .max, before + step)
        }
      }
      row = next
    }
    return row
  }

  /// `count` seeded groups of `lengths` with `step` each, a quarter of them chains of `chains` candidates.
  static func groups(
    _ count: Int, step: Int, lengths: ClosedRange<Int>, chains: ClosedRange<Int>, random: inout SeededGenerator
  ) -> [[(length: Int, step: Int)]] {
    (0..<count).map { _ in
      (0..<(Int.random(in: 0..<4, using: &random) == 0 ? Int.random(in: chains, using: &random) : 1)).map { _ in
        (length: Int.random(in: lengths, using: &random), step: step)
      }
    }
  }

  @Test("a total whose excess is at most the bound is final: every later group starts no shorter (seeded model)")
  func finalTotals() {
    let cases = SeededCases(seed: 0xF1_0A_15, count: 1_500)
    var fired = 0
    for var trial in cases {
      let high = Int.random(in: 10...160, using: &trial.random)
      // The dominant show's groups first (+1 each), then the others' (−2 each), by their first length.
      let dominant = (0..<Int.random(in: 0...4, using: &trial.random)).map { _ in
        [(length: Int.random(in: 1...30, using: &trial.random), step: 1)]
      }
      var others = Self.groups(
        Int.random(in: 1...14, using: &trial.random), step: -2, lengths: 1...40, chains: 2...4, random: &trial.random)
      others.sort { $0[0].length < $1[0].length }
      let final = Self.leastExcess(dominant + others, high: high)
      var sums = [0]
      for length in others.flatMap({ $0.map(\.length) }).sorted() { sums.append(sums[sums.count - 1] + length) }
      // A settled excess no value reaches, so that only the bound counts.
      let settled = VarietyFill.SettledExcess(sums: [0], start: 10_000, high: high, othersSums: sums)
      for added in 0...others.count {
        let shortest = added < others.count ? others[added][0].length : Int.max
        let row = Self.leastExcess(dominant + others[..<added], high: high)
        var reader = VarietyFill.SettledExcess.Reader(settled: settled)
        for total in stride(from: high, through: 0, by: -1) {
          let (bound, from) = reader.excess(at: total, after: shortest)
          #expect(from <= total, "\(trial): the bound holds down to \(from), above \(total)")
          guard let value = row[total], value <= bound else { continue }
          fired += 1
          #expect(
            final[total] == value,
            "\(trial): \(added) of \(others.count) others' groups added, at \(total) excess \(value) ≤ \(bound) but \(String(describing: final[total])) at the end"
          )
        }
      }
    }
    // The bound says something in many places, not only where the settled excess would.
    #expect(cases.meets(fired, atLeast: 10_001, ofFull: 1_500), "the bound fired \(fired) times")
  }

  /// `groups` (each a list of lengths, a step each) as one list, in the order given.
  static func list(_ groups: [[(length: Int, step: Int)]]) -> VarietyFill {
    var fill = VarietyFill(durations: [], groupEnds: [], dominantIndex: [], dominantCount: 1)
    for group in groups {
      for item in group {
        fill.durations.append(item.length)
        fill.dominantIndex.append(item.step > 0 ? 0 : nil)
      }
      fill.groupEnds += [Int](repeating: fill.durations.count, count: group.count)
    }
    return fill
  }

  @Test("the tail's row with totals settled as final equals the model's least excesses everywhere (seeded)")
  func tailRowAgainstModel() {
    let cases = SeededCases(seed: 0x7A_11_0E, count: 800)
    var lowered = 0
    for var trial in cases {
      let high = Int.random(in: 20...220, using: &trial.random)
      func groups(_ count: Int, step: Int, lengths: ClosedRange<Int>) -> [[(length: Int, step: Int)]] {
        Self.groups(count, step: step, lengths: lengths, chains: 2...3, random: &trial.random)
      }
      // This list's groups and the tail's, of the dominant show and of the others: many short others, so
      // that totals reach their least excess long before the last groups.
      let own =
        groups(Int.random(in: 0...6, using: &trial.random), step: 1, lengths: 1...40)
        + groups(Int.random(in: 0...10, using: &trial.random), step: -2, lengths: 1...90)
      let tailDominant = groups(Int.random(in: 0...3, using: &trial.random), step: 1, lengths: 1...40)
      let tailOthers = groups(Int.random(in: 5...40, using: &trial.random), step: -2, lengths: 1...150)
      let fill = Self.list(own)
      let tailLengths = tailOthers.joined().map(\.length).sorted()
      let tail = VarietyTail(
        dominant: { _ in Self.list(tailDominant) },
        others: { lower, upper, top in
          // Chains cut where their total passes `top`, as the index reads them.
          Self.list(
            tailOthers.filter { $0[0].length >= lower && $0[0].length < upper }.map { group in
              var sum = 0
              return Array(
                group.prefix { item in
                  sum += item.length
                  return sum <= top
                })
            }.filter { !$0.isEmpty })
        },
        select: { _, _ in ([], 0) },
        shortestOthers: { count, top in Array(tailLengths.filter { $0 <= top }.prefix(count)) })
      let all = own + tailDominant + tailOthers
      let model = Self.leastExcess(all, high: high)
      let othersCount = all.joined().filter { $0.step < 0 }.count
      let floor = -2 * othersCount
      var rows = ExcessRows<Int16>(rows: 1, maximum: high, floor: floor, ceiling: all.joined().count)
      // A settled excess no value reaches, so that only totals final by the others' sums settle.
      var settled = VarietyFill.SettledExcess(sums: [0], start: 2 - floor + 1, high: high)
      settled.othersSums = VarietyFill.othersSums(
        own: fill, count: othersCount, upTo: high, tailShortest: tail.shortestOthers(othersCount, high))
      let lengths = all.joined().filter { $0.step < 0 && $0.length <= high }.map(\.length).sorted()
      #expect(
        settled.othersSums == lengths.reduce(into: [0]) { $0.append($0[$0.count - 1] + $1) },
        "\(trial): the others' sums")
      fill.leastExcess(
        into: &rows, row: 0, settled: settled, reach: high,
        tail: (dominant: Self.list(tailDominant), others: tail.others))
      for total in 0...high {
        #expect(
          rows.excess(0, at: total) == model[total],
          "\(trial): at \(total) of \(high), own \(own), tail \(tailDominant) \(tailOthers)")
      }
      // Totals whose excess the last groups could not lower: counted where the model's row without them is
      // already final there.
      let early = Self.leastExcess(own + tailDominant + tailOthers.dropLast(tailOthers.count / 2), high: high)
      lowered += (0...high).filter { early[$0] != nil && early[$0] == model[$0] }.count
    }
    #expect(cases.meets(lowered, atLeast: 10_001, ofFull: 800), "\(lowered) totals final early")
  }
}
