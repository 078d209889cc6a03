/// Thresholds over a randomized test's cases that scale with the count actually run.
extension SeededCases {
  /// Whether `observed` of the cases run is at least the share `needed` / `full` that a full run of `full`
  /// cases asks for ("at least 500 of 3,000 cases were feasible" asks a quick run of 300 for 50).
  ///
  /// Always true when one case is replayed (`SMARTFILL_TEST_SEED`): a share says nothing of a single case.
  package func meets(_ observed: Int, atLeast needed: Int, ofFull full: Int) -> Bool {
    guard TestScale.replayedSeed == nil else { return true }
    return observed * full >= needed * count
  }

  /// Whether `observed` of the cases run is at most the share `allowed` / `full` that a full run of `full`
  /// cases allows, scaled to the cases run; always true when one case is replayed.
  package func meets(_ observed: Int, atMost allowed: Int, ofFull full: Int) -> Bool {
    guard TestScale.replayedSeed == nil else { return true }
    return observed * full <= allowed * count
  }
}
