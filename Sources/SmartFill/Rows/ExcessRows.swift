/// Rows over the totals `0 ... maximum` holding, for each total, the least *excess* of a selection with that
/// total: for one dominant show *s*, `D = count(s) − 2 · count(others)`. The variety condition for *s* from a
/// state `δ` is `δ + D ≤ 2`, so a total is reachable from `δ` exactly when its least excess is at most
/// `2 − δ`: one row of small integers stands for the whole column of bitsets, one per `δ`, that
/// ``VarietyFill`` keeps for two dominant shows. The recurrence over a candidate of duration *d* and step
/// `e` (+1 for *s*, −2 for the others) is
///
///     row[t] = min(skip[t], next[t − d] ⊕ e),
///
/// where `⊕` adds and clamps, so that a row over a few thousand totals costs a few hundred vector operations
/// whatever the number of states.
///
/// Values are clamped below at `floor`, which a search chooses low enough that no query can tell a clamped
/// value from the true one, and are at most `ceiling` (the most episodes of *s* that fit). They are stored
/// as `Value`: one byte where the span from the floor to the ceiling is small (see ``ExcessValue``), 16
/// bits otherwise; the answers are the same, the bytes take half the memory and half the vector operations.
///
/// A total no selection reaches holds `none`, or a value that came from `none` by steps down: every stored
/// value above ``reachedBound`` is unreached. Steps down do not test for `none` (a test per value would
/// double the work of a step); instead each row keeps how far its unreached values may have come down, and a
/// row about to come down too far is first reset to `none` where it is unreached (``renormalize(_:)``). Each
/// row also keeps where its values written since it was last set or reset end: above that, an unreached
/// value is still `none`, so a reset stops there (a tail's totals are added below the reach, an eighth of
/// the row at 8 hours).
///
/// The memory comes from a ``ScratchPool`` when one is given, and goes back to it when the rows end (they
/// cannot be copied), so a row holds whatever an earlier search left until it is set: ``setBase(_:)``,
/// ``setUnreached(_:)`` or ``combine(into:skip:next:shift:step:upTo:)`` over the whole row.
struct ExcessRows<Value: ExcessValue>: ~Copyable {
  /// The entries per row: every total from 0 to the maximum.
  let width: Int
  /// The memory of the rows, then of one scratch row for a group's prefixes, and where it goes back to.
  private let buffer: ScratchBuffer
  private let pool: ScratchPool?
  /// The values, row after row, in `buffer`.
  private let values: UnsafeMutablePointer<Value>
  /// For each row (and the scratch row), how far below `none` its unreached values may be. (This and
  /// `written` are kept in memory the rows own, so that updating them costs no check of an array's
  /// uniqueness: a search of 10,000 short rows updates them on every row.)
  private let drift: UnsafeMutablePointer<Int>
  /// For each row (and the scratch row), the end of the totals written since it was set or reset: every
  /// unreached value at or above it is `none` (or never read, above what the scratch row saved).
  private let written: UnsafeMutablePointer<Int>
  /// The number of rows (the scratch row excluded).
  let rows: Int
  /// The lowest excess kept.
  let floor: Int
  /// The stored form of `floor`.
  let storedFloor: Value
  /// Every stored value above this is unreached.
  let reachedBound: Value
  /// How far unreached values may come down before their row is reset: they stay above ``reachedBound``.
  let largestDrift: Int
  /// The longest step down: from any reached value it reaches the floor.
  let longestStepDown: Int
  /// The longest step up: past it every value, even the floor, is unreached.
  let longestStepUp: Int

  /// Whether excesses from `floor` to `ceiling` fit `Value`.
  static func holds(floor: Int, ceiling: Int) -> Bool { Value.holds(floor: floor, ceiling: ceiling) }

