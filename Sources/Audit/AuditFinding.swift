import Queues

/// One line of the report's ISSUES: a problem a check or the look at the listener's store found, with its
/// priority, its figures in the sentence, and the recommendation that follows from it.
package struct AuditFinding: Sendable, Hashable {
  /// How soon it should be dealt with.
  package enum Priority: String, Sendable, Hashable, ReportGrade {
    /// Broken or losing something: an episode that cannot play, a rule that can never fire, data loss.
    case high
    /// Misbehaving: played episodes still queued, a gap in a serial show, rules that always fire together.
    case medium
    /// Worth knowing: an episode in two queues, a queue above or below its target.
    case low
  }

  /// What was found, as data (the JSON's `kind`).
  package enum Kind: String, Sendable, Hashable, CaseIterable {
    // From the listener's store and catalog.
    case episodeInSeveralQueues
    case episodeQueuedTwice
    case episodeNotInCatalog
    case playedEpisodeQueued
    case serialOutOfOrder
    case serialGap
    case ruleNeverFires
    case ruleOnlyWithCarPlay
    case rulesFireTogether
    case queueOverTarget
    case queueUnderTarget
    case showTiedToDeletedQueue
    case showTiedTwice
    case storeReadInPart
    // From the checks run.
    case operationFailed
    case scenarioMisfire
    case scenarioMissed
    case ruleDidNotFire
    case fillInvalid
    case fillOverfilled
    case fillUnderfilled
    case fillSkippedEpisode
    case fillThreeInARow
    case fillTooSlow
    case fillNotChecked
    case syncLost
    case syncDiverged
    case syncResurrected
    case syncDuplicated
    case syncOther
  }

  /// How soon.
  package var priority: Priority
  /// What.
  package var kind: Kind
  /// The queue it is about, if one.
  package var queue: QueueID?
  /// The sentence, with its figures: "2 episodes of 🚗 Commute are no longer in the catalog: …".
  package var text: String
  /// What to do about it, if something: "Run Smart Fill on 🚗 Commute: 12 min of 45".
  package var recommendation: String?

  /// Creates a finding.
  package init(_ priority: Priority, _ kind: Kind, queue: QueueID? = nil, _ text: String, recommendation: String? = nil)
  {
    self.priority = priority
    self.kind = kind
    self.queue = queue
    self.text = text
    self.recommendation = recommendation
  }
}
