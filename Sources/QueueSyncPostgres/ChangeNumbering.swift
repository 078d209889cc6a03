import QueueSync

/// How a save numbers its changes for the change feed: the store's rule, and the well-known wrong one that
/// the late-commit tests run as a control (package-only: no server uses it).
///
/// A feed whose token is "the last change number seen" is only sound if no change with a smaller number
/// can commit after a reader has seen a larger one.
package enum ChangeNumbering: String, Sendable, CaseIterable {
  /// The store's rule: numbers come from the zone's counter under its row lock, held until commit, so
  /// within a zone they commit in order (`queuesync_save`).
  case zoneCounter
  /// The naive rule: numbers come from a sequence (`nextval`, outside any transaction's order) with no lock,
  /// and the feed's counter is the largest number committed (`queuesync_save_naive`, installed by
  /// ``PostgresSchema/installNaiveNumbering(on:)``). A save that takes *n*, then commits after another took
  /// *n* + 1 and committed, is skipped by a reader that fetched in between.
  case naiveSequence
}
