import QueueSync

extension SyncServerError {
  /// The sync failure a PostgreSQL error stands for, from its SQLSTATE code (PostgreSQL's Appendix A):
  ///
  /// | SQLSTATE                              | error                                  | retried |
  /// |---------------------------------------|----------------------------------------|---------|
  /// | `57014` query_canceled (statement_timeout) | ``timedOut``                      | yes     |
  /// | `57P01` admin_shutdown, `57P02` crash_shutdown, `08…` connection exceptions | ``connectionLost`` | yes |
  /// | `57P03` cannot_connect_now, `53…` insufficient resources | ``unavailable(retryAfterSeconds:)`` | yes |
  /// | `40001` serialization_failure, `40P01` deadlock_detected | ``unavailable(retryAfterSeconds:)`` (0 s) | yes |
  /// | `53100` disk_full                     | ``quotaExceeded``                      | no      |
  /// | anything else                         | ``refused(_:)`` with the code and message | no   |
  public init(sqlState: String?, message: String) {
    switch sqlState {
    case "57014": self = .timedOut
    case "57P01", "57P02": self = .connectionLost
    case "57P03": self = .unavailable(retryAfterSeconds: 1)
    case "40001", "40P01": self = .unavailable(retryAfterSeconds: 0)
    case "53100": self = .quotaExceeded
    case let state? where state.hasPrefix("08"): self = .connectionLost
    case let state? where state.hasPrefix("53"): self = .unavailable(retryAfterSeconds: 1)
    default: self = .refused("PostgreSQL \(sqlState ?? "(no SQLSTATE)"): \(message)")
    }
  }
}
