import Foundation

// What the auto-switch layer changes in a library: the listener's answers (a rule's consent, whether a
// Bluetooth device is their car) and whether a queue may be switched to at all. Switching itself is
// `switchTo(_:savingPosition:now:)` (`QueueLibrary+Playback.swift`).

extension QueueLibrary {
  /// The most known audio devices a library keeps: 1,000; marking another forgets the one marked longest ago.
  public static let maximumKnownAudioDevices = 1_000

  /// What the listener said about the Bluetooth device `identifier`, or `nil` when they were never asked.
  ///
  /// - Complexity: O(*d*) in the number of known devices.
  public func knownAudioDevice(_ identifier: String) -> KnownAudioDevice? {
    knownAudioDevices.first { $0.identifier == identifier }
  }

  /// Records whether the Bluetooth device `identifier` is the listener's car; a device marked again moves to
  /// the end (the most recent), and beyond ``maximumKnownAudioDevices`` the first is forgotten.
  ///
  /// - Complexity: O(*d*) in the number of known devices.
  public mutating func markAudioDevice(_ identifier: String, name: String, isCar: Bool) {
    precondition(!identifier.isEmpty, "a device needs an identifier")
    var device = KnownAudioDevice(identifier: identifier, name: name, isCar: isCar)
    if let index = knownAudioDevices.firstIndex(where: { $0.identifier == identifier }) {
      device.unknownFields = knownAudioDevices[index].unknownFields
      knownAudioDevices.remove(at: index)
    }
    knownAudioDevices.append(device)
    if knownAudioDevices.count > Self.maximumKnownAudioDevices { knownAudioDevices.removeFirst() }
  }

  /// Records the listener's answer for rule `index` of queue `id`, keeping the fields a newer version wrote
  /// in the rule.
  ///
  /// - Throws: ``QueueError/unknownQueue(_:)``, ``QueueError/indexOutOfRange(index:validRange:queueName:)``.
  public mutating func recordConsent(
    _ consent: AutoSwitchRule.Consent, forRule index: Int, of id: QueueID, now: Date = Date()
  ) throws(QueueError) {
    try modify(id, now: now) { (queue) throws(QueueError) in
      guard queue.autoSwitchRules.indices.contains(index) else {
        throw .indexOutOfRange(
          index: index, validRange: 0...max(0, queue.autoSwitchRules.count - 1), queueName: queue.name)
      }
      var rule = queue.autoSwitchRules[index]
      rule.consent = consent
      queue.replaceRule(at: index, with: rule)
    }
  }

  /// Turns auto-switching to queue `id` on; its rules and their answers are as they were.
  ///
  /// - Throws: ``QueueError/unknownQueue(_:)``.
  public mutating func enableAutoSwitch(for id: QueueID, now: Date = Date()) throws(QueueError) {
    try modify(id, now: now) { (queue) throws(QueueError) in queue.isAutoSwitchEnabled = true }
  }

  /// Turns auto-switching to queue `id` off; its rules and their answers are kept.
  ///
  /// - Throws: ``QueueError/unknownQueue(_:)``.
  public mutating func disableAutoSwitch(for id: QueueID, now: Date = Date()) throws(QueueError) {
    try modify(id, now: now) { (queue) throws(QueueError) in queue.isAutoSwitchEnabled = false }
  }
}

extension Queue {
  /// Replaces rule `index` by `rule` (already valid), moving the fields a newer version wrote in it.
  mutating func replaceRule(at index: Int, with rule: AutoSwitchRule) {
    let old = autoSwitchRules[index]
    autoSwitchRules[index] = rule
    if let fields = unknownRuleFields[old] {
      if !autoSwitchRules.contains(old) { unknownRuleFields[old] = nil }
      unknownRuleFields[rule] = unknownRuleFields[rule, default: [:]].merging(fields)
    }
  }
}
