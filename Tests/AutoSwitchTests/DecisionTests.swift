import AutoSwitch
import Foundation
import Queues
import Testing

@Suite("Decisions for people")
struct DecisionTests {
  @Test("a question reads \"Switching to 🚗 Commute?\" with Yes, No and \"Don't ask again for Car\"")
  func question() {
    let question = SwitchQuestion(queue: .commute, queueName: "🚗 Commute", ruleTitle: "Car")
    let decision = Decision(.ask(question), reason: "CarPlay connected; rule Car of 🚗 Commute")
    #expect(
      decision.description
        == "ask: Switching to 🚗 Commute? [Yes | No | Don't ask again for Car] — CarPlay connected; rule Car of 🚗 Commute"
    )
    let car = CarQuestion(device: AudioPort(kind: .bluetooth, name: "Golf\n", identifier: "x"))
    #expect(Decision(.askIsCar(car), reason: "new").description == #"ask: Is this your car? (Golf\n) [Yes | No] — new"#)
  }

  @Test("a switch says where it saved, what resumes and whether it plays")
  func change() {
    let change = Switch(
      from: .upNext, to: .commute, toName: "🚗 Commute", savedPositionSeconds: nil, resume: nil, keepsPlaying: false,
      notice: "Switched to 🚗 Commute: CarPlay connected")
    #expect(change.summary == "to 🚗 Commute, nothing to resume, paused")
    #expect(
      Decision(.notice(change), reason: "r").description
        == "notice: Switched to 🚗 Commute: CarPlay connected [Undo] — to 🚗 Commute, nothing to resume, paused — r")
    #expect(Decision(.holdPlayback, reason: "r").description == "hold playback — r")
    #expect(
      Decision(.switchAtEpisodeEnd(queue: .sleep, name: "😴 Sleep"), reason: "r").description
        == "switch when the episode ends: to 😴 Sleep — r")
  }
}
