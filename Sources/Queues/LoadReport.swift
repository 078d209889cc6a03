import SmartFill
import SmartFillSupport

/// What a load left out of a store it could not read whole, and what it did instead: one ``Issue`` per bad
/// value, each naming the field, the value found and the reason, so that an app can tell the listener what is
/// missing.
///
/// A store file is read as far as it can be. What counts as invalid, and what a load does about it:
///
/// - **The whole file** is corrupt when no queue can be read from it: it is not JSON, not an object, has no
///   supported `version`, or has no `queues` array (`episodes` in version 1). Nothing is loaded; the store
///   moves the file aside and throws ``QueueError/storeCorrupt(path:reason:keptAt:)``.
/// - **A queue** is left out (``Issue/Outcome/queueSkipped(id:name:)``) when one of its own fields is bad:
///   it is not an object; `id` is missing, empty or used by an earlier queue; `name` is missing, empty,
///   longer than ``QueueName/maximumLength``, has control characters or surrounding spaces, or clashes with
///   an earlier queue's name; `createdAt`, `lastModified` or `isSyncedToCloud` is missing or mistyped;
///   `currentIndex` is not from 0 to the number of episodes in the file; `episodes` or `autoSwitchRules` is
///   not an array; or the library already holds ``QueueLibrary/maximumQueueLimit`` queues. A deleted queue
///   is left out the same way (``Issue/Outcome/deletedQueueSkipped(id:name:)``), and also for a bad
///   `deletedAt` or `formerIndex`, an `id` used by another queue, or when it is Up Next.
/// - **A part of a queue** is left out and the queue loads without it: an episode with a bad field, or one
///   that appears earlier in the queue (``Issue/Outcome/episodeSkipped(queue:)``; the playhead stays on the
///   same episode, or moves to the next one when it was the one left out); an auto-switch rule of an unknown
///   kind or with a bad field (``Issue/Outcome/ruleSkipped(queue:)``); smart fill settings with a bad field
///   (``Issue/Outcome/smartFillSettingsDropped(queue:)``).
/// - **A top-level field** that is missing, mistyped or out of range is replaced
///   (``Issue/Outcome/replaced(with:)``): `revision` by 0, `queueLimit` by the larger of
///   ``QueueLibrary/defaultQueueLimit`` and the number of queues loaded, `activeQueueID` (also when it names
///   a queue that was left out) by Up Next, `deletedQueues` by none, version 1's `currentIndex` by 0. When
///   Up Next itself was left out or is missing, an empty one takes its place
///   (``Issue/Outcome/upNextAdded``). A `knownAudioDevices` member that is not an array is replaced by none.
/// - **A known audio device** with a bad field, one that repeats an earlier identifier, or one beyond
///   ``QueueLibrary/maximumKnownAudioDevices`` is left out (``Issue/Outcome/knownDeviceSkipped(identifier:)``).
/// - **A show's tie** with a bad field, on Up Next, repeating a show the queue ties already, beyond
///   ``ShowTie/maximumPerQueue``, or naming a show that an earlier queue of the list ties already (the first tie
///   in the file's order wins; deleted queues keep theirs, see ``QueueLibrary/restore(_:now:)``) is left out of
///   its queue (``Issue/Outcome/showTieSkipped(queue:feedURL:)``); a `showTies` member that is not an array
///   leaves out all of them.
/// - **The episode history**: a show's record with a bad field, a repeated feed URL or too many GUIDs
///   (``Issue/Outcome/knownEpisodesSkipped(feedURL:)``), or a bad or repeated exclusion
///   (``Issue/Outcome/exclusionSkipped(episode:)``), is left out, as is anything beyond the bounds of
///   ``EpisodeHistory``; an `episodeHistory` that is not an object is replaced by an empty one, and a bad
///   `untiedShowsGoToUpNext` by `false`.
///
/// A store that loads with issues is *incomplete*: ``QueueStore`` keeps a copy of the file (``backupPath``)
/// and writes over it only when the caller passes this report back (``QueueStore/update(now:discarding:_:)``),
/// saying that what it lists may be lost.
public struct LoadReport: Sendable, Hashable, CustomStringConvertible {
  /// One value a load could not use.
  public struct Issue: Sendable, Hashable, CustomStringConvertible {
    /// What the load did about a bad value.
    public enum Outcome: Sendable, Hashable {
      /// The queue was not loaded; its identifier and name when they could be read.
      case queueSkipped(id: QueueID?, name: String?)
      /// The deleted queue was not loaded (it cannot be restored); its identifier and name when they could
      /// be read.
      case deletedQueueSkipped(id: QueueID?, name: String?)
      /// The episode was left out of the queue with identifier `queue`.
      case episodeSkipped(queue: QueueID)
      /// The auto-switch rule was left out of the queue with identifier `queue`.
      case ruleSkipped(queue: QueueID)
      /// The queue with identifier `queue` was loaded without smart fill settings.
      case smartFillSettingsDropped(queue: QueueID)
      /// The field was given this value instead, as JSON text (`0`, `"up-next"`, `[]`).
      case replaced(with: String)
      /// Up Next was missing or left out; an empty Up Next takes its place.
      case upNextAdded
      /// What the listener said about a Bluetooth device was not loaded (they will be asked again); its
      /// identifier when it could be read.
      case knownDeviceSkipped(identifier: String?)
      /// The tie of a show (its feed URL when it could be read) was left out of the queue with identifier
      /// `queue`: its new episodes go where an untied show's go.
      case showTieSkipped(queue: QueueID, feedURL: String?)
      /// What the library had seen of a show (its feed URL when it could be read) was left out: the next
      /// refresh sees the show for the first time.
      case knownEpisodesSkipped(feedURL: String?)
      /// That an episode is never to be added back (when it could be read) was left out: a refresh that finds
      /// it new may add it.
      case exclusionSkipped(episode: EpisodeID?)
    }

