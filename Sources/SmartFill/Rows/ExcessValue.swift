/// How ``ExcessRows`` stores an excess: its encoding, the limits that keep unreached totals apart from
/// reached ones, and the vector loops of a step.
///
/// Two encodings give the same answers:
/// - `Int16`, the excess itself: a floor down to −4,000, up to 2,000 episodes of the show that fit, `none`
///   16,384 and anything above 4,096 unreached; a step down is an addition and a `max` with the floor, a step
///   up an addition and a `min` with `none` (8 values a vector with SSE2, which has `pminsw` and `pmaxsw`).
/// - `UInt8`, the excess less the floor, where that span is at most 127: `none` is 255 and anything above the
///   span is unreached; a step down is a saturating subtraction (`psubusb`, which stops at the floor, 0), a
///   step up a saturating addition (`paddusb`, which stops at `none`), then a `min` (`pminub`): 16 values a
///   vector, each in one instruction. With a span of at most 127, a step down as long as the span (which
///   takes every reached value to the floor) leaves `none` above the span, so unreached values may drift
///   down by 254 less the span before their row is reset.
///
/// The loops run on the standard library's vectors (`SIMD16<UInt8>`, `SIMD8<Int16>`) in forms the compiler
/// turns into those single instructions on the baseline x86-64 (and their counterparts elsewhere), from the top
/// of the values down: so `added` may lie below `out` in the same row, with `kept` the row itself (one
/// candidate added in place), with no copy first, since each vector is read before any value at or above it
/// is written.
protocol ExcessValue: FixedWidthInteger, SIMDScalar, Codable, Sendable {
  /// The vector the loops work on.
  associatedtype Vector: SIMD where Vector.Scalar == Self
  /// The stored value of a total no selection reaches.
  static var none: Self { get }
  /// Whether excesses from `floor` to `ceiling` can be stored.
  static func holds(floor: Int, ceiling: Int) -> Bool
  /// For excesses from `floor` to `ceiling`: the largest stored value of a reached total, how far unreached
  /// values may drift down before their row is reset, and the longest steps worth taking (a longer one gives
  /// the same values).
  static func limits(floor: Int, ceiling: Int) -> (
    reachedBound: Self, largestDrift: Int, longestStepDown: Int, longestStepUp: Int
  )
  /// The stored form of `excess` (from the floor to the ceiling).
  static func stored(_ excess: Int, floor: Int) -> Self
  /// The excess a reached value stands for.
  static func excess(_ value: Self, floor: Int) -> Int
  /// Whether any of the `count` values from `values` is at most `bound`.
  static func anyAtMost(_ bound: Self, in values: UnsafeMutablePointer<Self>, count: Int) -> Bool
  /// The offset of the last of the `count` values from `values` that is above `bound`, or `nil`.
  static func lastAbove(_ bound: Self, in values: UnsafeMutablePointer<Self>, count: Int) -> Int?
  /// Sets every value of `values` above `bound` (an unreached one) to `none`.
  static func renormalize(_ values: UnsafeMutablePointer<Self>, count: Int, above bound: Self)
  /// `out[t] = min(kept[t], added[t] ⊕ step)`, up by `step` (at most the longest step up). `kept` is `out`
  /// itself or apart from it; `added` is apart from both, or lies below `out` in the same row (one candidate
  /// added in place), read as it was before the call.
  static func combineUp(
    _ out: UnsafeMutablePointer<Self>, _ kept: UnsafeMutablePointer<Self>, _ added: UnsafeMutablePointer<Self>,
    count: Int, by step: Int)
  /// `out[t] = min(kept[t], added[t] ⊕ −step)`, down by `step` and clamped at `floor` (stored); `kept` and
  /// `added` as for ``combineUp(_:_:_:count:by:)``.
  static func combineDown(
    _ out: UnsafeMutablePointer<Self>, _ kept: UnsafeMutablePointer<Self>, _ added: UnsafeMutablePointer<Self>,
    count: Int, by step: Int, floor: Self)
}

extension ExcessValue {
  /// Calls `vector` with the offset of each whole vector of `count` values from the top down, four a turn;
  /// then, for the values below them, `vector` once more at offset 0 over values already done where that may
  /// repeat (`mayRepeat`, and `count` at least a vector), or `scalar` with each of them downwards.
  ///
  /// A loop that reads a vector before it writes it reads the values at or above what it writes as they were
  /// before the call, and those below, too. A repeat is harmless where it reads the same values again (each
  /// step is a `min` with them): for one row added into itself, where it lies at least a vector below.
  @inline(__always)
  static func descending(_ count: Int, mayRepeat: Bool, vector: (Int) -> Void, scalar: (Int) -> Void) {
    let width = Vector.scalarCount
    var t = count
    while t >= 4 &* width {
      vector(t &- width)
      vector(t &- 2 &* width)
      vector(t &- 3 &* width)
      t &-= 4 &* width
      vector(t)
    }
    while t >= width {
      t &-= width
      vector(t)
    }
    if t > 0 && mayRepeat && count >= width {
      vector(0)
      return
    }
    while t > 0 {
      t &-= 1
      scalar(t)
    }
  }

