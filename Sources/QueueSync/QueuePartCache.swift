import Foundation

/// What a device's engine knows of queues travelling in parts (see `QueueParts`), kept in the state file so
/// that a restart in the middle of an assembly loses nothing. It is bounded by what the server holds: parts
/// leave it when they are merged or deleted, heads when they are merged or replaced.
package struct QueuePartCache: Sendable, Hashable {
  /// A part known to be on the server.
  package struct Known: Sendable, Hashable {
    /// The record of the queue whose state it holds a slice of (`queue.<id>`).
    package var recordID: String
    /// The identity of the device that wrote it.
    package var writer: String
    /// When this device first saw it, by its own clock.
    package var firstSeen: Date
  }

  /// A head as seen: its clock (see ``headClock``) and its parts; a queue record in one piece has neither.
  package struct HeadView: Sendable, Hashable {
    package var clock: VersionVector
    package var parts: [String]
  }

  /// The parts fetched and not merged yet, by identifier.
  package var bodies: [String: SyncRecord] = [:]
  /// The heads waiting for their parts, by record identifier.
  package var waiting: [String: SyncRecord] = [:]
  /// The parts known to be on the server, by identifier.
  package var known: [String: Known] = [:]
  /// The newest heads of each queue record seen: those no other head seen has a larger clock than. A server
  /// keeps a record's versions in a line (a device saves a version only after merging the one it replaces),
  /// and a head's clock counts the heads each device wrote as its writer merged them, its own one more: a
  /// head whose clock another's includes (and differs) is an older version, replaced on the server.
  package var heads: [String: [HeadView]] = [:]
  /// For each queue record, the union of the clocks of the heads this device merged or wrote: a head whose
  /// writer's count it reaches holds nothing new (this device merged that head or a later one of its writer,
  /// whose state holds all of it).
  package var headClock: [String: VersionVector] = [:]

  /// An empty cache.
  package init() {}

  /// Whether the cache holds nothing.
  package var isEmpty: Bool {
    bodies.isEmpty && waiting.isEmpty && known.isEmpty && heads.isEmpty && headClock.isEmpty
  }

  /// Notes a head of record `recordID` as seen: it replaces the heads it is newer than, and is ignored when
  /// one seen is newer.
  ///
  /// - Complexity: O(*h*) in the heads kept for the record (one, but for equal states written apart).
  package mutating func notice(_ view: HeadView, of recordID: String) {
    var list = heads[recordID] ?? []
    if list.contains(where: { $0.clock.includes(view.clock) && ($0.clock != view.clock || $0 == view) }) { return }
    list.removeAll { view.clock.includes($0.clock) && view.clock != $0.clock }
    list.append(view)
    heads[recordID] = list
  }

  /// Whether a head seen (the newest ones, or one waiting) names part `id` of record `recordID`.
  ///
  /// - Complexity: O(*p*) in the parts the heads name.
  package func names(_ id: String, of recordID: String) -> Bool {
    if heads[recordID]?.contains(where: { $0.parts.contains(id) }) == true { return true }
    guard let head = waiting[recordID], let info = try? QueueParts.info(of: head) else { return false }
    return info.parts.contains(id)
  }
}
