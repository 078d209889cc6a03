import Foundation
import Queues
import SmartFillSupport

/// Decides when to switch queues from the events an app sees; the app acts on the decisions.
///
/// The engine is a value that holds the context it was told of (CarPlay, the audio route, stable motion,
/// the Focus filters on, the player's state) and its conversation with the listener (a question waiting for
/// an answer, a switch waiting for an episode's end, a "No" that holds until its trigger comes back, the
/// listener's own switch). Each event comes with its time, on the app's clock, and with the library, which
/// the engine changes through the queue model: a switch saves the active queue's position
/// (``QueueLibrary/switchTo(_:savingPosition:now:)``), an answer is kept with its rule or device.
///
/// ```swift
/// var engine = AutoSwitchEngine(settings: AutoSwitchSettings(timeZone: .current))
/// var decision = Decision(.none, reason: "")
/// try store.update { (library) throws(QueueError) in
///   decision = engine.handle(.carPlayConnected, at: Date(), in: &library)
/// }
/// // decision.action: .ask(…) "Switching to 🚗 Commute?"; decision.reason: "CarPlay connected; rule Car of …"
/// ```
///
/// The rules of a decision:
/// - Rules fire while their trigger is on (a schedule already in force when the app starts fires at the
///   first event). When several fire, the first in ``AutoSwitchSettings/precedence`` wins, then the queue
///   first in the library, then the rule first in its queue. A rule that is off, of a queue whose
///   auto-switching is off, or whose consent is Never, does not fire.
/// - The first time a rule fires it asks; "Yes" makes its consent Always (it then switches with a notice),
///   "Don't ask again" Never, and "No" holds until the trigger ends and comes back.
/// - While an episode plays, a switch waits for its end, or for the player to pause (or asks, see
///   ``AutoSwitchSettings/WhileEpisodePlays``). A switch never starts playback, and a remote "play" right
///   after a car connects is held.
/// - A Bluetooth device not seen before asks "Is this your car?" once (when a car rule could fire); "No"
///   never switches for it and never asks again.
/// - The listener's own switch wins: the triggers on at that moment no longer fire until they end and come
///   back; a trigger that comes on later does.
/// - A rule that returns switches back to the queue it left, between episodes, when its trigger ends.
public struct AutoSwitchEngine: Sendable {
  /// The engine's settings.
  public var settings: AutoSwitchSettings
  /// Stable motion, from Core Motion's reports.
  public private(set) var motion = MotionTracker()

  // The context.
  var carPlaySince: Date?
  var route: AudioPort?
  var routeSince: Date?
  var focusSince: [QueueID: Date] = [:]
  var lastConnection: (cause: String, at: Date)?

  // The player.
  var isPlaying = false
  var position: (seconds: Int, at: Date)?

  // The conversation.
  var question: Candidate?
  var carQuestion: AudioPort?
  var pending: Candidate?
  var declined: Set<Occurrence> = []
  /// The triggers that were on when the listener switched themselves: they no longer fire, until they end.
  var overridden: Set<Occurrence> = []
  var lastSwitch: (occurrence: Occurrence, from: QueueID, to: QueueID, returns: Bool)?

  /// An engine that has seen nothing: no CarPlay, no route, the player paused.
  public init(settings: AutoSwitchSettings = AutoSwitchSettings()) {
    self.settings = settings
  }

