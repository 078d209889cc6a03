import SmartFillTestSupport
import Testing

@testable import SmartFill

@Suite("Excess rows")
struct ExcessRowsTests {
  /// The model: optional integers, `nil` for no selection, clamped to the floor after every step.
  static func step(_ value: Int?, _ step: Int, floor: Int) -> Int? {
    guard let value else { return nil }
    return max(value + step, floor)
  }

  /// A seeded row of the model: total 0 as a base row has it, a quarter of the others unreached.
  static func random(_ random: inout SeededGenerator, width: Int, floor: Int) -> [Int?] {
    (0..<width).map { total in
      if total == 0 { return max(0, floor) }
      return Int.random(in: 0..<4, using: &random) == 0 ? nil : Int.random(in: floor...40, using: &random)
    }
  }

  /// Writes `values` into `row` through the public operations only: the base row, then merges of steps.
  static func fill<Value>(_ rows: inout ExcessRows<Value>, _ row: Int, with values: [Int?]) {
    rows.setBase(row)
    // setBase gives {0: max(0, floor)}; the model row starts the same way, so rebuild the rest by merges of
    // the base row into itself is not possible in general: write through the scratch row instead.
    for (total, value) in values.enumerated() where total > 0 {
      guard let value else { continue }
      // A shift of `total` from the base row (0 at total 0) with a step of `value`.
      rows.saveScratch(row, below: 1)
      rows.merge(into: row, from: rows.scratch, shift: total, step: value, in: total..<(total + 1))
    }
  }

  @Test(
    "combine and merge match a model of optional integers on seeded rows, in two bytes and in one",
    arguments: [false, true])
  func againstModel(bytes: Bool) {
    if bytes { Self.againstModel(UInt8.self) } else { Self.againstModel(Int16.self) }
  }