  /// Whether `test` holds for a vector of the `count` values from `values`, a vector at a time (the last one
  /// overlapping the one before it where `count` is not whole vectors), or for one of fewer values than a
  /// vector, one at a time.
  @inline(__always)
  static func anyVector(
    _ values: UnsafeMutablePointer<Self>, count: Int, _ test: (Vector) -> Bool, scalar: (Self) -> Bool
  ) -> Bool {
    let width = Vector.scalarCount
    guard count >= width else {
      for t in 0..<count where scalar(values[t]) { return true }
      return false
    }
    var t = 0
    while t &+ width <= count {
      if test(load(values, t)) { return true }
      t &+= width
    }
    return t < count && test(load(values, count &- width))
  }

  /// The offset of the last of the `count` values from `values` for which `scalar` holds, or `nil`: a vector
  /// at a time from the top down while `test` (that it holds for some lane) does not, the last one
  /// overlapping the one above it where `count` is not whole vectors; then one value at a time in the vector
  /// that passed.
  @inline(__always)
  static func lastVector(
    _ values: UnsafeMutablePointer<Self>, count: Int, _ test: (Vector) -> Bool, scalar: (Self) -> Bool
  ) -> Int? {
    let width = Vector.scalarCount
    var end = count
    if count >= width {
      while end > 0 {
        let start = Swift.max(0, end &- width)
        if test(load(values, start)) { break }
        end = start
      }
    }
    var t = end
    while t > 0 {
      t &-= 1
      if scalar(values[t]) { return t }
    }
    return nil
  }

  /// Whether `added` lies at least a vector below `out` or apart from it, so that the loops may repeat a
  /// vector (see ``descending(_:mayRepeat:vector:scalar:)``).
  @inline(__always)
  static func mayRepeat(_ out: UnsafeMutablePointer<Self>, _ added: UnsafeMutablePointer<Self>, count: Int) -> Bool {
    added >= out + count || out - added >= Vector.scalarCount || added + count <= out
  }
}

/// The vector of `values` at `offset`.
@inline(__always)
private func load<Value: ExcessValue>(_ values: UnsafeMutablePointer<Value>, _ offset: Int) -> Value.Vector {
  UnsafeRawPointer(values + offset).loadUnaligned(as: Value.Vector.self)
}

/// Stores `vector` into `values` at `offset`.
@inline(__always)
private func store<Value: ExcessValue>(_ vector: Value.Vector, _ values: UnsafeMutablePointer<Value>, _ offset: Int) {
  UnsafeMutableRawPointer(values + offset).storeBytes(of: vector, as: Value.Vector.self)
}

extension Int16: ExcessValue {
  typealias Vector = SIMD8<Int16>

  static var none: Int16 { 16_384 }

  static func holds(floor: Int, ceiling: Int) -> Bool { floor >= -4_000 && ceiling < 2_000 }

  static func limits(floor: Int, ceiling: Int) -> (
    reachedBound: Int16, largestDrift: Int, longestStepDown: Int, longestStepUp: Int
  ) {
    // From any reached value (below 2,000) a step of 6,000 down reaches the floor; past 10,000 up every
    // value, even the floor, is above 4,096, and `none` plus it fits 16 bits.
    (4_096, 12_000, 6_000, 10_000)
  }

  static func stored(_ excess: Int, floor: Int) -> Int16 { Int16(excess) }

  static func excess(_ value: Int16, floor: Int) -> Int { Int(value) }

  static func anyAtMost(_ bound: Int16, in values: UnsafeMutablePointer<Int16>, count: Int) -> Bool {
    let bounds = Vector(repeating: bound)
    return anyVector(values, count: count, { any($0 .<= bounds) }, scalar: { $0 <= bound })
  }

  static func lastAbove(_ bound: Int16, in values: UnsafeMutablePointer<Int16>, count: Int) -> Int? {
    let bounds = Vector(repeating: bound)
    return lastVector(values, count: count, { any($0 .> bounds) }, scalar: { $0 > bound })
  }

  static func renormalize(_ values: UnsafeMutablePointer<Int16>, count: Int, above bound: Int16) {
    for t in 0..<count {
      let value = values[t]
      values[t] = value > bound ? none : value
    }
  }

  // Each loop below is one vector expression of the scalar one beside it: an addition (`paddw`, `psubw`, which
  // cannot wrap from a reached value within the limits), then a `max` or `min` and a `min` (`pmaxsw`, `pminsw`).
  // The comparisons are on the concrete vector type: the generic ones go lane by lane.

  /// The least of each pair of lanes.
  @inline(__always)
  private static func lanewiseMin(_ a: Vector, _ b: Vector) -> Vector { a.replacing(with: b, where: b .< a) }

  static func combineUp(
    _ out: UnsafeMutablePointer<Int16>, _ kept: UnsafeMutablePointer<Int16>, _ added: UnsafeMutablePointer<Int16>,
    count: Int, by step: Int
  ) {
    let step = Int16(step)
    let (steps, nones) = (Vector(repeating: step), Vector(repeating: none))
    descending(count, mayRepeat: mayRepeat(out, added, count: count)) { t in
      store(lanewiseMin(load(kept, t), lanewiseMin(load(added, t) &+ steps, nones)), out, t)
    } scalar: { t in
      out[t] = Swift.min(kept[t], Swift.min(added[t] &+ step, none))
    }
  }