  /// Takes an event seen at `time` (events come in time order), changes `library` as the decision implies,
  /// and returns the decision.
  ///
  /// - Complexity: O(*q* · *r*) in the number of queues and rules, plus the queue model's switch.
  public mutating func handle(_ event: ContextEvent, at time: Date, in library: inout QueueLibrary) -> Decision {
    trackMotionRules(in: library)
    switch event {
    case .carPlayConnected:
      if carPlaySince == nil { carPlaySince = time }
      lastConnection = ("CarPlay connected", time)
    case .carPlayDisconnected:
      carPlaySince = nil
      // CarPlay's audio goes with its scene, whether or not the route change has come yet.
      if route?.kind == .carAudio {
        route = nil
        routeSince = nil
      }
    case .audioRouteChanged(let port):
      if port != route { routeSince = time }
      route = port
      // An unanswered "Is this your car?" lapses when the route moves on; the device is asked about next time.
      if let asked = carQuestion, asked != port { carQuestion = nil }
      if port.kind == .bluetooth || port.kind == .carAudio {
        lastConnection = ("\(DisplayText.quoted(port.name)) connected", time)
      }
      if port.kind == .bluetooth, library.knownAudioDevice(port.identifier) == nil, carQuestion == nil,
        carPlaySince == nil, hasCarRule(in: library)
      {
        carQuestion = port
        return Decision(
          .askIsCar(CarQuestion(device: port)),
          reason:
            "\(DisplayText.quoted(port.name)) connected over Bluetooth for the first time; a Bluetooth car stereo looks like any "
            + "speaker, so only you can say")
      }
    case .motion(let sample):
      motion.record(sample, at: time)
    case .focusFilterActivated(let queue):
      if focusSince[queue] == nil { focusSince[queue] = time }
    case .focusFilterDeactivated(let queue):
      focusSince[queue] = nil
    case .appActivated, .tick:
      break
    case .playbackStarted(let seconds):
      isPlaying = true
      position = (seconds, time)
    case .playbackPaused(let seconds):
      isPlaying = false
      position = (seconds, time)
    case .episodeEnded:
      return episodeEnded(at: time, in: &library)
    case .remotePlayCommand:
      if !isPlaying, let connection = lastConnection,
        time.timeIntervalSince(connection.at) <= Double(settings.playCommandGuardSeconds)
      {
        let seconds = Int(time.timeIntervalSince(connection.at).rounded())
        return Decision(
          .holdPlayback,
          reason: "the play command came \(seconds) s after \(connection.cause); a context change alone never "
            + "starts playback")
      }
      return Decision(
        .none, reason: "play command obeyed: nothing connected in the last \(settings.playCommandGuardSeconds) s")
    case .manualSwitch(let queue):
      return manualSwitch(to: queue, at: time, in: &library, cause: "you switched")
    case .answer(let answer):
      return answered(answer, at: time, in: &library)
    case .carAnswer(let isCar):
      guard let port = carQuestion else { return Decision(.none, reason: "no \"Is this your car?\" is open") }
      carQuestion = nil
      library.markAudioDevice(port.identifier, name: port.name, isCar: isCar)
      if !isCar {
        return Decision(
          .none,
          reason:
            "\(DisplayText.quoted(port.name)) is not your car: it never switches to a car's queue and is not asked about again"
        )
      }
    case .undo:
      guard let last = lastSwitch, library.activeQueueID == last.to else {
        return Decision(.none, reason: "nothing to undo")
      }
      return manualSwitch(to: last.from, at: time, in: &library, cause: "undone")
    }
    return evaluate(at: time, in: &library, betweenEpisodes: !isPlaying)
  }

  // MARK: Evaluating

  /// Every rule whose trigger is on at `time`, in precedence order (consent Never and declined ones
  /// included).
  func candidates(at time: Date, in library: QueueLibrary) -> [Candidate] {
    var motion = self.motion
    let calendar = ScheduleCalendar(timeZone: settings.timeZone)
    var found: [Candidate] = []
    for (queueIndex, queue) in library.queues.enumerated() where queue.isAutoSwitchEnabled {
      for (ruleIndex, rule) in queue.autoSwitchRules.enumerated() where rule.isEnabled {
        guard
          let (source, since, cause) = activation(of: rule.trigger, for: queue.id, at: time, library, &motion, calendar)
        else { continue }
        found.append(
          Candidate(
            key: Candidate.Key(queue: queue.id, trigger: rule.trigger), queueName: queue.name, queueIndex: queueIndex,
            ruleIndex: ruleIndex, rule: rule, source: source, since: since, cause: cause))
      }
    }
    return found.sorted {
      (settings.rank(of: $0.source), $0.queueIndex, $0.ruleIndex) < (
        settings.rank(of: $1.source), $1.queueIndex, $1.ruleIndex
      )
    }
  }

  /// Whether `trigger` is on at `time`: where from, since when, and why.
  func activation(
    of trigger: AutoSwitchTrigger, for queue: QueueID, at time: Date, _ library: QueueLibrary,
    _ motion: inout MotionTracker, _ calendar: ScheduleCalendar
  ) -> (TriggerSource, Date, String)? {
    switch trigger {
    case .car:
      if let since = carPlaySince { return (.carPlay, since, "CarPlay connected") }
      if let route, let since = routeSince, route.kind == .carAudio {
        return (.carPlay, since, "CarPlay audio connected")
      }
      if let route, let since = routeSince, isMarkedCar(route, library) {
        return (.bluetoothCar, since, "\(DisplayText.quoted(route.name)), your car, connected")
      }
      return nil
    case .motion(let condition):
      guard let since = motion.activeSince(condition, at: time) else { return nil }
      let minutes =
        condition.minimumStableSeconds >= 60
        ? "\(condition.minimumStableSeconds / 60) min" : "\(condition.minimumStableSeconds) s"
      return (.motion, since, "\(condition.activity.rawValue) for \(minutes)")
    case .timeRange(let range):
      guard let since = calendar.occurrence(of: range, containing: time) else { return nil }
      return (.schedule, since, "it is \(range.description)")
    case .audioOutput(let output):
      guard let route, let since = routeSince, matches(output, route, library) else { return nil }
      return (.audioOutput, since, "\(DisplayText.quoted(route.name)) connected")
    case .focusFilter:
      guard let since = focusSince[queue] else { return nil }
      return (.focusFilter, since, "the Focus filter for this queue came on")
    }
  }

