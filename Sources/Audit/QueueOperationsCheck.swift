import Foundation
import Queues
import SmartFill

/// The design's queue functionality, exercised on a scratch copy of a library (never the listener's store):
/// naming (emoji and text, uniqueness), the order of a queue's episodes and of the queues, duplication with
/// every setting, deletion with its confirmation and restore, routing a tied show's new episodes, and creation
/// up to the limit.
///
/// An operation that loses what the listener had (a duplicate without the episodes, a restore that does not
/// bring the queue back whole) is ✗; another that misbehaves is ⚠.
struct QueueOperationsCheck {
  let components: AuditComponents
  /// When the scratch operations happen.
  let now: Date

  /// One operation's outcome: `nil` when it passed, else what went wrong.
  private struct Step {
    var name: String
    var isCritical: Bool
    var failure: String?
  }

  /// Runs the operations on a copy of `library`; on `subject` (the listener's queue for `--queue`), or on a
  /// scratch queue created for the purpose.
  ///
  /// - Complexity: O(*q* · (*q* + *n*)) in the queues and the subject's episodes.
  func run(on library: QueueLibrary, subject: QueueID?) -> AuditCheck {
    var scratch = library
    if scratch.count >= scratch.queueLimit, scratch.count + 2 <= QueueLibrary.maximumQueueLimit {
      try? scratch.changeQueueLimit(to: scratch.count + 2)
    }
    var steps: [Step] = []
    let (naming, subjectID) = namingStep(&scratch, subject: subject)
    steps.append(naming)
    if let subjectID {
      steps.append(episodeOrderStep(&scratch, subjectID))
      steps.append(queueOrderStep(&scratch, subjectID))
      steps.append(duplicationStep(&scratch, subjectID))
      steps.append(deletionStep(&scratch, subjectID))
    }
    steps.append(routingStep(&scratch))
    var created = 0
    steps.append(creationStep(&scratch, created: &created))
    steps.append(storeStep(scratch))

    let failed = steps.filter { $0.failure != nil }
    let status: AuditStatus =
      failed.contains(where: \.isCritical) ? .broken : failed.isEmpty ? .working : .issues
    let passed = steps.count - failed.count
    let figures = [
      AuditFigure(
        "operationsPassed", .integer(passed),
        "operations on a scratch copy: \(passed) of \(steps.count) passed ("
          + steps.map(\.name).joined(separator: ", ") + ")"),
      AuditFigure("operationsChecked", .integer(steps.count), "the listener's store is only read"),
      AuditFigure(
        "queuesCreatedToLimit", .integer(created),
        "queues created up to the limit of \(scratch.queueLimit): \(created), and one more refused"),
    ]
    let findings = failed.map {
      AuditFinding(
        $0.isCritical ? .high : .medium, .operationFailed, queue: subject,
        "queue operation \($0.name) failed: \($0.failure!)")
    }
    return AuditCheck(area: .queueOperations, status: status, figures: figures, findings: findings)
  }

  // MARK: The steps

  /// An emoji and text name is read back in its parts; a name that clashes (case, spaces), an empty one and
  /// one of 41 characters are refused. Creates the scratch subject when there is none.
  private func namingStep(_ library: inout QueueLibrary, subject: QueueID?) -> (Step, QueueID?) {
    var step = Step(name: "naming", isCritical: false)
    var problems: [String] = []
    let names = library.queues.map(\.name)
    let name =
      (1...).lazy.map { $0 == 1 ? "🧪 Audit" : "🧪 Audit \($0)" }.first { candidate in
        !names.contains { QueueName.clash($0, candidate) }
      }!
    let id = QueueID("audit-scratch")
    do {
      try library.createQueue(
        named: name, autoSwitchRules: [.focusFilter],
        smartFillSettings: SmartFillSettings(mode: .fillTime, targetSeconds: 45 * 60), id: id, now: now)
      try library.modify(id, now: now) { (queue) throws(QueueError) in
        try queue.playLast((1...3).map { Self.scratchEpisode($0, now: now) })
        queue.isSyncedToCloud = false
        queue.isAutoSwitchEnabled = false
      }
      let queue = try library.queue(id)
      if queue.emoji != "🧪" || !queue.title.hasPrefix("Audit") {
        problems.append("\"\(name)\" reads back as emoji \(queue.emoji ?? "none") and text \"\(queue.title)\"")
      }
    } catch {
      problems.append("creating \"\(name)\": \(error)")
    }
    let clash = " " + name.lowercased() + " "
    for (attempt, expected) in [
      (clash, "a clashing name"), ("", "an empty name"), (String(repeating: "a", count: 41), "a name of 41 characters"),
    ] {
      do {
        try library.createQueue(named: attempt, now: now)
        problems.append("\(expected) was accepted")
      } catch {
        switch error {
        case .duplicateName, .invalidName: break
        default: problems.append("\(expected) was refused for the wrong reason: \(error)")
        }
      }
    }
    step.failure = problems.isEmpty ? nil : problems.joined(separator: "; ")
    if subject == nil, library.queue(named: name) == nil { return (step, nil) }
    return (step, subject ?? id)
  }