  static func combineDown(
    _ out: UnsafeMutablePointer<Int16>, _ kept: UnsafeMutablePointer<Int16>, _ added: UnsafeMutablePointer<Int16>,
    count: Int, by step: Int, floor: Int16
  ) {
    let step = Int16(step)
    let (steps, floors) = (Vector(repeating: step), Vector(repeating: floor))
    descending(count, mayRepeat: mayRepeat(out, added, count: count)) { t in
      let lowered = load(added, t) &- steps
      store(lanewiseMin(load(kept, t), lowered.replacing(with: floors, where: lowered .< floors)), out, t)
    } scalar: { t in
      out[t] = Swift.min(kept[t], Swift.max(added[t] &- step, floor))
    }
  }
}

extension UInt8: ExcessValue {
  typealias Vector = SIMD16<UInt8>

  static var none: UInt8 { 255 }

  static func holds(floor: Int, ceiling: Int) -> Bool { ceiling - floor <= 127 }

  static func limits(floor: Int, ceiling: Int) -> (
    reachedBound: UInt8, largestDrift: Int, longestStepDown: Int, longestStepUp: Int
  ) {
    let span = ceiling - floor
    return (UInt8(span), 254 - span, span, 255)
  }

  static func stored(_ excess: Int, floor: Int) -> UInt8 { UInt8(excess - floor) }

  static func excess(_ value: UInt8, floor: Int) -> Int { Int(value) + floor }

  // The forms below are the ones the compiler turns into single instructions: `Swift.max(a, s) &- s` and, on
  // vectors, `(a &- s).replacing(with: 0, where: a .< s)`, a saturating subtraction, into `psubusb`;
  // `Swift.min(a, 255 − s) &+ s` and `(a &+ s).replacing(with: 255, where: a &+ s .< s)`, a saturating
  // addition, into `paddusb` (where `a &+ s < s ? 255 : a &+ s` on scalars is not); `Swift.max(a, mask)` into a
  // compare and an `or`.

  static func anyAtMost(_ bound: UInt8, in values: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
    let bounds = Vector(repeating: bound)
    return anyVector(values, count: count, { any($0 .<= bounds) }, scalar: { $0 <= bound })
  }

  static func lastAbove(_ bound: UInt8, in values: UnsafeMutablePointer<UInt8>, count: Int) -> Int? {
    let bounds = Vector(repeating: bound)
    return lastVector(values, count: count, { any($0 .> bounds) }, scalar: { $0 > bound })
  }

  static func renormalize(_ values: UnsafeMutablePointer<UInt8>, count: Int, above bound: UInt8) {
    for t in 0..<count {
      let value = values[t]
      values[t] = Swift.max(value, value > bound ? none : 0)
    }
  }

  /// The least of each pair of lanes (on the concrete vector type: the generic comparisons go lane by lane).
  @inline(__always)
  private static func lanewiseMin(_ a: Vector, _ b: Vector) -> Vector { a.replacing(with: b, where: b .< a) }

  /// `values` up by `steps`, saturating at `none`.
  @inline(__always)
  private static func raised(_ values: Vector, by steps: Vector) -> Vector {
    let sum = values &+ steps
    return sum.replacing(with: Vector(repeating: none), where: sum .< steps)
  }

  /// `values` down by `steps`, saturating at 0 (the floor).
  @inline(__always)
  private static func lowered(_ values: Vector, by steps: Vector) -> Vector {
    (values &- steps).replacing(with: Vector(), where: values .< steps)
  }

  static func combineUp(
    _ out: UnsafeMutablePointer<UInt8>, _ kept: UnsafeMutablePointer<UInt8>, _ added: UnsafeMutablePointer<UInt8>,
    count: Int, by step: Int
  ) {
    let (step, room) = (UInt8(step), none - UInt8(step))
    let steps = Vector(repeating: step)
    descending(count, mayRepeat: mayRepeat(out, added, count: count)) { t in
      store(lanewiseMin(load(kept, t), raised(load(added, t), by: steps)), out, t)
    } scalar: { t in
      out[t] = Swift.min(kept[t], Swift.min(added[t], room) &+ step)
    }
  }

  static func combineDown(
    _ out: UnsafeMutablePointer<UInt8>, _ kept: UnsafeMutablePointer<UInt8>, _ added: UnsafeMutablePointer<UInt8>,
    count: Int, by step: Int, floor: UInt8
  ) {
    let step = UInt8(step)
    let steps = Vector(repeating: step)
    descending(count, mayRepeat: mayRepeat(out, added, count: count)) { t in
      store(lanewiseMin(load(kept, t), lowered(load(added, t), by: steps)), out, t)
    } scalar: { t in
      out[t] = Swift.min(kept[t], Swift.max(added[t], step) &- step)
    }
  }
}