  func isMarkedCar(_ port: AudioPort, _ library: QueueLibrary) -> Bool {
    port.kind == .bluetooth && library.knownAudioDevice(port.identifier)?.isCar == true
  }

  /// Whether the audio output `output` describes `port`.
  func matches(_ output: AutoSwitchTrigger.AudioOutput, _ port: AudioPort, _ library: QueueLibrary) -> Bool {
    switch output {
    case .airPods: return port.kind == .airPods
    case .headphones: return port.kind == .headphones || port.kind == .airPods
    case .airPlay: return port.kind == .airPlay
    case .bluetoothSpeaker: return port.kind == .bluetooth && !isMarkedCar(port, library)
    case .car: return port.kind == .carAudio || isMarkedCar(port, library)
    case .builtInSpeaker: return port.kind == .builtInSpeaker
    case .device(let identifier, _): return port.identifier == identifier
    }
  }

  /// Whether some queue has a car rule that could fire.
  func hasCarRule(in library: QueueLibrary) -> Bool {
    library.queues.contains { queue in
      queue.isAutoSwitchEnabled
        && queue.autoSwitchRules.contains {
          $0.isEnabled && $0.consent != .never
            && ($0.trigger == .car || $0.trigger == .audioOutput(.car))
        }
    }
  }

  /// Makes sure the tracker follows every motion rule's condition before a report is recorded.
  mutating func trackMotionRules(in library: QueueLibrary) {
    for queue in library.queues {
      for rule in queue.autoSwitchRules {
        if case .motion(let condition) = rule.trigger { motion.track(condition) }
      }
    }
  }

  /// The decision at `time`: the rule that wins, asked about, switched to, or waited for.
  mutating func evaluate(at time: Date, in library: inout QueueLibrary, betweenEpisodes: Bool) -> Decision {
    let all = candidates(at: time, in: library)
    let context = Set(all.map(\.occurrence))
    declined.formIntersection(context)
    overridden.formIntersection(context)
    let eligible = all.filter {
      $0.rule.consent != .never && !declined.contains($0.occurrence) && !overridden.contains($0.occurrence)
    }
    guard let winner = eligible.first else {
      question = nil
      pending = nil
      if let first = all.first, overridden.contains(first.occurrence) {
        return Decision(
          .none,
          reason: "\(first.cause), but you chose \(library.activeQueue.name) yourself; no automatic switch "
            + "until the context changes")
      }
      return returnIfDue(context, at: time, in: &library, betweenEpisodes: betweenEpisodes)
    }
    if winner.key.queue == library.activeQueueID {
      question = nil
      pending = nil
      return Decision(.none, reason: "\(winner.cause); already on \(winner.queueName)")
    }
    if let pending, pending.key == winner.key {
      if betweenEpisodes { return perform(winner, at: time, in: &library, asked: false, betweenEpisodes: true) }
      return Decision(.none, reason: "\(winner.cause); waiting for the episode to end to switch to \(winner.queueName)")
    }
    pending = nil
    if let question, question.occurrence == winner.occurrence {
      return Decision(.none, reason: "\(winner.cause); waiting for your answer about \(winner.queueName)")
    }
    if winner.rule.consent == .ask || (!betweenEpisodes && settings.whileEpisodePlays == .ask) {
      question = winner
      let why = winner.rule.consent == .ask ? winner.reason : "\(winner.reason); an episode is playing"
      return Decision(
        .ask(SwitchQuestion(queue: winner.key.queue, queueName: winner.queueName, ruleTitle: winner.rule.title)),
        reason: why)
    }
    question = nil
    return perform(winner, at: time, in: &library, asked: false, betweenEpisodes: betweenEpisodes)
  }

  /// Switches to `candidate`'s queue now when between episodes, or when the current episode ends.
  mutating func perform(
    _ candidate: Candidate, at time: Date, in library: inout QueueLibrary, asked: Bool, betweenEpisodes: Bool
  ) -> Decision {
    guard betweenEpisodes || (asked && settings.whileEpisodePlays == .ask) else {
      pending = candidate
      return Decision(
        .switchAtEpisodeEnd(queue: candidate.key.queue, name: candidate.queueName),
        reason: "\(candidate.reason); an episode is playing, so the switch waits for its end")
    }
    pending = nil
    let from = library.activeQueueID
    let change = switchTo(
      candidate.key.queue, name: candidate.queueName, cause: candidate.cause, at: time, in: &library, back: false)
    lastSwitch = (candidate.occurrence, from, candidate.key.queue, candidate.rule.returnsWhenTriggerEnds)
    return Decision(asked ? .switchNow(change) : .notice(change), reason: candidate.reason)
  }

