import Foundation
import Queues

/// A moment at which a time-range rule begins, for the app to register a local notification: background
/// wake-ups are not guaranteed, so the app cannot count on being woken to switch at 22:00, but the listener
/// can be offered the switch ("Switch to 😴 Sleep? 12 episodes ready").
public struct ScheduledSwitch: Sendable, Hashable {
  /// When the range begins.
  public var date: Date
  /// The queue the rule switches to.
  public var queue: QueueID
  /// Its name.
  public var queueName: String
  /// The rule's title ("22:00–06:00").
  public var ruleTitle: String
  /// The episodes left to play in the queue (from its current one).
  public var readyEpisodes: Int

  /// "Switch to 😴 Sleep? 12 episodes ready".
  public var notificationText: String {
    "Switch to \(queueName)? \(readyEpisodes == 1 ? "1 episode" : "\(readyEpisodes) episodes") ready"
  }
}

extension AutoSwitchEngine {
  /// The next moments after `date` at which a time-range rule that could fire begins (on, of a queue whose
  /// auto-switching is on, consent not Never), soonest first, ties in queue order; at most `limit`, within
  /// the next 8 days.
  ///
  /// A range already in force at `date` is not listed (it began earlier): the next event, such as the app's
  /// activation, fires it.
  ///
  /// - Complexity: O(*q* · *r* · 8 + *n* log *n*) in the queues, rules and starts found.
  public func nextScheduleStarts(after date: Date, in library: QueueLibrary, limit: Int = 8) -> [ScheduledSwitch] {
    let calendar = ScheduleCalendar(timeZone: settings.timeZone)
    var found: [(switch: ScheduledSwitch, order: Int)] = []
    for (index, queue) in library.queues.enumerated() where queue.isAutoSwitchEnabled {
      for rule in queue.autoSwitchRules where rule.isEnabled && rule.consent != .never {
        guard case .timeRange(let range) = rule.trigger else { continue }
        for start in calendar.nextStarts(of: range, after: date, limit: limit) {
          let ready = queue.count - queue.currentIndex
          found.append(
            (
              ScheduledSwitch(
                date: start, queue: queue.id, queueName: queue.name, ruleTitle: rule.title, readyEpisodes: ready),
              index
            ))
        }
      }
    }
    found.sort { ($0.switch.date, $0.order) < ($1.switch.date, $1.order) }
    return found.prefix(limit).map(\.switch)
  }
}