  static func againstModel<Value: ExcessValue>(_: Value.Type) {
    for var trial in SeededCases(seed: 0xE7CE55, count: 400) {
      let width = Int.random(in: 1...90, using: &trial.random)
      let floor = -Int.random(in: 0...30, using: &trial.random)
      // Values up to 40, and two steps up of at most 1 each.
      var rows = ExcessRows<Value>(rows: 3, maximum: width - 1, floor: floor, ceiling: 42)
      let skip = Self.random(&trial.random, width: width, floor: floor)
      let next = Self.random(&trial.random, width: width, floor: floor)
      Self.fill(&rows, 1, with: skip)
      Self.fill(&rows, 2, with: next)
      for total in 0..<width {
        #expect(rows.excess(1, at: total) == skip[total], "\(Value.self), \(trial): row written at \(total)")
      }
      let shift = Int.random(in: 0...(width + 2), using: &trial.random)
      let step = Int.random(in: 0..<3, using: &trial.random) == 0 ? 1 : -2 * Int.random(in: 1...3, using: &trial.random)
      rows.combine(into: 0, skip: 1, next: 2, shift: shift, step: step)
      var expected = (0..<width).map { total -> Int? in
        let added = total >= shift ? Self.step(next[total - shift], step, floor: floor) : nil
        return [skip[total], added].compactMap { $0 }.min()
      }
      for total in 0..<width {
        #expect(
          rows.excess(0, at: total) == expected[total],
          "\(Value.self), \(trial): combine with shift \(shift), step \(step) at \(total)")
      }
      // In place, down: every total reads the row as it was.
      let inPlace = Int.random(in: 1...(width + 1), using: &trial.random)
      let range = Int.random(in: 0...width, using: &trial.random)..<width
      let before = expected
      for total in range where total >= inPlace {
        if let added = Self.step(before[total - inPlace], step, floor: floor) {
          expected[total] = min(expected[total] ?? added, added)
        }
      }
      rows.merge(into: 0, from: 0, shift: inPlace, step: step, in: range)
      for total in 0..<width {
        #expect(
          rows.excess(0, at: total) == expected[total],
          "\(Value.self), \(trial): merge in place with shift \(inPlace), step \(step) at \(total)")
      }
      // Queries against the model.
      let limit = Int.random(in: floor...10, using: &trial.random)
      let low = Int.random(in: -5...width, using: &trial.random)
      let high = Int.random(in: low...(width + 5), using: &trial.random)
      let hit = (0..<width).filter { $0 >= low && $0 <= high }.contains { expected[$0].map { $0 <= limit } ?? false }
      #expect(rows.containsAny(0, in: low...high, atMost: limit) == hit, "\(Value.self), \(trial): query")
      let largest = (0..<width).filter { $0 <= high && (expected[$0].map { $0 <= limit } ?? false) }.max()
      #expect(rows.largest(0, atMost: high, excess: limit) == largest, "\(Value.self), \(trial): largest")
      let smallest = (0..<width).filter { $0 >= low && (expected[$0].map { $0 <= limit } ?? false) }.min()
      #expect(rows.smallest(0, atLeast: low, excess: limit) == smallest, "\(Value.self), \(trial): smallest")
      // The lowest total from which on the range is all reached within the limit, read down from its end.
      let (from, end) = (max(low, 0), min(high, width))
      var lowest = max(from, end)
      while lowest > from, let value = expected[lowest - 1], value <= limit { lowest -= 1 }
      #expect(
        rows.lowestAtMost(0, in: low..<max(low, high), excess: limit) == lowest,
        "\(Value.self), \(trial): lowest at most \(limit) in \(low)..<\(high)")
    }
  }

  @Test(
    "a row merged into itself reads it as it was: rows of hundreds, shifts shorter and longer than a vector",
    arguments: [false, true])
  func inPlaceOverVectors(bytes: Bool) {
    if bytes { Self.inPlaceOverVectors(UInt8.self) } else { Self.inPlaceOverVectors(Int16.self) }
  }

  /// The loops run from the top down, four vectors a turn, and end with one vector again over values already
  /// done where the row lies at least a vector below itself: rows of up to 400 totals and shifts from 1 to 40
  /// cover every turn, every remainder and both ends (16 one-byte or 8 two-byte values a vector).
  static func inPlaceOverVectors<Value: ExcessValue>(_: Value.Type) {
    for var trial in SeededCases(seed: 0x1A_9_1ACE, count: 300) {
      let width = Int.random(in: 1...400, using: &trial.random)
      let floor = -Int.random(in: 0...30, using: &trial.random)
      var rows = ExcessRows<Value>(rows: 1, maximum: width - 1, floor: floor, ceiling: 42)
      let values = Self.random(&trial.random, width: width, floor: floor)
      Self.fill(&rows, 0, with: values)
      let shift = Int.random(in: 1...40, using: &trial.random)
      let step = Bool.random(using: &trial.random) ? 1 : -Int.random(in: 1...6, using: &trial.random)
      let low = Int.random(in: 0...width, using: &trial.random)
      let range = low..<Int.random(in: low...(width + 3), using: &trial.random)
      var expected = values
      for total in range where total >= shift && total < width {
        if let added = Self.step(values[total - shift], step, floor: floor) {
          expected[total] = min(values[total] ?? added, added)
        }
      }
      rows.merge(into: 0, from: 0, shift: shift, step: step, in: range)
      for total in 0..<width {
        #expect(
          rows.excess(0, at: total) == expected[total],
          "\(Value.self), \(trial): width \(width), shift \(shift), step \(step), range \(range) at \(total)")
      }
    }
  }

  @Test(
    "the lowest total from which a range is all within a limit, over long stretches within it (seeded)",
    arguments: [false, true])
  func lowestAtMost(bytes: Bool) {
    if bytes { Self.lowestAtMost(UInt8.self) } else { Self.lowestAtMost(Int16.self) }
  }

  /// Rows whose values from a random total on are all reached within the limit but for at most one: the
  /// scan down from a range's end crosses several vectors before it stops, or the range's start.
  static func lowestAtMost<Value: ExcessValue>(_: Value.Type) {
    for var trial in SeededCases(seed: 0x10_3E57, count: 300) {
      let width = Int.random(in: 1...300, using: &trial.random)
      let floor = -Int.random(in: 0...30, using: &trial.random)
      let limit = Int.random(in: floor...10, using: &trial.random)
      var values = Self.random(&trial.random, width: width, floor: floor)
      // Total 0 stays as the base row has it (see ``fill(_:_:with:)``).
      let settledFrom = Int.random(in: 1...width, using: &trial.random)
      for total in settledFrom..<width { values[total] = Int.random(in: floor...limit, using: &trial.random) }
      if Bool.random(using: &trial.random), settledFrom < width {
        values[Int.random(in: settledFrom..<width, using: &trial.random)] =
          Bool.random(using: &trial.random) ? nil : limit + 1
      }
      var rows = ExcessRows<Value>(rows: 1, maximum: width - 1, floor: floor, ceiling: 42)
      Self.fill(&rows, 0, with: values)
      let low = Int.random(in: -3...width, using: &trial.random)
      let high = Int.random(in: low...(width + 3), using: &trial.random)
      var lowest = max(max(low, 0), min(high, width))
      while lowest > max(low, 0), let value = values[lowest - 1], value <= limit { lowest -= 1 }
      #expect(
        rows.lowestAtMost(0, in: low..<high, excess: limit) == lowest,
        "\(Value.self), \(trial): width \(width), at most \(limit) in \(low)..<\(high)")
    }
  }

  @Test(
    "long steps give the floor or stay unreached, and unreached totals stay so after thousands of steps down",
    arguments: [false, true])
  func longSteps(bytes: Bool) {
    if bytes {
      // Every span from the floor to the ceiling that one byte is said to hold.
      var spans = 0
      for span in 0...255 where ExcessRows<UInt8>.holds(floor: -(span * 3 / 4), ceiling: span - span * 3 / 4) {
        Self.longSteps(UInt8.self, floor: -(span * 3 / 4), ceiling: span - span * 3 / 4)
        spans += 1
      }
      #expect(spans > 100)
    } else {
      // The widest span two bytes hold.
      Self.longSteps(Int16.self, floor: -4_000, ceiling: 1_999)
    }
  }

  static func longSteps<Value: ExcessValue>(_: Value.Type, floor: Int, ceiling: Int) {
    var rows = ExcessRows<Value>(rows: 2, maximum: 40, floor: floor, ceiling: ceiling)
    rows.setBase(1)
    rows.combine(into: 0, skip: 1, next: 1, shift: 3, step: -1_000_000)
    #expect(rows.excess(0, at: 3) == floor, "\(Value.self), excesses \(floor)...\(ceiling)")
    #expect(rows.excess(0, at: 0) == 0)
    #expect(rows.excess(0, at: 4) == nil)
    rows.combine(into: 1, skip: 0, next: 0, shift: 1, step: 1_000_000)
    #expect(rows.excess(1, at: 4) == nil, "a step past every reachable excess leaves the total unreached")
    #expect(rows.excess(1, at: 5) == nil)
    // Unreached values come down with every step down, each from the one before it; the rows are reset
    // before they could pass for reached.
    var unreached = ExcessRows<Value>(rows: 2, maximum: 40, floor: floor, ceiling: ceiling)
    unreached.setUnreached(0)
    unreached.setUnreached(1)
    for round in 0..<5_000 {
      let (source, target) = round % 2 == 0 ? (1, 0) : (0, 1)
      let step = round % 7 == 0 ? -unreached.longestStepDown : -2
      unreached.combine(into: target, skip: source, next: source, shift: 1, step: step)
    }
    for row in 0..<2 {
      for total in 0...40 {
        #expect(
          unreached.excess(row, at: total) == nil,
          "\(Value.self), excesses \(floor)...\(ceiling): row \(row), total \(total) after 5,000 steps down")
      }
    }
  }

  @Test(
    "unreached totals stay so after thousands of steps down in part of a row, in place and from the scratch row",
    arguments: [false, true])
  func partialStepsDown(bytes: Bool) {
    if bytes {
      Self.partialStepsDown(UInt8.self, floor: -60, ceiling: 60)
    } else {
      Self.partialStepsDown(Int16.self, floor: -4_000, ceiling: 1_999)
    }
  }

  static func partialStepsDown<Value: ExcessValue>(_: Value.Type, floor: Int, ceiling: Int) {
    let seed: UInt64 = 0xD_41F7
    var random = SeededGenerator(seed: seed)
    var rows = ExcessRows<Value>(rows: 1, maximum: 60, floor: floor, ceiling: ceiling)
    rows.setUnreached(0)
    // Once across the row, then thousands of times below total 20, in place or from the scratch row, by
    // two or by the longest step: a reset must cover every total stepped down since the last one.
    rows.merge(into: 0, from: 0, shift: 1, step: -2, in: 0..<61)
    for _ in 0..<5_000 {
      let end = Int.random(in: 5...20, using: &random)
      let shift = Int.random(in: 1...5, using: &random)
      let step = Bool.random(using: &random) ? -rows.longestStepDown : -2
      if Bool.random(using: &random) {
        rows.merge(into: 0, from: 0, shift: shift, step: step, in: 0..<end)
      } else {
        rows.saveScratch(0, below: end)
        rows.merge(into: 0, from: rows.scratch, shift: shift, step: step, in: 0..<end)
      }
    }
    for total in 0...60 {
      #expect(
        rows.excess(0, at: total) == nil,
        "\(Value.self), seed \(seed): total \(total) after 5,000 steps down below 20")
    }
  }
}
