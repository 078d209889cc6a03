import Queues

/// Why an edit session could not be saved: a field of the draft has an error, or the library refused a
/// change.
public enum QueueScreensError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The draft's fields have these errors (each at its field); nothing was saved.
  case invalidDraft([QueueEditor.FieldError])
  /// The library refused a change (the queue was deleted meanwhile, say); nothing was saved.
  case queue(QueueError)

  public var description: String {
    switch self {
    case .invalidDraft(let errors):
      return "the queue was not saved: " + errors.map(\.description).joined(separator: "; ")
    case .queue(let error):
      return "the queue was not saved: \(error)"
    }
  }
}
