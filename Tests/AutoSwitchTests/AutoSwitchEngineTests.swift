import AutoSwitch
import Foundation
import Queues
import Testing

/// The design's user scenarios, each as its own test, on the built-in library with episodes (see
/// `sampleLibrary()`), in Berlin; 2 March 2026 is a Monday.
@Suite("Auto-switching scenarios")
struct AutoSwitchEngineTests {
  @Test(
    "the commuter: CarPlay at 08:05 asks; Yes switches at the episode's end; the next morning it switches by itself")
  func commuter() throws {
    var scenario = Scenario()
    scenario.at("2026-03-02T07:50:00+01:00", .playbackStarted(positionSeconds: 0))
    let ask = scenario.at("2026-03-02T08:05:00+01:00", .carPlayConnected)
    let question = try #require(ask.action.question)
    #expect(question.text == "Switching to 🚗 Commute?")
    #expect(question.options == ["Yes", "No", "Don't ask again for Car"])
    #expect(ask.reason == "CarPlay connected; rule Car of 🚗 Commute; you have not chosen Always, so asking")

    let yes = scenario.at("2026-03-02T08:05:10+01:00", .answer(.yes))
    #expect(yes.action == .switchAtEpisodeEnd(queue: .commute, name: "🚗 Commute"), "u1 is playing: wait for its end")
    #expect(
      yes.reason
        == "CarPlay connected; rule Car of 🚗 Commute; you answered Yes, so it switches without asking from now on; "
        + "an episode is playing, so the switch waits for its end",
      "issue 46, 7: a Yes is not explained as \"you chose Always\"")
    #expect(scenario.library[.commute]?.autoSwitchRules.first?.consent == .always, "Yes is kept with the rule")
    #expect(scenario.library.activeQueueID == .upNext)

    let end = scenario.at("2026-03-02T08:20:00+01:00", .episodeEnded)
    let change = try #require(end.action.change)
    #expect(change.to == .commute && change.keepsPlaying, "the player goes on, with Commute")
    #expect(change.resume?.episodeGUID == "c1" && change.resume?.playbackPositionSeconds == 754)
    #expect(scenario.library.activeQueueID == .commute)
    #expect(scenario.library.upNext.current?.episodeGUID == "u2", "u1 was played to its end and left Up Next")

    scenario.at("2026-03-02T08:44:59+01:00", .playbackPaused(positionSeconds: 1954))
    scenario.at("2026-03-02T08:45:00+01:00", .carPlayDisconnected)
    scenario.at("2026-03-02T18:00:00+01:00", .manualSwitch(to: .upNext))
    #expect(scenario.library[.commute]?.current?.playbackPositionSeconds == 1954, "Commute's place is saved")

