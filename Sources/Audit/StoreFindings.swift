import FillRules
import Queues
import SmartFill
import SmartFillSupport

/// What the listener's own store and catalog show, as ISSUES lines with their recommendations: episodes
/// queued twice (in several queues, or twice in one under two GUIDs), episodes no longer in the catalog,
/// played episodes still queued, a serial show queued out of order or with a gap, rules that can never fire
/// (a time range of zero length; a car rule with no Bluetooth device marked as the car, which only CarPlay
/// can fire), two queues whose rules always fire together, a queue over or under its target.
///
/// The store is only read.
enum StoreFindings {
  /// The findings of `library` (about queue `only` alone, when given), with `catalog` when there is one.
  ///
  /// - Complexity: O(*q* · *n* + *s* · *e* log *e*) in the queues, their episodes, and the catalog's shows
  ///   and episodes.
  static func findings(in library: QueueLibrary, catalog: Catalog?, only: QueueID? = nil) -> [AuditFinding] {
    var findings: [AuditFinding] = []
    findings += severalQueues(library, only: only)
    let shows = catalog.map { Dictionary($0.shows.map { ($0.feedURL, $0) }, uniquingKeysWith: { first, _ in first }) }
    for queue in library.queues where only == nil || queue.id == only {
      findings += queuedTwice(queue)
      if let shows { findings += catalogFindings(queue, shows: shows) }
      findings += ruleFindings(queue, library: library)
      findings += targetFindings(queue)
    }
    findings += firingTogether(library, only: only)
    return findings
  }

  static func quoted(_ text: String) -> String { DisplayText.inQuotes(text) }

  static func list(_ items: [String], limit: Int = 3) -> String {
    items.prefix(limit).joined(separator: ", ") + (items.count > limit ? ", …" : "")
  }

  static func episodes(_ count: Int) -> String { count == 1 ? "1 episode" : "\(count) episodes" }

  // MARK: Episodes

  private static func severalQueues(_ library: QueueLibrary, only: QueueID?) -> [AuditFinding] {
    var holders: [EpisodeID: [Queue]] = [:]
    var order: [EpisodeReference] = []
    for queue in library.queues {
      for episode in queue.episodes {
        if holders[episode.id] == nil { order.append(episode) }
        holders[episode.id, default: []].append(queue)
      }
    }
    let shared = order.filter { episode in
      let queues = holders[episode.id]!
      return queues.count > 1 && (only == nil || queues.contains { $0.id == only })
    }
    guard !shared.isEmpty else { return [] }
    let examples = shared.map { "\(quoted($0.title)) (\(holders[$0.id]!.map(\.name).joined(separator: ", ")))" }
    return [
      AuditFinding(
        .low, .episodeInSeveralQueues, queue: only,
        "\(episodes(shared.count)) \(shared.count == 1 ? "is" : "are") queued in more than one queue: "
          + list(examples))
    ]
  }

  private static func queuedTwice(_ queue: Queue) -> [AuditFinding] {
    var seen: [String: EpisodeReference] = [:]
    var twice: [String] = []
    for episode in queue.episodes where !episode.title.isEmpty {
      let key = episode.feedURL + "\u{0}" + episode.title.lowercased()
      if let first = seen[key] {
        twice.append("\(quoted(episode.title)) (GUIDs \(quoted(first.episodeGUID)), \(quoted(episode.episodeGUID)))")
      } else {
        seen[key] = episode
      }
    }
    guard !twice.isEmpty else { return [] }
    return [
      AuditFinding(
        .medium, .episodeQueuedTwice, queue: queue.id,
        "\(queue.name) holds \(episodes(twice.count)) twice under two GUIDs: \(list(twice))",
        recommendation: "Remove the second copy of \(episodes(twice.count)) from \(queue.name)")
    ]
  }

  private static func catalogFindings(_ queue: Queue, shows: [String: Show]) -> [AuditFinding] {
    var missing: [String] = []
    var played: [String] = []
    var serial: [String: [Episode]] = [:]
    for reference in queue.episodes {
      guard let show = shows[reference.feedURL],
        let episode = show.episodes.first(where: { $0.guid == reference.episodeGUID })
      else {
        missing.append(quoted(reference.title.isEmpty ? reference.episodeGUID : reference.title))
        continue
      }
      if episode.isPlayed { played.append(quoted(reference.title.isEmpty ? episode.title : reference.title)) }
      if show.ordering == .serial, episode.kind == .full { serial[show.feedURL, default: []].append(episode) }
    }
    var findings: [AuditFinding] = []
    if !missing.isEmpty {
      findings.append(
        AuditFinding(
          .high, .episodeNotInCatalog, queue: queue.id,
          "\(episodes(missing.count)) of \(queue.name) \(missing.count == 1 ? "is" : "are") no longer in the "
            + "catalog: \(list(missing))",
          recommendation: "Remove the \(episodes(missing.count)) no longer in the catalog from \(queue.name)"))
    }
    if !played.isEmpty {
      findings.append(
        AuditFinding(
          .medium, .playedEpisodeQueued, queue: queue.id,
          "\(episodes(played.count)) of \(queue.name) \(played.count == 1 ? "has" : "have") already been "
            + "played: \(list(played))",
          recommendation:
            "Remove the \(played.count) played \(played.count == 1 ? "episode" : "episodes") from \(queue.name)"))
    }
    for (feedURL, queued) in serial.sorted(by: { $0.key < $1.key }) {
      findings += serialFindings(queue, show: shows[feedURL]!, queued: queued)
    }
    return findings
  }

  /// "S1 E2", or the title when the episode has no numbers.
  static func label(_ episode: Episode) -> String {
    switch (episode.season, episode.episode) {
    case (let season?, let number?): return "S\(season) E\(number)"
    case (nil, let number?): return "E\(number)"
    default: return quoted(episode.title)
    }
  }

