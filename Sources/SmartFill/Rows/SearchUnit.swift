/// Durations in a search's unit: the greatest common divisor of the candidates' seconds, so that the rows
/// span as few totals as the catalog allows (a catalog of whole minutes searches minutes).
///
/// Most catalogs have a unit of one second, and a division by a value known only at run time costs tens of
/// cycles where an addition costs one: the searches read hundreds of candidates a fill, so these skip it for
/// a unit of 1 (the issue that asked for the engine's rework named "a division per candidate even when the
/// divisor is 1").
extension Int {
  /// These seconds in units of `unit` seconds, rounded down: no division for a unit of 1.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  func inUnits(of unit: Int) -> Int { unit == 1 ? self : self / unit }
}

extension Collection where Element == Int {
  /// Each of these seconds in units of `unit` seconds, rounded down (see ``Swift/Int/inUnits(of:)``).
  ///
  /// - Complexity: O(*n*), one division each only where the unit is not 1.
  func inUnits(of unit: Int) -> [Int] { unit == 1 ? Array(self) : map { $0 / unit } }
}

/// The greatest common divisor of two non-negative integers: the unit of a search over durations `a` and `b`.
///
/// - Complexity: O(log min(*a*, *b*)).
func gcd(_ a: Int, _ b: Int) -> Int {
  var (a, b) = (a, b)
  while b != 0 { (a, b) = (b, a % b) }
  return a
}
