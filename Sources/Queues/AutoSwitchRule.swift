/// A condition under which an app makes a queue the active one (in the car, while running, between 22:00 and
/// 06:00 on weekdays, with AirPods in, when a Focus filter names the queue), with the listener's choices for
/// it: whether it is on, whether to switch without asking, and whether to come back when it ends.
///
/// The rules are data only. Evaluating them against the device's context belongs to the `AutoSwitch` module,
/// which sits on top of this one. The static members (``car``, ``motion(_:)``, …) make a rule that is on,
/// asks before switching (``Consent/ask``) and does not return.
public struct AutoSwitchRule: Sendable, Hashable {
  /// What makes the rule fire.
  public var trigger: AutoSwitchTrigger
  /// Whether the rule is on; a rule that is off never fires.
  public var isEnabled: Bool
  /// What the listener answered the first time the rule fired.
  public var consent: Consent
  /// Whether to go back to the queue that was active before, between episodes, when the trigger ends (the
  /// car disconnects).
  public var returnsWhenTriggerEnds: Bool

  /// The listener's answer for a rule, kept with it: ask each time, always switch, or never.
  public enum Consent: String, Codable, Sendable, Hashable, CaseIterable {
    /// Ask "Switching to 🚗 Commute?" (the default, and the answer "No").
    case ask
    /// Switch without asking, and show a notice with undo (the answer "Yes").
    case always
    /// Never switch for this rule (the answer "Don't ask again").
    case never
  }

  /// Creates a rule.
  public init(
    _ trigger: AutoSwitchTrigger, isEnabled: Bool = true, consent: Consent = .ask, returnsWhenTriggerEnds: Bool = false
  ) {
    self.trigger = trigger
    self.isEnabled = isEnabled
    self.consent = consent
    self.returnsWhenTriggerEnds = returnsWhenTriggerEnds
  }

  /// In the car: CarPlay, or a Bluetooth device the listener marked as their car.
  public static let car = AutoSwitchRule(.car)
  /// A Focus filter the listener attached to a Focus names this queue.
  public static let focusFilter = AutoSwitchRule(.focusFilter(focusName: nil))

  /// Moving this way for a minute, reported with medium or high confidence.
  public static func motion(_ activity: AutoSwitchTrigger.MotionActivity) -> AutoSwitchRule {
    AutoSwitchRule(.motion(MotionCondition(activity: activity)))
  }

  /// The local time lies in this range.
  public static func timeRange(_ range: TimeRange) -> AutoSwitchRule { AutoSwitchRule(.timeRange(range)) }

  /// Audio plays through this output.
  public static func audioOutput(_ output: AutoSwitchTrigger.AudioOutput) -> AutoSwitchRule {
    AutoSwitchRule(.audioOutput(output))
  }

  /// The rule's kind, as the store spells it.
  public var kind: String { trigger.kind }

  /// The rule's name in questions and reasons: "Car", "Running", "22:00–06:00", "AirPods", "Focus".
  public var title: String { trigger.title }

  /// Checks the rule's fields (see ``AutoSwitchTrigger/validate()``).
  ///
  /// - Throws: ``QueueError/invalidRule(field:value:reason:)``.
  public func validate() throws(QueueError) { try trigger.validate() }
}
