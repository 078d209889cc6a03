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
/// The loops are plain loops over pointers, which the compiler vectorizes on the baseline x86-64.
protocol ExcessValue: FixedWidthInteger, Sendable {
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
  /// Sets every value of `values` above `bound` (an unreached one) to `none`.
  static func renormalize(_ values: UnsafeMutablePointer<Self>, count: Int, above bound: Self)
  /// `out[t] = min(out[t], added[t] ⊕ step)`, up by `step` (at most the longest step up); the two must not
  /// overlap.
  static func mergeUp(_ out: UnsafeMutablePointer<Self>, _ added: UnsafeMutablePointer<Self>, count: Int, by step: Int)
  /// `out[t] = min(out[t], added[t] ⊕ −step)`, down by `step` and clamped at `floor` (stored); the two must
  /// not overlap.
  static func mergeDown(
    _ out: UnsafeMutablePointer<Self>, _ added: UnsafeMutablePointer<Self>, count: Int, by step: Int, floor: Self)
  /// `out[t] = min(kept[t], added[t] ⊕ step)`, up; the three must not overlap.
  static func combineUp(
    _ out: UnsafeMutablePointer<Self>, _ kept: UnsafeMutablePointer<Self>, _ added: UnsafeMutablePointer<Self>,
    count: Int, by step: Int)
  /// `out[t] = min(kept[t], added[t] ⊕ −step)`, down and clamped at `floor` (stored); the three must not
  /// overlap.
  static func combineDown(
    _ out: UnsafeMutablePointer<Self>, _ kept: UnsafeMutablePointer<Self>, _ added: UnsafeMutablePointer<Self>,
    count: Int, by step: Int, floor: Self)
}

extension Int16: ExcessValue {
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

  static func renormalize(_ values: UnsafeMutablePointer<Int16>, count: Int, above bound: Int16) {
    for t in 0..<count {
      let value = values[t]
      values[t] = value > bound ? none : value
    }
  }

  static func mergeUp(
    _ out: UnsafeMutablePointer<Int16>, _ added: UnsafeMutablePointer<Int16>, count: Int, by step: Int
  ) {
    let step = Int16(step)
    for t in 0..<count { out[t] = Swift.min(out[t], Swift.min(added[t] &+ step, none)) }
  }

  static func mergeDown(
    _ out: UnsafeMutablePointer<Int16>, _ added: UnsafeMutablePointer<Int16>, count: Int, by step: Int, floor: Int16
  ) {
    let step = Int16(step)
    for t in 0..<count { out[t] = Swift.min(out[t], Swift.max(added[t] &- step, floor)) }
  }

  static func combineUp(
    _ out: UnsafeMutablePointer<Int16>, _ kept: UnsafeMutablePointer<Int16>, _ added: UnsafeMutablePointer<Int16>,
    count: Int, by step: Int
  ) {
    let step = Int16(step)
    for t in 0..<count { out[t] = Swift.min(kept[t], Swift.min(added[t] &+ step, none)) }
  }

  static func combineDown(
    _ out: UnsafeMutablePointer<Int16>, _ kept: UnsafeMutablePointer<Int16>, _ added: UnsafeMutablePointer<Int16>,
    count: Int, by step: Int, floor: Int16
  ) {
    let step = Int16(step)
    for t in 0..<count { out[t] = Swift.min(kept[t], Swift.max(added[t] &- step, floor)) }
  }
}

extension UInt8: ExcessValue {
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

  // The forms below are the ones the compiler turns into single instructions: `Swift.max(a, s) &- s`, a saturating
  // subtraction, into `psubusb`; `Swift.min(a, 255 − s) &+ s`, a saturating addition, into `paddusb` (where
  // `a &+ s < s ? 255 : a &+ s` is not); `Swift.max(a, mask)` into a compare and an `or`.

  static func renormalize(_ values: UnsafeMutablePointer<UInt8>, count: Int, above bound: UInt8) {
    for t in 0..<count {
      let value = values[t]
      values[t] = Swift.max(value, value > bound ? none : 0)
    }
  }

  static func mergeUp(
    _ out: UnsafeMutablePointer<UInt8>, _ added: UnsafeMutablePointer<UInt8>, count: Int, by step: Int
  ) {
    let (step, room) = (UInt8(step), none - UInt8(step))
    for t in 0..<count { out[t] = Swift.min(out[t], Swift.min(added[t], room) &+ step) }
  }

  static func mergeDown(
    _ out: UnsafeMutablePointer<UInt8>, _ added: UnsafeMutablePointer<UInt8>, count: Int, by step: Int, floor: UInt8
  ) {
    let step = UInt8(step)
    for t in 0..<count { out[t] = Swift.min(out[t], Swift.max(added[t], step) &- step) }
  }

  static func combineUp(
    _ out: UnsafeMutablePointer<UInt8>, _ kept: UnsafeMutablePointer<UInt8>, _ added: UnsafeMutablePointer<UInt8>,
    count: Int, by step: Int
  ) {
    let (step, room) = (UInt8(step), none - UInt8(step))
    for t in 0..<count { out[t] = Swift.min(kept[t], Swift.min(added[t], room) &+ step) }
  }

  static func combineDown(
    _ out: UnsafeMutablePointer<UInt8>, _ kept: UnsafeMutablePointer<UInt8>, _ added: UnsafeMutablePointer<UInt8>,
    count: Int, by step: Int, floor: UInt8
  ) {
    let step = UInt8(step)
    for t in 0..<count { out[t] = Swift.min(kept[t], Swift.max(added[t], step) &- step) }
  }
}