  /// Creates `rows` rows over the totals `0 ... maximum`, not yet set, for excesses from `floor` (at most 0)
  /// to `ceiling` (at least 0), which `Value` must hold; their memory from `pool` if given.
  init(rows: Int, maximum: Int, floor: Int, ceiling: Int, pool: ScratchPool? = nil) {
    precondition(
      floor <= 0 && ceiling >= 0 && Value.holds(floor: floor, ceiling: ceiling),
      "excesses \(floor)...\(ceiling) out of range for \(Value.self)")
    width = maximum + 1
    self.floor = floor
    storedFloor = Value.stored(floor, floor: floor)
    let limits = Value.limits(floor: floor, ceiling: ceiling)
    reachedBound = limits.reachedBound
    largestDrift = limits.largestDrift
    longestStepDown = limits.longestStepDown
    longestStepUp = limits.longestStepUp
    let count = (rows + 1) * width
    let bytes = count * MemoryLayout<Value>.stride
    buffer = pool?.take(bytes: bytes) ?? ScratchBuffer(bytes: bytes)
    self.pool = pool
    values = buffer.start.bindMemory(to: Value.self, capacity: count)
    self.rows = rows
    drift = .allocate(capacity: rows + 1)
    drift.initialize(repeating: 0, count: rows + 1)
    written = .allocate(capacity: rows + 1)
    written.initialize(repeating: width, count: rows + 1)
  }

  deinit {
    drift.deallocate()
    written.deallocate()
    pool?.giveBack(buffer)
  }

  // Bounds. The loops below index the values through unsafe pointers; every index they form is
  // `row · width + t` with `0 ≤ t < width`, which holds because each row number is checked here and each
  // range is clipped to `0 ..< width` before a loop.

  /// Traps unless `row` is one of the rows, or the scratch row when `scratch` is set.
  private func check(_ row: Int, scratch: Bool = false) {
    precondition(row >= 0 && row < rows + (scratch ? 1 : 0), "excess row \(row) out of 0..<\(rows)")
  }

  /// `step` kept within the longest steps: a longer one gives the same values.
  private func clamped(_ step: Int) -> Int { min(max(step, -longestStepDown), longestStepUp) }

  /// Makes room for a step of `step` from `source`: resets the row where it is unreached if its unreached
  /// values could otherwise come down to ``reachedBound``, and returns how far they may be after the step.
  private mutating func driftAfter(_ step: Int, from source: Int) -> Int {
    let down = max(0, -step)
    if drift[source] + down > largestDrift { renormalize(source) }
    return drift[source] + down
  }

  /// Sets every unreached value of `row` to `none`.
  ///
  /// - Complexity: O(*t*) for the *t* totals written since the row was set or reset, in vectors.
  mutating func renormalize(_ row: Int) {
    check(row, scratch: true)
    Value.renormalize(values + row * width, count: written[row], above: reachedBound)
    drift[row] = 0
    written[row] = 0
  }

  /// Sets `row` to the empty selection alone: total 0 with excess 0.
  ///
  /// - Complexity: O(`width`), in vectors.
  mutating func setBase(_ row: Int) {
    check(row)
    (values + row * width).update(repeating: Value.none, count: width)
    values[row * width] = Value.stored(0, floor: floor)
    drift[row] = 0
    written[row] = 0
  }

  /// Sets `row` to no selection at all: every total unreached.
  ///
  /// - Complexity: O(`width`), in vectors.
  mutating func setUnreached(_ row: Int) {
    check(row)
    (values + row * width).update(repeating: Value.none, count: width)
    drift[row] = 0
    written[row] = 0
  }

  /// The least excess of `row` at `total`, or `nil` when no selection reaches it.
  func excess(_ row: Int, at total: Int) -> Int? {
    check(row)
    precondition(total >= 0 && total < width, "total \(total) out of 0..<\(width)")
    let value = values[row * width + total]
    return value > reachedBound ? nil : Value.excess(value, floor: floor)
  }

  /// `row[t] = min(skip[t], next[t − shift] ⊕ step)` for `t` up to `last` (the whole row by default): the
  /// selections of `skip`, and those of `next` with one candidate more. The three rows must differ; above
  /// `last`, `row` is left as it was.
  ///
  /// - Complexity: O(`last`), in vectors (16 one-byte or 8 two-byte values with SSE2).
  mutating func combine(into row: Int, skip: Int, next: Int, shift: Int, step: Int, upTo last: Int = .max) {
    check(row)
    check(skip)
    check(next)
    precondition(row != skip && row != next && shift >= 0, "combine needs three rows and a shift ≥ 0")
    let width = width
    let end = last < width ? max(0, last + 1) : width
    let step = clamped(step)
    let after = driftAfter(step, from: next)
    drift[row] = max(end < width ? drift[row] : 0, drift[skip], after)
    written[row] = max(written[row], end)
    let (out, kept, added) = (values + row * width, values + skip * width, values + next * width)
    let split = min(shift, end)
    out.update(from: kept, count: split)
    if step >= 0 {
      Value.combineUp(out + split, kept + split, added, count: end - split, by: step)
    } else {
      Value.combineDown(out + split, kept + split, added, count: end - split, by: -step, floor: storedFloor)
    }
  }