  private static func serialFindings(_ queue: Queue, show: Show, queued: [Episode]) -> [AuditFinding] {
    var findings: [AuditFinding] = []
    let sorted = queued.sorted { Rules.precedes($0, $1, ordering: show.ordering) }
    if let index = queued.indices.first(where: { queued[$0].guid != sorted[$0].guid }) {
      let early = queued[index]
      let first = sorted[index]
      findings.append(
        AuditFinding(
          .high, .serialOutOfOrder, queue: queue.id,
          "\(queue.name) plays \(quoted(show.title)) out of order: \(label(early)) before \(label(first))",
          recommendation: "Put \(quoted(show.title)) in \(queue.name) back in series order"))
    }
    let chain = Rules.chain(of: show, excluding: [], unknownLength: .stop).map(\.guid)
    let queuedGUIDs = Set(queued.map(\.guid))
    if let last = chain.lastIndex(where: queuedGUIDs.contains) {
      let skipped = chain[...last].filter { !queuedGUIDs.contains($0) }
      if let firstSkipped = skipped.first, let episode = show.episodes.first(where: { $0.guid == firstSkipped }) {
        findings.append(
          AuditFinding(
            .medium, .serialGap, queue: queue.id,
            "\(queue.name) skips \(episodes(skipped.count)) of \(quoted(show.title)), first \(label(episode)), "
              + "before later ones it holds",
            recommendation: "Add the \(episodes(skipped.count)) of \(quoted(show.title)) missing from \(queue.name)"))
      }
    }
    return findings
  }

  // MARK: Rules

  /// A rule the listener lets fire: on, of a queue that is on, not Never.
  static func mayFire(_ rule: AutoSwitchRule, of queue: Queue) -> Bool {
    queue.isAutoSwitchEnabled && rule.isEnabled && rule.consent != .never
  }

  private static func ruleFindings(_ queue: Queue, library: QueueLibrary) -> [AuditFinding] {
    var findings: [AuditFinding] = []
    let hasCar = library.knownAudioDevices.contains { $0.isCar }
    for (position, rule) in queue.autoSwitchRules.enumerated() where mayFire(rule, of: queue) {
      // Rules are named by their place too: a queue may hold two alike.
      let name = "rule \(position + 1)"
      switch rule.trigger {
      case .timeRange(let range) where range.start == range.end:
        findings.append(
          AuditFinding(
            .high, .ruleNeverFires, queue: queue.id,
            "\(name) (\(range.description)) of \(queue.name) is a time range of zero length: as a range it never "
              + "holds a moment (the engine reads it as the whole day instead)",
            recommendation: "Give \(name) of \(queue.name) an end time"))
      case .car where !hasCar, .audioOutput(.car) where !hasCar:
        findings.append(
          AuditFinding(
            .medium, .ruleOnlyWithCarPlay, queue: queue.id,
            "\(name) (\(rule.title)) of \(queue.name) can fire only through CarPlay: no Bluetooth device is "
              + "marked as your car",
            recommendation: "Connect your car's Bluetooth and answer Yes to \"Is this your car?\", or use CarPlay"))
      default:
        break
      }
    }
    return findings
  }

  /// The trigger as it decides firing: a car rule and a car audio output fire at the same moments.
  static func firingKey(_ trigger: AutoSwitchTrigger) -> AutoSwitchTrigger {
    if case .audioOutput(.car) = trigger { return .car }
    return trigger
  }

  private static func firingTogether(_ library: QueueLibrary, only: QueueID?) -> [AuditFinding] {
    var findings: [AuditFinding] = []
    let queues = library.queues
    for (index, first) in queues.enumerated() {
      for second in queues[(index + 1)...] where only == nil || first.id == only || second.id == only {
        let firstTriggers = Set(first.autoSwitchRules.filter { mayFire($0, of: first) }.map { firingKey($0.trigger) })
        guard
          let shared = second.autoSwitchRules.first(where: {
            mayFire($0, of: second) && firstTriggers.contains(firingKey($0.trigger))
          }), !isFocusFilter(shared.trigger)
        else { continue }
        findings.append(
          AuditFinding(
            .medium, .rulesFireTogether, queue: second.id,
            "\(first.name) and \(second.name) both switch on \(shared.title): \(second.name) never wins (the "
              + "queue first in the list does)",
            recommendation: "Give \(second.name) a rule of its own, or turn off its \(shared.title) rule"))
      }
    }
    return findings
  }

  /// A Focus filter names its own queue, so two never fire together.
  static func isFocusFilter(_ trigger: AutoSwitchTrigger) -> Bool {
    if case .focusFilter = trigger { return true }
    return false
  }

  // MARK: Targets

  private static func targetFindings(_ queue: Queue) -> [AuditFinding] {
    guard let settings = queue.smartFillSettings, let target = settings.targetSeconds else { return [] }
    let remaining = queue.remainingSeconds
    let have = Queue.durationText(remaining)
    let targetText = Queue.durationText(target)
    if remaining > target + settings.toleranceSeconds {
      return [
        AuditFinding(
          .low, .queueOverTarget, queue: queue.id,
          "\(queue.name) holds \(have), over its target of \(targetText) ± \(Queue.durationText(settings.toleranceSeconds))",
          recommendation: "Trim \(queue.name) to \(targetText), or run Smart Fill on it with Replace")
      ]
    }
    if remaining < target - settings.toleranceSeconds {
      return [
        AuditFinding(
          .low, .queueUnderTarget, queue: queue.id, "\(queue.name) holds \(have) of its \(targetText) target",
          recommendation: "Run Smart Fill on \(queue.name): \(have) of \((target + 30) / 60)")
      ]
    }
    return []
  }
}