    /// Where the bad value is, as the store's JSON spells it: `queues[2].name`, `revision`.
    public var location: String
    /// The value found, as JSON text cut to 80 characters; `nil` when the field is missing.
    public var value: String?
    /// What is wrong with it, naming the value: `must be at most 40 characters, has 47, found "…"`.
    public var reason: String
    /// What the load did about it.
    public var outcome: Outcome

    /// Creates an issue.
    public init(location: String, value: String?, reason: String, outcome: Outcome) {
      self.location = location
      self.value = value
      self.reason = reason
      self.outcome = outcome
    }

    /// "queues[2].name: must be at most 40 characters, has 47, found "…"; the queue (id "bike") was not
    /// loaded".
    public var description: String {
      "\(location): \(reason); \(outcome)"
    }
  }

  /// The values the load could not use, in the order they appear in the file; empty when it read the whole
  /// store.
  public var issues: [Issue]
  /// Where a copy of the file as it was is kept (`<store>.incomplete-<hash>`), when the load was incomplete
  /// and the copy could be made.
  public var backupPath: String?

  /// Creates a report.
  public init(issues: [Issue] = [], backupPath: String? = nil) {
    self.issues = issues
    self.backupPath = backupPath
  }

  /// Whether the whole store was read.
  public var isComplete: Bool { issues.isEmpty }

  /// One line per issue, or "the whole store was read".
  public var description: String {
    guard !issues.isEmpty else { return "the whole store was read" }
    var lines = issues.map(\.description)
    if let backupPath { lines.append("the file as it was is kept at \(backupPath)") }
    return lines.joined(separator: "\n")
  }
}

extension LoadReport.Issue.Outcome: CustomStringConvertible {
  /// What was done, as the end of a sentence: `the queue "🚴 Bike" (id "bike") was not loaded`.
  public var description: String {
    func queue(_ id: QueueID?, _ name: String?) -> String {
      switch (id, name) {
      case (let id?, let name?): return "queue \(quoted(name)) (id \(quoted(id.rawValue)))"
      case (let id?, nil): return "queue with id \(quoted(id.rawValue))"
      case (nil, let name?): return "queue \(quoted(name))"
      case (nil, nil): return "queue"
      }
    }
    switch self {
    case .queueSkipped(let id, let name): return "the \(queue(id, name)) was not loaded"
    case .deletedQueueSkipped(let id, let name): return "the deleted \(queue(id, name)) was not loaded"
    case .episodeSkipped(let id): return "the episode was left out of queue \(quoted(id.rawValue))"
    case .ruleSkipped(let id): return "the auto-switch rule was left out of queue \(quoted(id.rawValue))"
    case .smartFillSettingsDropped(let id):
      return "queue \(quoted(id.rawValue)) was loaded without smart fill settings"
    case .replaced(let value): return "\(value) was used instead"
    case .upNextAdded: return "an empty Up Next was added"
    case .knownDeviceSkipped(let identifier):
      return "the known audio device\(identifier.map { " \(quoted($0))" } ?? "") was left out"
    case .showTieSkipped(let id, let feedURL):
      return
        "the tie of \(feedURL.map { "show \(quoted($0))" } ?? "a show") was left out of queue \(quoted(id.rawValue))"
    case .knownEpisodesSkipped(let feedURL):
      return "what the library had seen of \(feedURL.map { "show \(quoted($0))" } ?? "a show") was left out"
    case .exclusionSkipped(let episode):
      let which = episode.map { "episode \(quoted($0.guid)) of \(quoted($0.feedURL))" } ?? "an episode"
      return "that \(which) is never to be added back was left out"
    }
  }

  private func quoted(_ text: String) -> String { JSONValue.string(text).excerpt }
}

// MARK: Collecting

/// A problem found while reading a store leniently, before its value is looked up for the report.
struct PendingIssue: Sendable {
  var error: JSONReadError
  var outcome: LoadReport.Issue.Outcome

  init(_ error: JSONReadError, _ outcome: LoadReport.Issue.Outcome) {
    self.error = error
    self.outcome = outcome
  }

  /// The issue, with the value found at the error's path in `root`.
  func issue(in root: JSONValue) -> LoadReport.Issue {
    LoadReport.Issue(
      location: error.path.description, value: Self.value(at: error.path, in: root)?.excerpt, reason: error.reason,
      outcome: outcome)
  }

  /// The value at `path` in `root`, or `nil` when there is none.
  static func value(at path: JSONPath, in root: JSONValue) -> JSONValue? {
    switch path {
    case .root:
      return root
    case .key(let parent, let key):
      guard case .object(let members)? = value(at: parent, in: root) else { return nil }
      return members[key]
    case .index(let parent, let index):
      guard case .array(let elements)? = value(at: parent, in: root), elements.indices.contains(index) else {
        return nil
      }
      return elements[index]
    }
  }
}
