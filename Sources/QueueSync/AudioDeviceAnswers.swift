import Queues

/// The listener's answers about Bluetooth audio devices ("Is “Golf” your car?"), replicated, so that a car
/// marked on the iPhone is a car on the iPad too: one last-writer-wins ``Register`` per device identifier.
///
/// A library keeps at most ``limit`` answers (`QueueLibrary.maximumKnownAudioDevices`), forgetting the
/// oldest as `QueueLibrary.markAudioDevice(_:name:isCar:)` does. Merging takes the later answer per device
/// and then the `limit` latest answers of the union, ordered by (stamp, identifier): an answer one state
/// dropped for age was older than `limit` others it kept, so it is never among the latest of any merge that
/// includes that state, and the merge stays commutative, associative and idempotent.
package struct AudioDeviceAnswers: Sendable, Hashable {
  /// What the listener said about one device.
  package struct Answer: Sendable, Hashable {
    /// The device's name when the listener answered ("Golf").
    package var name: String
    /// Whether it is their car.
    package var isCar: Bool

    /// Creates an answer.
    package init(name: String, isCar: Bool) {
      self.name = name
      self.isCar = isCar
    }
  }

  /// The most answers kept: as many as a `QueueLibrary` keeps.
  package static let limit = QueueLibrary.maximumKnownAudioDevices

  /// The answers, by device identifier.
  package internal(set) var answers: [String: Register<Answer>] = [:]

  /// No answers.
  package init() {}

  /// The answers as the library lists them: the oldest first.
  ///
  /// - Complexity: O(*d* log *d*) in the number of answers.
  package var devices: [KnownAudioDevice] {
    sortedByAge().map { KnownAudioDevice(identifier: $0.key, name: $0.value.value.name, isCar: $0.value.value.isCar) }
  }

  /// Records `answer` for device `identifier` at `stamp` (an older stamp than the device's answer changes
  /// nothing).
  ///
  /// - Complexity: O(1), or O(*d* log *d*) when an answer has to be forgotten.
  mutating func record(_ answer: Answer, for identifier: String, stamp: HybridTimestamp) {
    if var register = answers[identifier] {
      register.write(answer, stamp: stamp)
      answers[identifier] = register
    } else {
      answers[identifier] = Register(answer, stamp: stamp)
    }
    trim()
  }

  /// Both states' answers: the later one per device, then the ``limit`` latest.
  ///
  /// - Complexity: O(*d* + *e*), or O((*d* + *e*) log(*d* + *e*)) past the limit.
  package func merged(with other: AudioDeviceAnswers) -> AudioDeviceAnswers {
    var result = self
    result.answers.merge(other.answers) { $0.merged(with: $1) }
    result.trim()
    return result
  }

  /// The answers by (stamp, identifier), the oldest first.
  private func sortedByAge() -> [(key: String, value: Register<Answer>)] {
    answers.sorted { ($0.value.stamp, $0.key) < ($1.value.stamp, $1.key) }
  }

  /// Forgets the oldest answers beyond ``limit``.
  private mutating func trim() {
    guard answers.count > Self.limit else { return }
    for (identifier, _) in sortedByAge().prefix(answers.count - Self.limit) { answers[identifier] = nil }
  }
}
