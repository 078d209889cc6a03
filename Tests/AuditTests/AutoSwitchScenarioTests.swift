import AutoSwitch
import Foundation
import Queues
import Testing

@testable import Audit

@Suite("Auto-switch scenarios")
struct AutoSwitchScenarioTests {
  typealias Expected = AutoSwitchScenario.Expected

  @Test("a decision reads as the expectation it meets")
  func expected() {
    let change = Switch(
      from: .upNext, to: .commute, toName: "🚗 Commute", savedPositionSeconds: nil, resume: nil, keepsPlaying: false,
      notice: "")
    #expect(Expected(.none) == .none)
    #expect(Expected(.notice(change)) == .switchTo(.commute) && Expected(.switchNow(change)) == .switchTo(.commute))
    #expect(Expected(.switchAtEpisodeEnd(queue: .sleep, name: "😴 Sleep")) == .atEpisodeEnd(.sleep))
    #expect(Expected(.holdPlayback) == .hold)
    #expect(
      Expected(.ask(SwitchQuestion(queue: .workout, queueName: "🏋️ Workout", ruleTitle: "Running")))
        == .ask(.workout))
  }

  @Test("nothing where a trigger was due is a miss; anything else that differs is a misfire")
  func classification() {
    func mismatch(_ expected: Expected, _ got: Expected) -> AutoSwitchScenario.Mismatch {
      AutoSwitchScenario.Mismatch(scenario: "s", at: fixtureNow, event: "tick", expected: expected, got: got)
    }
    #expect(mismatch(.ask(.commute), .none).isMiss)
    #expect(mismatch(.switchTo(.commute), .none).isMiss)
    #expect(!mismatch(.switchTo(.commute), .switchTo(.sleep)).isMiss)
    #expect(!mismatch(.none, .switchTo(.commute)).isMiss)
    #expect(!mismatch(.hold, .none).isMiss, "a play command not held is a misfire, not a missed trigger")
  }

  @Test("a step expecting anything never differs; the others are compared")
  func run() {
    let scenario = AutoSwitchScenario(
      name: "s", library: AutoSwitchScenarios.sampleLibrary(), timeZone: AutoSwitchScenarios.berlin,
      steps: [
        AutoSwitchScenario.Step(at: fixtureNow, event: .manualSwitch(to: .sleep), expected: .any),
        AutoSwitchScenario.Step(at: fixtureNow, event: .tick, expected: .switchTo(.commute)),
      ])
    let found = scenario.run { AutoSwitchEngine(settings: $0) }
    #expect(found.map(\.got) == [.none] && found.map(\.expected) == [.switchTo(.commute)])
  }

  @Test("the scenarios' names, in the report's order")
  func names() {
    #expect(
      AutoSwitchScenarios.all.map(\.name) == [
        "commuter", "gym-goer", "sleep across midnight", "sleep as the clocks go forward",
        "sleep as the clocks go back", "friend's car", "flapping motion", "manual override",
      ])
  }
}