  /// `row[t] = min(row[t], source[t − shift] ⊕ step)` for `t` in `range` (clipped to `shift ..< width`), with
  /// `source` as it was before the call: it may be `row` itself (one candidate added in place, `shift > 0`)
  /// or the scratch row (see ``saveScratch(_:below:)``).
  ///
  /// - Complexity: O(*t*) for the *t* totals of the range, in vectors.
  mutating func merge(into row: Int, from source: Int, shift: Int, step: Int, in range: Range<Int>) {
    check(row)
    check(source, scratch: true)
    precondition(shift > 0 || source != row, "a row merged into itself needs a shift > 0")
    let low = max(range.lowerBound, shift)
    let high = min(range.upperBound, width)
    guard low < high else { return }
    let width = width
    let step = clamped(step)
    let after = driftAfter(step, from: source)
    drift[row] = max(drift[row], after)
    written[row] = max(written[row], high)
    let floor = storedFloor
    // In place (`source == row`, `shift > 0`), `added` lies below `out`: the loops read each vector before they
    // write it, from the top down, so they read the row as it was (see ``ExcessValue``).
    let (out, added) = (values + row * width + low, values + source * width - shift + low)
    if step >= 0 {
      Value.combineUp(out, out, added, count: high - low, by: step)
    } else {
      Value.combineDown(out, out, added, count: high - low, by: -step, floor: floor)
    }
  }

  /// Copies `row` into the scratch row, below `end`.
  mutating func saveScratch(_ row: Int, below end: Int) {
    check(row)
    let width = width
    let scratch = rows
    drift[scratch] = drift[row]
    written[scratch] = min(written[row], max(0, min(end, width)))
    (values + scratch * width).update(from: values + row * width, count: max(0, min(end, width)))
  }

  /// The scratch row's number, for ``merge(into:from:shift:step:in:)``.
  var scratch: Int { rows }

  /// Whether `row` reaches a total in `range` (clipped to `0 ..< width`) with excess at most `limit`.
  ///
  /// - Complexity: O(*t*) for the *t* totals of the range, in vectors; it stops at the first vector with one.
  func containsAny(_ row: Int, in range: ClosedRange<Int>, atMost limit: Int) -> Bool {
    check(row)
    let low = max(range.lowerBound, 0)
    let high = min(range.upperBound + 1, width)
    guard low < high, limit >= floor else { return false }
    let bound = min(Value.stored(min(limit, Value.excess(reachedBound, floor: floor)), floor: floor), reachedBound)
    return Value.anyAtMost(bound, in: values + row * width + low, count: high - low)
  }

  /// The lowest total of `range` (clipped to `0 ..< width`) from which on every total of the range is
  /// reached with excess at most `limit` in `row`: the range's end where its last total is not.
  ///
  /// - Complexity: O(*t*) for the *t* totals from the answer to the range's end, in vectors.
  func lowestAtMost(_ row: Int, in range: Range<Int>, excess limit: Int) -> Int {
    check(row)
    let low = max(range.lowerBound, 0)
    let high = min(range.upperBound, width)
    guard low < high, limit >= floor else { return max(high, low) }
    let bound = min(Value.stored(min(limit, Value.excess(reachedBound, floor: floor)), floor: floor), reachedBound)
    return Value.lastAbove(bound, in: values + row * width + low, count: high - low).map { low + $0 + 1 } ?? low
  }

  /// The largest total of `row` at most `total` with excess at most `limit`, or `nil`.
  ///
  /// - Complexity: O(*t*) for the *t* totals from the answer to `total`.
  func largest(_ row: Int, atMost total: Int, excess limit: Int) -> Int? {
    check(row)
    var t = min(total, width - 1)
    while t >= 0 {
      if let value = excess(row, at: t), value <= limit { return t }
      t -= 1
    }
    return nil
  }

  /// The smallest total of `row` at least `total` with excess at most `limit`, or `nil`.
  ///
  /// - Complexity: O(*t*) for the *t* totals from `total` to the answer.
  func smallest(_ row: Int, atLeast total: Int, excess limit: Int) -> Int? {
    check(row)
    var t = max(total, 0)
    while t < width {
      if let value = excess(row, at: t), value <= limit { return t }
      t += 1
    }
    return nil
  }
}