    scenario.at("2026-03-03T07:40:00+01:00", .playbackStarted(positionSeconds: 0))
    scenario.at("2026-03-03T07:45:00+01:00", .playbackPaused(positionSeconds: 300))
    let morning = scenario.at("2026-03-03T08:05:00+01:00", .carPlayConnected)
    guard case .notice(let auto) = morning.action else {
      Issue.record("expected a switch with a notice, got \(morning)")
      return
    }
    #expect(auto.notice == "Switched to 🚗 Commute: CarPlay connected")
    #expect(morning.reason == "CarPlay connected; rule Car of 🚗 Commute; you chose Always")
    #expect(auto.savedPositionSeconds == 300 && !auto.keepsPlaying)
    #expect(auto.resume?.episodeGUID == "c1" && auto.resume?.playbackPositionSeconds == 1954)
    #expect(scenario.library.upNext.current?.playbackPositionSeconds == 300, "Up Next's place is saved")
  }

  @Test("the gym-goer: running reported for 60 s with medium or high confidence asks for Workout, not before")
  func gymGoer() throws {
    var scenario = Scenario()
    let start = instant("2026-03-02T18:00:00+01:00")
    var decisions: [Decision] = []
    for second in stride(from: 0, through: 50, by: 10) {
      decisions.append(
        scenario.at(
          start.addingTimeInterval(Double(second)),
          .motion(MotionSample([.running], confidence: second % 20 == 0 ? .high : .medium))))
    }
    #expect(decisions.allSatisfy { $0.action.isNone })
    #expect(scenario.at(start.addingTimeInterval(59), .tick).action.isNone, "59 s is not yet stable")
    let ask = scenario.at(start.addingTimeInterval(60), .tick)
    #expect(ask.action.question?.text == "Switching to 🏋️ Workout?")
    #expect(ask.reason.hasPrefix("running for 1 min; rule Running of 🏋️ Workout"))
    let yes = scenario.at(start.addingTimeInterval(65), .answer(.yes))
    #expect(yes.action.change?.to == .workout)
    if case .switchNow = yes.action {} else { Issue.record("a switch the listener agreed to is made now: \(yes)") }
  }

  @Test("sleep 22:00–06:00: in force when the app starts (across midnight), ended at 06:00 on the new offset")
  func sleepAcrossMidnight() throws {
    for (night, end) in [
      ("2026-03-28T23:30:00+01:00", "2026-03-29T06:00:00+02:00"),  // the clocks go forward at 02:00
      ("2026-10-24T23:30:00+02:00", "2026-10-25T06:00:00+01:00"),  // the clocks go back at 03:00
      ("2026-03-03T00:30:00+01:00", "2026-03-03T06:00:00+01:00"),  // an ordinary night, after midnight
    ] {
      var library = sampleLibrary()
      try library.recordConsent(.always, forRule: 0, of: .sleep)
      var scenario = Scenario(library: library)
      let start = scenario.at(night, .appActivated)
      #expect(start.action.change?.to == .sleep, "\(night): \(start)")
      #expect(start.action.change?.notice == "Switched to 😴 Sleep: it is 22:00–06:00")
      scenario.at(night, .manualSwitch(to: .upNext))
      let before = instant(end).addingTimeInterval(-60)
      #expect(scenario.at(before, .tick).reason.contains("you chose 📋 Up Next yourself"), "\(night)")
      // After 06:00 the range is over; the next evening's start is a new occurrence, which fires again.
      #expect(scenario.at(end, .tick).reason == "no rule fires", "\(end)")
      let evening = instant(end).addingTimeInterval(16 * 3600)
      #expect(scenario.at(evening, .appActivated).action.change?.to == .sleep, "\(evening)")
    }
  }

  @Test("sleep's next starts, for notifications, keep 22:00 local across both daylight-saving changes")
  func sleepNotifications() throws {
    let engine = AutoSwitchEngine(settings: AutoSwitchSettings(timeZone: berlin))
    let library = sampleLibrary()
    let spring = engine.nextScheduleStarts(after: instant("2026-03-28T12:00:00+01:00"), in: library, limit: 2)
    #expect(spring.map(\.date) == [instant("2026-03-28T21:00:00Z"), instant("2026-03-29T20:00:00Z")])
    #expect(spring.first?.notificationText == "Switch to 😴 Sleep? 12 episodes ready")
    let autumn = engine.nextScheduleStarts(after: instant("2026-10-24T12:00:00+02:00"), in: library, limit: 2)
    #expect(autumn.map(\.date) == [instant("2026-10-24T20:00:00Z"), instant("2026-10-25T21:00:00Z")])
    let york = AutoSwitchEngine(settings: AutoSwitchSettings(timeZone: newYork))
    let march = york.nextScheduleStarts(after: instant("2026-03-07T12:00:00-05:00"), in: library, limit: 2)
    #expect(march.map(\.date) == [instant("2026-03-08T03:00:00Z"), instant("2026-03-09T02:00:00Z")])
    let november = york.nextScheduleStarts(after: instant("2026-10-31T12:00:00-04:00"), in: library, limit: 2)
    #expect(november.map(\.date) == [instant("2026-11-01T02:00:00Z"), instant("2026-11-02T03:00:00Z")])
    // In force at 23:30: the next start is tomorrow's; the app's activation fires tonight's.
    let tonight = engine.nextScheduleStarts(after: instant("2026-03-02T23:30:00+01:00"), in: library, limit: 1)
    #expect(tonight.map(\.date) == [instant("2026-03-03T21:00:00Z")])
  }

  @Test("a friend's car: asked once whether it is the car; No never switches and never asks again")
  func friendsCarScenario() throws {
    var scenario = Scenario()
    let ask = scenario.at("2026-03-02T08:00:00+01:00", .audioRouteChanged(friendsCar))
    guard case .askIsCar(let question) = ask.action else {
      Issue.record("expected \"Is this your car?\", got \(ask)")
      return
    }
    #expect(question.text == "Is this your car?" && question.options == ["Yes", "No"])
    #expect(question.device == friendsCar)
    #expect(scenario.at("2026-03-02T08:00:05+01:00", .carAnswer(isCar: false)).action.isNone)
    #expect(scenario.library.knownAudioDevice(friendsCar.identifier)?.isCar == false)
    for day in 3...6 {
      scenario.at("2026-03-0\(day)T07:00:00+01:00", .audioRouteChanged(phoneSpeaker))
      #expect(scenario.at("2026-03-0\(day)T08:00:00+01:00", .audioRouteChanged(friendsCar)).action.isNone)
    }
    #expect(scenario.switches.isEmpty && scenario.library.activeQueueID == .upNext)

    // One's own car: Yes, then the car rule asks.
    let own = scenario.at("2026-03-07T08:00:00+01:00", .audioRouteChanged(golf))
    if case .askIsCar = own.action {} else { Issue.record("a new device is asked about: \(own)") }
    let car = scenario.at("2026-03-07T08:00:03+01:00", .carAnswer(isCar: true))
    #expect(car.action.question?.text == "Switching to 🚗 Commute?")
    #expect(car.reason.hasPrefix("Golf, your car, connected; rule Car of 🚗 Commute"))
  }

  @Test("an unanswered \"Is this your car?\" lapses when the route moves on, and is asked again next time")
  func unansweredCarQuestion() {
    var scenario = Scenario()
    if case .askIsCar = scenario.at("2026-03-02T08:00:00+01:00", .audioRouteChanged(golf)).action {
    } else {
      Issue.record("a new device is asked about")
    }
    scenario.at("2026-03-02T08:30:00+01:00", .audioRouteChanged(phoneSpeaker))
    #expect(
      scenario.at("2026-03-02T08:30:05+01:00", .carAnswer(isCar: true)).reason == "no \"Is this your car?\" is open")
    #expect(scenario.library.knownAudioDevice(golf.identifier) == nil)
    if case .askIsCar(let question) = scenario.at("2026-03-02T09:00:00+01:00", .audioRouteChanged(kitchen)).action {
      #expect(question.device == kitchen, "another device is asked about")
    } else {
      Issue.record("the next new device is asked about")
    }
  }

  @Test("a home speaker: No at the first connection, and no switch at any later one")
  func homeSpeakerScenario() throws {
    var library = sampleLibrary()
    try library.recordConsent(.always, forRule: 0, of: .commute)
    var scenario = Scenario(library: library)
    if case .askIsCar = scenario.at("2026-03-02T19:00:00+01:00", .audioRouteChanged(kitchen)).action {
    } else {
      Issue.record("the speaker is asked about once")
    }
    scenario.at("2026-03-02T19:00:04+01:00", .carAnswer(isCar: false))
    for hour in 20...23 {
      scenario.at("2026-03-02T\(hour):00:00+01:00", .audioRouteChanged(phoneSpeaker))
      #expect(scenario.at("2026-03-02T\(hour):10:00+01:00", .audioRouteChanged(kitchen)).action.isNone)
      #expect(scenario.at("2026-03-02T\(hour):10:02+01:00", .remotePlayCommand).action == .holdPlayback)
    }
    #expect(scenario.switches.filter { $0.to == .commute }.isEmpty)
  }

  @Test("flapping motion: stray or low-confidence running never asks; a flapping run asks once and never switches back")
  func flappingMotion() throws {
    var scenario = Scenario()
    let start = instant("2026-03-02T18:00:00+01:00")
    func report(_ seconds: Int, _ flags: Set<MotionFlag>, _ confidence: MotionConfidence = .high) -> Decision {
      scenario.at(start.addingTimeInterval(Double(seconds)), .motion(MotionSample(flags, confidence: confidence)))
    }
    // A walk with a stray running report every 40 s, then running reported at low confidence for 5 minutes.
    for second in stride(from: 0, to: 1200, by: 5) {
      #expect(report(second, second % 40 == 0 ? [.running] : [.walking]).action.isNone, "at \(second) s")
    }
    for second in stride(from: 1200, to: 1500, by: 5) {
      #expect(report(second, [.running], .low).action.isNone, "at \(second) s")
    }
    // A run that flaps: 20 s running, 10 s walking or stationary, for 20 minutes.
    var asks = 0
    for second in stride(from: 1500, to: 2700, by: 5) {
      let flags: Set<MotionFlag> = (second / 10) % 3 == 2 ? [.walking, .stationary] : [.running]
      let decision = report(second, flags, second % 15 == 0 ? .medium : .high)
      if decision.action.question != nil {
        asks += 1
        scenario.at(start.addingTimeInterval(Double(second) + 1), .answer(.yes))
      }
    }
    #expect(asks == 1)
    #expect(scenario.switches.map(\.to) == [.workout], "one switch, and not back")
  }

  @Test(
    "a manual override: the listener's own switch holds while the car stays; a new trigger or a new connection fires")
  func manualOverride() throws {
    var library = sampleLibrary()
    try library.recordConsent(.always, forRule: 0, of: .commute)
    try library.modify(.sleep) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [AutoSwitchRule(.focusFilter(focusName: nil), consent: .always)])
    }
    var scenario = Scenario(library: library)
    #expect(scenario.at("2026-03-02T08:00:00+01:00", .carPlayConnected).action.change?.to == .commute)
    scenario.at("2026-03-02T08:01:00+01:00", .manualSwitch(to: .upNext))
    #expect(scenario.library.activeQueueID == .upNext)
    for minute in 2...9 {
      let decision = scenario.at("2026-03-02T08:0\(minute):00+01:00", minute % 2 == 0 ? .tick : .appActivated)
      #expect(decision.action.isNone)
      #expect(decision.reason.contains("you chose 📋 Up Next yourself"))
    }
    #expect(
      scenario.at("2026-03-02T08:10:00+01:00", .focusFilterActivated(.sleep)).action.change?.to == .sleep,
      "a trigger that came on after the listener's switch fires")
    scenario.at("2026-03-02T08:11:00+01:00", .manualSwitch(to: .upNext))
    scenario.at("2026-03-02T08:30:00+01:00", .carPlayDisconnected)
    #expect(scenario.at("2026-03-02T17:30:00+01:00", .carPlayConnected).action.change?.to == .commute)
  }

  @Test("simultaneous triggers: in the car at 22:30 with Sleep scheduled, the car wins; the precedence can change")
  func simultaneousTriggers() throws {
    var library = sampleLibrary()
    try library.recordConsent(.always, forRule: 0, of: .commute)
    try library.recordConsent(.always, forRule: 0, of: .sleep)
    var scenario = Scenario(library: library)
    let decision = scenario.at("2026-03-02T22:30:00+01:00", .carPlayConnected)
    #expect(decision.action.change?.to == .commute)
    #expect(decision.reason == "CarPlay connected; rule Car of 🚗 Commute; you chose Always")

    var settings = AutoSwitchSettings(timeZone: berlin)
    try settings.changePrecedence(to: [.schedule, .carPlay, .bluetoothCar, .focusFilter, .audioOutput, .motion])
    var sleepFirst = Scenario(library: library, settings: settings)
    #expect(sleepFirst.at("2026-03-02T22:30:00+01:00", .carPlayConnected).action.change?.to == .sleep)
    #expect(throws: AutoSwitchError.invalidPrecedence(["carPlay", "carPlay"])) {
      try settings.changePrecedence(to: [.carPlay, .carPlay])
    }
  }

  @Test("ties between queues go to the one first in the library")
  func tiesByQueueOrder() throws {
    var library = sampleLibrary()
    let bike = try library.createQueue(
      named: "🚙 Road trip", autoSwitchRules: [AutoSwitchRule(.car, consent: .always)], id: QueueID("trip"))
    try library.recordConsent(.always, forRule: 0, of: .commute)
    var first = Scenario(library: library)
    #expect(first.at("2026-03-02T08:00:00+01:00", .carPlayConnected).action.change?.to == .commute)
    try library.moveQueues(fromOffsets: [library.queues.count - 1], toOffset: 1)
    var moved = Scenario(library: library)
    #expect(moved.at("2026-03-02T08:00:00+01:00", .carPlayConnected).action.change?.to == bike)
  }

  @Test("a switch deferred to the end of the episode (or a pause), dropped when the trigger ends first, or asked")
  func deferredToEpisodeEnd() throws {
    var library = sampleLibrary()
    try library.recordConsent(.always, forRule: 0, of: .commute)
    var scenario = Scenario(library: library)
    scenario.at("2026-03-02T08:00:00+01:00", .playbackStarted(positionSeconds: 0))
    let due = scenario.at("2026-03-02T08:05:00+01:00", .carPlayConnected)
    #expect(due.action == .switchAtEpisodeEnd(queue: .commute, name: "🚗 Commute"))
    #expect(due.reason.hasSuffix("an episode is playing, so the switch waits for its end"))
    #expect(scenario.at("2026-03-02T08:10:00+01:00", .tick).reason.contains("waiting for the episode to end"))
    #expect(scenario.library.activeQueueID == .upNext)
    let end = scenario.at("2026-03-02T08:30:00+01:00", .episodeEnded)
    #expect(end.action.change?.to == .commute && end.action.change?.keepsPlaying == true)

    var paused = Scenario(library: library)
    paused.at("2026-03-02T08:00:00+01:00", .playbackStarted(positionSeconds: 0))
    paused.at("2026-03-02T08:05:00+01:00", .carPlayConnected)
    let pause = paused.at("2026-03-02T08:07:00+01:00", .playbackPaused(positionSeconds: 420))
    #expect(pause.action.change?.to == .commute && pause.action.change?.keepsPlaying == false)
    #expect(paused.library.upNext.current?.playbackPositionSeconds == 420)

    var dropped = Scenario(library: library)
    dropped.at("2026-03-02T08:00:00+01:00", .playbackStarted(positionSeconds: 0))
    dropped.at("2026-03-02T08:05:00+01:00", .carPlayConnected)
    dropped.at("2026-03-02T08:06:00+01:00", .carPlayDisconnected)
    #expect(dropped.at("2026-03-02T08:30:00+01:00", .episodeEnded).action.isNone)
    #expect(dropped.library.activeQueueID == .upNext)

    var asking = Scenario(
      library: library, settings: AutoSwitchSettings(timeZone: berlin, whileEpisodePlays: .ask))
    asking.at("2026-03-02T08:00:00+01:00", .playbackStarted(positionSeconds: 0))
    let ask = asking.at("2026-03-02T08:05:00+01:00", .carPlayConnected)
    #expect(ask.action.question?.text == "Switching to 🚗 Commute?")
    let now = asking.at("2026-03-02T08:10:00+01:00", .answer(.yes))
    guard case .switchNow(let change) = now.action else {
      Issue.record("Yes interrupts at once when so configured: \(now)")
      return
    }
    #expect(change.savedPositionSeconds == 600, "10 minutes into u1")
    #expect(asking.library.upNext.current?.playbackPositionSeconds == 600)
    #expect(change.keepsPlaying)
  }

  @Test("auto-switch turned off for a queue, or a rule turned off: nothing fires and nothing is asked")
  func autoSwitchOff() throws {
    var library = sampleLibrary()
    try library.disableAutoSwitch(for: .commute)
    var off = Scenario(library: library)
    #expect(off.at("2026-03-02T08:00:00+01:00", .carPlayConnected).action.isNone)
    #expect(off.at("2026-03-02T08:00:02+01:00", .audioRouteChanged(golf)).action.isNone, "no car rule: no question")
    library = sampleLibrary()
    try library.modify(.commute) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [AutoSwitchRule(.car, isEnabled: false)])
    }
    var disabled = Scenario(library: library)
    #expect(disabled.at("2026-03-02T08:00:00+01:00", .carPlayConnected).action.isNone)
    #expect(disabled.library.activeQueueID == .upNext)
  }

  @Test("\"Don't ask again for Car\" makes the rule Never: no question at the next connection either")
  func dontAskAgain() throws {
    var scenario = Scenario()
    #expect(scenario.at("2026-03-02T08:00:00+01:00", .carPlayConnected).action.question != nil)
    let answer = scenario.at("2026-03-02T08:00:05+01:00", .answer(.dontAskAgain))
    #expect(answer.action.isNone && answer.reason == "rule Car of 🚗 Commute never switches again")
    #expect(scenario.library[.commute]?.autoSwitchRules.first?.consent == .never)
    scenario.at("2026-03-02T08:30:00+01:00", .carPlayDisconnected)
    #expect(scenario.at("2026-03-03T08:00:00+01:00", .carPlayConnected).action.isNone)
  }

  @Test("No holds until the trigger ends and comes back, then it asks again")
  func noUntilTriggerReturns() throws {
    var scenario = Scenario()
    scenario.at("2026-03-02T08:00:00+01:00", .carPlayConnected)
    let no = scenario.at("2026-03-02T08:00:05+01:00", .answer(.no))
    #expect(no.action.isNone && no.reason.hasPrefix("you said No to 🚗 Commute"))
    #expect(scenario.library[.commute]?.autoSwitchRules.first?.consent == .ask)
    #expect(scenario.at("2026-03-02T08:10:00+01:00", .appActivated).action.isNone)
    scenario.at("2026-03-02T08:30:00+01:00", .carPlayDisconnected)
    #expect(scenario.at("2026-03-02T17:30:00+01:00", .carPlayConnected).action.question != nil)
  }

  @Test("the car's \"play\" on connect does not start playback; a later play is obeyed")
  func carPlayOnConnect() throws {
    var library = sampleLibrary()
    try library.recordConsent(.always, forRule: 0, of: .commute)
    var scenario = Scenario(library: library)
    let connect = scenario.at("2026-03-02T08:00:00+01:00", .carPlayConnected)
    #expect(connect.action.change?.keepsPlaying == false, "a context change alone never starts playback")
    let play = scenario.at("2026-03-02T08:00:01+01:00", .remotePlayCommand)
    #expect(play.action == .holdPlayback)
    #expect(
      play.reason == "the play command came 1 s after CarPlay connected; a context change alone never starts playback")
    #expect(scenario.at("2026-03-02T08:00:30+01:00", .remotePlayCommand).action.isNone)
  }

  @Test("a rule that returns goes back between episodes when its trigger ends; Undo goes back at once")
  func returnAndUndo() throws {
    var library = sampleLibrary()
    try library.modify(.commute) { (queue) throws(QueueError) in
      try queue.replaceAutoSwitchRules(with: [AutoSwitchRule(.car, consent: .always, returnsWhenTriggerEnds: true)])
    }
    var scenario = Scenario(library: library)
    scenario.at("2026-03-02T08:00:00+01:00", .carPlayConnected)
    scenario.at("2026-03-02T08:01:00+01:00", .playbackStarted(positionSeconds: 754))
    let away = scenario.at("2026-03-02T08:30:00+01:00", .carPlayDisconnected)
    #expect(away.action.isNone && away.reason.contains("waiting for the episode to end"))
    let back = scenario.at("2026-03-02T08:31:00+01:00", .episodeEnded)
    #expect(back.action.change?.to == .upNext)
    #expect(back.action.change?.notice == "Switched back to 📋 Up Next: the trigger ended")

    var undo = Scenario(library: library)
    undo.at("2026-03-02T08:00:00+01:00", .carPlayConnected)
    undo.at("2026-03-02T08:01:00+01:00", .playbackStarted(positionSeconds: 754))
    undo.at("2026-03-02T08:02:00+01:00", .playbackPaused(positionSeconds: 814))
    let undone = undo.at("2026-03-02T08:02:05+01:00", .undo)
    #expect(undone.action.isNone && undo.library.activeQueueID == .upNext)
    #expect(undo.library[.commute]?.current?.playbackPositionSeconds == 814)
    #expect(undo.at("2026-03-02T08:05:00+01:00", .tick).action.isNone, "the undo is the listener's own switch")
  }
}