  /// Switches back when the last automatic switch's rule returns and its trigger has ended.
  mutating func returnIfDue(
    _ context: Set<Occurrence>, at time: Date, in library: inout QueueLibrary, betweenEpisodes: Bool
  )
    -> Decision
  {
    guard let last = lastSwitch, last.returns, !context.contains(last.occurrence), library.activeQueueID == last.to,
      let back = library[last.from]
    else { return Decision(.none, reason: "no rule fires") }
    guard betweenEpisodes else {
      return Decision(.none, reason: "the trigger ended; waiting for the episode to end to return to \(back.name)")
    }
    lastSwitch = nil
    let change = switchTo(back.id, name: back.name, cause: "the trigger ended", at: time, in: &library, back: true)
    return Decision(
      .notice(change),
      reason: "the trigger of the rule that switched to \(library[last.to]?.name ?? "") ended; it returns")
  }

  // MARK: Switching

  /// The active episode's position at `time`: the last one the player reported, moved on while playing, within
  /// the episode's duration.
  func currentPosition(at time: Date, in library: QueueLibrary) -> Int? {
    guard let position, let current = library.activeQueue.current else { return nil }
    var seconds = position.seconds
    if isPlaying { seconds += Int(time.timeIntervalSince(position.at)) }
    seconds = max(0, seconds)
    if let duration = current.durationSeconds { seconds = min(seconds, duration) }
    return min(seconds, EpisodeReference.maximumDurationSeconds)
  }

  /// Saves the position and makes `queue` active through the queue model.
  mutating func switchTo(
    _ queue: QueueID, name: String, cause: String, at time: Date, in library: inout QueueLibrary, back: Bool
  ) -> Switch {
    let from = library.activeQueueID
    let saved = currentPosition(at: time, in: library)
    let resume: EpisodeReference?
    do {
      resume = try library.switchTo(queue, savingPosition: saved, now: time)
    } catch {
      // The position was bounded by the duration and the queue exists: the model cannot refuse.
      preconditionFailure("the queue model refused a switch: \(error)")
    }
    position = (resume?.playbackPositionSeconds ?? 0, time)
    return Switch(
      from: from, to: queue, toName: name, savedPositionSeconds: saved, resume: resume, keepsPlaying: isPlaying,
      notice: "\(back ? "Switched back to" : "Switched to") \(name): \(cause)")
  }

  /// The listener's own switch: it wins until the context changes.
  mutating func manualSwitch(to queue: QueueID, at time: Date, in library: inout QueueLibrary, cause: String)
    -> Decision
  {
    guard let target = library[queue] else { return Decision(.none, reason: "no queue has the id \"\(queue)\"") }
    _ = switchTo(queue, name: target.name, cause: cause, at: time, in: &library, back: false)
    overridden = Set(candidates(at: time, in: library).map(\.occurrence))
    question = nil
    pending = nil
    lastSwitch = nil
    return Decision(.none, reason: "\(cause) to \(target.name); no automatic switch until the context changes")
  }

  /// The end of an episode: it is marked finished, and a switch that waited for it is made.
  mutating func episodeEnded(at time: Date, in library: inout QueueLibrary) -> Decision {
    library.finishCurrentEpisode(now: time)
    position = (library.activeQueue.current?.playbackPositionSeconds ?? 0, time)
    return evaluate(at: time, in: &library, betweenEpisodes: true)
  }

  /// An answer to "Switching to …?".
  mutating func answered(_ answer: SwitchAnswer, at time: Date, in library: inout QueueLibrary) -> Decision {
    guard let asked = question else { return Decision(.none, reason: "no \"Switching to …?\" is open") }
    question = nil
    let consent: AutoSwitchRule.Consent?
    switch answer {
    case .yes: consent = .always
    case .no: consent = nil
    case .dontAskAgain: consent = .never
    }
    if let consent {
      try? library.recordConsent(consent, forRule: asked.ruleIndex, of: asked.key.queue, now: time)
    }
    switch answer {
    case .yes:
      var candidate = asked
      candidate.rule.consent = .always
      candidate.answeredYes = true
      return perform(candidate, at: time, in: &library, asked: true, betweenEpisodes: !isPlaying)
    case .no:
      declined.insert(asked.occurrence)
      let next = evaluate(at: time, in: &library, betweenEpisodes: !isPlaying)
      if case .none = next.action {
        return Decision(
          .none,
          reason: "you said No to \(asked.queueName); not asked again before this trigger (\(asked.cause)) ends and "
            + "comes back")
      }
      return next
    case .dontAskAgain:
      let next = evaluate(at: time, in: &library, betweenEpisodes: !isPlaying)
      if case .none = next.action {
        return Decision(.none, reason: "rule \(asked.rule.title) of \(asked.queueName) never switches again")
      }
      return next
    }
  }
}
