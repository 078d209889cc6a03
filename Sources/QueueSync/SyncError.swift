import Queues

/// Something sync cannot do: an edit the queue rules refuse, a record or a saved state that cannot be read,
/// a state file that cannot be read or written, or a server that keeps failing. Each case names the
/// offending value and where it was.
public enum SyncError: Error, Sendable, Hashable, CustomStringConvertible {
  /// An edit that the queue rules refuse (a bad name, an unknown queue, an index out of range).
  case queue(QueueError)
  /// A record from the server cannot be read: `location` is the path to the offending value in its state.
  case invalidRecord(recordID: String, location: String, reason: String)
  /// A record would be larger than the server's limit even after compaction.
  case recordTooLarge(recordID: String, bytes: Int, limit: Int)
  /// The sync state file cannot be read: `location` is the path to the offending value; the file was left
  /// as it is.
  case invalidStateFile(path: String, location: String, reason: String)
  /// The sync state file was written by a newer version.
  case stateFileVersionUnsupported(path: String, version: Int)
  /// The sync state file cannot be read (permissions, I/O, not a regular file, too large).
  case stateFileUnreadable(path: String, reason: String)
  /// The sync state file cannot be written; the previous file is unchanged.
  case stateFileWriteFailed(path: String, reason: String)
  /// The server failed, and the failure is not worth retrying now (or retrying did not help).
  case server(SyncServerError)

  public var description: String {
    switch self {
    case .queue(let error):
      return error.description
    case .invalidRecord(let recordID, let location, let reason):
      return "record \"\(recordID)\", \(location): \(reason); the record was not merged"
    case .recordTooLarge(let recordID, let bytes, let limit):
      return "record \"\(recordID)\" would be \(bytes) bytes, more than the server's limit of \(limit); "
        + "remove episodes from the queue"
    case .invalidStateFile(let path, let location, let reason):
      return "sync state \(path), \(location): \(reason); the file was left as it is"
    case .stateFileVersionUnsupported(let path, let version):
      return "sync state \(path) has version \(version), newer than this version reads (\(SyncStore.formatVersion)); "
        + "update the app"
    case .stateFileUnreadable(let path, let reason):
      return "sync state \(path) cannot be read: \(reason)"
    case .stateFileWriteFailed(let path, let reason):
      return "sync state \(path) cannot be written: \(reason); the previous state is unchanged"
    case .server(let error):
      return "sync server: \(error)"
    }
  }
}
