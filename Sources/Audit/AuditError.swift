import Queues
import SmartFillSupport

/// Why an audit could not run: what was asked for does not exist.
package enum AuditError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `--queue` named no queue of the store; `available` are the store's queue names.
  case unknownQueue(String, available: [String])

  package var description: String {
    switch self {
    case .unknownQueue(let name, let available):
      return "no queue named \(DisplayText.inQuotes(name)) in the store; its queues are "
        + available.map { DisplayText.inQuotes($0) }.joined(separator: ", ")
    }
  }
}
