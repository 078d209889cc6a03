/// A request's window in a search's unit (the durations' common divisor): the totals of units whose seconds lie
/// in it, and the aim at its centre. When no multiple of the unit lies in it, the window becomes its top alone,
/// so that the rule chooses the best total below it, and there is no aim.
struct SearchWindow {
  /// The window, in units.
  let units: ClosedRange<Int>
  /// Whether some multiple of the unit lies in the window.
  let isReachable: Bool
  /// Where the search aims inside the window (its centre, the target), `nil` when it is not reachable.
  let aim: Aim?

  /// `window` (in seconds) in units of `unit` seconds, aiming within `aimSeconds` of its centre.
  init(_ window: ClosedRange<Int>, unit: Int, aimSeconds: Int) {
    let low = (window.lowerBound + unit - 1) / unit
    let high = window.upperBound / unit
    isReachable = low <= high
    units = isReachable ? low...high : high...high
    let target = (window.lowerBound + window.upperBound) / 2
    aim = isReachable ? Aim(targetSeconds: target, aimSeconds: aimSeconds, unit: unit) : nil
  }
}
