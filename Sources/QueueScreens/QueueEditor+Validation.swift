import Foundation
import Queues
import SmartFill

extension QueueEditor {
  /// A part of the editor where an error is shown.
  public enum Field: Sendable, Hashable, CustomStringConvertible {
    /// The name's text.
    case name
    /// The name's emoji.
    case emoji
    /// The library's queue limit (for a queue being created).
    case queueLimit
    /// The auto-switch rule at this index.
    case rule(Int)
    /// The smart fill settings.
    case smartFill

    /// "name", "emoji", "queue limit", "rule 2" (counted from 1), "smart fill".
    public var description: String {
      switch self {
      case .name: return "name"
      case .emoji: return "emoji"
      case .queueLimit: return "queue limit"
      case .rule(let index): return "rule \(index + 1)"
      case .smartFill: return "smart fill"
      }
    }
  }

  /// An error shown at its field before Save.
  public struct FieldError: Sendable, Hashable, CustomStringConvertible {
    /// Where it is shown.
    public var field: Field
    /// The sentence shown there: "“🚗 Commute” is already taken".
    public var message: String

    /// An error shown at `field`.
    public init(field: Field, message: String) {
      self.field = field
      self.message = message
    }

    /// "name: “🚗 Commute” is already taken".
    public var description: String { "\(field): \(message)" }
  }

  /// Every field's error now, in the editor's order (name, emoji, queue limit, rules, smart fill).
  public var errors: [FieldError] { problems(otherNames: otherNames, isOverLimit: isOverLimit) }

  /// The error shown at `field`, if any.
  public func error(for field: Field) -> FieldError? { errors.first { $0.field == field } }

  /// The errors against `library` as it is now (a name taken meanwhile, the limit reached meanwhile).
  func errors(against library: QueueLibrary) -> [FieldError] {
    let others = library.queues.filter { $0.id != queueID }.map(\.name)
    return problems(otherNames: others, isOverLimit: queueID == nil && library.count >= library.queueLimit)
  }

  func problems(otherNames: [String], isOverLimit: Bool) -> [FieldError] {
    var found: [FieldError] = []
    func add(_ field: Field, _ message: String) { found.append(FieldError(field: field, message: message)) }
    let name = draft.name
    if queueID == .upNext, draft.title != original.title {
      add(.name, "Up Next cannot be renamed; only its emoji can change")
    } else if draft.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, draft.emoji == nil {
      add(.name, "Enter a name")
    } else if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      add(.name, "A name cannot contain line breaks")
    } else if name.count > QueueName.maximumLength {
      add(.name, "Too long: \(name.count) characters, at most \(QueueName.maximumLength)")
    } else if let taken = otherNames.first(where: { QueueName.clash($0, name) }) {
      add(.name, "\u{201C}\(taken)\u{201D} is already taken")
    }
    if let emoji = draft.emoji, (try? QueueName.validatedEmoji(emoji)) == nil {
      add(.emoji, "Choose a single emoji")
    }
    if isOverLimit {
      add(.queueLimit, "You have \(queueLimit) queues, the most allowed; delete one to create another")
    }
    for (index, rule) in draft.rules.enumerated() {
      do throws(QueueError) {
        try rule.validate()
      } catch {
        if case .invalidRule(let field, let value, let reason) = error {
          add(.rule(index), "\(field) \(reason), got \(value)")
        } else {
          add(.rule(index), error.description)
        }
      }
    }
    if let settings = draft.smartFillSettings {
      if let message = Self.problem(with: settings) { add(.smartFill, message) }
    }
    return found
  }

  /// What is wrong with smart fill settings, or `nil`.
  static func problem(with settings: SmartFillSettings) -> String? {
    if settings.targetSeconds == nil, settings.mode != .continueSeries {
      return "Set a target duration for \(settings.mode.screenTitle)"
    }
    if let target = settings.targetSeconds, !SmartFillSettings.targetRange.contains(target) {
      return "The target must be from 1 second to \(SmartFillSettings.targetRange.upperBound / 86_400) days"
    }
    if !SmartFillSettings.toleranceRange.contains(settings.toleranceSeconds) {
      return "The tolerance must be from 0 to \(SmartFillSettings.toleranceRange.upperBound / 60) minutes"
    }
    return nil
  }
}

extension FillRequest.Mode {
  /// "Fill Time", "Continue Series", "Variety".
  public var screenTitle: String {
    switch self {
    case .fillTime: return "Fill Time"
    case .continueSeries: return "Continue Series"
    case .variety: return "Variety"
    }
  }
}
