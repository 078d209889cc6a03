import SmartFill

extension QueueLibrary {
  /// Checks what every library must hold: Up Next among the queues, identifiers unique, valid and unique
  /// names, each episode at most once per queue and valid, playheads in range, valid rules, smart fill
  /// settings within the store's bounds, an active queue that exists, no more queues than the limit and
  /// every number within its bound (``maximumQueueLimit``, ``maximumRevision``), known audio devices unique
  /// and at most ``maximumKnownAudioDevices``, each show tied to at most one queue (deleted queues keep their
  /// ties apart, see ``restore(_:now:)``), never to Up Next, and each queue's ties valid and within
  /// ``ShowTie/maximumPerQueue``, and the ``episodeHistory`` within its bounds, so that a library that passes is
  /// read back whole from the store.
  ///
  /// - Throws: ``QueueError/malformedLibrary(location:reason:)`` naming the first problem's place, as the
  ///   store's JSON spells it (`queues[2].episodes[5]`).
  /// - Complexity: O(*n*) in the total number of episodes.
  public func checkInvariants() throws(QueueError) {
    func fail(_ location: String, _ reason: String) -> QueueError {
      .malformedLibrary(location: location, reason: reason)
    }
    if queueLimit < 1 || queueLimit < queues.count || queueLimit > Self.maximumQueueLimit {
      throw fail(
        "queueLimit",
        "must be at least 1 and at least the number of queues (\(queues.count)), and at most "
          + "\(Self.maximumQueueLimit), got \(queueLimit)")
    }
    if revision < 0 || revision > Self.maximumRevision {
      throw fail("revision", "must be from 0 to \(Self.maximumRevision), got \(revision)")
    }
    guard queues.contains(where: { $0.id == .upNext }) else {
      throw fail("queues", "Up Next (id \"up-next\") is missing")
    }
    if self[activeQueueID] == nil {
      throw fail("activeQueueID", "no queue has the id \"\(activeQueueID)\"")
    }
    var ids: Set<QueueID> = []
    var names: [String: String] = [:]
    var tied: [String: String] = [:]
    for (offset, queue) in queues.enumerated() {
      let location = "queues[\(offset)]"
      if !ids.insert(queue.id).inserted || queue.id.rawValue.isEmpty {
        throw fail(location + ".id", "\"\(queue.id)\" is empty or used by another queue")
      }
      try Self.check(queue, at: location)
      if queue.isUpNext, !queue.showTies.isEmpty {
        throw fail(location + ".showTies", "Up Next ties no show, found \"\(queue.showTies[0].feedURL)\"")
      }
      for (index, tie) in queue.showTies.enumerated() {
        if let other = tied.updateValue(queue.name, forKey: tie.feedURL) {
          throw fail(
            location + ".showTies[\(index)].feedURL",
            "show \"\(tie.feedURL)\" is tied to the queue named \"\(other)\" too; a show is tied to one queue")
        }
      }
      let key = QueueName.comparisonKey(queue.name)
      if let other = names[key] {
        throw fail(location + ".name", "\"\(queue.name)\" clashes with the queue named \"\(other)\"")
      }
      names[key] = queue.name
    }
    for (offset, deleted) in deletedQueues.enumerated() {
      let location = "deletedQueues[\(offset)]"
      if !ids.insert(deleted.queue.id).inserted || deleted.queue.id.rawValue.isEmpty {
        throw fail(location + ".queue.id", "\"\(deleted.queue.id)\" is empty or used by another queue")
      }
      if deleted.queue.isUpNext { throw fail(location, "Up Next cannot be deleted") }
      if deleted.formerIndex < 0 || deleted.formerIndex > Self.maximumQueueLimit {
        throw fail(
          location + ".formerIndex", "must be from 0 to \(Self.maximumQueueLimit), got \(deleted.formerIndex)")
      }
      try Self.check(deleted.queue, at: location + ".queue")
    }
    if knownAudioDevices.count > Self.maximumKnownAudioDevices {
      throw fail(
        "knownAudioDevices",
        "must hold at most \(Self.maximumKnownAudioDevices) devices, has \(knownAudioDevices.count)")
    }
    var devices: Set<String> = []
    for (offset, device) in knownAudioDevices.enumerated()
    where !devices.insert(device.identifier).inserted
      || device.identifier.isEmpty
    {
      throw fail(
        "knownAudioDevices[\(offset)].identifier", "\"\(device.identifier)\" is empty or used by another device")
    }
    try Self.check(episodeHistory)
  }

