import Foundation
import Queues

/// A rule whose trigger is on at a moment: which queue and rule, where the trigger came from, since when this
/// occurrence of it has been on (so that "No" holds until it ends and comes back), and what happened, in
/// words ("CarPlay connected").
struct Candidate: Sendable, Hashable {
  /// The rule, by its queue and its trigger.
  struct Key: Sendable, Hashable {
    var queue: QueueID
    var trigger: AutoSwitchTrigger
  }

  var key: Key
  var queueName: String
  var queueIndex: Int
  var ruleIndex: Int
  var rule: AutoSwitchRule
  var source: TriggerSource
  var since: Date
  var cause: String
  /// Whether the listener just answered Yes to "Switching to …?" (which makes the rule's consent Always).
  var answeredYes = false

  /// The rule's occurrence: the rule and when its trigger came on.
  var occurrence: Occurrence { Occurrence(key: key, since: since) }

  /// "CarPlay connected; rule Car of 🚗 Commute; you chose Always".
  var reason: String {
    let consent: String
    switch rule.consent {
    case .always where answeredYes: consent = "you answered Yes, so it switches without asking from now on"
    case .always: consent = "you chose Always"
    case .ask: consent = "you have not chosen Always, so asking"
    case .never: consent = "you chose Never"
    }
    return "\(cause); rule \(rule.title) of \(queueName); \(consent)"
  }
}

/// One occurrence of a rule's trigger: the rule and when the trigger came on.
struct Occurrence: Sendable, Hashable {
  var key: Candidate.Key
  var since: Date
}
