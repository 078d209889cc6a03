/// How much the audit runs: small seeded sizes by default, so that a run takes seconds in a debug build.
package struct AuditSizes: Sendable, Hashable {
  /// The seeds of the generated catalogs smart fill runs on when no catalog is given.
  package var catalogSeeds: [UInt64] = [1, 2]
  /// Their subscriptions: the design's 100.
  package var subscriptions = 100
  /// The fills timed for the speed figure.
  package var speedFills = 40
  /// The seeds of the sync simulation.
  package var syncSeeds: [UInt64] = [1, 2, 3]
  /// Its devices and steps per seed.
  package var syncDevices = 3
  package var syncSteps = 150

  /// The defaults.
  package init() {}
}