  /// Checks the history's bounds and that its feed URLs, GUIDs and queue identifiers are not empty.
  static func check(_ history: EpisodeHistory) throws(QueueError) {
    func fail(_ location: String, _ reason: String) -> QueueError {
      .malformedLibrary(location: "episodeHistory." + location, reason: reason)
    }
    if history.knownEpisodes.count > EpisodeHistory.maximumShows {
      throw fail(
        "knownEpisodes",
        "must hold at most \(EpisodeHistory.maximumShows) shows, holds \(history.knownEpisodes.count)")
    }
    for (offset, feedURL) in history.knownEpisodes.keys.sorted().enumerated() {
      let known = history.knownEpisodes[feedURL]!
      if feedURL.isEmpty { throw fail("knownEpisodes[\(offset)].feedURL", "must not be empty") }
      if known.guids.count > EpisodeHistory.maximumKnownEpisodesPerShow {
        throw fail(
          "knownEpisodes[\(offset)].guids",
          "must hold at most \(EpisodeHistory.maximumKnownEpisodesPerShow) GUIDs, holds \(known.guids.count)")
      }
      if known.guids.contains("") { throw fail("knownEpisodes[\(offset)].guids", "a GUID is empty") }
    }
    if history.exclusions.count > EpisodeHistory.maximumExclusions {
      throw fail(
        "exclusions",
        "must hold at most \(EpisodeHistory.maximumExclusions) exclusions, holds \(history.exclusions.count)")
    }
    var excluded: Set<EpisodeID> = []
    for (offset, exclusion) in history.exclusions.enumerated() {
      if exclusion.episode.feedURL.isEmpty || exclusion.episode.guid.isEmpty {
        throw fail("exclusions[\(offset)]", "the episode's feed URL and GUID must not be empty")
      }
      if exclusion.queueID?.rawValue.isEmpty == true {
        throw fail("exclusions[\(offset)].queueID", "must not be empty")
      }
      if !excluded.insert(exclusion.episode).inserted {
        throw fail("exclusions[\(offset)]", "episode \(exclusion.episode) is excluded more than once")
      }
    }
  }

  static func check(_ queue: Queue, at location: String) throws(QueueError) {
    func fail(_ field: String, _ reason: String) -> QueueError {
      .malformedLibrary(location: location + field, reason: reason)
    }
    do {
      _ = try QueueName.validated(queue.name)
    } catch {
      throw fail(".name", error.description)
    }
    if queue.name != queue.name.trimmingCharacters(in: .whitespacesAndNewlines) {
      throw fail(".name", "\"\(queue.name)\" has surrounding spaces")
    }
    if !(0...queue.episodes.count).contains(queue.currentIndex) {
      throw fail(".currentIndex", "must be in 0...\(queue.episodes.count), got \(queue.currentIndex)")
    }
    for (offset, rule) in queue.autoSwitchRules.enumerated() {
      do {
        try rule.validate()
      } catch {
        throw fail(".autoSwitchRules[\(offset)]", error.description)
      }
    }
    if let settings = queue.smartFillSettings {
      if let target = settings.targetSeconds, !SmartFillSettings.targetRange.contains(target) {
        throw fail(
          ".smartFillSettings.targetSeconds",
          "must be from \(SmartFillSettings.targetRange.lowerBound) to \(SmartFillSettings.targetRange.upperBound), "
            + "got \(target)")
      }
      if !SmartFillSettings.toleranceRange.contains(settings.toleranceSeconds) {
        throw fail(
          ".smartFillSettings.toleranceSeconds",
          "must be from \(SmartFillSettings.toleranceRange.lowerBound) to "
            + "\(SmartFillSettings.toleranceRange.upperBound), got \(settings.toleranceSeconds)")
      }
    }
    if queue.showTies.count > ShowTie.maximumPerQueue {
      throw fail(".showTies", "must hold at most \(ShowTie.maximumPerQueue) ties, holds \(queue.showTies.count)")
    }
    var shows: Set<String> = []
    for (offset, tie) in queue.showTies.enumerated() {
      do {
        try tie.validate()
      } catch {
        throw fail(".showTies[\(offset)]", error.description)
      }
      if !shows.insert(tie.feedURL).inserted {
        throw fail(".showTies[\(offset)].feedURL", "show \"\(tie.feedURL)\" is tied more than once")
      }
    }
    var seen: Set<EpisodeID> = []
    seen.reserveCapacity(queue.episodes.count)
    for (offset, episode) in queue.episodes.enumerated() {
      do {
        try episode.validate()
      } catch {
        throw fail(".episodes[\(offset)]", error.description)
      }
      if !seen.insert(episode.id).inserted {
        throw fail(".episodes[\(offset)]", "episode \(episode.id) appears more than once")
      }
    }
  }
}
