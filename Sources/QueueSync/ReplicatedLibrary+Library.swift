import Foundation
import Queues
import SmartFill
import SmartFillSupport

// Reading the replicated state as a `QueueLibrary`, through the Queues JSON form, so that the result is
// checked exactly as a store file is and the rules and settings need no decoding here.

extension ReplicatedLibrary {
  /// The library as the listener sees it: the queues shown, in order, each with its episodes in play order
  /// and the playhead derived from the episode playing; `activeQueueID` is this device's (it falls back to
  /// Up Next when that queue is not shown). Names that clash because two devices chose them at once get a
  /// number ("🚴 Bike 2") on the queue created later, until one is renamed (see `displayedNames(of:)`).
  ///
  /// - Throws: ``SyncError/queue(_:)`` when the state does not make a valid library (a record that passed
  ///   decoding always does).
  /// - Complexity: O(*n* log *n*) in the number of episodes.
  public func library(activeQueueID: QueueID = .upNext) throws(SyncError) -> QueueLibrary {
    try library(activeQueueID: activeQueueID, finishedAmong: nil, deleted: [])
  }

  /// The library, with the ties, the option for untied shows and the history (see
  /// `ReplicatedLibrary+Routing.swift`) and `deleted` as its `deletedQueues` (in the Queues JSON form); for a
  /// routing, the finished episodes of `catalog` are excluded too.
  func library(activeQueueID: QueueID, finishedAmong catalog: Catalog?, deleted: [JSONWriter.Node] = [])
    throws(SyncError) -> QueueLibrary
  {
    let shown = listedQueueIDs.compactMap { queues[$0] }
    let ties = resolvedShowTies(listed: shown.map(\.id))
    let names = displayedNames(of: shown)
    let queueNodes = shown.map { node(of: $0, named: names[$0.id]!, showTies: ties[$0.id] ?? []) }
    var members: [(String, JSONWriter.Node)] = [
      ("version", .integer(QueueLibrary.formatVersion)),
      ("revision", .integer(0)),
      ("queueLimit", .integer(max(QueueLibrary.defaultQueueLimit, shown.count))),
      ("activeQueueID", .string(names[activeQueueID] != nil ? activeQueueID.rawValue : QueueID.upNext.rawValue)),
      ("queues", .array(queueNodes)),
      ("deletedQueues", .array(deleted)),
      ("knownAudioDevices", .array(audioDevices.devices.map(Self.node(of:)))),
    ]
    members.append(contentsOf: routingMembers(finishedAmong: catalog))
    let tree = JSONWriter.Node.object(members)
    do { return try QueuesJSONForm.library(tree) } catch { throw .queue(error) }
  }

  /// The names `queues` show: each queue's own, but a name that clashes with one an earlier-created queue
  /// shows gets a number ("🚴 Bike 2"). Creation order (the date, then the identifier) is the same on every
  /// device and does not change when the list is reordered, so the same queue keeps the number.
  ///
  /// - Complexity: O(*q* log *q*) in the number of queues, plus O(*q*) for each clash.
  func displayedNames(of queues: [ReplicatedQueue]) -> [QueueID: String] {
    var names: [QueueID: String] = [:]
    var taken: [String] = []
    // The names' comparison keys, so that a thousand queues cost a thousand look-ups, not a million clashes.
    var keys: Set<String> = []
    for queue in queues.sorted(by: { ($0.createdAt, $0.id.rawValue) < ($1.createdAt, $1.id.rawValue) }) {
      var name = queue.name
      if keys.contains(QueueName.comparisonKey(name)) {
        name = Self.unique(basedOn: name, suffix: "2", avoiding: taken)
      }
      taken.append(name)
      keys.insert(QueueName.comparisonKey(name))
      names[queue.id] = name
    }
    return names
  }

  /// The queues the library lists: those shown, but at most ``maximumQueues`` (Up Next and the first others
  /// in the list). Two devices offline may each create queues up to the limit; the merge keeps them all, and
  /// those past the limit come into the list as others are deleted.
  ///
  /// - Complexity: O(*q* log *q* + *n*) in the number of queues and episodes.
  package var listedQueueIDs: [QueueID] {
    let shown = visibleQueueIDs
    guard shown.count > Self.maximumQueues else { return shown }
    let kept = Set([.upNext] + shown.lazy.filter { $0 != .upNext }.prefix(Self.maximumQueues - 1))
    return shown.filter(kept.contains)
  }

  /// A queue in the Queues JSON form.
  func node(of queue: ReplicatedQueue, named name: String, showTies: [JSONValue] = []) -> JSONWriter.Node {
    let order = queue.order(finished: finished)
    var episodes: [JSONWriter.Node] = []
    episodes.reserveCapacity(order.count)
    for item in order {
      guard let entry = queue.entries[item.episode], let info = entry.info else { continue }
      episodes.append(Self.node(of: info.reference(playedSeconds: entry.playedSeconds)))
    }
    var members = Self.settingsMembers(of: queue, named: name)
    if !showTies.isEmpty { members.append(("showTies", .array(showTies.map(QueuesJSONForm.node)))) }
    members.append(("currentIndex", .integer(queue.currentIndex(in: order))))
    members.append(("episodes", .array(episodes)))
    return .object(members)
  }

  /// A queue's members in the Queues JSON form before its current index and episodes: identifier, name, dates,
  /// auto-switch and smart fill settings.
  static func settingsMembers(of queue: ReplicatedQueue, named name: String) -> [(String, JSONWriter.Node)] {
    var members: [(String, JSONWriter.Node)] = [
      ("id", .string(queue.id.rawValue)),
      ("name", .string(name)),
      ("createdAt", .string(Timestamp.format(queue.createdAt))),
      ("lastModified", .string(Timestamp.format(max(queue.createdAt, queue.lastModified)))),
      ("isSyncedToCloud", .bool(true)),
      ("isAutoSwitchEnabled", .bool(queue.autoSwitch.value)),
      ("autoSwitchRules", QueuesJSONForm.node(queue.rules.value)),
    ]
    if queue.smartFill.value != .null {
      members.append(("smartFillSettings", QueuesJSONForm.node(queue.smartFill.value)))
    }
    return members
  }

  /// A known audio device in the Queues JSON form.
  static func node(of device: KnownAudioDevice) -> JSONWriter.Node {
    .object([
      ("identifier", .string(device.identifier)), ("name", .string(device.name)), ("isCar", .bool(device.isCar)),
    ])
  }

  /// An episode reference in the Queues JSON form (the keys of `EpisodeReference`'s public fields).
  static func node(of reference: EpisodeReference) -> JSONWriter.Node {
    var members: [(String, JSONWriter.Node)] = [
      ("feedURL", .string(reference.feedURL)),
      ("episodeGUID", .string(reference.episodeGUID)),
      ("title", .string(reference.title)),
      ("showTitle", .string(reference.showTitle)),
    ]
    if let duration = reference.durationSeconds { members.append(("durationSeconds", .integer(duration))) }
    members.append(("playbackPositionSeconds", .integer(reference.playbackPositionSeconds)))
    members.append(("addedAt", .string(Timestamp.format(reference.addedAt))))
    return .object(members)
  }
}