  /// Moving the first episode to the end and back gives the order expected, then the original.
  private func episodeOrderStep(_ library: inout QueueLibrary, _ id: QueueID) -> Step {
    var step = Step(name: "episode order", isCritical: false)
    guard let original = try? library.queue(id).episodes.map(\.id), original.count >= 2 else { return step }
    do {
      try library.modify(id, now: now) { (queue) throws(QueueError) in
        try queue.move(fromOffsets: [0], toOffset: queue.count)
      }
      let moved = try library.queue(id).episodes.map(\.id)
      if moved != Array(original.dropFirst()) + [original[0]] {
        step.failure = "moving the first episode to the end gave another order"
      }
      try library.modify(id, now: now) { (queue) throws(QueueError) in
        try queue.move(fromOffsets: [queue.count - 1], toOffset: 0)
      }
      if try library.queue(id).episodes.map(\.id) != original {
        step.failure = "moving it back did not give the original order"
      }
    } catch {
      step.failure = "moving episodes: \(error)"
    }
    return step
  }

  /// Moving the subject to the top of the list and back gives the order expected, then the original.
  private func queueOrderStep(_ library: inout QueueLibrary, _ id: QueueID) -> Step {
    var step = Step(name: "queue order", isCritical: false)
    let original = library.queues.map(\.id)
    guard let index = original.firstIndex(of: id) else { return step }
    do {
      try library.moveQueues(fromOffsets: [index], toOffset: 0)
      var expected = original
      expected.remove(at: index)
      expected.insert(id, at: 0)
      if library.queues.map(\.id) != expected { step.failure = "moving the queue to the top gave another order" }
      try library.moveQueues(fromOffsets: [0], toOffset: index + 1)
      if library.queues.map(\.id) != original { step.failure = "moving it back did not give the original order" }
    } catch {
      step.failure = "moving queues: \(error)"
    }
    return step
  }

  /// The copy has the episodes, playhead, rules, smart fill settings and switches of the original, under a
  /// new id and a name that does not clash.
  private func duplicationStep(_ library: inout QueueLibrary, _ id: QueueID) -> Step {
    var step = Step(name: "duplication", isCritical: true)
    do {
      let original = try library.queue(id)
      let copyID = try components.duplicate(&library, id, QueueID("audit-copy"), now)
      let copy = try library.queue(copyID)
      var lost: [String] = []
      if copy.episodes.map(\.id) != original.episodes.map(\.id) { lost.append("episodes") }
      if copy.episodes.map(\.playbackPositionSeconds) != original.episodes.map(\.playbackPositionSeconds) {
        lost.append("playback positions")
      }
      if copy.currentIndex != original.currentIndex { lost.append("playhead") }
      if copy.autoSwitchRules != original.autoSwitchRules { lost.append("auto-switch rules") }
      if copy.smartFillSettings != original.smartFillSettings { lost.append("smart fill settings") }
      if copy.isSyncedToCloud != original.isSyncedToCloud { lost.append("cloud setting") }
      if copy.isAutoSwitchEnabled != original.isAutoSwitchEnabled { lost.append("auto-switch switch") }
      if copyID == id || QueueName.clash(copy.name, original.name) { lost.append("a new id and name") }
      if !lost.isEmpty { step.failure = "the copy of \(original.name) lacks its " + lost.joined(separator: ", ") }
      try library.delete(library.deletion(of: copyID), now: now)
    } catch {
      step.failure = "duplicating: \(error)"
    }
    return step
  }

  /// Up Next cannot be deleted; a confirmation made stale by a later change is refused; a confirmed deletion
  /// removes the queue and a restore brings it back whole, at its place.
  private func deletionStep(_ library: inout QueueLibrary, _ id: QueueID) -> Step {
    var step = Step(name: "deletion and restore", isCritical: true)
    var problems: [String] = []
    if (try? library.deletion(of: .upNext)) != nil { problems.append("Up Next could be deleted") }
    guard id != .upNext else {
      step.failure = problems.first
      return step
    }
    do {
      let stale = try library.deletion(of: id)
      if !stale.confirmationMessage.contains(stale.name) {
        problems.append("the confirmation does not name the queue: \(stale.confirmationMessage)")
      }
      try library.modify(id, now: now.addingTimeInterval(1)) { (queue) throws(QueueError) in
        try queue.playLast([Self.scratchEpisode(99, now: now)])
      }
      if (try? library.delete(stale, now: now)) != nil {
        problems.append("a confirmation made before a later change was accepted")
        try library.restore(id, now: now)
      }
      let before = try library.queue(id)
      let index = library.queues.firstIndex { $0.id == id }
      try library.delete(library.deletion(of: id), now: now)
      if library.queues.contains(where: { $0.id == id }) { problems.append("the deleted queue is still listed") }
      try library.restore(id, now: now)
      let after = try library.queue(id)
      if after.episodes != before.episodes || after.autoSwitchRules != before.autoSwitchRules
        || after.smartFillSettings != before.smartFillSettings || after.name != before.name
        || after.currentIndex != before.currentIndex
      {
        problems.append("the restored queue is not the deleted one")
      }
      if library.queues.firstIndex(where: { $0.id == id }) != index { problems.append("restored at another place") }
    } catch {
      problems.append("deleting and restoring: \(error)")
    }
    step.failure = problems.isEmpty ? nil : problems.joined(separator: "; ")
    return step
  }

