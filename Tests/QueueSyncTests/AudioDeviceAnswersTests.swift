import Foundation
import Queues
import SmartFill
import SmartFillSupport
import SmartFillTestSupport
import Testing

@testable import QueueSync

@Suite("Replicated answers about audio devices and the auto-switch switch")
struct AudioDeviceAnswersTests {
  /// Sends every record of `from` to `to`, as a sync through the server does.
  static func send(_ from: ReplicatedLibrary, to: inout ReplicatedLibrary) throws {
    for id in from.recordIDs {
      try to.merge(try #require(from.record(id, deviceName: "phone", changeTag: nil)))
    }
  }

  @Test("a car marked and auto-switching turned off on one device show on the other")
  func travel() throws {
    var phone = device("phone")
    var tablet = device("tablet")
    phone.markAudioDevice("00:1A:7D", name: "Golf", isCar: true, now: at(10))
    phone.markAudioDevice("4C:87:5D", name: "Kitchen speaker", isCar: false, now: at(11))
    try phone.disableAutoSwitch(for: .commute, now: at(12))
    try Self.send(phone, to: &tablet)
    let library = try tablet.library()
    #expect(library.knownAudioDevice("00:1A:7D") == KnownAudioDevice(identifier: "00:1A:7D", name: "Golf", isCar: true))
    #expect(library.knownAudioDevices.map(\.identifier) == ["00:1A:7D", "4C:87:5D"])
    #expect(try !library.queue(.commute).isAutoSwitchEnabled)
    #expect(try library.queue(.workout).isAutoSwitchEnabled)
    // The tablet changes its mind later: the later answer wins on both.
    tablet.markAudioDevice("00:1A:7D", name: "Golf", isCar: false, now: at(20))
    try tablet.enableAutoSwitch(for: .commute, now: at(21))
    try Self.send(tablet, to: &phone)
    #expect(try phone.library().knownAudioDevice("00:1A:7D")?.isCar == false)
    #expect(try phone.library().queue(.commute).isAutoSwitchEnabled)
    #expect(phone.hasSameState(as: tablet))
  }

  @Test("a duplicated queue keeps its auto-switch switch")
  func duplicate() throws {
    var phone = device("phone")
    try phone.disableAutoSwitch(for: .sleep, now: at(1))
    let copy = try phone.duplicate(.sleep, newID: QueueID("sleep-copy"), now: at(2))
    #expect(try !phone.library().queue(copy).isAutoSwitchEnabled)
  }

  @Test("a state written before the switch and the answers were replicated reads as on and none")
  func olderStates() throws {
    let library = try StateFormatTests.bike()
    var queueText = String(decoding: StateWriter.encode(library.queues[QueueID("bike")]!), as: UTF8.self)
    let member = #""autoSwitch":[true,[0,0,1]],"#
    #expect(queueText.contains(member))
    queueText = queueText.replacingOccurrences(of: member, with: "")
    let queue = try StateReader(Array(queueText.utf8)).queue()
    #expect(queue.isAutoSwitchEnabled && queue.autoSwitch.stamp == .genesis)
    let old = try StateReader(Array(#"{"format":1,"replicas":[],"feeds":[],"finished":[]}"#.utf8)).library()
    #expect(old.audioDevices == AudioDeviceAnswers() && old.finished == FinishedEpisodes())
  }

  @Test(
    "bad answers are refused with their place",
    arguments: [
      (#"[["",  "Golf", true, [1,0,0]]]"#, "state.audioDevices[0][0]", "a device's identifier must not be empty"),
      (#"[["g", "Golf", "yes", [1,0,0]]]"#, "state.audioDevices[0][2]", "expected true or false, found \"yes\""),
      (
        #"[["g", "Golf", true, [1,0,0]], ["g", "Car", true, [2,0,0]]]"#, "state.audioDevices[1][0]",
        "the device \"g\" appears twice"
      ),
    ])
  func badAnswers(devices: String, location: String, reason: String) {
    let text = #"{"format":1,"replicas":["a"],"feeds":[],"finished":[],"audioDevices":"# + devices + "}"
    let record = SyncRecord(id: "library", type: "Library", fields: ["state": .json(Array(text.utf8))])
    #expect(throws: SyncError.invalidRecord(recordID: "library", location: location, reason: reason)) {
      try ReplicatedLibrary.state(of: record)
    }
  }

  /// Answers for random devices of a pool larger than the limit, from one replica.
  static func randomAnswers(_ random: inout SplitMix64, replica: String, count: Int) -> AudioDeviceAnswers {
    var answers = AudioDeviceAnswers()
    for _ in 0..<count {
      let stamp = HybridTimestamp(
        milliseconds: Int64(random.integer(in: 0...5_000)), logical: 0, replica: ReplicaID(replica))
      answers.record(
        .init(name: "n\(random.integer(in: 0...3))", isCar: random.integer(in: 0...1) == 1),
        for: "d\(random.integer(in: 0...1_599))", stamp: stamp)
    }
    return answers
  }

  @Test("merging past the limit keeps the latest answer per device and the latest devices (12 cases)")
  func limit() {
    for var trial in SeededCases(seed: 0xA0D1, count: 12) {
      let states = ["a", "b", "c"].map { Self.randomAnswers(&trial.random, replica: $0, count: 1_100) }
      for state in states { #expect(state.answers.count <= AudioDeviceAnswers.limit, "\(trial)") }
      let (a, b, c) = (states[0], states[1], states[2])
      #expect(a.merged(with: b) == b.merged(with: a), "\(trial): a ⊔ b ≠ b ⊔ a")
      #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)), "\(trial): not associative")
      #expect(a.merged(with: a) == a, "\(trial): a ⊔ a ≠ a")
      // The model: every answer any state holds, the latest per device, then the limit's latest of those.
      var latest: [String: Register<AudioDeviceAnswers.Answer>] = [:]
      for state in states {
        for (identifier, answer) in state.answers where latest[identifier].map({ $0.stamp < answer.stamp }) ?? true {
          latest[identifier] = answer
        }
      }
      let kept = latest.sorted { ($0.value.stamp, $0.key) > ($1.value.stamp, $1.key) }.prefix(AudioDeviceAnswers.limit)
      let merged = a.merged(with: b).merged(with: c)
      #expect(merged.answers == Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) }), "\(trial)")
      #expect(merged.devices.count == AudioDeviceAnswers.limit, "\(trial)")
    }
  }
}