  /// A serial show tied to the scratch queue (new episodes next): a refresh puts its new episodes there in
  /// series order after the show's earlier one, even though "next" is ahead of it; one removed by hand stays
  /// out of the next refresh, and none is added twice. The tie is taken back at the end.
  private func routingStep(_ library: inout QueueLibrary) -> Step {
    var step = Step(name: "routing", isCritical: false)
    let id = QueueID("audit-scratch")
    guard library[id] != nil else { return step }
    let feedURL = "https://audit.invalid/serial.xml"
    // Listed newest first, as feeds are, so that only the routing puts them in series order.
    func show(_ parts: ClosedRange<Int>) -> Show {
      Show(
        feedURL: feedURL, title: "Audit Serial", ordering: .serial,
        episodes: parts.reversed().map { part in
          Episode(
            guid: "audit-serial-\(part)", title: "Part \(part)",
            published: now.addingTimeInterval(Double(part - 10) * 86_400), durationSeconds: 600, season: 1,
            episode: part)
        })
    }
    func parts(_ library: QueueLibrary) -> [[String]] {
      library.queues.map { queue in queue.episodes.filter { $0.feedURL == feedURL }.map(\.episodeGUID) }
    }
    var expected = library.queues.map { _ in [String]() }
    let index = library.queues.firstIndex { $0.id == id }!
    do {
      try library.tieShow(feedURL, titled: "Audit Serial", to: id, placement: .next, now: now)
      library.recordKnownEpisodes(of: show(1...1))
      let first = show(1...1).episodes[0]
      try library.modify(id, now: now) { (queue) throws(QueueError) in
        try queue.playLast([EpisodeReference(first, of: show(1...1), addedAt: now)])
      }
      components.route(&library, Catalog(shows: [show(1...3)]), .history, now)
      expected[index] = ["audit-serial-1", "audit-serial-2", "audit-serial-3"]
      if parts(library) != expected {
        step.failure = "a refresh with parts 2 and 3 new left the queues with parts \(parts(library))"
        return step
      }
      try library.remove([EpisodeID(feedURL: feedURL, guid: "audit-serial-2")], from: id, now: now)
      components.route(&library, Catalog(shows: [show(1...4)]), .catalog(Catalog(shows: [show(1...1)])), now)
      expected[index] = ["audit-serial-1", "audit-serial-3", "audit-serial-4"]
      if parts(library) != expected {
        step.failure =
          "after part 2 was removed by hand, a refresh with parts 2 to 4 new left the queues with parts "
          + "\(parts(library))"
      }
      try library.untieShow(feedURL, now: now)
    } catch {
      step.failure = "routing: \(error)"
    }
    return step
  }

  /// Queues can be created until the limit, and the next one is refused with the limit.
  private func creationStep(_ library: inout QueueLibrary, created: inout Int) -> Step {
    var step = Step(name: "creation to the limit", isCritical: false)
    while library.count < library.queueLimit {
      do {
        try library.createQueue(named: "Audit \(created + 1)", id: QueueID("audit-\(created + 1)"), now: now)
        created += 1
      } catch {
        step.failure = "creating queue \(library.count + 1) of \(library.queueLimit): \(error)"
        return step
      }
    }
    do {
      try library.createQueue(named: "Audit over the limit", now: now)
      step.failure = "a queue over the limit of \(library.queueLimit) was created"
    } catch {
      if case .queueLimitReached = error {} else { step.failure = "over the limit, refused with \(error)" }
    }
    return step
  }

  /// The scratch library saved to a store in a new temporary folder reads back equal (and the folder is
  /// removed): the listener's store is never the one written.
  private func storeStep(_ library: QueueLibrary) -> Step {
    var step = Step(name: "save and reload", isCritical: true)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("smartfill-audit-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    } catch {
      step.failure = "cannot make a scratch folder: \(error.localizedDescription)"
      return step
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = QueueStore(url: folder.appendingPathComponent("queues.json"))
    do {
      let saved = try store.update(now: now) { (stored) throws(QueueError) in stored = library }
      if try store.load(now: now) != saved { step.failure = "the library read back is not the one saved" }
    } catch {
      step.failure = "saving to a scratch store: \(error)"
    }
    return step
  }

  /// A scratch episode, never from the listener's catalog.
  static func scratchEpisode(_ number: Int, now: Date) -> EpisodeReference {
    EpisodeReference(
      episodeGUID: "audit-\(number)", feedURL: "https://audit.invalid/feed.xml", title: "Audit episode \(number)",
      showTitle: "Audit", durationSeconds: 600, playbackPositionSeconds: 0, addedAt: now)
  }
}
